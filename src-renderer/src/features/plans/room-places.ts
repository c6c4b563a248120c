/**
 * A place of the estimate on the plan — a room, or "not on the plan" — as the estimate screen's filter
 * names it (a token in the navigation view), and the estimate's rows cut down to its positions with
 * the groups above them, whose figures are then those of the positions kept. Pure functions, no React.
 */
import { AMOUNT_COLUMNS, type AmountColumn } from '../../../../src-shared/estimates/columns';
import type { EstimateRow } from '../../../../src-shared/estimates/types';
import { amountOrNull, amountText } from '../../../../src-shared/money/amounts';
import type { Decimal } from '../../../../src-shared/money/decimal';
import type { RoomCostRow, RoomsCosts } from '../../../../src-shared/plans/rooms-costs-types';

export const NOT_ON_PLAN_PLACE = 'not-on-plan';

/** A room's token: its id (stable while the plan is edited), else its place in the plan. */
export function placeToken(room: Pick<RoomCostRow, 'roomId' | 'index'>): string {
  return room.roomId !== null ? `id:${room.roomId}` : `index:${room.index}`;
}

export interface Place {
  kind: 'room' | 'not-on-plan';
  room: RoomCostRow | null;
  positionIds: readonly string[];
  netShown: string;
}

export function placeOf(costs: RoomsCosts, token: string): Place | null {
  if (token === NOT_ON_PLAN_PLACE) {
    const off = costs.notOnPlan;
    return { kind: 'not-on-plan', room: null, positionIds: off.positionIds, netShown: off.netShown };
  }
  const room = costs.rooms.find((r) => placeToken(r) === token);
  return room ? { kind: 'room', room, positionIds: room.positionIds, netShown: room.netShown } : null;
}

/**
 * The rows of `ids` and every group above them, in tree order, with their parents and subtree sizes
 * counted again for the rows kept (depths do not change: every ancestor is kept), and each group's
 * amounts added up again over the positions kept: a group shows what its positions in this place
 * come to, never the whole group's figure. Linear.
 */
export function rowsOfPositions(rows: readonly EstimateRow[], ids: ReadonlySet<string>): EstimateRow[] {
  const keep = new Uint8Array(rows.length);
  for (let i = 0; i < rows.length; i++) {
    if (!ids.has(rows[i]!.id)) continue;
    // Up the chain until a row already kept (bounded: a malformed chain cannot loop).
    for (
      let at = i, steps = 0;
      at >= 0 && at < rows.length && keep[at] === 0 && steps <= rows.length;
      steps++
    ) {
      keep[at] = 1;
      at = rows[at]!.parentIndex;
    }
  }
  const newIndex = new Int32Array(rows.length).fill(-1);
  const out: EstimateRow[] = [];
  for (let i = 0; i < rows.length; i++) {
    if (keep[i] === 0) continue;
    const row = rows[i]!;
    newIndex[i] = out.length;
    const parent = row.parentIndex >= 0 && row.parentIndex < i ? newIndex[row.parentIndex]! : -1;
    out.push({ ...row, parentIndex: parent, subtreeSize: 0 });
  }
  for (let i = out.length - 1; i >= 0; i--) {
    const p = out[i]!.parentIndex;
    if (p >= 0) out[p]!.subtreeSize += out[i]!.subtreeSize + 1;
  }
  groupTotalsOfKept(out);
  return out;
}

/** A group's sums per amount column; a column stays null while no position kept has a figure in it. */
type Sums = Partial<Record<AmountColumn, Decimal>>;

/**
 * Every group's amounts as the exact sums of the positions below it (children before parents: one
 * pass from the last row up). A group's `computed_total` is its `total`: there is no service figure
 * of the part of a group kept to compare it with.
 */
function groupTotalsOfKept(rows: EstimateRow[]): void {
  const sums: (Sums | undefined)[] = new Array<Sums | undefined>(rows.length);
  for (let i = rows.length - 1; i >= 0; i--) {
    const row = rows[i]!;
    let own: Sums | undefined;
    if (row.type === 'group') {
      own = sums[i] ?? {};
      for (const column of AMOUNT_COLUMNS) row[column] = own[column] ? amountText(own[column]) : null;
      row.computed_total = row.total;
    } else {
      own = {};
      for (const column of AMOUNT_COLUMNS) {
        const value = amountOrNull(row[column]);
        if (value) own[column] = value;
      }
    }
    const p = row.parentIndex;
    if (p < 0) continue;
    const into = (sums[p] ??= {});
    for (const column of AMOUNT_COLUMNS) {
      const v = own[column];
      if (v) into[column] = into[column] ? into[column].add(v) : v;
    }
  }
}
