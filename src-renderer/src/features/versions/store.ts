import { create } from 'zustand';
import type { ErrorValue } from '../../../../src-shared/errors/service-error';
import type {
  ChangesSince,
  EstimateComparison,
  VersionPick,
  VersionTimeline,
} from '../../../../src-shared/versions/types';
import { call, newOperationId } from '../../api';
import { latestOnly } from '../../lib/latest';
import { useOperations } from '../operations/store';

/**
 * Estimate versions in the renderer: the "changed since" badge of the estimate on screen, its
 * timeline, and the comparison open in its dialog (two versions, or two estimates of the project).
 * Everything is asked of main (`versions:*`); an answer a newer request made stale is dropped.
 */

export interface ComparisonRequest {
  projectId: string;
  from: VersionPick;
  to: VersionPick;
}

interface VersionsState {
  /** What changed since the estimate on screen was last opened (null: nothing, or not known yet). */
  changes: { estimateId: string; since: ChangesSince } | null;

  timeline: VersionTimeline | null;
  timelineLoading: boolean;
  timelineError: ErrorValue | null;

  comparison: EstimateComparison | null;
  comparisonRequest: ComparisonRequest | null;
  comparisonLoading: boolean;
  comparisonError: ErrorValue | null;
  showUnchanged: boolean;

  /**
   * The estimate on screen was opened (or fetched again; `seenAt`: when the version on screen was
   * fetched): ask what changed since the last time.
   */
  checkOpened: (projectId: string, estimateId: string, seenAt: string) => Promise<void>;
  /** The badge is not for this estimate (another one is on screen). */
  forgetChanges: (estimateId: string | null) => void;
  loadTimeline: (projectId: string, estimateId: string) => Promise<void>;
  closeTimeline: () => void;
  label: (versionId: number, name: string | null, pinned: boolean) => Promise<boolean>;
  compare: (request: ComparisonRequest) => Promise<void>;
  setShowUnchanged: (show: boolean) => void;
  closeComparison: () => void;
}

const timelineLatest = latestOnly();
const comparisonLatest = latestOnly();
const openedLatest = latestOnly();
let comparisonOperation: string | null = null;

function stopComparison(): void {
  comparisonLatest.invalidate();
  const running = comparisonOperation;
  comparisonOperation = null;
  if (running) {
    useOperations.getState().finish(running);
    void call((api) => api.cancelOperation(running));
  }
}

export const useVersions = create<VersionsState>()((set, get) => ({
  changes: null,
  timeline: null,
  timelineLoading: false,
  timelineError: null,
  comparison: null,
  comparisonRequest: null,
  comparisonLoading: false,
  comparisonError: null,
  showUnchanged: false,

  checkOpened: async (projectId, estimateId, seenAt) => {
    const token = openedLatest.begin();
    const res = await call((api) => api.estimateOpened({ projectId, estimateId, seenAt }));
    if (!openedLatest.isCurrent(token) || !res.ok) return;
    // Reopened with nothing new: a badge already shown for this estimate stays until it is left.
    if (res.data) set({ changes: { estimateId, since: res.data } });
  },

  forgetChanges: (estimateId) => {
    if (get().changes?.estimateId !== estimateId) {
      openedLatest.invalidate();
      set({ changes: null });
    }
  },

  loadTimeline: async (projectId, estimateId) => {
    const token = timelineLatest.begin();
    set({ timelineLoading: true, timelineError: null });
    const res = await call((api) => api.listEstimateVersions({ projectId, estimateId }));
    if (!timelineLatest.isCurrent(token)) return;
    if (res.ok) set({ timeline: res.data, timelineLoading: false });
    else set({ timelineLoading: false, timelineError: res.error });
  },

  closeTimeline: () => {
    timelineLatest.invalidate();
    set({ timeline: null, timelineLoading: false, timelineError: null });
  },

  label: async (versionId, name, pinned) => {
    const timeline = get().timeline;
    if (!timeline) return false;
    const { projectId, estimateId } = timeline;
    const token = timelineLatest.begin();
    const res = await call((api) =>
      api.labelEstimateVersion({ projectId, estimateId, versionId, name, pinned }),
    );
    if (!timelineLatest.isCurrent(token)) return false;
    if (res.ok) set({ timeline: res.data, timelineError: null });
    else set({ timelineError: res.error });
    return res.ok;
  },

  compare: async (request) => {
    stopComparison();
    const token = comparisonLatest.begin();
    const operationId = newOperationId('compare');
    comparisonOperation = operationId;
    useOperations.getState().start(operationId, 'progress.comparing', { showAfterMs: 400 });
    set({
      comparisonRequest: request,
      comparisonLoading: true,
      comparisonError: null,
      ...(sameRequest(get().comparisonRequest, request) ? {} : { comparison: null }),
    });
    const res = await call((api) =>
      api.compareEstimates({ ...request, includeUnchanged: get().showUnchanged, operationId }),
    );
    useOperations.getState().finish(operationId);
    if (comparisonOperation === operationId) comparisonOperation = null;
    if (!comparisonLatest.isCurrent(token)) return;
    if (res.ok) set({ comparison: res.data, comparisonLoading: false });
    else
      set({ comparisonLoading: false, comparisonError: res.error.kind === 'cancelled' ? null : res.error });
  },

  setShowUnchanged: (show) => {
    set({ showUnchanged: show });
    const request = get().comparisonRequest;
    if (request) void get().compare(request);
  },

  closeComparison: () => {
    stopComparison();
    set({ comparison: null, comparisonRequest: null, comparisonLoading: false, comparisonError: null });
  },
}));

function sameRequest(a: ComparisonRequest | null, b: ComparisonRequest): boolean {
  return (
    a !== null &&
    a.projectId === b.projectId &&
    a.from.estimateId === b.from.estimateId &&
    a.from.versionId === b.from.versionId &&
    a.to.estimateId === b.to.estimateId &&
    a.to.versionId === b.to.versionId
  );
}
