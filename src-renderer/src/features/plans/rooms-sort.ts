import { MEASURE_COLUMNS, type MeasureColumn, type RoomsTableRow } from '../../../../src-shared/plans/types';
import { ROOMS_COLUMN_KEYS, type RoomsColumnKey } from '../../../../src-shared/plans/rooms-columns';

/**
 * Sorting the rooms table. Pure (no React, no DOM): numeric columns sort by the service's number
 * (`value`), text columns with `Intl.Collator` for the UI language. Missing values always go last,
 * whichever the direction, and equal rows keep the plan's order.
 */

export const ROOMS_COLUMNS = ROOMS_COLUMN_KEYS;
export type RoomsColumn = RoomsColumnKey;
export type SortDirection = 'asc' | 'desc';

export interface RoomsSort {
  /** null: the plan's own order (floor by floor, rooms as the service lists them). */
  column: RoomsColumn | null;
  direction: SortDirection;
}

const MEASURES: readonly RoomsColumn[] = MEASURE_COLUMNS;
const COUNTS: readonly RoomsColumn[] = ['doors', 'windows'];

export function isNumericColumn(column: RoomsColumn): boolean {
  return MEASURES.includes(column) || COUNTS.includes(column);
}

function isMeasure(column: RoomsColumn): column is MeasureColumn {
  return MEASURES.includes(column);
}

function numberOf(row: RoomsTableRow, column: RoomsColumn): number | null {
  if (isMeasure(column)) {
    const v = row[column].value;
    return typeof v === 'number' && Number.isFinite(v) ? v : null;
  }
  if (column === 'doors' || column === 'windows') return row[column];
  return null;
}

function textOf(row: RoomsTableRow, column: RoomsColumn, typeLabel: (raw: string) => string): string | null {
  const v =
    column === 'floor'
      ? row.floor
      : column === 'name'
        ? row.name
        : column === 'type' && row.type !== null
          ? typeLabel(row.type)
          : null;
  return v === null || v.trim() === '' ? null : v;
}

const collators = new Map<string, Intl.Collator>();
function collatorFor(lang: string): Intl.Collator {
  let c = collators.get(lang);
  if (!c) {
    c = new Intl.Collator(lang, { numeric: true, sensitivity: 'base' });
    collators.set(lang, c);
  }
  return c;
}

/**
 * A sorted copy of `rows`; the input is not changed. Room types sort by the words shown for them
 * (`typeLabel`), not by the service's values.
 */
export function sortRooms(
  rows: readonly RoomsTableRow[],
  sort: RoomsSort,
  lang: string,
  typeLabel: (raw: string) => string = (raw) => raw,
): RoomsTableRow[] {
  const { column, direction } = sort;
  if (column === null) return [...rows];
  const sign = direction === 'asc' ? 1 : -1;
  const indexed = rows.map((row, index) => ({ row, index }));
  if (isNumericColumn(column)) {
    indexed.sort((a, b) => {
      const x = numberOf(a.row, column);
      const y = numberOf(b.row, column);
      if (x === null || y === null) {
        if (x === y) return a.index - b.index;
        return x === null ? 1 : -1;
      }
      return x === y ? a.index - b.index : (x - y) * sign;
    });
  } else {
    const collator = collatorFor(lang);
    indexed.sort((a, b) => {
      const x = textOf(a.row, column, typeLabel);
      const y = textOf(b.row, column, typeLabel);
      if (x === null || y === null) {
        if (x === y) return a.index - b.index;
        return x === null ? 1 : -1;
      }
      const c = collator.compare(x, y);
      return c === 0 ? a.index - b.index : c * sign;
    });
  }
  return indexed.map((entry) => entry.row);
}

/** The next sort after a click on `column`: a new column sorts ascending, the same one flips. */
export function nextSort(current: RoomsSort, column: RoomsColumn): RoomsSort {
  if (current.column !== column) return { column, direction: 'asc' };
  return { column, direction: current.direction === 'asc' ? 'desc' : 'asc' };
}
