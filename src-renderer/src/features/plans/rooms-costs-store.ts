import { create } from 'zustand';
import type { ErrorValue } from '../../../../src-shared/errors/service-error';
import type { RoomsCostsResult, RoomsDrift } from '../../../../src-shared/plans/rooms-costs-types';
import { call, newOperationId } from '../../api';
import { latestOnly } from '../../lib/latest';

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

function storedOverlay(): boolean {
  try {
    return typeof localStorage !== 'undefined' && localStorage.getItem(OVERLAY_KEY) === 'on';
  } catch {
    return false;
  }
}

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
  overlay: storedOverlay(),

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
    const same = get().result?.estimateId === res.data.estimateId;
    set((s) => ({
      result: res.data,
      loading: false,
      drift: res.data.drift ?? (same ? s.drift : null),
    }));
  },

  pick: (estimateId) => {
    set({ picked: estimateId, drift: null });
    void get().load();
  },

  setOverlay: (on) => {
    try {
      localStorage.setItem(OVERLAY_KEY, on ? 'on' : 'off');
    } catch {
      // Not remembered across restarts; still applies now.
    }
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
    set({ result: null, drift: null, error: null });
    void get().load();
  },

  stop: () => {
    latest.invalidate();
    cancelOperation();
    set({ loading: false });
  },
}));
