/** Rounded figures that add up as printed. */
import { Decimal } from './decimal';

/**
 * Each amount rounded to `digits` (half away from zero), in minor units, with the differences of
 * rounding moved one minor unit at a time to the amounts rounding moved furthest (largest remainder),
 * so the rounded amounts add up exactly to `total` rounded: a reader with a calculator finds the
 * printed rows add up to the printed total. `total` is the amounts' exact sum; when it is not, the
 * amounts are only rounded.
 */
export function apportionRounded(amounts: readonly Decimal[], total: Decimal, digits: number): bigint[] {
  const rounded = amounts.map((a) => a.round(digits).units);
  const target = total.round(digits).units;
  let diff = target - rounded.reduce((a, b) => a + b, 0n);
  // Rounding alone moves the sum by less than a minor unit per amount; anything more is not ours to hide.
  const bound = BigInt(rounded.length);
  if (diff === 0n || diff > bound || -diff > bound) return rounded;
  const minor = Decimal.parse(`1e-${digits}`);
  const step = diff > 0n ? 1n : -1n;
  // How far each exact amount lies from its rounded value, in the direction of the correction.
  const order = amounts
    .map((a, i) => ({ i, gap: a.sub(Decimal.fromInteger(rounded[i]!).mul(minor)) }))
    .sort((x, y) => (step > 0n ? y.gap.cmp(x.gap) : x.gap.cmp(y.gap)) || x.i - y.i);
  for (let k = 0; diff !== 0n; k++) {
    const at = order[k % order.length]!.i;
    rounded[at] = rounded[at]! + step;
    diff -= step;
  }
  return rounded;
}
