/**
 * Units of a plan's measurements. The service's formatted strings always win; a plain number (a
 * wall's length, a door's width, a ceiling height, a figure the service sent without text) gets the
 * unit of the plan's own unit system, and none at all when the plan does not name its system: the
 * unit comes from the service, never from a guess.
 */
import type { UiLanguage } from '../i18n/languages';

export type UnitSystem = 'metric' | 'imperial';
export type Dimension = 'length' | 'area' | 'volume';

const UNITS: Record<UnitSystem, Record<Dimension, string>> = {
  metric: { length: 'm', area: 'm²', volume: 'm³' },
  imperial: { length: 'ft', area: 'ft²', volume: 'ft³' },
};

/** The plan's `unit_system` as PlanDesk knows it; null for anything else (then no unit is added). */
export function unitSystemOf(raw: string | null | undefined): UnitSystem | null {
  const v = (raw ?? '').trim().toLowerCase();
  if (v === 'metric' || v === 'si') return 'metric';
  if (v === 'imperial' || v === 'us' || v === 'uscustomary') return 'imperial';
  return null;
}

/** What a measurement measures, from its key (`walls_surface`, `ceilingHeight`, `dimensions.width`). */
export function dimensionOf(key: string): Dimension | null {
  const k = key.toLowerCase();
  if (k.includes('volume')) return 'volume';
  if (k.includes('area') || k.includes('surface')) return 'area';
  if (/perimeter|length|height|width|depth|thickness/.test(k)) return 'length';
  return null;
}

/** The unit of `dimension` in `system`; null without a system. */
export function unitFor(dimension: Dimension, system: UnitSystem | null): string | null {
  return system ? UNITS[system][dimension] : null;
}

/** The unit a plain number under `key` is shown with in `system`; null when there is none. */
export function unitForKey(key: string, system: UnitSystem | null): string | null {
  const dimension = dimensionOf(key);
  return dimension ? unitFor(dimension, system) : null;
}

/**
 * How many decimals a measurement of `dimension` is shown with in a table, per unit system: metres to
 * the centimetre (and square and cubic metres to two places, as an Aufmaß is written); feet to the
 * hundredth, square and cubic feet to a tenth. Without a system, two.
 */
const TABLE_DECIMALS: Record<UnitSystem, Record<Dimension, number>> = {
  metric: { length: 2, area: 2, volume: 2 },
  imperial: { length: 2, area: 1, volume: 1 },
};

export function tableDecimals(dimension: Dimension, system: UnitSystem | null): number {
  return system ? TABLE_DECIMALS[system][dimension] : 2;
}

const formats = new Map<string, Intl.NumberFormat>();

/** A measurement in the language: two decimals (three where the figure has them), then its unit. */
export function formatMeasure(value: number, unit: string, lang: UiLanguage): string {
  let f = formats.get(lang);
  if (!f) {
    f = new Intl.NumberFormat(lang, { minimumFractionDigits: 2, maximumFractionDigits: 3 });
    formats.set(lang, f);
  }
  return `${f.format(value)}\u00a0${unit}`;
}
