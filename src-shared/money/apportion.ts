/** Rounded figures that add up as printed. */
import { fromMinorUnits } from './currency';
import type { Decimal } from './decimal';

/**
 * Each amount rounded to `digits` (half away from zero), in minor units, with the differences of
 * rounding moved one minor unit at a time to the amounts rounding moved furthest (largest remainder;
 * the earlier amount first where two moved as far), so the rounded amounts add up exactly to
 * `target` minor units: a reader with a calculator finds the printed rows add up to the printed
 * figure above them. Rounding alone moves a sum by less than one minor unit per amount: a `target`
 * further away than that is not the amounts' sum, and the amounts are then only rounded (nothing is
 * hidden in them).
 */
export function apportionToUnits(amounts: readonly Decimal[], target: bigint, digits: number): bigint[] {
  const rounded = amounts.map((a) => a.round(digits).units);
  let diff = target - rounded.reduce((a, b) => a + b, 0n);
  const bound = BigInt(rounded.length);
  if (diff === 0n || diff > bound || -diff > bound) return rounded;
  const step = diff > 0n ? 1n : -1n;
  // How far each exact amount lies from its rounded value, in the direction of the correction.
  const order = amounts
    .map((a, i) => ({ i, gap: a.sub(fromMinorUnits(rounded[i]!, digits)) }))
    .sort((x, y) => (step > 0n ? y.gap.cmp(x.gap) : x.gap.cmp(y.gap)) || x.i - y.i);
  for (let k = 0; diff !== 0n; k++) {
    const at = order[k % order.length]!.i;
    rounded[at] = rounded[at]! + step;
    diff -= step;
  }
  return rounded;
}

/**
 * The amounts rounded so that they add up to `total` rounded (`total` is their exact sum): the rows
 * of a table and its total line, as printed.
 */
export function apportionRounded(amounts: readonly Decimal[], total: Decimal, digits: number): bigint[] {
  return apportionToUnits(amounts, total.round(digits).units, digits);
}
