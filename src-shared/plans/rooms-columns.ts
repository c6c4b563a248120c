/**
 * The one table of the rooms table's columns, in order: how each is shown (text, a measurement with
 * the service's unit, a count) and its label. The screen, the xlsx/csv export and the CLI derive their
 * columns from it.
 */
import type { MessageKey } from '../i18n/catalogue';

export const ROOMS_TABLE_COLUMNS = {
  floor: { kind: 'text', label: 'plan.colFloor' },
  name: { kind: 'text', label: 'plan.colName' },
  type: { kind: 'text', label: 'plan.colType' },
  area: { kind: 'measure', label: 'plan.stat.area' },
  perimeter: { kind: 'measure', label: 'plan.stat.perimeter' },
  ceilingHeight: { kind: 'measure', label: 'plan.stat.ceilingHeight' },
  volume: { kind: 'measure', label: 'plan.stat.volume' },
  doors: { kind: 'count', label: 'plan.doors' },
  windows: { kind: 'count', label: 'plan.windows' },
} as const satisfies Record<string, { kind: 'text' | 'measure' | 'count'; label: MessageKey }>;

export type RoomsColumnKey = keyof typeof ROOMS_TABLE_COLUMNS;

export const ROOMS_COLUMN_KEYS = Object.keys(ROOMS_TABLE_COLUMNS) as RoomsColumnKey[];

export function roomsColumnLabel(key: RoomsColumnKey): MessageKey {
  return ROOMS_TABLE_COLUMNS[key].label;
}
