import { call, newOperationId } from '../../api';
import { useOperations } from '../operations/store';
import type { FileRow } from '../../../../src-shared/files/types';
import type { PlanDeskApi, Result } from '../../../../src-shared/ipc/contract';
import type { FileAction, FilesState, Get, Set } from './files-state';

/*
 * A part of the files store (store.ts): what the user does with one file (download, open, show in
 * its folder, preview, delete). Written against the store's own get and set.
 */

type FileActions = 'download' | 'openWithSystem' | 'showInFolder' | 'showPreview' | 'closePreview' | 'remove';

export function fileActionsSlice(set: Set, get: Get): Pick<FilesState, FileActions> {
  const setBusy = (id: string, action: FileAction | null) =>
    set((s) => {
      const busy = { ...s.busy };
      if (action) busy[id] = action;
      else delete busy[id];
      return { busy };
    });

  /** Hands a file to the system (open it, or show it in its folder); a failure is shown. */
  const handOver = async (
    file: FileRow,
    action: 'open' | 'show',
    run: (api: PlanDeskApi, projectId: string) => Promise<Result<unknown>>,
  ) => {
    const { projectId, key } = get();
    if (!projectId || get().busy[file.id]) return;
    setBusy(file.id, action);
    set({ actionError: null });
    const res = await call((api) => run(api, projectId));
    if (get().key !== key) return;
    setBusy(file.id, null);
    if (!res.ok) set({ actionError: res.error });
  };

  return {
    download: async (file) => {
      const { projectId, key } = get();
      if (!projectId || get().busy[file.id]) return;
      const operationId = newOperationId('download');
      useOperations.getState().start(operationId, 'progress.downloading', { showAfterMs: 400 });
      setBusy(file.id, 'download');
      set({ actionError: null, saved: null });
      const res = await call((api) => api.downloadFile({ projectId, fileId: file.id, operationId }));
      useOperations.getState().finish(operationId);
      if (get().key !== key) return;
      setBusy(file.id, null);
      if (res.ok) {
        const { path, sizeDiffers } = res.data;
        set({ saved: path ? { name: file.name, path, ...(sizeDiffers ? { sizeDiffers } : {}) } : null });
      } else set({ actionError: res.error });
    },

    openWithSystem: (file) =>
      handOver(file, 'open', (api, projectId) => api.openFile({ projectId, fileId: file.id })),

    showInFolder: (file) =>
      handOver(file, 'show', (api, projectId) => api.showFileInFolder({ projectId, fileId: file.id })),

    showPreview: async (file) => {
      const { projectId, key } = get();
      if (!projectId) return;
      const operationId = newOperationId('preview');
      set({ preview: { file, status: 'loading', operationId } });
      const res = await call((api) => api.previewFile({ projectId, fileId: file.id, operationId }));
      if (get().key !== key || get().preview?.file.id !== file.id) return;
      set({
        preview: res.ok
          ? res.data
            ? { file, status: 'ready', preview: res.data }
            : { file, status: 'none' }
          : { file, status: 'error', error: res.error },
      });
    },

    closePreview: () => {
      // A preview still on its way is not needed any more: main stops fetching it.
      const preview = get().preview;
      if (preview?.status === 'loading') void call((api) => api.cancelOperation(preview.operationId));
      set({ preview: null });
    },

    remove: async (file) => {
      const { projectId, key } = get();
      if (!projectId) return null;
      setBusy(file.id, 'delete');
      const res = await call((api) => api.deleteFile({ projectId, fileId: file.id }));
      if (get().key !== key) return null;
      setBusy(file.id, null);
      if (!res.ok) return res.error;
      set((s) => ({
        rows: s.rows ? s.rows.filter((r) => r.id !== file.id) : s.rows,
        highlighted: s.highlighted.filter((id) => id !== file.id),
      }));
      void get().load();
      return null;
    },
  };
}
