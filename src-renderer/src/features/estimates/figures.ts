/**
 * Exact figures for the estimate screen: rates as percentages and "does the service's figure match
 * what the items add up to". Everything works on the decimal text (never a float), so a mismatch is
 * shown only when the numbers really differ.
 */
import type { DecimalString, TotalField } from '../../../../src-shared/estimates/types';
import { Decimal } from '../../../../src-shared/money/decimal';

const PLAIN_DECIMAL = /^([+-])?(\d*)(?:\.(\d*))?$/;

/**
 * A rate as a percentage, computed by moving the decimal point two places in the text:
 * `"0.190000000000"` → `"19"`, `"0.075"` → `"7.5"`, `"1"` → `"100"`. Shortest exact text (no
 * trailing zeros); null when the text is not a plain decimal number.
 */
export function percentFromDecimal(text: string | null | undefined): string | null {
  if (text === null || text === undefined) return null;
  const m = PLAIN_DECIMAL.exec(text.trim());
  if (!m) return null;
  const intPart = m[2] ?? '';
  const fracPart = m[3] ?? '';
  if (intPart === '' && fracPart === '') return null;
  const shifted = intPart + fracPart.slice(0, 2).padEnd(2, '0');
  const int = shifted.replace(/^0+(?=\d)/, '') || '0';
  const frac = fracPart.slice(2).replace(/0+$/, '');
  const isZero = /^0*$/.test(int) && frac === '';
  const sign = m[1] === '-' && !isZero ? '-' : '';
  return `${sign}${int}${frac ? `.${frac}` : ''}`;
}

/**
 * Whether two decimal texts are the same number (`"1.50"` and `"1.500000000000"` are). Identical
 * text takes a fast path; texts that are not numbers are compared as text.
 */
export function decimalEquals(a: DecimalString, b: DecimalString): boolean {
  if (a === b) return true;
  const x = Decimal.tryParse(a);
  const y = Decimal.tryParse(b);
  if (!x || !y) return a.trim() === b.trim();
  return x.eq(y);
}

/** What `groupMismatch` reads of a row. */
export interface TotalsOfRow {
  type: 'group' | 'position';
  total: DecimalString | null;
  computed_total: DecimalString | null;
}

/**
 * A group whose service total differs from what its children add up to. A group without a service
 * total has nothing to contradict; positions have no computed total.
 */
export function groupMismatch(row: TotalsOfRow): boolean {
  if (row.type !== 'group' || row.total === null || row.computed_total === null) return false;
  return !decimalEquals(row.total, row.computed_total);
}

export type TotalsComparison = 'match' | 'mismatch' | 'not-sent';

/** One estimate total: the service's value (when it sent one) against the computed one. */
export function compareTotal(
  service: Partial<Record<TotalField, DecimalString>>,
  computed: Partial<Record<TotalField, DecimalString>>,
  field: TotalField,
): TotalsComparison {
  const sent = service[field];
  if (sent === undefined || sent === null) return 'not-sent';
  const own = computed[field];
  if (own === undefined || own === null) return 'match';
  return decimalEquals(sent, own) ? 'match' : 'mismatch';
}

/**
 * All VAT of a quote in one figure: what lies between its net and gross totals, so the three figures
 * shown side by side add up (a rounding line, when there is one, is part of it).
 */
export function vatTotal(quote: { net: DecimalString; gross: DecimalString }): DecimalString {
  return Decimal.parse(quote.gross).sub(Decimal.parse(quote.net)).toString();
}
