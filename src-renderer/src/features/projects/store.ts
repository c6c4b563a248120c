import { create } from 'zustand';
import type { ErrorValue } from '../../../../src-shared/errors/service-error';
import type { Result } from '../../../../src-shared/ipc/contract';
import type {
  CreatedProjectView,
  ProjectDetailView,
  ProjectPage,
  ProjectRow,
} from '../../../../src-shared/projects/types';
import { call, newOperationId } from '../../api';
import { latestOnly } from '../../lib/latest';
import { rememberSwitch, storedSwitch } from '../../lib/stored-switch';
import { registerScreen } from '../navigation/store';
import { useOperations } from '../operations/store';
import { EMPTY_DRAFT, type ProjectDraft } from './validation';
import type { TeamView } from '../../../../src-shared/teams/types';
import type { ProjectSortKey } from '../../../../src-shared/projects/types';

export type SortKey = ProjectSortKey;
export type SortDirection = 'asc' | 'desc';
export const PAGE_SIZES = [10, 25, 50] as const;
export type PageSize = (typeof PAGE_SIZES)[number];
export const DEFAULT_PAGE_SIZE: PageSize = 25;

export interface ProjectQuery {
  page: number;
  pageSize: PageSize;
  /** Name search (applied after a short pause in typing). */
  name: string;
  /** Exact external reference filter. */
  ref: string;
  /** Only this team's projects ('' for all); offered only when the list items name their team. */
  team: string;
  sort: SortKey;
  direction: SortDirection;
  /** Leave archived projects out; remembered on this computer. */
  hideArchived: boolean;
}

const HIDE_ARCHIVED_KEY = 'plandesk.hideArchivedProjects';

const storedHideArchived = (): boolean => storedSwitch(HIDE_ARCHIVED_KEY, false);

export const INITIAL_QUERY: ProjectQuery = {
  page: 1,
  pageSize: DEFAULT_PAGE_SIZE,
  name: '',
  ref: '',
  team: '',
  sort: 'service',
  direction: 'asc',
  hideArchived: false,
};

export interface CreatedNotice {
  name: string;
  warnings: string[];
}

interface ProjectsState {
  query: ProjectQuery;
  /** What the search and filter boxes show; committed to `query` after a pause (or Enter). */
  searchText: string;
  refText: string;

  /** The last page that loaded, with the query it answers. Stays visible while the next loads. */
  page: ProjectPage | null;
  loadedQuery: ProjectQuery | null;
  loading: boolean;
  listError: ErrorValue | null;
  /** The user cancelled a load; the list shows the previous result. */
  cancelled: boolean;

  selectedId: string | null;
  detail: ProjectDetailView | null;
  detailLoading: boolean;
  detailError: ErrorValue | null;
  actionBusy: 'archive' | 'restore' | null;
  actionError: ErrorValue | null;

  created: CreatedNotice | null;
  warningsDismissed: boolean;
  /** Bumped by the 'find' menu command; the search box focuses itself when it changes. */
  focusSearchTick: number;
  /** The create-project form, kept while the app runs so closing the dialog loses nothing. */
  draft: ProjectDraft;
  /** The workspace's teams for the team filter; loaded once the list shows it can be filtered. */
  teams: TeamView[] | null;
  /** The estimates of the projects shown are being looked up in the background. */
  factsFetching: boolean;

