/**
 * The one table of the rooms table's columns, in order: how each is shown (text, a measurement with
 * the service's unit, a count), its label, and whether its figures add up in the totals row (a sum of
 * ceiling heights means nothing). The screen, the xlsx/csv export and the CLI derive their columns
 * from it.
 */
import type { MessageKey } from '../i18n/catalogue';

export const ROOMS_TABLE_COLUMNS = {
  floor: { kind: 'text', label: 'plan.colFloor', summed: false },
  name: { kind: 'text', label: 'plan.colName', summed: false },
  type: { kind: 'text', label: 'plan.colType', summed: false },
  area: { kind: 'measure', label: 'plan.stat.area', summed: true },
  wallArea: { kind: 'measure', label: 'plainPlan.wallArea', summed: true },
  perimeter: { kind: 'measure', label: 'plan.stat.perimeter', summed: true },
  ceilingHeight: { kind: 'measure', label: 'plan.stat.ceilingHeight', summed: false },
  volume: { kind: 'measure', label: 'plan.stat.volume', summed: true },
  doors: { kind: 'count', label: 'plan.doors', summed: true },
  windows: { kind: 'count', label: 'plan.windows', summed: true },
} as const satisfies Record<
  string,
  { kind: 'text' | 'measure' | 'count'; label: MessageKey; summed: boolean }
>;

export type RoomsColumnKey = keyof typeof ROOMS_TABLE_COLUMNS;

export const ROOMS_COLUMN_KEYS = Object.keys(ROOMS_TABLE_COLUMNS) as RoomsColumnKey[];

export function roomsColumnLabel(key: RoomsColumnKey): MessageKey {
  return ROOMS_TABLE_COLUMNS[key].label;
}

/** Whether the column's figures are added up in the totals row. */
export function isSummedColumn(key: RoomsColumnKey): boolean {
  return ROOMS_TABLE_COLUMNS[key].summed;
}
