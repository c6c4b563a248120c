import type { EstimateSummary } from '../../../../src-shared/estimates/types';
import { formatMoney, formatNumber } from '../../i18n/format';
import { useLang, useT } from '../../i18n/store';
import { projectSum } from './project-sums';
import { useEstimates } from './store';

/**
 * What all of a project's estimates add up to, net and gross, per currency; while some totals are
 * unknown it says how many it counts, and that the rest are on their way.
 */
export function ProjectSumLine({ summaries }: { summaries: readonly (EstimateSummary | null)[] }) {
  const t = useT();
  const lang = useLang();
  const fetching = useEstimates((s) => s.totalsFetching);
  const sum = projectSum(summaries);
  const joined = (field: 'net' | 'gross') =>
    sum.sums.map((s) => formatMoney(s[field], s.currency, lang)).join(' + ');
  const figures = { net: joined('net'), gross: joined('gross') };
  const complete = sum.known === sum.count;
  return (
    <p className="estimates-sum" data-testid="estimates-project-sum" aria-live="polite">
      {sum.known > 0 && (
        <span data-complete={complete ? 'true' : 'false'}>
          {complete
            ? t('estimates.projectSum', figures)
            : t('estimates.projectSumPartial', {
                ...figures,
                count: formatNumber(sum.known, lang),
                total: formatNumber(sum.count, lang),
              })}
        </span>
      )}
      {fetching && !complete && (
        <span className="estimates-sum-loading" data-testid="estimates-totals-loading">
          {t('estimates.totalsLoading')}
        </span>
      )}
    </p>
  );
}
