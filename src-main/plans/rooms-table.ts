/** The rooms table of a plan (screen, export, CLI): one row per room, units per column, a totals row. */
import { isSummedColumn } from '../../src-shared/plans/rooms-columns';
import { unitForKey, unitSystemOf, type UnitSystem } from '../../src-shared/plans/units';
import {
  MEASURE_COLUMNS,
  type ColumnUnit,
  type MeasureCell,
  type MeasureColumn,
  type PlanView,
  type RoomsTable,
  type RoomsTableRow,
  type StatisticView,
  type TotalCell,
} from '../../src-shared/plans/types';
import { plainNumber } from './plan-pieces';

export function buildRoomsTable(view: PlanView): RoomsTable {
  const system = unitSystemOf(view.unitSystem);
  const rows: RoomsTableRow[] = [];
  for (const floor of view.floors ?? []) {
    for (const room of floor.rooms) {
      const stat = (key: string) => room.statistics.find((s) => s.key === key) ?? null;
      rows.push({
        floorId: floor.id,
        floor: floor.name,
        roomId: room.id,
        name: room.name,
        type: room.roomType,
        area: cell(stat('area'), system),
        wallArea: cell(stat('walls_surface') ?? stat('wall_surface'), system),
        perimeter: cell(stat('perimeter'), system),
        ceilingHeight: cell(room.ceilingHeight, system),
        volume: cell(stat('volume'), system),
        doors: room.doors.length,
        windows: room.windows.length,
      });
    }
  }
  const units = {} as Record<MeasureColumn, ColumnUnit>;
  for (const c of MEASURE_COLUMNS) units[c] = columnUnit(rows.map((r) => r[c]));
  return {
    planName: view.name,
    available: view.floors !== null,
    rows,
    units,
    totals: totalsOf(rows, units),
  };
}

/** A measurement as a table cell: a plain number gets the unit of the plan's system (if it names one). */
function cell(s: StatisticView | null, system: UnitSystem | null): MeasureCell {
  if (!s) return { text: null, value: null, formatted: null, unit: null };
  if (s.formatted !== null) {
    return { text: s.formatted, value: s.value, formatted: s.formatted, unit: unitOf(s.formatted) };
  }
  const unit = s.value === null ? null : unitForKey(s.key, system);
  return {
    text: s.value === null ? s.display : unit ? `${plainNumber(s.value)} ${unit}` : plainNumber(s.value),
    value: s.value,
    formatted: null,
    unit,
  };
}

function columnUnit(cells: MeasureCell[]): ColumnUnit {
  const present = cells.filter((c) => c.value !== null || c.text !== null);
  const numbersOnly = present.every((c) => c.value !== null);
  const units = new Set(present.map((c) => c.unit));
  const [unit] = [...units];
  if (numbersOnly && units.size === 1 && unit) return { mode: 'numeric-unit', unit };
  if (numbersOnly && present.every((c) => c.formatted === null && c.unit === null)) {
    return { mode: 'numeric', unit: null };
  }
  return { mode: 'text', unit: null };
}

/**
 * The totals row: counts always; a measure column only when its figures are numbers in one unit (or
 * all without one), and at least one room has a figure.
 */
function totalsOf(rows: RoomsTableRow[], units: Record<MeasureColumn, ColumnUnit>): RoomsTable['totals'] {
  const totals: RoomsTable['totals'] = {};
  const sum = (values: number[]) => Number.parseFloat(values.reduce((a, b) => a + b, 0).toFixed(6));
  for (const c of MEASURE_COLUMNS) {
    if (!isSummedColumn(c) || units[c].mode === 'text') continue;
    const values = rows.map((r) => r[c].value).filter((v): v is number => v !== null);
    if (values.length > 0) totals[c] = { value: sum(values), unit: units[c].unit } satisfies TotalCell;
  }
  if (rows.length > 0) {
    totals.doors = { value: sum(rows.map((r) => r.doors)), unit: null };
    totals.windows = { value: sum(rows.map((r) => r.windows)), unit: null };
  }
  return totals;
}

/**
 * The unit of a formatted measurement: what follows the number ("63.6 m²" → "m²", "1.234,5 ft²" →
 * "ft²"). Null when the text is not a number followed by a unit (e.g. "12' 3\"", "n/a", "63.6").
 */
export function unitOf(formatted: string): string | null {
  const m =
    /^\s*[-+\u2212]?\d[\d\s\u00a0\u202f.,]*?\s*([^\d\s.,'"\u2032\u2033][^\d'"\u2032\u2033]*?[23]?)\s*$/u.exec(
      formatted,
    );
  return m?.[1] ? m[1].trim() || null : null;
}
