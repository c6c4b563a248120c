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
import { apportionRounded, ExactSum } from '../money/apportion';
import { amountOrNull, amountText } from '../money/amounts';
import { currencyDigits } from '../money/currency';
import { Decimal } from '../money/decimal';
import { minorUnitsText } from '../estimates/quote-totals';
import type { EstimateHeader, EstimateRow } from '../estimates/types';
import { unitKey } from '../estimates/units';
import { matchKey, visibleText } from './match-text';
import { placePositions, type NotPlaced } from './room-matching';
import type {
  NotOnPlanGroup,
  PlanProblem,
  PlanRooms,
  RoomCostRow,
  RoomNameProblem,
  RoomsCosts,
  UnitSum,
} from './rooms-costs-types';

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

/** Positions summed by unit (quantities and net amounts, exactly). */
class UnitSums {
  private readonly byUnit = new Map<
    string | null,
    { quantity: ExactSum; net: ExactSum; n: number; q: number }
  >();

  add(row: CostsRow): void {
    const unit = unitKey(row.unit);
    let sum = this.byUnit.get(unit);
    if (!sum) {
      sum = { quantity: new ExactSum(), net: new ExactSum(), n: 0, q: 0 };
      this.byUnit.set(unit, sum);
    }
    sum.n++;
    if (row.quantity !== null) {
      sum.q++;
      sum.quantity.add(row.quantity);
    }
    sum.net.add(row.net_amount);
  }

  list(order: ReadonlyMap<string | null, number>): UnitSum[] {
    return [...this.byUnit]
      .sort(([a], [b]) => (order.get(a) ?? 0) - (order.get(b) ?? 0))
      .map(([unit, s]) => ({
        unit,
        quantity: s.q > 0 ? amountText(s.quantity.value()) : null,
        net: amountText(s.net.value()),
        positions: s.n,
      }));
  }
}

interface Bucket {
  ids: string[];
  units: UnitSums;
  net: ExactSum;
}

const bucket = (): Bucket => ({ ids: [], units: new UnitSums(), net: new ExactSum() });

function fill(b: Bucket, row: CostsRow): void {
  b.ids.push(row.id);
  b.units.add(row);
  b.net.add(row.net_amount);
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

/** Each unit's rank: the units most positions use first, then by name. */
function unitOrder(rows: readonly CostsRow[]): Map<string | null, number> {
  const counts = new Map<string | null, number>();
  for (const row of rows) {
    if (row.type === 'group') continue;
    const unit = unitKey(row.unit);
    counts.set(unit, (counts.get(unit) ?? 0) + 1);
  }
  const units = [...counts].sort(([a, n], [b, m]) => m - n || (a ?? '\uffff').localeCompare(b ?? '\uffff'));
  return new Map(units.map(([unit], i) => [unit, i]));
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

  const rooms = roomFloor.map(bucket);
  const off = bucket();
  const groups = new Map<string, { first: NotPlaced | null; bucket: Bucket }>();
  const all = new ExactSum();
  for (let i = 0; i < rows.length; i++) {
    const row = rows[i]!;
    if (row.type === 'group') continue;
    all.add(row.net_amount);
    const room = placements ? placements.room[i]! : -1;
    if (room >= 0) {
      fill(rooms[room]!, row);
      continue;
    }
    fill(off, row);
    const why = placements?.notPlaced.get(i) ?? null;
    const key = why ? `${why.reason}\u0000${why.text ?? ''}` : 'plan-unavailable';
    let group = groups.get(key);
    if (!group) groups.set(key, (group = { first: why, bucket: bucket() }));
    fill(group.bucket, row);
  }

  const currency = header.currency;
  const digits = currencyDigits(currency);
  const order = unitOrder(rows);
  const totalNet = all.value();
  const roomNets = rooms.map((b) => b.net.value());
  const offNet = off.net.value();
  const placedNet = Decimal.sum(roomNets);
  const shown = apportionRounded([...roomNets, offNet], totalNet, digits);
  const groupList = [...groups.values()];
  const groupNets = groupList.map((g) => g.bucket.net.value());
  const groupShown = apportionRounded(groupNets, offNet, digits);
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
    byUnit: rooms[i]!.units.list(order),
    net: amountText(roomNets[i]!),
    netShown: text(shown[i]!),
  }));
  const floorNames = (candidates: readonly number[]): string[] => [
    ...new Set(candidates.map((r) => floors[roomFloor[r]!]?.name ?? '')),
  ];
  const notOnPlanGroups: NotOnPlanGroup[] = groupList.map((g, i) => ({
    reason: g.first?.reason ?? 'plan-unavailable',
    text: g.first?.text == null ? null : visibleText(g.first.text),
    floors: g.first ? floorNames(g.first.candidates) : [],
    positionIds: g.bucket.ids,
    net: amountText(groupNets[i]!),
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
    units: [...order.keys()],
    rooms: costRows,
    notOnPlan: {
      positionIds: off.ids,
      byUnit: off.units.list(order),
      net: amountText(offNet),
      netShown: text(shown[rooms.length]!),
      groups: notOnPlanGroups,
    },
    notPriced: costRows.filter((r) => r.positionIds.length === 0).map((r) => r.index),
    totals: {
      placedNet: amountText(placedNet),
      notOnPlanNet: amountText(offNet),
      totalNet: amountText(totalNet),
      totalShown: text(totalNet.round(digits).units),
      serviceNet: serviceNet === null ? null : amountText(serviceNet),
      sumHolds: placedNet.add(offNet).eq(totalNet),
    },
  };
}
