import type { MeasureCell, StatisticView, ValueEntry } from '../../../../src-shared/plans/types';
import { formatMeasure, unitForKey, type UnitSystem } from '../../../../src-shared/plans/units';
import { formatNumber } from '../../i18n/format';
import type { UiLanguage } from '../../i18n/languages';
import type { MessageKey } from '../../i18n/messages';

export { safeColour } from '../../../../src-shared/plans/colours';

/**
 * What the plan screens show for the service's measurements and loose fields. The service's
 * formatted text is shown verbatim; a number without one is shown in the UI language with the unit
 * of the plan's own unit system, and as a plain number when the plan names none (a unit is never
 * guessed). Pure (no React).
 */

const STAT_LABELS: Record<string, MessageKey> = {
  area: 'plan.stat.area',
  perimeter: 'plan.stat.perimeter',
  volume: 'plan.stat.volume',
  walls_surface: 'plainPlan.wallArea',
  wall_surface: 'plainPlan.wallArea',
  openings_surface: 'plainPlan.openingsArea',
  opening_surface: 'plainPlan.openingsArea',
  floor_surface: 'plan.stat.floorSurface',
  ceiling_surface: 'plan.stat.ceilingSurface',
  ceiling_height: 'plan.stat.ceilingHeight',
  ceilingHeight: 'plan.stat.ceilingHeight',
};

/** The translated label of a statistic the UI knows; null: use the service-derived English label. */
export function statisticLabelKey(key: string): MessageKey | null {
  return Object.hasOwn(STAT_LABELS, key) ? (STAT_LABELS[key] as MessageKey) : null;
}

const VALUE_LABELS: Record<string, MessageKey> = {
  length: 'plan.value.length',
  height: 'plan.value.height',
  width: 'plan.value.width',
  depth: 'plan.value.depth',
  thickness: 'plan.value.thickness',
  material: 'plan.value.material',
  color: 'plan.value.color',
  'dimensions.width': 'plan.value.width',
  'dimensions.height': 'plan.value.height',
};

export function valueLabelKey(key: string): MessageKey | null {
  return Object.hasOwn(VALUE_LABELS, key) ? (VALUE_LABELS[key] as MessageKey) : null;
}

/** A plain number for the UI language: no unit, up to six decimals. */
export function plainNumber(value: number, lang: UiLanguage): string {
  return formatNumber(value, lang, { maximumFractionDigits: 6 });
}

/** A number with the unit it has in the plan's system (none without a system). */
export function numberWithUnit(value: number, unit: string | null | undefined, lang: UiLanguage): string {
  return unit ? formatMeasure(value, unit, lang) : plainNumber(value, lang);
}

/**
 * A statistic as shown: the formatted text, else the number (with the unit of the plan's system),
 * else its verbatim text; null = not available.
 */
export function statisticText(
  stat: StatisticView | null | undefined,
  lang: UiLanguage,
  system: UnitSystem | null = null,
): string | null {
  if (!stat) return null;
  if (stat.formatted) return stat.formatted;
  if (stat.value !== null && Number.isFinite(stat.value)) {
    return numberWithUnit(stat.value, unitForKey(stat.key, system), lang);
  }
  return stat.display;
}

/** A rooms-table cell as shown; null = not available. */
export function measureText(cell: MeasureCell, lang: UiLanguage): string | null {
  if (cell.formatted) return cell.formatted;
  if (cell.value !== null && Number.isFinite(cell.value)) return numberWithUnit(cell.value, cell.unit, lang);
  return cell.text;
}

/** A value of a wall or an object (`length`, `width`, …): a measurement gets the plan's unit. */
export function measuredValueText(
  key: string,
  value: unknown,
  lang: UiLanguage,
  system: UnitSystem | null,
): string {
  if (typeof value === 'number' && Number.isFinite(value)) {
    return numberWithUnit(value, unitForKey(key, system), lang);
  }
  return looseValueText(value, lang);
}

/** One loose value (an unknown field) as text. */
export function looseValueText(value: unknown, lang: UiLanguage): string {
  if (value === null || value === undefined) return '—';
  if (typeof value === 'number') return Number.isFinite(value) ? plainNumber(value, lang) : String(value);
  if (typeof value === 'string') return value;
  if (typeof value === 'boolean') return String(value);
  try {
    return JSON.stringify(value);
  } catch {
    return String(value);
  }
}

/** Fields PlanDesk does not know, as "key: value" lines (JSON for objects), in the service's order. */
export function extraEntries(
  extra: Record<string, unknown>,
  lang: UiLanguage,
): { key: string; text: string }[] {
  return Object.entries(extra).map(([key, value]) => ({ key, text: looseValueText(value, lang) }));
}

/** The value of `key` among `values`; undefined when absent. */
export function valueOf(values: readonly ValueEntry[], key: string): ValueEntry['value'] | undefined {
  return values.find((v) => v.key === key)?.value;
}
