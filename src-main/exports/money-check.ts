/**
 * Money a document cannot print the usual way: an estimate without a currency, with a code that is no
 * currency, or with amounts finer than its currency's minor unit (a yen amount with cents, a dinar
 * amount with four decimals). The document is written all the same — with plain numbers, the code,
 * the amounts rounded — and these say so.
 */
import type { ExportWarning } from '../../src-shared/exports/warnings';
import { currencyOf } from '../../src-shared/money/currency';
import type { EstimateParts } from '../estimates/estimate-parts';
import { cleanText } from './parties';

/** The amounts a document prints of a position. */
const PRINTED = ['net_amount', 'total', 'discount', 'total_cost', 'markup'] as const;

/** True when decimal text has non-zero digits after the first `digits` fractional ones. */
function beyond(text: string | null | undefined, digits: number): boolean {
  if (typeof text !== 'string') return false;
  const dot = text.indexOf('.');
  if (dot < 0) return false;
  for (let i = dot + 1 + digits; i < text.length; i++) if (text.charCodeAt(i) !== 48 /* 0 */) return true;
  return false;
}

function nameOf(parts: Pick<EstimateParts, 'doc'>): string {
  const est = parts.doc.estimate;
  return cleanText(est?.unique_identifier, 100) || cleanText(est?.name, 100) || '—';
}

/** What is odd about each estimate's money, then whether they are in several currencies. */
export function moneyWarnings(estimates: readonly Pick<EstimateParts, 'doc' | 'rows'>[]): ExportWarning[] {
  const warnings: ExportWarning[] = [];
  const codes = new Set<string>();
  for (const parts of estimates) {
    const sent = parts.doc.estimate?.currency;
    const currency = currencyOf(sent);
    const estimate = nameOf(parts);
    codes.add(currency?.code ?? '—');
    if (!currency) {
      warnings.push({ code: 'currency-missing', estimate });
      continue;
    }
    if (!currency.known) warnings.push({ code: 'currency-unknown', estimate, currency: currency.code });
    let count = 0;
    for (const row of parts.rows) {
      if (row.type === 'group') continue;
      for (const field of PRINTED) if (beyond(row[field], currency.digits)) count++;
    }
    if (count > 0) {
      warnings.push({
        code: 'amounts-beyond-digits',
        estimate,
        currency: currency.code,
        digits: currency.digits,
        count,
      });
    }
  }
  if (codes.size > 1) warnings.push({ code: 'several-currencies', currencies: [...codes].sort() });
  return warnings;
}
