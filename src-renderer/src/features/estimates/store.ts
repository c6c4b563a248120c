import { parseEstimateView } from '../../../../src-shared/estimates/view-text';
import { create } from 'zustand';
import type { ErrorValue } from '../../../../src-shared/errors/service-error';
import { call, newOperationId } from '../../api';
import { latestOnly } from '../../lib/latest';
import { registerScreen, type View, type ViewOf } from '../navigation/store';
import { useOperations } from '../operations/store';
import { DEFAULT_TREE_COLUMNS, normalizeTreeColumns, toggleTreeColumn, type TreeColumnKey } from './columns';
import type { OfflineStatus } from '../../../../src-shared/offline/types';
import type {
  EstimateList,
  EstimateSummary,
  EstimateView,
  ExportResult,
} from '../../../../src-shared/estimates/types';

/**
 * The data behind a project's estimates screens (its list, and one estimate): the list and the
 * totals of its estimates, the open estimate, the project's offline copy, the tree columns chosen
 * and whether the estimate's header is folded (both remembered on this computer), and the last
 * export's result. Loaded when navigation shows those screens (registered below): each loader is
 * given the view it loads for, and never asks navigation where the user is.
 */

/** The views whose data this store holds: a project's estimates list, and one of its estimates. */
export type EstimatesView = ViewOf<'estimates'> | ViewOf<'estimate'>;

/** Rows per page of the estimates list (client-side paging). */
export const ESTIMATES_PAGE_SIZE = 25;

/** Estimates whose totals one background request asks for: a few, so leaving stops it soon. */
const TOTALS_BATCH = 4;

const COLUMNS_STORAGE_KEY = 'plandesk.estimateTreeColumns';
const HEADER_STORAGE_KEY = 'plandesk.estimateHeaderFolded';

/** A choice remembered on this computer; undefined when there is none or it cannot be read. */
function readStored(key: string): unknown {
  try {
    const saved = typeof localStorage !== 'undefined' ? localStorage.getItem(key) : null;
    return saved ? (JSON.parse(saved) as unknown) : undefined;
  } catch {
    return undefined;
  }
}

function writeStored(key: string, value: unknown): void {
  try {
    if (typeof localStorage !== 'undefined') localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // Not remembered across restarts; still kept for this session.
  }
}

function loadColumns(): TreeColumnKey[] {
  const parsed = readStored(COLUMNS_STORAGE_KEY);
  if (Array.isArray(parsed) && parsed.every((c) => typeof c === 'string')) {
    return normalizeTreeColumns(parsed as string[]);
  }
  return [...DEFAULT_TREE_COLUMNS];
}

/** Folded unless the user unfolded it: on a small screen the items come first. */
function loadHeaderFolded(): boolean {
  return readStored(HEADER_STORAGE_KEY) !== false;
}

interface EstimatesState {
  list: EstimateList | null;
  /** The project the list belongs to (a list is never shown for another project). */
  listProjectId: string | null;
  listLoading: boolean;
  listError: ErrorValue | null;
  listPage: number;
  /** Totals fetched in the background for the list's estimates that came without them. */
  listTotals: Record<string, EstimateSummary>;
  totalsFetching: boolean;

  offline: OfflineStatus | null;
  offlineProjectId: string | null;
  offlineBusy: boolean;
  offlineError: ErrorValue | null;

  estimate: EstimateView | null;
  estimateLoading: boolean;
  estimateError: ErrorValue | null;
  estimateCancelled: boolean;

  columns: TreeColumnKey[];
  headerFolded: boolean;
  /** The last export (where it was saved, and from which data); shown until dismissed or the user moves on. */
  exported: (ExportResult & { path: string }) | null;
  /** The last export was made from the offline copy of this time; cleared when the view refreshes. */
  exportOfflineAt: string | null;

  loadList: (view: ViewOf<'estimates'>) => Promise<void>;
  /**
   * Fetches the missing totals of the list's estimates, a few at a time, until all are known; only
   * while the list is on screen.
   */
  loadTotals: (view: ViewOf<'estimates'>) => Promise<void>;
  loadOfflineStatus: (view: EstimatesView) => Promise<void>;
  loadEstimate: (view: ViewOf<'estimate'>) => Promise<void>;
  /** Keeps the project `projectId` on this computer; with `keepFiles`, its files too. */
  makeOffline: (projectId: string, keepFiles?: boolean) => Promise<void>;
  setListPage: (page: number) => void;
  toggleColumn: (key: TreeColumnKey) => void;
  toggleHeader: () => void;
  setExported: (result: (ExportResult & { path: string }) | null) => void;
  dismissOfflineError: () => void;
}

