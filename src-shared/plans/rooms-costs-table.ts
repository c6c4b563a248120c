/**
 * The per-room table of an estimate on its plan (the model: src-main/plans/rooms-costs.ts), as rows
 * and columns: the one layout the screen, the CLI and a sheet writer share. One row per room of the plan (in the plan's order; a room without
 * positions is "not priced"), then the row "Not on the plan", then the totals. Its net column adds up:
 * the rooms plus "Not on the plan" are the estimate's net total, exactly (and, rounded to the
 * currency, as printed).
 */
import type { MessageKey } from '../i18n/catalogue';
import type { DecimalString } from '../estimates/types';
import type { MeasuresSummary, RoomMeasures, RoomsCosts, UnitSum } from './rooms-costs-types';

export type CostsColumnKind = 'text' | 'measure' | 'count' | 'quantity' | 'money';

export interface CostsColumn {
  key: string;
  kind: CostsColumnKind;
  label: MessageKey;
  /** A quantity column's unit (null: positions without a unit). */
  unit?: string | null;
  /** Whether the totals row adds it up. */
  summed: boolean;
}

/** The columns every table has, in order; one quantity column per unit goes before the net amount. */
const FIXED_COLUMNS: readonly CostsColumn[] = [
  { key: 'floor', kind: 'text', label: 'plan.colFloor', summed: false },
  { key: 'room', kind: 'text', label: 'plan.colName', summed: false },
  { key: 'area', kind: 'measure', label: 'plan.stat.area', summed: true },
  { key: 'wallArea', kind: 'measure', label: 'plainPlan.wallArea', summed: true },
  { key: 'perimeter', kind: 'measure', label: 'plan.stat.perimeter', summed: true },
  { key: 'doors', kind: 'count', label: 'plan.doors', summed: true },
  { key: 'windows', kind: 'count', label: 'plan.windows', summed: true },
  { key: 'positions', kind: 'count', label: 'roomsCosts.colPositions', summed: true },
];
const NET_COLUMN: CostsColumn = { key: 'net', kind: 'money', label: 'roomsCosts.colNet', summed: true };

export type CostsRowKind = 'priced' | 'not-priced' | 'not-on-plan';

export interface CostsTableRow {
  kind: CostsRowKind;
  /** Index into `costs.rooms`; null for "Not on the plan". */
  room: number | null;
  floor: string | null;
  name: string | null;
  measures: RoomMeasures | null;
  positions: number;
  /** Per quantity column (in `units` order): the quantity summed, null when none. */
  quantities: (DecimalString | null)[];
  net: DecimalString;
  netShown: string;
}

export interface CostsTable {
  columns: CostsColumn[];
  /** The quantity columns' units, in column order. */
  units: (string | null)[];
  rows: CostsTableRow[];
  totals: {
    positions: number;
    quantities: (DecimalString | null)[];
    net: DecimalString;
    netShown: string;
    measures: MeasuresSummary['totals'];
  };
}

function quantitiesOf(byUnit: readonly UnitSum[], units: readonly (string | null)[]): (string | null)[] {
  const of = new Map(byUnit.map((u) => [u.unit, u.quantity]));
  return units.map((unit) => of.get(unit) ?? null);
}

export function roomsCostsTable(costs: RoomsCosts): CostsTable {
  const units = costs.units;
  const columns: CostsColumn[] = [
    ...FIXED_COLUMNS,
    ...units.map((unit, i): CostsColumn => ({
      key: `quantity-${i}`,
      kind: 'quantity',
      label: 'roomsCosts.colQuantity',
      unit,
      summed: true,
    })),
    NET_COLUMN,
  ];
  const rows: CostsTableRow[] = costs.rooms.map((r) => ({
    kind: r.positionIds.length > 0 ? 'priced' : 'not-priced',
    room: r.index,
    floor: r.floor,
    name: r.name,
    measures: r.measures,
    positions: r.positionIds.length,
    quantities: quantitiesOf(r.byUnit, units),
    net: r.net,
    netShown: r.netShown,
  }));
  const off = costs.notOnPlan;
  rows.push({
    kind: 'not-on-plan',
    room: null,
    floor: null,
    name: null,
    measures: null,
    positions: off.positionIds.length,
    quantities: quantitiesOf(off.byUnit, units),
    net: off.net,
    netShown: off.netShown,
  });
  return {
    columns,
    units: [...units],
    rows,
    totals: {
      positions: rows.reduce((n, r) => n + r.positions, 0),
      quantities: quantitiesOf(costs.unitTotals, units),
      net: costs.totals.totalNet,
      netShown: costs.totals.totalShown,
      measures: costs.plan?.measures.totals ?? {},
    },
  };
}
