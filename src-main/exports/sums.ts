/**
 * Exact sums over an estimate's flattened rows: what a group's subtotal shows, and the single tax
 * rate when all positions share one.
 */
import type { AmountColumn } from '../../src-shared/estimates/columns';
import type { EstimateRow } from '../../src-shared/estimates/types';
import { columnValue } from '../../src-shared/estimates/net';
import { amountOrNull, scaledUnits } from '../../src-shared/money/amounts';
import type { Decimal } from '../../src-shared/money/decimal';

/**
 * Per row, the sum over the positions of its subtree of each amount column (a position's own value
 * included): what a group's subtotal shows. In units of 10^-scale, each position's value rounded to
 * `scale` digits first: scale 2 adds the cent values that Excel's cells hold; the service's scale
 * (12) adds the exact values.
 */
export function subtreeSums(
  rows: readonly EstimateRow[],
  columns: readonly AmountColumn[],
  scale: number,
): Map<AmountColumn, bigint[]> {
  const sums = new Map<AmountColumn, bigint[]>();
  for (const column of columns) {
    const acc: bigint[] = rows.map((row) =>
      row.type === 'group' ? 0n : (scaledUnits(columnValue(row, column), scale) ?? 0n),
    );
    for (let i = rows.length - 1; i >= 0; i--) {
      const parent = rows[i]!.parentIndex;
      if (parent >= 0) acc[parent] = acc[parent]! + acc[i]!;
    }
    sums.set(column, acc);
  }
  return sums;
}

/** The sum of the top-level rows' entries: the whole estimate. */
export function rootSum(rows: readonly EstimateRow[], sums: readonly bigint[]): bigint {
  let total = 0n;
  for (let i = 0; i < rows.length; i++) if (rows[i]!.parentIndex === -1) total += sums[i]!;
  return total;
}

/** The single tax rate of all positions (ignoring positions without one), or null when they differ. */
export function singleTaxRate(rows: readonly EstimateRow[]): Decimal | null {
  let rate: Decimal | null = null;
  for (const row of rows) {
    if (row.type === 'group') continue;
    const r = amountOrNull(row.tax);
    if (r === null) continue;
    if (rate === null) rate = r;
    else if (!rate.eq(r)) return null;
  }
  return rate;
}
