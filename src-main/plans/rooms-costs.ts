/**
 * The per-room model of an estimate on its plan (issue 28): one pure function from the plan's rooms
 * and the estimate's rows to the rooms with their positions, summed by unit, the positions not on the
 * plan grouped by why, the rooms not priced, and the totals. The screen, the CLI and a sheet writer
 * all read this model (rooms-costs-table.ts lays it out as rows and columns).
 *
 * The sum rule: every position is in exactly one room or in "not on the plan", so the rooms' net
 * amounts plus "not on the plan" are the estimate's net total — checked against an independent sum of
 * all positions, exactly, in the estimate's one currency.
 */
import { apportionRounded, apportionToUnits } from '../../src-shared/money/apportion';
import { amountOrNull, amountText } from '../../src-shared/money/amounts';
import { currencyDigits } from '../../src-shared/money/currency';
import { Decimal } from '../../src-shared/money/decimal';
import { minorUnitsText } from '../../src-shared/estimates/quote-totals';
import type { EstimateHeader, EstimateRow } from '../../src-shared/estimates/types';
import { unitKey } from '../../src-shared/estimates/units';
import { matchKey, visibleText } from '../../src-shared/plans/match-text';
import { placePositions, type NotPlaced } from '../../src-shared/plans/room-matching';
import type {
  NotOnPlanGroup,
  PlanProblem,
  PlanRooms,
  RoomCostRow,
  RoomNameProblem,
  RoomsCosts,
  UnitSum,
} from '../../src-shared/plans/rooms-costs-types';
import { PicoSum } from '../../src-shared/money/pico-sum';

export type CostsRow = Pick<
  EstimateRow,
  'id' | 'type' | 'parentIndex' | 'name' | 'location' | 'quantity' | 'unit' | 'net_amount'
>;

export interface CostsEstimate {
  header: Pick<EstimateHeader, 'id' | 'name' | 'unique_identifier' | 'plan_id' | 'modified' | 'currency'>;
  /** The estimate's rows in tree order (flattenTree), with their net amounts. */
  rows: readonly CostsRow[];
  /** The service's `subtotal_without_tax`, when it sent one. */
  serviceNet: string | null;
}

interface UnitSum0 {
  quantity: PicoSum;
  net: PicoSum;
  positions: number;
  quantities: number;
}

/**
 * Positions summed by unit: their quantities and net amounts, exactly. Units by their rank (unitsOf):
 * an array slot each, no map per room.
 */
class UnitSums {
  private readonly byRank: (UnitSum0 | undefined)[] = [];

  of(rank: number): UnitSum0 {
    let sum = this.byRank[rank];
    if (!sum)
      this.byRank[rank] = sum = { quantity: new PicoSum(), net: new PicoSum(), positions: 0, quantities: 0 };
    return sum;
  }

  /** The sums of several, added up unit by unit. */
  static merged(parts: readonly UnitSums[]): UnitSums {
    const out = new UnitSums();
    for (const part of parts) {
      part.byRank.forEach((s, rank) => {
        if (!s) return;
        const into = out.of(rank);
        into.quantity.addSum(s.quantity);
        into.net.addSum(s.net);
        into.positions += s.positions;
        into.quantities += s.quantities;
      });
    }
    return out;
  }

  /** Most used units first (their rank). */
  list(units: readonly (string | null)[]): UnitSum[] {
    const out: UnitSum[] = [];
    this.byRank.forEach((s, rank) => {
      if (!s) return;
      out.push({
        unit: units[rank] ?? null,
        quantity: s.quantities > 0 ? s.quantity.toText() : null,
        net: s.net.toText(),
        positions: s.positions,
      });
    });
    return out;
  }
}

interface Bucket {
  ids: string[];
  units: UnitSums;
  net: PicoSum;
}

const bucket = (): Bucket => ({ ids: [], units: new UnitSums(), net: new PicoSum() });

/** A position into a bucket: its id, its quantity under its unit, its net amount (read once for both sums). */
function fill(b: Bucket, row: CostsRow, rank: number): void {
  b.ids.push(row.id);
  const u = b.units.of(rank);
  u.positions++;
  if (row.quantity !== null) {
    u.quantities++;
    u.quantity.add(row.quantity);
  }
  PicoSum.addToBoth(row.net_amount, b.net, u.net);
}

const digitsByCurrency = new Map<string | null, number>();

/** The currency's fraction digits, worked out once per currency (Intl is slow to ask). */
function digitsOf(currency: string | null): number {
  let digits = digitsByCurrency.get(currency);
  if (digits === undefined) digitsByCurrency.set(currency, (digits = currencyDigits(currency)));
  return digits;
}

function nameProblem(name: string | null): RoomNameProblem | null {
  const key = matchKey(name);
  return key === null ? 'hidden-characters' : key === '' ? 'unnamed' : null;
}

/** Why nothing can be placed: the plan's, or the estimate naming no plan or another one. */
function problemOf(
  plan: PlanRooms | null,
  given: PlanProblem | null,
  planId: string | null,
): PlanProblem | null {
  if (given) return given;
  if (!plan) return { kind: 'no-project-plan' };
  if (planId === null || planId.trim() === '') return { kind: 'no-plan-id' };
  if (planId !== plan.planId) return { kind: 'other-plan', planId };
  return null;
}

/**
 * Each position's unit, read once per spelling (m2, m² → m²), as its rank among the units: the units
 * most positions use first, then by name.
 */
