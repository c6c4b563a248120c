import { HIDE_ARCHIVED_KEY, type ProjectQuery, type SortDirection } from './query';
import type { Get, ProjectsState, Set } from './store-state';
import { rememberSwitch } from '../../lib/stored-switch';

/*
 * A part of the projects store (store.ts): its actions, written against the store's own get and set.
 */

const SEARCH_DELAY_MS = 300;
let filterTimer: ReturnType<typeof setTimeout> | null = null;

export function clearFilterTimer(): void {
  if (filterTimer) clearTimeout(filterTimer);
  filterTimer = null;
}

type FilterActions =
  | 'setSearchText'
  | 'setRefText'
  | 'commitFilters'
  | 'clearFilters'
  | 'setTeam'
  | 'setPage'
  | 'setPageSize'
  | 'setHideArchived'
  | 'toggleSort'
  | 'serviceOrder';

export function filtersSlice(set: Set, get: Get): Pick<ProjectsState, FilterActions> {
  /** Changes the query and loads it. */
  const update = (change: Partial<ProjectQuery>) => {
    set((s) => ({ query: { ...s.query, ...change }, cancelled: false }));
    void get().load();
  };

  return {
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

    toggleSort: (key) => {
      const { query } = get();
      const direction: SortDirection = query.sort === key && query.direction === 'asc' ? 'desc' : 'asc';
      update({ sort: key, direction, page: 1 });
    },

    serviceOrder: () => {
      if (get().query.sort !== 'service') update({ sort: 'service', direction: 'asc', page: 1 });
    },
  };
}
