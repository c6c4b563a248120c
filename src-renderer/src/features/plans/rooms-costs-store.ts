import { create } from 'zustand';
import type { ErrorValue } from '../../../../src-shared/errors/service-error';
import type { RoomsCostsResult, RoomsDrift } from '../../../../src-shared/plans/rooms-costs-types';
import { call, newOperationId } from '../../api';
import { latestOnly } from '../../lib/latest';
import { rememberSwitch, storedSwitch } from '../../lib/stored-switch';

/**
 * The estimate on the plan (issue 28): the project's estimates, the one shown on the plan (the latest
 * unless the user picked one), its rooms' costs and what moved since the last look, and whether the
 * floor images are shaded by cost (remembered on this computer). Kept while the user moves between the
 * plan and an estimate filtered to a room, so the filter knows the room's positions.
 */

interface RoomsCostsState {
  /** `<workspace>|<project>|<plan>`: what the data below belongs to. */
  key: string | null;
  projectId: string | null;
  planId: string | null;
  /** The plan version the costs were read with (its fetch time): a new one reads them again. */
  planToken: string | null;
  /** The estimate the user picked; null: the latest. */
  picked: string | null;
  result: RoomsCostsResult | null;
  loading: boolean;
  error: ErrorValue | null;
  /** What moved since the last look: kept until dismissed, though the next read has nothing new. */
  drift: RoomsDrift | null;
  /**
   * The plan could not be read again for the estimate shown: the rooms and drift shown stay those of
   * the last read that had them, and this says why they were not renewed.
   */
  planError: ErrorValue | null;
  overlay: boolean;

  /** The plan screen shows `planId` of the project (read with `planToken`): read its costs if needed. */
  sync: (
    ref: { workspaceId: string | null; projectId: string; planId: string | null },
    planToken: string,
  ) => void;
  load: () => Promise<void>;
  pick: (estimateId: string) => void;
  setOverlay: (on: boolean) => void;
  dismissDrift: () => void;
  /** The estimate screen needs an estimate's places and none are here: read them. */
  ensure: (
    ref: { workspaceId: string | null; projectId: string; planId: string | null },
    estimateId: string,
  ) => void;
  /** The screens that show costs are gone: stop what is under way. */
  stop: () => void;
}

const OVERLAY_KEY = 'plandesk.planCostOverlay';

const latest = latestOnly();
let operation: string | null = null;

function cancelOperation(): void {
  const running = operation;
  operation = null;
  if (running) void call((api) => api.cancelOperation(running));
}

const keyOf = (ref: { workspaceId: string | null; projectId: string; planId: string | null }) =>
  `${ref.workspaceId ?? ''}|${ref.projectId}|${ref.planId ?? ''}`;

export const useRoomsCosts = create<RoomsCostsState>()((set, get) => ({
  key: null,
  projectId: null,
  planId: null,
  planToken: null,
  picked: null,
  result: null,
  loading: false,
  error: null,
  drift: null,
  planError: null,
  overlay: storedSwitch(OVERLAY_KEY, false),

  sync: (ref, planToken) => {
    const key = keyOf(ref);
    if (get().key === key && get().planToken === planToken && (get().result || get().loading)) return;
    if (get().key !== key) {
      set({
        key,
        projectId: ref.projectId,
        planId: ref.planId,
        picked: null,
        result: null,
        drift: null,
        error: null,
        planError: null,
      });
    }
    set({ planToken });
    void get().load();
  },

  load: async () => {
    const { projectId, planId, picked, key } = get();
    if (!projectId) return;
    cancelOperation();
    const token = latest.begin();
    const operationId = newOperationId('rooms-costs');
    operation = operationId;
    set({ loading: true, error: null });
    const res = await call((api) =>
      api.getRoomsCosts({ projectId, planId, ...(picked ? { estimateId: picked } : {}), operationId }),
    );
    if (operation === operationId) operation = null;
    if (!latest.isCurrent(token) || get().key !== key) return;
    if (!res.ok) {
      set({ loading: false, error: res.error.kind === 'cancelled' ? null : res.error });
      return;
    }
    const shown = get().result;
    const same = shown?.estimateId === res.data.estimateId;
    const problem = res.data.costs?.planProblem;
    if (same && problem?.kind === 'plan-failed' && shown?.costs && !shown.costs.planProblem) {
      // A plan that failed to load again takes nothing away: the rooms, their costs and the drift
      // shown stay, with the reason they were not renewed.
      set({
        result: { ...shown, estimates: res.data.estimates, latestId: res.data.latestId },
        loading: false,
        planError: problem.error,
      });
      return;
    }
    set((s) => ({
      result: res.data,
      loading: false,
      planError: null,
      drift: res.data.drift ?? (same ? s.drift : null),
    }));
  },

  pick: (estimateId) => {
    set({ picked: estimateId, drift: null, planError: null });
    void get().load();
  },

  setOverlay: (on) => {
    rememberSwitch(OVERLAY_KEY, on);
    set({ overlay: on });
  },

  dismissDrift: () => set({ drift: null }),

  ensure: (ref, estimateId) => {
    const s = get();
    if (s.key === keyOf(ref) && (s.result?.estimateId === estimateId || s.loading)) return;
    set({
      key: keyOf(ref),
      projectId: ref.projectId,
      planId: ref.planId,
      picked: estimateId,
      planToken: null,
    });
    set({ result: null, drift: null, error: null, planError: null });
    void get().load();
  },

  stop: () => {
    latest.invalidate();
    cancelOperation();
    set({ loading: false });
  },
}));