function unitsOf(rows: readonly CostsRow[]): { rankOf: Int32Array; units: (string | null)[] } {
  const keys = new Map<string | null, string | null>();
  const counts = new Map<string | null, number>();
  const unitOf: (string | null)[] = new Array<string | null>(rows.length).fill(null);
  for (let i = 0; i < rows.length; i++) {
    const row = rows[i]!;
    if (row.type === 'group') continue;
    let unit = keys.get(row.unit);
    if (unit === undefined) keys.set(row.unit, (unit = unitKey(row.unit)));
    unitOf[i] = unit;
    counts.set(unit, (counts.get(unit) ?? 0) + 1);
  }
  const units = [...counts]
    .sort(([a, n], [b, m]) => m - n || (a ?? '\uffff').localeCompare(b ?? '\uffff'))
    .map(([unit]) => unit);
  const rank = new Map(units.map((unit, i) => [unit, i]));
  const rankOf = new Int32Array(rows.length);
  for (let i = 0; i < rows.length; i++) rankOf[i] = rank.get(unitOf[i]!) ?? 0;
  return { rankOf, units };
}

export function buildRoomsCosts(
  plan: PlanRooms | null,
  given: PlanProblem | null,
  estimate: CostsEstimate,
): RoomsCosts {
  const { header, rows } = estimate;
  const problem = problemOf(plan, given, header.plan_id);
  const floors = problem || !plan ? [] : plan.floors;
  const placements = problem ? null : placePositions(floors, rows);
  const roomFloor: number[] = [];
  floors.forEach((f, i) => f.rooms.forEach(() => roomFloor.push(i)));

  const { rankOf, units } = unitsOf(rows);
  const rooms = roomFloor.map(bucket);
  const off = bucket();
  // By the reason itself: one object per reason, text and candidates (room-matching.ts).
  const groups = new Map<NotPlaced | null, { first: NotPlaced | null; ids: string[]; net: PicoSum }>();
  // Every position once more, on its own: the total the rooms and "not on the plan" must make.
  const all = new PicoSum();
  for (let i = 0; i < rows.length; i++) {
    const row = rows[i]!;
    if (row.type === 'group') continue;
    const unit = rankOf[i]!;
    all.add(row.net_amount);
    const room = placements ? placements.room[i]! : -1;
    if (room >= 0) {
      fill(rooms[room]!, row, unit);
      continue;
    }
    fill(off, row, unit);
    const why = placements?.notPlaced[i] ?? null;
    let group = groups.get(why);
    if (!group) groups.set(why, (group = { first: why, ids: [], net: new PicoSum() }));
    group.ids.push(row.id);
    group.net.add(row.net_amount);
  }

  const currency = header.currency;
  const digits = digitsOf(currency);
  const totalNet = all.toDecimal();
  const roomNets = rooms.map((b) => b.net.toDecimal());
  const offNet = off.net.toDecimal();
  const placedNet = Decimal.sum(roomNets);
  const shown = apportionRounded([...roomNets, offNet], totalNet, digits);
  const offShown = shown[rooms.length]!;
  const groupList = [...groups.values()];
  // The reasons add up to "not on the plan" as printed (its apportioned figure, not its own rounding).
  const groupShown = apportionToUnits(
    groupList.map((g) => g.net.toDecimal()),
    offShown,
    digits,
  );
  const text = (v: bigint) => minorUnitsText(v, digits);

  const flatRooms = floors.flatMap((f) => f.rooms.map((r) => ({ floor: f, room: r })));
  const costRows: RoomCostRow[] = flatRooms.map(({ floor, room }, i) => ({
    index: i,
    roomId: room.id,
    floorId: floor.id,
    floor: floor.name,
    name: room.name,
    nameProblem: nameProblem(room.name),
    measures: room.measures,
    positionIds: rooms[i]!.ids,
    byUnit: rooms[i]!.units.list(units),
    net: rooms[i]!.net.toText(),
    netShown: text(shown[i]!),
  }));
  const floorNames = (candidates: readonly number[]): string[] =>
    candidates.length === 0
      ? []
      : [...new Set(candidates.map((r) => visibleText(floors[roomFloor[r]!]?.name ?? '')))];
  const notOnPlanGroups: NotOnPlanGroup[] = groupList.map((g, i) => ({
    reason: g.first?.reason ?? 'plan-unavailable',
    text: g.first?.text == null ? null : visibleText(g.first.text),
    floors: g.first ? floorNames(g.first.candidates) : [],
    positionIds: g.ids,
    net: g.net.toText(),
    netShown: text(groupShown[i]!),
  }));
  const serviceNet = amountOrNull(estimate.serviceNet);

  return {
    estimate: {
      id: header.id,
      name: header.name,
      uniqueIdentifier: header.unique_identifier,
      planId: header.plan_id,
      modified: header.modified,
    },
    plan: plan
      ? { id: plan.planId, name: plan.name, modified: plan.modified, measures: plan.measures }
      : null,
    planProblem: problem,
    currency,
    digits,
    units,
    unitTotals: UnitSums.merged([...rooms, off].map((b) => b.units)).list(units),
    rooms: costRows,
    notOnPlan: {
      positionIds: off.ids,
      byUnit: off.units.list(units),
      net: off.net.toText(),
      netShown: text(offShown),
      groups: notOnPlanGroups,
    },
    notPriced: costRows.filter((r) => r.positionIds.length === 0).map((r) => r.index),
    totals: {
      placedNet: amountText(placedNet),
      placedShown: text(shown.slice(0, rooms.length).reduce((a, b) => a + b, 0n)),
      notOnPlanNet: amountText(offNet),
      totalNet: all.toText(),
      totalShown: text(totalNet.round(digits).units),
      serviceNet: serviceNet === null ? null : amountText(serviceNet),
      sumHolds: placedNet.add(offNet).eq(totalNet),
    },
  };
}
