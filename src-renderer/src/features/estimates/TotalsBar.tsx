import { useId, useState } from 'react';
import type { QuoteTotalsView } from '../../../../src-shared/estimates/quote-totals';
import { Decimal } from '../../../../src-shared/money/decimal';
import { vatTotal } from './figures';
import { formatMoney } from '../../i18n/format';
import { useLang, useT } from '../../i18n/store';
import { formatRate } from './cells';

/**
 * The estimate's client totals, always in view above the items: net, VAT (one figure; the lines per
 * rate when expanded or hovered) and gross, as the documents print them; marked when the service's
 * own totals disagree with its items.
 */
export function TotalsBar({ quote, currency }: { quote: QuoteTotalsView; currency: string }) {
  const t = useT();
  const lang = useLang();
  const id = useId();
  const [open, setOpen] = useState(false);
  const money = (value: string) => formatMoney(value, currency, lang);
  const rounding = Decimal.tryParse(quote.rounding);
  const lines = quote.vat.map((v) => ({
    key: v.rate,
    label: t('totalsBar.vatRate', { rate: formatRate(v.rate, lang), base: money(v.base) }),
    amount: money(v.amount),
  }));
  if (rounding && !rounding.isZero())
    lines.push({ key: 'rounding', label: t('totalsBar.rounding'), amount: money(quote.rounding) });
  const detail = quote.mismatch
    ? t('totalsBar.mismatchDetail', {
        serviceNet: money(quote.mismatch.serviceNet),
        serviceGross: money(quote.mismatch.serviceGross),
      })
    : '';

  return (
    <section className="totals-bar" aria-label={t('totalsBar.label')} data-testid="totals-bar">
      <dl className="totals-bar-figures">
        <div className="totals-bar-figure">
          <dt>{t('totalsBar.net')}</dt>
          <dd data-testid="totals-bar-net">{money(quote.net)}</dd>
        </div>
        <div
          className={`totals-bar-figure totals-bar-vat${open ? ' is-open' : ''}`}
          onKeyDown={(e) => {
            if (e.key === 'Escape' && open) {
              e.stopPropagation();
              setOpen(false);
            }
          }}
        >
          <dt>{t('totalsBar.vat')}</dt>
          <dd>
            <button
              type="button"
              className="totals-bar-vat-button"
              aria-expanded={open}
              aria-controls={`${id}-vat`}
              aria-label={`${t('totalsBar.vat')} ${money(vatTotal(quote))}, ${t('totalsBar.byRate')}`}
              onClick={() => setOpen((o) => !o)}
              data-testid="totals-bar-vat"
            >
              {money(vatTotal(quote))}
              <span className="totals-bar-caret" aria-hidden="true" />
            </button>
            <div id={`${id}-vat`} className="totals-bar-breakdown" data-testid="totals-bar-breakdown">
              <table className="totals-bar-lines">
                <caption className="sr-only">{t('totalsBar.byRate')}</caption>
                <tbody>
                  {lines.map((line) => (
                    <tr key={line.key}>
                      <th scope="row">{line.label}</th>
                      <td>{line.amount}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </dd>
        </div>
        <div className="totals-bar-figure is-gross">
          <dt>{t('totalsBar.gross')}</dt>
          <dd data-testid="totals-bar-gross">{money(quote.gross)}</dd>
        </div>
      </dl>
      {quote.mismatch && (
        <p className="totals-bar-mismatch" title={detail} data-testid="totals-bar-mismatch">
          <span className="tree-mismatch-sign" aria-hidden="true">
            ≠
          </span>
          {t('totalsBar.mismatch')}
          <span className="sr-only">: {detail}</span>
        </p>
      )}
    </section>
  );
}
