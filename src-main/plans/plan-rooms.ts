/**
 * A plan's floors and rooms with their measures, as the per-room costs need them: from the plan's
 * view model (either shape the service sends) and its rooms table, so a room's measures here are
 * exactly the rooms table's.
 */
import type { PlanDocument } from '../api/schemas';
import { ServiceError, toErrorValue } from '../errors/service-error';
import type { PlanProblem, PlanRooms, PlanRoomsRead } from '../../src-shared/plans/rooms-costs-types';
import type { PlanView, RoomsTable } from '../../src-shared/plans/types';
import { buildPlanView } from './plan-view';
import { buildRoomsTable } from './rooms-table';

export function planRoomsOf(
  view: PlanView,
  planId: string,
  table: RoomsTable = buildRoomsTable(view),
): { plan: PlanRooms; problem: PlanProblem | null } {
  // The rooms table lists the rooms floor by floor, in the same order as the view.
  let next = 0;
  const floors = (view.floors ?? []).map((floor) => ({
    id: floor.id,
    name: floor.name,
    rooms: floor.rooms.map((room) => {
      const row = table.rows[next++]!;
      return {
        id: room.id,
        name: room.name,
        measures: {
          area: row.area,
          wallArea: row.wallArea,
          perimeter: row.perimeter,
          doors: row.doors,
          windows: row.windows,
        },
      };
    }),
  }));
  const { area, wallArea, perimeter, doors, windows } = table.totals;
  const plan: PlanRooms = {
    planId,
    name: view.name,
    modified: view.modified,
    measures: {
      units: { area: table.units.area, wallArea: table.units.wallArea, perimeter: table.units.perimeter },
      totals: {
        ...(area ? { area } : {}),
        ...(wallArea ? { wallArea } : {}),
        ...(perimeter ? { perimeter } : {}),
        ...(doors ? { doors } : {}),
        ...(windows ? { windows } : {}),
      },
    },
    floors,
  };
  return { plan, problem: view.floors === null ? { kind: 'no-floors' } : null };
}

/**
 * A plan's rooms read with `getPlan` (through the cache in the app, from the service in the CLI's
 * exports), or why there are none to place positions in. A plan that cannot be read is never fatal:
 * the money is all shown, as "not on the plan", with the plan's error as the reason.
 */
export async function readPlanRooms(
  planId: string | null,
  getPlan: (planId: string) => Promise<PlanDocument>,
  signal: AbortSignal,
): Promise<PlanRoomsRead> {
  if (!planId) return { plan: null, problem: { kind: 'no-project-plan' } };
  try {
    return planRoomsOf(buildPlanView(await getPlan(planId)), planId);
  } catch (err) {
    if (signal.aborted) throw new ServiceError('cancelled', 'The operation was cancelled.');
    return { plan: null, problem: { kind: 'plan-failed', error: toErrorValue(err) } };
  }
}
