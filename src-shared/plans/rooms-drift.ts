/**
 * What moved between "priced" and "not priced" since the user last looked at an estimate on its plan:
 * what they saw is kept (`seenOf`), and compared with what there is now when the plan's or the
 * estimate's `modified` changed since.
 */
import type { DriftRoom, RoomState, RoomsCosts, RoomsDrift, RoomsSeen } from './rooms-costs-types';

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

/** Null when neither the plan nor the estimate changed since `before` (or nothing was seen before). */
export function roomsDrift(before: RoomsSeen | null, now: RoomsSeen): RoomsDrift | null {
  if (!before) return null;
  const planChanged = before.planId !== now.planId || before.planModified !== now.planModified;
  const estimateChanged = before.estimateModified !== now.estimateModified;
  if (!planChanged && !estimateChanged) return null;
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
