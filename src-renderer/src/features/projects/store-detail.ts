import type { Result } from '../../../../src-shared/ipc/contract';
import type { ProjectDetailView, ProjectRow } from '../../../../src-shared/projects/types';
import { call } from '../../api';
import { latestOnly } from '../../lib/latest';
import { clearFilterTimer } from './store-filters';
import type { Get, ProjectsState, Set } from './store-state';

/*
 * A part of the projects store (store.ts): its actions, written against the store's own get and set.
 */

const detailLatest = latestOnly();

/** Drops the detail's answer under way (the list starts over). */
export function stopDetail(): void {
  detailLatest.invalidate();
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

type DetailActions = 'select' | 'loadDetail' | 'archive' | 'restore' | 'projectCreated' | 'openExisting';

export function detailSlice(set: Set, get: Get): Pick<ProjectsState, DetailActions> {
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

  return {
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
      set((s) => ({ query: { ...s.query, name: '', ref, page: 1 }, cancelled: false }));
      void get().load();
      detailLatest.invalidate();
      set({ selectedId: null });
      get().select(project.id);
    },
  };
}
