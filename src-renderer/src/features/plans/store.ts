import { create } from 'zustand';
import type { ErrorValue } from '../../../../src-shared/errors/service-error';
import { call } from '../../api';
import { latestOnly } from '../../lib/latest';
import { rememberSwitch, storedSwitch } from '../../lib/stored-switch';
import { registerScreen, useNavigation } from '../navigation/store';
import { nextSort, type RoomsColumn, type RoomsSort } from './rooms-sort';
import type { PlanResult } from '../../../../src-shared/plans/types';
import type { ExportWarning } from '../../../../src-shared/exports/warnings';

/**
 * The open plan: its view model and rooms table from main (possibly the offline copy), the tab and
 * floor shown, the selected room, the rooms table's sort, the floor images (fetched lazily by main,
 * kept per URL while the plan is open) and the last rooms export.
 */

export type PlanTab = 'overview' | 'rooms' | 'costs';

export type ImageState =
  | { status: 'loading' }
  | { status: 'ready'; dataUrl: string }
  | { status: 'none' }
  | { status: 'error'; error: ErrorValue };

interface PlansState {
  /** `<workspace>|<plan>`: what the data below belongs to. */
  key: string | null;
  planId: string | null;
  result: PlanResult | null;
  loading: boolean;
  error: ErrorValue | null;

  tab: PlanTab;
  /** Index into `view.floors`. */
  floorIndex: number;
  selectedRoomId: string | null;
  sort: RoomsSort;
  images: Record<string, ImageState>;
  /** Room names and areas written on the floor image; remembered on this computer. */
  showRoomLabels: boolean;

  /** The export under way: the rooms table as xlsx or csv, or the rooms workbook with the costs. */
  exportBusy: 'xlsx' | 'csv' | 'costs' | null;
  exportedPath: string | null;
  exportWarnings: ExportWarning[];
  exportError: ErrorValue | null;

  /** Shows the plan `planId` of the workspace; keeps what is loaded when it is the same one. */
  open: (planId: string, workspaceId: string | null) => void;
  load: () => Promise<void>;
  loadImage: (url: string, force?: boolean) => Promise<void>;
  setTab: (tab: PlanTab) => void;
  selectFloor: (index: number) => void;
  selectRoom: (roomId: string | null) => void;
  sortBy: (column: RoomsColumn) => void;
  setShowRoomLabels: (show: boolean) => void;
  /** The rooms table; with `costsOf`, the rooms workbook with that estimate's costs per room beside it. */
  exportRooms: (format: 'xlsx' | 'csv', costsOf?: { projectId: string; estimateId: string }) => Promise<void>;
  dismissExport: () => void;
}

const loadLatest = latestOnly();

const LABELS_STORAGE_KEY = 'plandesk.planRoomLabels';

/** On unless the user turned the labels off, as users of the service's own app expect. */
const storedShowRoomLabels = (): boolean => storedSwitch(LABELS_STORAGE_KEY, true);

const fresh = {
  result: null,
  loading: false,
  error: null,
  tab: 'overview',
  floorIndex: 0,
  selectedRoomId: null,
  sort: { column: null, direction: 'asc' },
  images: {},
  exportBusy: null,
  exportedPath: null,
  exportWarnings: [],
  exportError: null,
} satisfies Partial<PlansState>;

export const usePlans = create<PlansState>()((set, get) => ({
  key: null,
  planId: null,
  ...fresh,
  showRoomLabels: storedShowRoomLabels(),

  open: (planId, workspaceId) => {
    const key = `${workspaceId ?? ''}|${planId}`;
    if (get().key !== key) {
      loadLatest.invalidate();
      set({ key, planId, ...fresh });
    } else {
      set({ exportedPath: null, exportError: null, exportWarnings: [] });
    }
    void get().load();
  },

  load: async () => {
    const { planId, key } = get();
    if (!planId) return;
    const token = loadLatest.begin();
    set({ loading: true, error: null });
    const res = await call((api) => api.getPlan({ planId }));
    if (!loadLatest.isCurrent(token) || get().key !== key) return;
    if (res.ok) {
      const floors = res.data.view.floors?.length ?? 0;
      set((s) => ({
        result: res.data,
        loading: false,
        floorIndex: Math.min(s.floorIndex, Math.max(0, floors - 1)),
      }));
      // An image that failed (offline) may load now that the plan came from the service.
      if (res.data.source === 'network') {
        const failed = Object.entries(get().images).filter(([, img]) => img.status === 'error');
        for (const [url] of failed) void get().loadImage(url, true);
      }
    } else {
      set({ loading: false, error: res.error });
    }
  },

  loadImage: async (url, force = false) => {
    const current = get().images[url];
    if (current && !force && current.status !== 'error') return;
    if (current?.status === 'loading') return;
    const { key, planId } = get();
    if (!planId) return;
    set((s) => ({ images: { ...s.images, [url]: { status: 'loading' } } }));
    const res = await call((api) => api.getPlanImage({ planId, url }));
    if (get().key !== key) return;
    const next: ImageState = res.ok
      ? res.data
        ? { status: 'ready', dataUrl: res.data }
        : { status: 'none' }
      : { status: 'error', error: res.error };
    set((s) => ({ images: { ...s.images, [url]: next } }));
  },

  setTab: (tab) => set({ tab }),
  selectFloor: (index) => set({ floorIndex: index, selectedRoomId: null }),
  selectRoom: (roomId) => set({ selectedRoomId: roomId }),
  sortBy: (column) => set((s) => ({ sort: nextSort(s.sort, column) })),
  setShowRoomLabels: (show) => {
    rememberSwitch(LABELS_STORAGE_KEY, show);
    set({ showRoomLabels: show });
  },

  exportRooms: async (format, costsOf) => {
    const { planId, key } = get();
    if (!planId || get().exportBusy) return;
    set({
      exportBusy: costsOf ? 'costs' : format,
      exportError: null,
      exportedPath: null,
      exportWarnings: [],
    });
    const view = useNavigation.getState().view;
    const projectName = 'projectName' in view ? view.projectName : undefined;
    const res = await call((api) =>
      // In the workspace's documents language (main's default), like every other document.
      api.exportRooms({
        planId,
        format,
        ...(projectName ? { projectName } : {}),
        ...(costsOf ? { costsOf } : {}),
      }),
    );
    if (get().key !== key) return;
    if (res.ok) set({ exportBusy: null, exportedPath: res.data.path, exportWarnings: res.data.warnings });
    else set({ exportBusy: null, exportError: res.error });
  },

  dismissExport: () => set({ exportedPath: null, exportError: null, exportWarnings: [] }),
}));

registerScreen('plan', {
  open: (view) => usePlans.getState().open(view.planId, view.workspaceId),
  refresh: () => void usePlans.getState().load(),
});
