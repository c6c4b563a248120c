/**
 * What a client pays per line, before VAT: an item's net amount is `total_cost + markup − discount`
 * (exactly as the service computes its subtotal without tax); its net unit price is that amount ÷
 * its quantity. Both are derived columns of the column table; everything reads them through
 * `columnValue`, so a derived column and an item's own field look the same to the writers.
 */
import { amountOrNull, amountText } from '../money/amounts';
import { Decimal } from '../money/decimal';
import type { ExportColumnKey } from './columns';
import type { EstimateRow } from './types';

/** Digits kept of a net unit price (it is shown rounded to the currency's minor unit). */
const UNIT_PRICE_SCALE = 12;

/** The net unit price of a position (net amount ÷ quantity); null for groups or without a quantity. */
export function netUnitPrice(row: Pick<EstimateRow, 'type' | 'net_amount' | 'quantity'>): string | null {
  if (row.type === 'group') return null;
  const net = amountOrNull(row.net_amount);
  const quantity = amountOrNull(row.quantity);
  if (net === null || quantity === null || quantity.isZero()) return null;
  const price = net.divRound(quantity, UNIT_PRICE_SCALE);
  return price === null ? null : amountText(price);
}

/**
 * The list unit price of a position: the price before its discount, `(total_cost + markup) ÷
 * quantity`, worked out as `(net amount + discount) ÷ quantity` (the same, and consistent with the
 * amount printed beside it). A document with a discount column prints this one, so that quantity ×
 * unit price − discount = amount; the markup is inside it, never shown on its own.
 */
export function listUnitPrice(
  row: Pick<EstimateRow, 'type' | 'net_amount' | 'quantity' | 'discount'>,
): string | null {
  if (row.type === 'group') return null;
  const net = amountOrNull(row.net_amount);
  const quantity = amountOrNull(row.quantity);
  if (net === null || quantity === null || quantity.isZero()) return null;
  const price = net.add(amountOrNull(row.discount) ?? Decimal.ZERO).divRound(quantity, UNIT_PRICE_SCALE);
  return price === null ? null : amountText(price);
}

/** The most digits a printed unit price has beyond its currency's own (0,0001 € for a euro price). */
export const UNIT_PRICE_EXTRA_DIGITS = 4;

/**
 * The unit price a client document prints: at the currency's own digits when the line then checks
 * on a calculator, else at the fewest more digits (up to UNIT_PRICE_EXTRA_DIGITS) at which it does.
 * A line checks when its quantity as printed × the unit price, rounded at the currency's digits, less
 * the discount on a list price, is the amount printed: 37 m² for 1.931,10 € print at 52,192 € (at
 * 52,19 € a client's calculator gives 1.931,03 €), 10 m² for 52,10 € at 5,21 €. Decimal text with
 * exactly the digits chosen (past the currency's, the last is never 0); null for groups and lines
 * without a quantity. Four more digits make every line of a quantity below 10.000 check; for a larger
 * one no price may, and it gets the nearest at the most digits.
 */
export function printedUnitPrice(
  row: Pick<EstimateRow, 'type' | 'net_amount' | 'quantity' | 'discount'>,
  basis: UnitPriceBasis,
  /** The currency's digits, and the digits a quantity is printed with. */
  digits: number,
  quantityDigits: number,
): string | null {
  if (row.type === 'group') return null;
  const net = amountOrNull(row.net_amount);
  const quantity = amountOrNull(row.quantity)?.round(quantityDigits) ?? null;
  if (net === null || quantity === null || quantity.isZero()) return null;
  const discount =
    basis === 'list' ? (amountOrNull(row.discount) ?? Decimal.ZERO).round(digits) : Decimal.ZERO;
  // What quantity × unit price must come to, as printed: the amount (plus the discount taken off it).
  const before = net.round(digits).add(discount);
  const most = digits + UNIT_PRICE_EXTRA_DIGITS;
  for (let d = digits; d < most; d++) {
    const price = before.divRound(quantity, d)!;
    if (quantity.mul(price).round(digits).eq(before)) return price.toFixed(d);
  }
  return before.divRound(quantity, most)!.toFixed(most);
}

/**
 * Which unit price a document's unit-price column holds: `net` (the amount ÷ quantity) when it shows
 * no discount, `list` (before the discount) when it does.
 */
export type UnitPriceBasis = 'net' | 'list';

export function unitPriceBasis(columns: readonly ExportColumnKey[]): UnitPriceBasis {
  return columns.includes('discount') ? 'list' : 'net';
}

/** A row's value in a column, as exact decimal text (or the text of a text column); null when none. */
export function columnValue(
  row: EstimateRow,
  key: ExportColumnKey,
  basis: UnitPriceBasis = 'net',
): string | null {
  if (key === 'net_unit_price') return basis === 'list' ? listUnitPrice(row) : netUnitPrice(row);
  const value = row[key];
  return typeof value === 'string' ? value : null;
}
