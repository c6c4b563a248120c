/**
 * An estimate's costs per room for a document, worked out in the writer's thread from the parts it
 * has anyway (its rows in tree order) and the plan's rooms main read: the same model the plan view
 * shows (plans/rooms-costs.ts), so the sheet and the screen never disagree.
 */
import type { ExportWarning } from '../../../src-shared/exports/warnings';
import type { PlanRoomsRead, RoomsCosts } from '../../../src-shared/plans/rooms-costs-types';
import type { EstimateParts } from '../../estimates/estimate-parts';
import { buildRoomsCosts } from '../../plans/rooms-costs';
import { cleanText } from '../parties';

export function roomsCostsOf({ doc, rows }: EstimateParts, plan: PlanRoomsRead): RoomsCosts {
  return buildRoomsCosts(plan.plan, plan.problem, {
    header: doc.estimate,
    rows,
    serviceNet: doc.service_totals.subtotal_without_tax ?? null,
  });
}

/** A warning for each sheet on which no position could be placed (the reason is in the sheet too). */
export function roomsCostsWarnings(costs: readonly RoomsCosts[]): ExportWarning[] {
  return costs.flatMap((c) =>
    c.planProblem
      ? [
          {
            code: 'rooms-not-placed' as const,
            estimate: cleanText(c.estimate.uniqueIdentifier ?? c.estimate.name, 200),
            problem: c.planProblem,
          },
        ]
      : [],
  );
}