const listLatest = latestOnly();
const estimateLatest = latestOnly();
const offlineLatest = latestOnly();
const totalsLatest = latestOnly();
let estimateOperation: string | null = null;
let totalsOperation: string | null = null;
/**
 * The project whose list screen is shown, as the list's loader was told (open, leave): a list that
 * arrives after the user moved on to one of its estimates fetches no totals in the background.
 */
let listShownFor: string | null = null;

function stopEstimateOperation(): void {
  const running = estimateOperation;
  estimateOperation = null;
  if (running) {
    useOperations.getState().finish(running);
    void call((api) => api.cancelOperation(running));
  }
}

/** The background fetch of totals ends; what it fetched so far stays. */
function stopTotals(): void {
  totalsLatest.invalidate();
  const running = totalsOperation;
  totalsOperation = null;
  if (running) void call((api) => api.cancelOperation(running));
  useEstimates.setState({ totalsFetching: false });
}

const emptyData = {
  list: null,
  listProjectId: null,
  listLoading: false,
  listError: null,
  listPage: 1,
  listTotals: {},
  totalsFetching: false,
  offline: null,
  offlineProjectId: null,
  offlineBusy: false,
  offlineError: null,
  estimate: null,
  estimateLoading: false,
  estimateError: null,
  estimateCancelled: false,
  exported: null,
  exportOfflineAt: null,
} satisfies Partial<EstimatesState>;

function inProject(view: View): view is EstimatesView {
  return view.name === 'estimates' || view.name === 'estimate';
}

export const useEstimates = create<EstimatesState>()((set, get) => ({
  ...emptyData,
  columns: loadColumns(),
  headerFolded: loadHeaderFolded(),

  loadList: async (view) => {
    const { projectId } = view;
    const token = listLatest.begin();
    set({ listLoading: true, listError: null });
    const res = await call((api) => api.listEstimates({ projectId }));
    if (!listLatest.isCurrent(token)) return;
    if (res.ok) {
      const pages = Math.max(1, Math.ceil(res.data.rows.length / ESTIMATES_PAGE_SIZE));
      // A new list: what it does not say about totals is fetched again (main keeps what it knows).
      set((s) => ({
        list: res.data,
        listProjectId: projectId,
        listLoading: false,
        listPage: Math.min(s.listPage, pages),
        listTotals: {},
      }));
      void get().loadTotals(view);
    } else {
      set({ listLoading: false, listError: res.error });
    }
  },

  loadTotals: async (view) => {
    const { projectId } = view;
    const list = get().list;
    if (listShownFor !== projectId || !list || get().listProjectId !== projectId) return;
    stopTotals();
    const token = totalsLatest.begin();
    // Asked once per run: an estimate that cannot be fetched now is not asked for again and again.
    const asked = new Set<string>();
    set({ totalsFetching: true });
    for (;;) {
      const known = get().listTotals;
      const batch = list.rows
        .filter((r) => !r.totals && !known[r.id] && !asked.has(r.id))
        .slice(0, TOTALS_BATCH);
      if (batch.length === 0) break;
      for (const r of batch) asked.add(r.id);
      const operationId = newOperationId('totals');
      totalsOperation = operationId;
      const res = await call((api) =>
        api.getEstimateTotals({
          projectId,
          estimates: batch.map((r) => ({ id: r.id, modified: r.modified })),
          operationId,
        }),
      );
      if (totalsOperation === operationId) totalsOperation = null;
      if (!totalsLatest.isCurrent(token)) return;
      // Offline without a copy, or out of requests: the list shows what it knows, the sum says so.
      if (!res.ok) break;
      set((s) => ({ listTotals: { ...s.listTotals, ...res.data } }));
    }
    set({ totalsFetching: false });
  },

  loadOfflineStatus: async (view) => {
    const { projectId } = view;
    const token = offlineLatest.begin();
    const res = await call((api) => api.getProjectOfflineStatus(projectId));
    if (!offlineLatest.isCurrent(token) || get().offlineBusy) return;
    // No status is no reason for an error message: the button still works.
    if (res.ok) set({ offline: res.data, offlineProjectId: projectId });
  },

  loadEstimate: async (view) => {
    const { projectId, estimateId } = view;
    const token = estimateLatest.begin();
    stopEstimateOperation();
    const operationId = newOperationId('estimate');
    estimateOperation = operationId;
    useOperations.getState().start(operationId, 'progress.loadingEstimate', { showAfterMs: 400 });
    set({ estimateLoading: true, estimateError: null, estimateCancelled: false });
    const res = await call((api) => api.getEstimate({ projectId, estimateId, operationId }));
    useOperations.getState().finish(operationId);
    if (estimateOperation === operationId) estimateOperation = null;
    if (!estimateLatest.isCurrent(token)) return;
    if (res.ok) {
      // Read by the UI benchmark (bench/ui-estimate.spec.ts): the data has arrived from main.
      performance.mark('plandesk:estimate-data');
      const estimate = parseEstimateView(res.data);
      const summary: EstimateSummary = { currency: estimate.estimate.currency, quote: estimate.quote };
      set((s) => ({
        estimate,
        estimateLoading: false,
        // The list shows these totals when the user goes back to it.
        listTotals: s.listProjectId === projectId ? { ...s.listTotals, [estimateId]: summary } : s.listTotals,
      }));
    } else if (res.error.kind === 'cancelled') set({ estimateLoading: false, estimateCancelled: true });
    else set({ estimateLoading: false, estimateError: res.error });
  },

  makeOffline: async (projectId, keepFiles = false) => {
    if (get().offlineBusy) return;
    const operationId = newOperationId('offline');
    const operations = useOperations.getState();
    operations.start(operationId, 'progress.makingOffline');
    // Its result replaces any status still on its way.
    offlineLatest.invalidate();
    set({ offlineBusy: true, offlineError: null });
    const res = await call((api) => api.makeProjectAvailableOffline({ projectId, operationId, keepFiles }));
    useOperations.getState().finish(operationId);
    if (get().offlineProjectId !== projectId) return;
    if (res.ok) set({ offline: res.data, offlineBusy: false });
    else set({ offlineBusy: false, offlineError: res.error });
  },

  setListPage: (page) => {
    const rows = get().list?.rows.length ?? 0;
    const pages = Math.max(1, Math.ceil(rows / ESTIMATES_PAGE_SIZE));
    set({ listPage: Math.max(1, Math.min(page, pages)) });
  },

  toggleColumn: (key) => {
    const columns = toggleTreeColumn(get().columns, key);
    writeStored(COLUMNS_STORAGE_KEY, columns);
    set({ columns });
  },

  toggleHeader: () => {
    const headerFolded = !get().headerFolded;
    writeStored(HEADER_STORAGE_KEY, headerFolded);
    set({ headerFolded });
  },

  setExported: (result) =>
    set({ exported: result, exportOfflineAt: result?.source === 'cache' ? result.fetchedAt : null }),
  dismissOfflineError: () => set({ offlineError: null }),
}));

