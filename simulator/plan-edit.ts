/**
 * Changes a plan as a user of the service would (the admin API's `POST /_sim/plans/{planId}/edit`):
 * rooms renamed (`rooms: {roomId: {name}}`, an empty name too) and rooms removed (`remove: [roomId]`,
 * with their areas on the floor image). The plan's `modified` becomes now (the simulator's clock).
 * Figures (areas, counts) are left as they were: the tests that use this look at names and rooms.
 */
import { isoOffset } from './data/time';
import type { SimPlan } from './data/types';
import { badRequest, isPlainObject, type FieldErrors } from './http-util';

export interface PlanEdit {
  rooms?: Record<string, { name: string }>;
  remove?: string[];
}

/** Checks the request body against the plan; a 400 with the offending field paths otherwise. */
export function parsePlanEdit(body: Record<string, unknown>, plan: SimPlan): PlanEdit {
  const fields: FieldErrors = {};
  const fail = (path: string, message: string) => (fields[path] ??= []).push(message);
  const known = new Set(plan.floors.flatMap((f) => f.rooms.map((r) => r.id)));
  const edit: PlanEdit = {};
  if (body.rooms !== undefined) {
    if (!isPlainObject(body.rooms)) fail('rooms', 'must be an object of room id → fields');
    else {
      edit.rooms = {};
      for (const [id, change] of Object.entries(body.rooms)) {
        if (!known.has(id)) fail(`rooms.${id}`, 'is not a room of this plan');
        else if (!isPlainObject(change) || typeof change.name !== 'string')
          fail(`rooms.${id}.name`, 'must be a string');
        else edit.rooms[id] = { name: change.name };
      }
    }
  }
  if (body.remove !== undefined) {
    if (!Array.isArray(body.remove) || !body.remove.every((id) => typeof id === 'string' && known.has(id))) {
      fail('remove', 'must be a list of room ids of this plan');
    } else edit.remove = body.remove as string[];
  }
  for (const key of Object.keys(body)) if (key !== 'rooms' && key !== 'remove') fail(key, 'is not known');
  if (Object.keys(fields).length > 0) throw badRequest('The plan edit is not valid', fields);
  return edit;
}

export function applyPlanEdit(plan: SimPlan, edit: PlanEdit, nowMs: number): void {
  const removed = new Set(edit.remove ?? []);
  for (const floor of plan.floors) {
    for (const room of floor.rooms) {
      const change = edit.rooms?.[room.id];
      if (change) room.name = change.name;
    }
    floor.rooms = floor.rooms.filter((r) => !removed.has(r.id));
    floor.image_map.areas = floor.image_map.areas.filter((a) => !removed.has(a.room_id));
  }
  plan.modified = isoOffset(nowMs);
}
