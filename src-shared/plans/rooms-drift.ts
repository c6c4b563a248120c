/**
 * What moved between "priced" and "not priced" since the user last looked at an estimate on its plan:
 * what they saw is kept (`seenOf`) and compared with what there is now, every time. The plan's and
 * the estimate's `modified` say which side changed where the service sends them; the older plan shape
 * has none, so a plan is also changed when its rooms are (added, removed, renamed, moved to another
 * floor), and whatever moved is said whether or not a `modified` did.
 */
import type { DriftRoom, RoomState, RoomsCosts, RoomsDrift, RoomsSeen, SeenRoom } from './rooms-costs-types';

export function seenOf(costs: RoomsCosts, at: Date, versionSeq: number | null): RoomsSeen {
  return {
    at: at.toISOString(),
    planId: costs.plan?.id ?? null,
    planModified: costs.plan?.modified ?? null,
    estimateModified: costs.estimate.modified,
    versionSeq,
    rooms: costs.rooms.flatMap((r) =>
      r.roomId === null
        ? []
        : [{ id: r.roomId, name: r.name, floor: r.floor, priced: r.positionIds.length > 0 }],
    ),
    notOnPlan: costs.notOnPlan.positionIds.length,
    notOnPlanNet: costs.notOnPlan.net,
  };
}

/** Whether the plan's rooms are not the ones seen: a room added, removed, renamed or on another floor. */
function roomsDiffer(before: readonly SeenRoom[], now: readonly SeenRoom[]): boolean {
  if (before.length !== now.length) return true;
  const then = new Map(before.map((r) => [r.id, r]));
  return now.some((r) => {
    const old = then.get(r.id);
    return !old || old.name !== r.name || old.floor !== r.floor;
  });
}

/** Null when nothing changed since `before` (or nothing was seen before). */
export function roomsDrift(before: RoomsSeen | null, now: RoomsSeen): RoomsDrift | null {
  if (!before) return null;
  const planChanged =
    before.planId !== now.planId ||
    before.planModified !== now.planModified ||
    roomsDiffer(before.rooms, now.rooms);
  const estimateChanged =
    before.estimateModified !== now.estimateModified ||
    (before.versionSeq !== null && now.versionSeq !== null && before.versionSeq !== now.versionSeq);
  const then = new Map(before.rooms.map((r) => [r.id, r]));
  const state = (r: { priced: boolean } | undefined): RoomState =>
    r === undefined ? 'absent' : r.priced ? 'priced' : 'not-priced';
  const moved: DriftRoom[] = [];
  for (const room of now.rooms) {
    const old = then.get(room.id);
    then.delete(room.id);
    const b = state(old);
    const a = state(room);
    if (a === b) continue;
    moved.push({
      id: room.id,
      name: room.name,
      ...(old && old.name !== room.name ? { nameBefore: old.name } : {}),
      floor: room.floor,
      before: b,
      after: a,
    });
  }
  for (const old of then.values()) {
    moved.push({ id: old.id, name: old.name, floor: old.floor, before: state(old), after: 'absent' });
  }
  const offChanged = before.notOnPlan !== now.notOnPlan || before.notOnPlanNet !== now.notOnPlanNet;
  if (!planChanged && !estimateChanged && moved.length === 0 && !offChanged) return null;
  const versions =
    before.versionSeq !== null && now.versionSeq !== null && before.versionSeq !== now.versionSeq
      ? { from: before.versionSeq, to: now.versionSeq }
      : null;
  return {
    since: before.at,
    planChanged,
    estimateChanged,
    versions,
    moved,
    notOnPlan: {
      before: before.notOnPlan,
      after: now.notOnPlan,
      beforeNet: before.notOnPlanNet,
      afterNet: now.notOnPlanNet,
    },
  };
}
