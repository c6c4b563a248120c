/**
 * The colour scale of the cost overlay: five classes of equal width, from a round figure at or below
 * the cheapest room (zero, unless a room is a credit) to one at or above the dearest, coloured from
 * ColorBrewer's sequential YlGnBu (light to dark, safe for the common forms of colour blindness and
 * in greyscale: the classes differ in lightness, not only in hue). Rooms without positions are not on
 * the scale: they are hatched ("not priced"). The scale is worked out in minor units of the currency
 * (whole cents, whole yen): its bounds are amounts the currency can have, exact, and a class is never
 * narrower than one minor unit. The figures here only choose a colour; every amount shown comes from
 * the exact model.
 */
import { scaledUnits, unitsText } from '../../../../src-shared/money/amounts';

export const COST_COLOURS = ['#ffffcc', '#a1dab4', '#41b6c4', '#2c7fb8', '#253494'] as const;

export interface CostScale {
  /** Fraction digits of the currency: the bounds are in units of 10^-digits. */
  digits: number;
  /** Class boundaries in minor units: from, from + step, … from + 5·step. */
  bounds: number[];
}

/** Steps people read at a glance, and whose multiples stay round: 1, 1.2, 1.5, 2, 2.5, … × 10ⁿ. */
const ROUND_STEPS = [10, 12, 15, 20, 25, 30, 40, 50, 60, 80, 100];

/** The smallest round whole step at or above `x` (1, 2, … 10, 12, 15, …). */
export function niceStep(x: number): number {
  if (!(x > 1) || !Number.isFinite(x)) return 1;
  const power = 10 ** Math.floor(Math.log10(x));
  for (const tenths of ROUND_STEPS) {
    const step = (tenths * power) / 10;
    if (Number.isInteger(step) && step >= x) return step;
  }
  return 10 * power;
}

/** A room's printed net (exact decimal text at the currency's digits) in minor units. */
export function minorUnitsOf(shown: string, digits: number): number {
  return Number(scaledUnits(shown, digits) ?? 0n);
}

/**
 * The scale for these net amounts in minor units (those of the rooms with positions); null when there
 * is none. It starts at zero, or at a round figure below the largest credit, and its five classes
 * reach at least the dearest room.
 */
export function costScale(nets: readonly number[], digits: number): CostScale | null {
  const finite = nets.filter((n) => Number.isFinite(n));
  if (finite.length === 0) return null;
  const low = Math.min(0, ...finite);
  const high = Math.max(0, ...finite);
  const classes = COST_COLOURS.length;
  let step = niceStep((high - low) / classes);
  let from = Math.floor(low / step) * step;
  // Starting below the lowest figure can leave the dearest above the top: the next round step then.
  while (from + classes * step < high) {
    step = niceStep(step + 1);
    from = Math.floor(low / step) * step;
  }
  return { digits, bounds: COST_COLOURS.map((_, i) => from + i * step).concat(from + classes * step) };
}

/** The class of a net amount in minor units (the top boundary in the last). */
export function costClass(scale: CostScale, net: number): number {
  const last = COST_COLOURS.length - 1;
  for (let i = 0; i < last; i++) if (net < scale.bounds[i + 1]!) return i;
  return last;
}

/** A boundary as exact decimal text of the currency ("1200.00"), for the legend's money. */
export function boundText(scale: CostScale, i: number): string {
  return unitsText(BigInt(scale.bounds[i]!), scale.digits);
}
