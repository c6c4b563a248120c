/**
 * A place of the estimate on the plan — a room, or "not on the plan" — as the estimate screen's filter
 * names it (a token in the navigation view), and the estimate's rows cut down to its positions with
 * the groups above them. Pure functions, no React.
 */
import type { EstimateRow } from '../../../../src-shared/estimates/types';
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
 * counted again for the rows kept (depths do not change: every ancestor is kept). Linear.
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
  return out;
}
