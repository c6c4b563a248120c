/**
 * The colour scale of the cost overlay: five classes of equal width from zero to a round figure at or
 * above the dearest room, coloured from ColorBrewer's sequential YlGnBu (light to dark, safe for the
 * common forms of colour blindness and in greyscale: the classes differ in lightness, not only in
 * hue). Rooms without positions are not on the scale: they are hatched ("not priced"). The figures
 * here only choose a colour; every amount shown comes from the exact model.
 */

export const COST_COLOURS = ['#ffffcc', '#a1dab4', '#41b6c4', '#2c7fb8', '#253494'] as const;

export interface CostScale {
  /** Class boundaries: 0, step, 2·step, … 5·step. */
  bounds: number[];
}

/** Steps people read at a glance, and whose multiples stay round: 1, 1.2, 1.5, 2, 2.5, … × 10ⁿ. */
const ROUND_STEPS = [1, 1.2, 1.5, 2, 2.5, 3, 4, 5, 6, 8, 10];

/** The smallest round step at or above `x`, so the top class ends close above the dearest room. */
export function niceStep(x: number): number {
  if (!(x > 0) || !Number.isFinite(x)) return 1;
  const power = 10 ** Math.floor(Math.log10(x));
  for (const m of ROUND_STEPS) if (m * power >= x) return m * power;
  return 10 * power;
}

/** The scale for these net amounts (those of the rooms with positions); null when there is none. */
export function costScale(nets: readonly number[]): CostScale | null {
  if (nets.length === 0) return null;
  const max = Math.max(0, ...nets.filter((n) => Number.isFinite(n)));
  const step = niceStep(max / COST_COLOURS.length);
  return { bounds: COST_COLOURS.map((_, i) => i * step).concat(COST_COLOURS.length * step) };
}

/** The class of a net amount (a credit goes in the first, the top boundary in the last). */
export function costClass(scale: CostScale, net: number): number {
  const last = COST_COLOURS.length - 1;
  for (let i = 0; i < last; i++) if (net < scale.bounds[i + 1]!) return i;
  return last;
}
