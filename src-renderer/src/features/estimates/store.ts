import { create } from 'zustand';
import type { ErrorValue } from '../../../../src-shared/errors/service-error';
import { call, newOperationId } from '../../api';
import { useOperations } from '../operations/store';
import { useFiles } from '../files/store';
import { usePlans } from '../plans/store';
import { useProjects } from '../projects/store';
import { DEFAULT_TREE_COLUMNS, normalizeTreeColumns, toggleTreeColumn, type TreeColumnKey } from './columns';
import type { OfflineStatus } from '../../../../src-shared/offline/types';
import type { EstimateList, EstimateView, ExportResult } from '../../../../src-shared/estimates/types';

/**
 * Where the user is (projects list → a project's estimates → one estimate) and the estimates data
 * behind those screens: the list, the open estimate, the project's offline copy, the tree columns
 * chosen (remembered on this computer), and the last export's result.
 */

export type View =
  | { name: 'projects' }
  | { name: 'estimates'; workspaceId: string | null; projectId: string; projectName: string }
  | {
      name: 'estimate';
      workspaceId: string | null;
      projectId: string;
      projectName: string;
      estimateId: string;
    }
  | { name: 'plan'; workspaceId: string | null; projectId: string; projectName: string; planId: string }
  | { name: 'files'; workspaceId: string | null; projectId: string; projectName: string };

/** Rows per page of the estimates list (client-side paging). */
export const ESTIMATES_PAGE_SIZE = 25;

const COLUMNS_STORAGE_KEY = 'plandesk.estimateTreeColumns';

function loadColumns(): TreeColumnKey[] {
  try {
    const saved = typeof localStorage !== 'undefined' ? localStorage.getItem(COLUMNS_STORAGE_KEY) : null;
    const parsed: unknown = saved ? JSON.parse(saved) : null;
    if (Array.isArray(parsed) && parsed.every((c) => typeof c === 'string')) {
      return normalizeTreeColumns(parsed as string[]);
    }
  } catch {
    // Unreadable: the defaults.
  }
  return [...DEFAULT_TREE_COLUMNS];
}

function saveColumns(columns: readonly TreeColumnKey[]): void {
  try {
    if (typeof localStorage !== 'undefined')
      localStorage.setItem(COLUMNS_STORAGE_KEY, JSON.stringify(columns));
  } catch {
    // Not remembered across restarts; still kept for this session.
  }
}

interface EstimatesState {
  view: View;

  list: EstimateList | null;
  /** The project the list belongs to (a list is never shown for another project). */
  listProjectId: string | null;
  listLoading: boolean;
  listError: ErrorValue | null;
  listPage: number;

  offline: OfflineStatus | null;
  offlineProjectId: string | null;
  offlineBusy: boolean;
  offlineError: ErrorValue | null;

  estimate: EstimateView | null;
  estimateLoading: boolean;
  estimateError: ErrorValue | null;
  estimateCancelled: boolean;

  columns: TreeColumnKey[];
  /** The last export (where it was saved, and from which data); shown until dismissed or the user moves on. */
  exported: (ExportResult & { path: string }) | null;
  /** The last export was made from the offline copy of this time; cleared when the view refreshes. */
  exportOfflineAt: string | null;

  openProject: (projectId: string, projectName: string, workspaceId: string | null) => void;
  openEstimate: (estimateId: string) => void;
  /** The project's plan (floors, rooms, rooms table). */
  openPlan: (projectId: string, projectName: string, planId: string, workspaceId: string | null) => void;
  /** The project's files (list, upload, download). */
  openFiles: (projectId: string, projectName: string, workspaceId: string | null) => void;
  backToProjects: () => void;
  backToList: () => void;
  loadList: () => Promise<void>;
  loadOfflineStatus: () => Promise<void>;
  loadEstimate: () => Promise<void>;
  /** Fetches what the current view shows again (connection back, menu's Reload, new key). */
  refresh: () => void;
  makeOffline: () => Promise<void>;
  setListPage: (page: number) => void;
  toggleColumn: (key: TreeColumnKey) => void;
  setExported: (result: (ExportResult & { path: string }) | null) => void;
  dismissOfflineError: () => void;
}

let listSeq = 0;
let estimateSeq = 0;
let offlineSeq = 0;
let estimateOperation: string | null = null;

function stopEstimateOperation(): void {
  const running = estimateOperation;
  estimateOperation = null;
  if (running) {
    useOperations.getState().finish(running);
    void call((api) => api.cancelOperation(running));
  }
}