/** Off to a screen outside the project's estimates: nothing of them stays, nothing on its way lands. */
function dropAll(): void {
  stopEstimateOperation();
  stopTotals();
  listLatest.invalidate();
  estimateLatest.invalidate();
  offlineLatest.invalidate();
  useEstimates.setState({ ...emptyData });
}

function openList(view: ViewOf<'estimates'>, from: View): void {
  listShownFor = view.projectId;
  const s = useEstimates.getState();
  if (from.name === 'estimate' && from.projectId === view.projectId) {
    // Back from one of its estimates: the list is still there, unless it is the offline copy.
    useEstimates.setState({ exported: null, exportOfflineAt: null });
    if (!s.list || s.list.source === 'cache') void s.loadList(view);
    // Totals still missing when the user opened the estimate are fetched on.
    else void s.loadTotals(view);
    return;
  }
  const sameProject = s.listProjectId === view.projectId;
  useEstimates.setState({
    listPage: sameProject ? s.listPage : 1,
    exported: null,
    exportOfflineAt: null,
    ...(sameProject ? {} : { list: null, listProjectId: view.projectId, listError: null, listTotals: {} }),
    ...(s.offlineProjectId === view.projectId
      ? {}
      : { offline: null, offlineProjectId: view.projectId, offlineError: null, offlineBusy: false }),
  });
  void s.loadList(view);
  void s.loadOfflineStatus(view);
}

function openEstimate(view: ViewOf<'estimate'>): void {
  const s = useEstimates.getState();
  const sameEstimate = s.estimate?.estimate.id === view.estimateId;
  useEstimates.setState({
    exported: null,
    exportOfflineAt: null,
    estimateError: null,
    estimateCancelled: false,
    ...(sameEstimate ? {} : { estimate: null }),
  });
  void s.loadEstimate(view);
}

function leaveEstimate(to: View): void {
  stopEstimateOperation();
  estimateLatest.invalidate();
  useEstimates.setState({ estimateLoading: false });
  if (!inProject(to)) dropAll();
}

/** The estimates view or the estimate view fetched again; an export from the offline copy is forgotten. */
function refresh(view: EstimatesView): void {
  const s = useEstimates.getState();
  useEstimates.setState({ exportOfflineAt: null });
  if (view.name === 'estimates') void s.loadList(view);
  else void s.loadEstimate(view);
  void s.loadOfflineStatus(view);
}

registerScreen('estimates', {
  open: openList,
  refresh,
  leave: (_view, to) => {
    // The background totals never compete with the screen the user went to.
    listShownFor = null;
    stopTotals();
    if (!inProject(to)) dropAll();
  },
});

registerScreen('estimate', {
  open: openEstimate,
  refresh,
  leave: (_view, to) => leaveEstimate(to),
});
