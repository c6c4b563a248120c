import { call, newOperationId } from '../../api';
import { latestOnly } from '../../lib/latest';
import { useOperations } from '../operations/store';
import { filtersDiffer } from './query';
import type { Get, ProjectsState, Set } from './store-state';

/*
 * A part of the projects store (store.ts): its actions, written against the store's own get and set.
 */

const loadLatest = latestOnly();
let currentOperation: string | null = null;

/** Stops the load under way, if any: its answer is dropped, its operation cancelled. */
export function stopLoading(): void {
  loadLatest.invalidate();
  const running = currentOperation;
  currentOperation = null;
  if (running) {
    useOperations.getState().finish(running);
    void call((api) => api.cancelOperation(running));
  }
}

export function loadSlice(set: Set, get: Get): Pick<ProjectsState, 'load' | 'reload'> {
  async function loadTeams(): Promise<void> {
    const res = await call((api) => api.listTeams());
    if (res.ok) set({ teams: res.data });
  }

  return {
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
        const before = get().loadedQuery;
        set({ page: data, loadedQuery: query, loading: false });
        // The detail panel follows the filter: a project the search or a filter left out is not shown.
        const selected = get().selectedId;
        if (selected && before && filtersDiffer(before, query) && !data.rows.some((r) => r.id === selected)) {
          get().select(null);
        }
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
  };
}
