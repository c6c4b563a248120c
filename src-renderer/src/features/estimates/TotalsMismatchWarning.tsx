import type { QuoteTotalsView } from '../../../../src-shared/estimates/quote-totals';
import { Notice } from '../../components/Notice';
import { formatMoney } from '../../i18n/format';
import { useLang, useT } from '../../i18n/store';

/** An estimate whose service totals disagree with its items (`quote.mismatch` is set). */
export interface TotalsMismatch {
  id: string;
  name: string;
  currency: string | null;
  quote: QuoteTotalsView;
}

/** The estimates among `items` whose totals disagree with the service's. */
export function totalsMismatches(items: readonly (TotalsMismatch | null)[]): TotalsMismatch[] {
  return items.filter((m): m is TotalsMismatch => m !== null && m.quote.mismatch !== null);
}

/**
 * Before exporting: the service's totals disagree with its items, so the document will show the
 * items' totals. Both are given, as money, so the user can check the estimate before sending it; in
 * a whole project's workbook, each such estimate is named.
 */
export function TotalsMismatchWarning({
  items,
  workbook,
}: {
  items: readonly TotalsMismatch[];
  /** Every estimate of the project in one file. */
  workbook: boolean;
}) {
  const t = useT();
  const lang = useLang();
  if (items.length === 0) return null;
  const figures = (m: TotalsMismatch) => {
    const money = (value: string) => formatMoney(value, m.currency ?? '', lang);
    return {
      net: money(m.quote.net),
      gross: money(m.quote.gross),
      serviceNet: money(m.quote.mismatch?.serviceNet ?? ''),
      serviceGross: money(m.quote.mismatch?.serviceGross ?? ''),
    };
  };
  return (
    <Notice tone="warning" testId="export-totals-mismatch" className="export-mismatch">
      {!workbook ? (
        t('export.totalsMismatch', figures(items[0]!))
      ) : (
        <>
          {t('export.totalsMismatchWorkbook')}
          <ul className="export-mismatch-list">
            {items.map((m) => (
              <li key={m.id}>{t('export.totalsMismatchLine', { name: m.name, ...figures(m) })}</li>
            ))}
          </ul>
        </>
      )}
    </Notice>
  );
}