  reset: () => void;
  load: () => Promise<void>;
  reload: () => Promise<void>;
  setSearchText: (text: string) => void;
  setRefText: (text: string) => void;
  commitFilters: () => void;
  clearFilters: () => void;
  setTeam: (teamId: string) => void;
  setPage: (page: number) => void;
  setPageSize: (size: PageSize) => void;
  setHideArchived: (hide: boolean) => void;
  toggleSort: (key: Exclude<SortKey, 'service'>) => void;
  /** Looks up the estimates of the projects shown that are not known yet, a few at a time. */
  loadFacts: () => Promise<void>;
  /** Stops that (the list is no longer shown). */
  stopFacts: () => void;
  serviceOrder: () => void;
  select: (id: string | null) => void;
  loadDetail: (id: string) => Promise<void>;
  archive: (id: string) => Promise<boolean>;
  restore: (id: string) => Promise<boolean>;
  projectCreated: (view: CreatedProjectView) => void;
  openExisting: (project: ProjectRow) => void;
  dismissCreated: () => void;
  dismissWarnings: () => void;
  dismissCancelled: () => void;
  focusSearch: () => void;
  updateDraft: (change: Partial<ProjectDraft>) => void;
  clearDraft: () => void;
}

const SEARCH_DELAY_MS = 300;
let filterTimer: ReturnType<typeof setTimeout> | null = null;
const loadLatest = latestOnly();
const detailLatest = latestOnly();
const factsLatest = latestOnly();
let currentOperation: string | null = null;
let factsOperation: string | null = null;

function clearFilterTimer(): void {
  if (filterTimer) clearTimeout(filterTimer);
  filterTimer = null;
}

function rowFromDetail(d: ProjectDetailView): ProjectRow {
  return {
    id: d.id,
    name: d.name,
    externalReferenceId: d.externalReferenceId,
    created: d.created,
    modified: d.modified,
    archived: d.archived,
    archivedAt: d.archivedAt,
    assigneeEmail: d.assigneeEmail,
  };
}

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

