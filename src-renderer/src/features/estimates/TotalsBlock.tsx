import { useId, type Ref } from 'react';
import { TOTAL_FIELDS, type TotalField, type EstimateView } from '../../../../src-shared/estimates/types';
import { formatMoney } from '../../i18n/format';
import { useLang, useT } from '../../i18n/store';
import { compareTotal } from './figures';
import { TOTAL_LABEL } from './warnings';

/**
 * The estimate's totals: every figure the service sent, as sent, beside what the items add up to.
 * A difference is marked (≠, warning colour); the service's number is never replaced.
 */
export function TotalsBlock({
  view,
  currency,
  highlight,
  ref,
}: {
  view: Pick<EstimateView, 'service_totals' | 'computed_totals'>;
  currency: string;
  highlight: TotalField | null;
  ref?: Ref<HTMLElement>;
}) {
  const t = useT();
  const lang = useLang();
  const titleId = useId();
  const money = (value: string) => formatMoney(value, currency, lang);

  return (
    <section className="estimate-totals" data-testid="totals-block" aria-labelledby={titleId} ref={ref}>
      <h2 id={titleId} className="estimate-section-title">
        {t('estimate.totals')}
      </h2>
      <table className="totals-table">
        <thead>
          <tr>
            <th scope="col">{t('estimate.totalsFigure')}</th>
            <th scope="col" className="num">
              {t('estimate.totalsService')}
            </th>
            <th scope="col" className="num">
              {t('estimate.totalsComputed')}
            </th>
          </tr>
        </thead>
        <tbody>
          {TOTAL_FIELDS.map((field) => {
            const comparison = compareTotal(view.service_totals, view.computed_totals, field);
            const sent = view.service_totals[field];
            const computed = view.computed_totals[field];
            const mismatch = comparison === 'mismatch';
            const detail =
              mismatch && sent
                ? t('estimate.mismatch', { service: money(sent), computed: money(computed) })
                : '';
            const classes = [
              field === 'total' ? 'is-grand' : '',
              mismatch ? 'is-mismatch' : '',
              highlight === field ? 'is-highlighted' : '',
            ]
              .filter(Boolean)
              .join(' ');
            return (
              <tr key={field} className={classes || undefined} data-field={field}>
                <th scope="row">{t(TOTAL_LABEL[field])}</th>
                <td className="num" title={detail || undefined}>
                  {mismatch && (
                    <span className="tree-mismatch" data-testid={`totals-mismatch-${field}`}>
                      <span className="tree-mismatch-sign" aria-hidden="true">
                        ≠
                      </span>
                      <span className="sr-only">{t('estimate.totalsMismatch')}</span>
                    </span>
                  )}
                  <span data-testid={`total-${field}`}>
                    {sent ? (
                      money(sent)
                    ) : (
                      <span className="estimate-empty">{t('estimate.totalsNotSent')}</span>
                    )}
                  </span>
                </td>
                <td className="num totals-computed">
                  <span data-testid={`computed-${field}`}>{money(computed)}</span>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <p className="totals-note">{t('estimate.totalsNote')}</p>
    </section>
  );
}