const emptyData = {
  list: null,
  listProjectId: null,
  listLoading: false,
  listError: null,
  listPage: 1,
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

export const useEstimates = create<EstimatesState>()((set, get) => ({
  view: { name: 'projects' },
  ...emptyData,
  columns: loadColumns(),

  openProject: (projectId, projectName, workspaceId) => {
    const sameProject = get().listProjectId === projectId;
    set({
      view: { name: 'estimates', workspaceId, projectId, projectName },
      listPage: sameProject ? get().listPage : 1,
      exported: null,
      exportOfflineAt: null,
      ...(sameProject ? {} : { list: null, listProjectId: projectId, listError: null }),
      ...(get().offlineProjectId === projectId
        ? {}
        : { offline: null, offlineProjectId: projectId, offlineError: null, offlineBusy: false }),
    });
    void get().loadList();
    void get().loadOfflineStatus();
  },

  openEstimate: (estimateId) => {
    const view = get().view;
    if (view.name !== 'estimates' && view.name !== 'estimate') return;
    stopEstimateOperation();
    const sameEstimate = get().estimate?.estimate.id === estimateId;
    set({
      view: { ...view, name: 'estimate', estimateId },
      exported: null,
      exportOfflineAt: null,
      estimateError: null,
      estimateCancelled: false,
      ...(sameEstimate ? {} : { estimate: null }),
    });
    void get().loadEstimate();
  },

  openPlan: (projectId, projectName, planId, workspaceId) => {
    stopEstimateOperation();
    set({ view: { name: 'plan', workspaceId, projectId, projectName, planId } });
    usePlans.getState().open(planId, workspaceId);
  },

  openFiles: (projectId, projectName, workspaceId) => {
    stopEstimateOperation();
    set({ view: { name: 'files', workspaceId, projectId, projectName } });
    useFiles.getState().open(projectId, workspaceId);
  },

  backToProjects: () => {
    stopEstimateOperation();
    listSeq += 1;
    estimateSeq += 1;
    set({ view: { name: 'projects' }, ...emptyData });
  },

  backToList: () => {
    const view = get().view;
    if (view.name !== 'estimate') return;
    stopEstimateOperation();
    estimateSeq += 1;
    set({
      view: {
        name: 'estimates',
        workspaceId: view.workspaceId,
        projectId: view.projectId,
        projectName: view.projectName,
      },
      estimateLoading: false,
      exported: null,
      exportOfflineAt: null,
    });
    // The list may be the offline copy: look again.
    if (!get().list || get().list?.source === 'cache') void get().loadList();
  },

  loadList: async () => {
    const view = get().view;
    if (view.name !== 'estimates' && view.name !== 'estimate') return;
    const { projectId } = view;
    const seq = ++listSeq;
    set({ listLoading: true, listError: null });
    const res = await call((api) => api.listEstimates({ projectId }), { workspaceCall: true });
    if (seq !== listSeq) return;
    if (res.ok) {
      const pages = Math.max(1, Math.ceil(res.data.rows.length / ESTIMATES_PAGE_SIZE));
      set((s) => ({
        list: res.data,
        listProjectId: projectId,
        listLoading: false,
        listPage: Math.min(s.listPage, pages),
      }));
    } else {
      set({ listLoading: false, listError: res.error });
    }
  },

  loadOfflineStatus: async () => {
    const view = get().view;
    if (view.name !== 'estimates' && view.name !== 'estimate') return;
    const { projectId } = view;
    const seq = ++offlineSeq;
    const res = await call((api) => api.getProjectOfflineStatus(projectId), { workspaceCall: true });
    if (seq !== offlineSeq || get().offlineBusy) return;
    // No status is no reason for an error message: the button still works.
    if (res.ok) set({ offline: res.data, offlineProjectId: projectId });
  },

  loadEstimate: async () => {
    const view = get().view;
    if (view.name !== 'estimate') return;
    const { projectId, estimateId } = view;
    const seq = ++estimateSeq;
    stopEstimateOperation();
    const operationId = newOperationId('estimate');
    estimateOperation = operationId;
    useOperations.getState().start(operationId, 'progress.loadingEstimate', { showAfterMs: 400 });
    set({ estimateLoading: true, estimateError: null, estimateCancelled: false });
    const res = await call((api) => api.getEstimate({ projectId, estimateId, operationId }), {
      workspaceCall: true,
    });
    useOperations.getState().finish(operationId);
    if (estimateOperation === operationId) estimateOperation = null;
    if (seq !== estimateSeq) return;
    if (res.ok) {
      // Read by the UI benchmark (bench/ui-estimate.spec.ts): the data has arrived from main.
      performance.mark('plandesk:estimate-data');
      set({ estimate: res.data, estimateLoading: false });
    } else if (res.error.kind === 'cancelled') set({ estimateLoading: false, estimateCancelled: true });
    else set({ estimateLoading: false, estimateError: res.error });
  },

  refresh: () => {
    const view = get().view;
    set({ exportOfflineAt: null });
    if (view.name === 'projects') {
      void useProjects.getState().reload();
    } else if (view.name === 'estimates') {
      void get().loadList();
      void get().loadOfflineStatus();
    } else if (view.name === 'plan') {
      void usePlans.getState().load();
    } else if (view.name === 'files') {
      void useFiles.getState().load();
    } else {
      void get().loadEstimate();
      void get().loadOfflineStatus();
    }
  },

  makeOffline: async () => {
    const view = get().view;
    if ((view.name !== 'estimates' && view.name !== 'estimate') || get().offlineBusy) return;
    const { projectId } = view;
    const operationId = newOperationId('offline');
    const operations = useOperations.getState();
    operations.start(operationId, 'progress.makingOffline');
    offlineSeq += 1;
    set({ offlineBusy: true, offlineError: null });
    const res = await call((api) => api.makeProjectAvailableOffline({ projectId, operationId }), {
      workspaceCall: true,
    });
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
    saveColumns(columns);
    set({ columns });
  },

  setExported: (result) =>
    set({ exported: result, exportOfflineAt: result?.source === 'cache' ? result.fetchedAt : null }),
  dismissOfflineError: () => set({ offlineError: null }),
}));