export const useProjects = create<ProjectsState>()((set, get) => {
  /** Changes the query and loads it. */
  const update = (change: Partial<ProjectQuery>) => {
    set((s) => ({ query: { ...s.query, ...change }, cancelled: false }));
    void get().load();
  };

  return {
    ...initialState,
    focusSearchTick: 0,

    reset: () => {
      clearFilterTimer();
      get().stopFacts();
      loadLatest.invalidate();
      detailLatest.invalidate();
      const running = currentOperation;
      currentOperation = null;
      if (running) {
        useOperations.getState().finish(running);
        void call((api) => api.cancelOperation(running));
      }
      set({ ...initialState, query: { ...INITIAL_QUERY, hideArchived: get().query.hideArchived } });
    },

    load: async () => {
      const token = loadLatest.begin();
      const query = get().query;
      const operations = useOperations.getState();
      // A newer request replaces an older one still running (a whole-list sort, say): stop that one.
      const previous = currentOperation;
      if (previous) {
        operations.finish(previous);
        void call((api) => api.cancelOperation(previous));
      }
      const operationId = newOperationId('projects');
      currentOperation = operationId;
      const sorted = query.sort !== 'service';
      operations.start(operationId, sorted ? 'progress.sortingProjects' : 'progress.loadingProjects', {
        showAfterMs: sorted ? 0 : 700,
      });
      set({ loading: true, listError: null, cancelled: false });

      const res = await call((api) =>
        api.listProjects({
          page: query.page,
          pageSize: query.pageSize,
          name: query.name || undefined,
          externalReferenceId: query.ref || undefined,
          teamId: query.team || undefined,
          sort: query.sort,
          direction: query.direction,
          hideArchived: query.hideArchived || undefined,
          operationId,
        }),
      );
      useOperations.getState().finish(operationId);
      if (currentOperation === operationId) currentOperation = null;
      if (!loadLatest.isCurrent(token)) return; // a newer load is under way

      if (res.ok) {
        const data = res.data;
        // The page can run past the end (after an archive, or when a filter shrank the list).
        if (
          data.rows.length === 0 &&
          data.totalPages &&
          data.totalPages > 0 &&
          query.page > data.totalPages
        ) {
          set((s) => ({ query: { ...s.query, page: data.totalPages ?? 1 } }));
          void get().load();
          return;
        }
        set({ page: data, loadedQuery: query, loading: false });
        if (data.teamsOnRows && get().teams === null) void loadTeams();
        void get().loadFacts();
        return;
      }
      if (res.error.kind === 'cancelled') {
        // Back to what is on screen, so the controls match the rows.
        const previousQuery = get().loadedQuery;
        set({
          loading: false,
          cancelled: true,
          ...(previousQuery
            ? { query: previousQuery, searchText: previousQuery.name, refText: previousQuery.ref }
            : {}),
        });
        return;
      }
      // Rows of another search must not stand under this one's words as if they matched.
      const shown = get().loadedQuery;
      const sameRows =
        shown !== null &&
        shown.name === query.name &&
        shown.ref === query.ref &&
        shown.team === query.team &&
        shown.sort === query.sort;
      set({ loading: false, listError: res.error, ...(sameRows ? {} : { page: null, loadedQuery: null }) });
    },

    reload: async () => {
      const { selectedId } = get();
      await Promise.all([get().load(), selectedId ? get().loadDetail(selectedId) : Promise.resolve()]);
    },

    setSearchText: (text) => {
      set({ searchText: text });
      clearFilterTimer();
      filterTimer = setTimeout(() => get().commitFilters(), SEARCH_DELAY_MS);
    },

    setRefText: (text) => {
      set({ refText: text });
      clearFilterTimer();
      filterTimer = setTimeout(() => get().commitFilters(), SEARCH_DELAY_MS);
    },

    commitFilters: () => {
      clearFilterTimer();
      const { searchText, refText, query } = get();
      const name = searchText.trim();
      const ref = refText.trim();
      if (name === query.name && ref === query.ref) return;
      update({ name, ref, page: 1 });
    },

    clearFilters: () => {
      clearFilterTimer();
      set({ searchText: '', refText: '' });
      const { query } = get();
      if (query.name || query.ref || query.team) update({ name: '', ref: '', team: '', page: 1 });
    },

    setTeam: (teamId) => {
      if (teamId !== get().query.team) update({ team: teamId, page: 1 });
    },

    setPage: (page) => {
      const { query, page: data } = get();
      const max = data?.totalPages ?? Number.POSITIVE_INFINITY;
      const next = Math.max(1, Math.min(page, max));
      if (next !== query.page) update({ page: next });
    },

    setPageSize: (size) => {
      if (size !== get().query.pageSize) update({ pageSize: size, page: 1 });
    },

    setHideArchived: (hide) => {
      rememberSwitch(HIDE_ARCHIVED_KEY, hide);
      if (hide !== get().query.hideArchived) update({ hideArchived: hide, page: 1 });
    },

    loadFacts: async () => {
      get().stopFacts();
      const token = factsLatest.begin();
      const unknown = () => (get().page?.rows ?? []).filter((r) => r.facts?.estimates == null).length;
      set({ factsFetching: true });
      // The first round asks for every row (what is known may have grown since the list loaded);
      // later rounds for the rows still unknown (main fetches a few per call), until a round
      // finds nothing more (offline, or lists the service refuses).
      for (let round = 0; ; round++) {
        const rows = get().page?.rows ?? [];
        const wanted = rows.filter((r) => round === 0 || r.facts?.estimates == null).map((r) => r.id);
        if (wanted.length === 0) break;
        const before = unknown();
        const operationId = newOperationId('facts');
        factsOperation = operationId;
        const res = await call((api) => api.getProjectFacts({ projectIds: wanted, operationId }));
        if (factsOperation === operationId) factsOperation = null;
        if (!factsLatest.isCurrent(token)) return;
        if (!res.ok) break;
        set((s) => ({
          page: s.page
            ? {
                ...s.page,
                rows: s.page.rows.map((r) => (res.data[r.id] ? { ...r, facts: res.data[r.id] } : r)),
              }
            : s.page,
        }));
        if (round > 0 && unknown() >= before) break;
      }
      set({ factsFetching: false });
    },

    stopFacts: () => {
      factsLatest.invalidate();
      const running = factsOperation;
      factsOperation = null;
      if (running) void call((api) => api.cancelOperation(running));
      set({ factsFetching: false });
    },

    toggleSort: (key) => {
      const { query } = get();
      const direction: SortDirection = query.sort === key && query.direction === 'asc' ? 'desc' : 'asc';
      update({ sort: key, direction, page: 1 });
    },

    serviceOrder: () => {
      if (get().query.sort !== 'service') update({ sort: 'service', direction: 'asc', page: 1 });
    },

    select: (id) => {
      if (id === get().selectedId) return;
      detailLatest.invalidate();
      if (!id) {
        set({ selectedId: null, detail: null, detailError: null, detailLoading: false, actionError: null });
        return;
      }
      set({ selectedId: id, detail: null, detailError: null, actionError: null });
      void get().loadDetail(id);
    },

    loadDetail: async (id) => {
      const token = detailLatest.begin();
      set({ detailLoading: true, detailError: null });
      const res = await call((api) => api.getProject(id));
      if (!detailLatest.isCurrent(token) || get().selectedId !== id) return;
      if (res.ok) set({ detail: res.data, detailLoading: false });
      else set({ detailError: res.error, detailLoading: false });
    },

    archive: async (id) => {
      set({ actionBusy: 'archive', actionError: null });
      const res = await call((api) => api.archiveProject(id));
      return afterAction(id, res);
    },

    restore: async (id) => {
      set({ actionBusy: 'restore', actionError: null });
      const res = await call((api) => api.restoreProject(id));
      return afterAction(id, res);
    },

    projectCreated: (view) => {
      detailLatest.invalidate();
      set({
        created: { name: view.project.name, warnings: view.warnings ?? [] },
        warningsDismissed: false,
        selectedId: view.project.id,
        detail: view.project,
        detailError: null,
        detailLoading: false,
        actionError: null,
      });
      void get().load();
    },

    openExisting: (project) => {
      clearFilterTimer();
      const ref = project.externalReferenceId ?? '';
      set({ searchText: '', refText: ref });
      update({ name: '', ref, page: 1 });
      detailLatest.invalidate();
      set({ selectedId: null });
      get().select(project.id);
    },

    dismissCreated: () => set({ created: null }),
    dismissWarnings: () => set({ warningsDismissed: true }),
    dismissCancelled: () => set({ cancelled: false }),
    focusSearch: () => set((s) => ({ focusSearchTick: s.focusSearchTick + 1 })),
    updateDraft: (change) => set((s) => ({ draft: { ...s.draft, ...change } })),
    clearDraft: () => set({ draft: EMPTY_DRAFT }),
  };

  async function loadTeams(): Promise<void> {
    const res = await call((api) => api.listTeams());
    if (res.ok) set({ teams: res.data });
  }

  function afterAction(id: string, res: Result<ProjectDetailView>): boolean {
    set({ actionBusy: null });
    if (!res.ok) {
      set({ actionError: res.error });
      return false;
    }
    const updated = res.data;
    set((s) => ({
      detail: s.selectedId === id ? updated : s.detail,
      page: s.page
        ? {
            ...s.page,
            rows: s.page.rows.map((r) =>
              r.id === id ? { ...rowFromDetail(updated), ...(r.facts ? { facts: r.facts } : {}) } : r,
            ),
          }
        : s.page,
    }));
    void get().load();
    return true;
  }
});

// What the list shows follows the active workspace as much as navigation, so ProjectsScreen loads it
// when it mounts and when the workspace or its key changes; navigation only asks it to fetch again.
registerScreen('projects', {
  open: () => {
    if (useProjects.getState().page) void useProjects.getState().loadFacts();
  },
  refresh: () => void useProjects.getState().reload(),
  leave: () => useProjects.getState().stopFacts(),
});
