import { create } from 'zustand';
import { registerScreen } from '../navigation/store';
import { INITIAL_QUERY, storedHideArchived } from './query';
import { detailSlice, stopDetail } from './store-detail';
import { factsSlice } from './store-facts';
import { clearFilterTimer, filtersSlice } from './store-filters';
import { loadSlice, stopLoading } from './store-load';
import type { ProjectsState } from './store-state';
import { EMPTY_DRAFT } from './validation';

export * from './query';
export type { CreatedNotice } from './store-state';

/**
 * The projects screen's state: the query and the page it loaded, the selected project's detail,
 * the facts of the rows shown (store-facts.ts), the create-project draft. Its actions are in the
 * store-*.ts files, by concern.
 */
const initialState = {
  query: { ...INITIAL_QUERY, hideArchived: storedHideArchived() },
  searchText: '',
  refText: '',
  page: null,
  loadedQuery: null,
  loading: false,
  listError: null,
  cancelled: false,
  selectedId: null,
  detail: null,
  detailLoading: false,
  detailError: null,
  actionBusy: null,
  actionError: null,
  created: null,
  warningsDismissed: false,
  draft: EMPTY_DRAFT,
  teams: null,
  factsFetching: false,
} satisfies Partial<ProjectsState>;

/**
 * What the list was last loaded for. Kept outside the screen: it unmounts while a project's estimates
 * are open and must not start over when it comes back.
 */
const shown: { workspace: string | null; generation: number } = { workspace: null, generation: -1 };

export const useProjects = create<ProjectsState>()((set, get) => ({
  ...initialState,
  focusSearchTick: 0,
  ...loadSlice(set, get),
  ...filtersSlice(set, get),
  ...detailSlice(set, get),
  ...factsSlice(set, get),

  reset: () => {
    clearFilterTimer();
    get().stopFacts();
    stopLoading();
    stopDetail();
    set({ ...initialState, query: { ...INITIAL_QUERY, hideArchived: get().query.hideArchived } });
  },
  followWorkspace: (activeId, generation) => {
    const projects = get();
    if (shown.workspace !== activeId) {
      shown.workspace = activeId;
      shown.generation = generation;
      projects.reset();
      void projects.load();
    } else if (shown.generation !== generation) {
      shown.generation = generation;
      void projects.reload();
    } else if (!projects.loading && (!projects.page || projects.page.source === 'cache')) {
      void projects.reload();
    }
  },
  dismissCreated: () => set({ created: null }),
  dismissWarnings: () => set({ warningsDismissed: true }),
  dismissCancelled: () => set({ cancelled: false }),
  focusSearch: () => set((s) => ({ focusSearchTick: s.focusSearchTick + 1 })),
  updateDraft: (change) => set((s) => ({ draft: { ...s.draft, ...change } })),
  clearDraft: () => set({ draft: EMPTY_DRAFT }),
}));
// What the list shows follows the active workspace as much as navigation, so ProjectsScreen loads it
// when it mounts and when the workspace or its key changes; navigation only asks it to fetch again.
registerScreen('projects', {
  open: () => {
    if (useProjects.getState().page) void useProjects.getState().loadFacts();
  },
  refresh: () => void useProjects.getState().reload(),
  leave: () => useProjects.getState().stopFacts(),
});
