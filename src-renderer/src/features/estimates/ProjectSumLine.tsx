import type { EstimateSummary } from '../../../../src-shared/estimates/types';
import { formatMoney, formatNumber } from '../../i18n/format';
import { useLang, useT } from '../../i18n/store';
import { projectSum } from './project-sums';
import { useEstimates } from './store';

/**
 * What all of a project's estimates add up to, net and gross, one total per currency — estimates in
 * different currencies are never added together, and when there are several the line says so. While
 * some totals are unknown it says how many it counts, and that the rest are on their way.
 */
export function ProjectSumLine({ summaries }: { summaries: readonly (EstimateSummary | null)[] }) {
  const t = useT();
  const lang = useLang();
  const fetching = useEstimates((s) => s.totalsFetching);
  const sum = projectSum(summaries);
  const complete = sum.known === sum.count;
  const figures = (s: (typeof sum.sums)[number]) => ({
    net: formatMoney(s.net, s.currency, lang),
    gross: formatMoney(s.gross, s.currency, lang),
  });
  const single = sum.sums.length === 1 ? sum.sums[0]! : null;
  const counts = { count: formatNumber(sum.known, lang), total: formatNumber(sum.count, lang) };
  return (
    <div className="estimates-sum" data-testid="estimates-project-sum" aria-live="polite">
      {single && (
        <p data-complete={complete ? 'true' : 'false'}>
          {complete
            ? t('estimates.projectSum', figures(single))
            : t('estimates.projectSumPartial', { ...figures(single), ...counts })}
        </p>
      )}
      {sum.sums.length > 1 && (
        <>
          <p data-complete={complete ? 'true' : 'false'} data-testid="estimates-several-currencies">
            {t('estimates.severalCurrencies')}
            {!complete && ` ${t('estimates.knownOf', counts)}`}
          </p>
          <ul className="estimates-sum-currencies">
            {sum.sums.map((s) => (
              <li key={s.currency} data-testid={`estimates-sum-${s.currency || 'none'}`}>
                {t('estimates.projectSumCurrency', {
                  currency: s.currency || t('estimates.noCurrency'),
                  ...figures(s),
                })}
              </li>
            ))}
          </ul>
        </>
      )}
      {fetching && !complete && (
        <p className="estimates-sum-loading" data-testid="estimates-totals-loading">
          {t('estimates.totalsLoading')}
        </p>
      )}
    </div>
  );
}
