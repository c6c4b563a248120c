import { create } from 'zustand';
import { call, getApi, newOperationId } from '../../api';
import { latestOnly } from '../../lib/latest';
import { registerScreen } from '../navigation/store';
import { useOperations } from '../operations/store';
import { useOutbox } from '../outbox/store';
import { checkUploads } from './file-types';
import { sortFilesByDate } from './sort';
import type { FileRow } from '../../../../src-shared/files/types';
import type { FileAction, FilesState, UploadNotice } from './files-state';
import type { ProgressEvent } from '../../../../src-shared/operations/types';
import type { PlanDeskApi, Result } from '../../../../src-shared/ipc/contract';

/**
 * A project's files: the list (offline, the one kept on this computer), uploads (dropped files or
 * the open dialog) with their own byte progress, cancel and retry, and the per-file actions
 * (preview, download, open, delete). Uploads that cannot be sent now wait in the outbox
 * (features/outbox): the upload then reports them as queued, not as failed.
 */

/** How long new files stay highlighted after an upload. */
export const HIGHLIGHT_MS = 4000;

const listLatest = latestOnly();
let highlightTimer: ReturnType<typeof setTimeout> | null = null;

const fresh = {
  rows: null,
  source: null,
  fetchedAt: null,
  loading: false,
  error: null,
  upload: null,
  uploadFailure: null,
  uploadCancelled: false,
  refused: null,
  serviceRefused: null,
  uploadedCount: null,
  queuedCount: null,
  highlighted: [],
  busy: {},
  saved: null,
  actionError: null,
  preview: null,
} satisfies Partial<FilesState>;

/**
 * Dropped files with their paths on disk, which the preload registered with main for one upload into
 * `projectId` when the user dropped them; '' for a file that has none (e.g. dragged from a web page).
 * The preload hands each path out once, so this is asked right at the drop and never again.
 */
async function droppedPaths(files: File[], projectId: string): Promise<{ file: File; path: string }[]> {
  const api = getApi();
  return Promise.all(
    files.map(async (file) => {
      try {
        return { file, path: (await api.pathForFile(file, projectId)) || '' };
      } catch {
        return { file, path: '' };
      }
    }),
  );
}

/** What dismissing each upload notice clears. */
const DISMISSED: Record<UploadNotice, Partial<FilesState>> = {
  refused: { refused: null },
  serviceRefused: { serviceRefused: null },
  failure: { uploadFailure: null },
  cancelled: { uploadCancelled: false },
  queued: { queuedCount: null },
  uploaded: { uploadedCount: null },
};

export const useFiles = create<FilesState>()((set, get) => {
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

  /** `paths`: dropped files registered for this upload; undefined: main's open dialog. */
  const runUpload = async (paths: string[] | undefined, names: string[]) => {
    const { projectId, key } = get();
    if (!projectId || get().upload) return;
    const operationId = newOperationId('upload');
    set({
      upload: { operationId, paths, names, done: 0, total: null, phase: null, cancelling: false },
      uploadFailure: null,
      uploadCancelled: false,
      uploadedCount: null,
      queuedCount: null,
      serviceRefused: null,
    });
    const api = getApi();
    const off =
      typeof api.onProgress === 'function'
        ? api.onProgress((event: ProgressEvent) => {
            if (event?.operationId !== operationId) return;
            const done = Number.isFinite(event.done) ? Math.max(0, event.done) : 0;
            const total =
              typeof event.total === 'number' && Number.isFinite(event.total) ? event.total : null;
            const phase = event.phase === 'copying' ? event.phase : null;
            set((s) =>
              s.upload?.operationId === operationId ? { upload: { ...s.upload, done, total, phase } } : {},
            );
          })
        : () => {};
    const res = await call((a) => a.uploadFiles({ projectId, paths, operationId }));
    off();
    if (get().key !== key) return;
    set({ upload: null });
    if (res.ok) {
      const ids = res.data.uploaded.map((f) => f.id);
      const queued = res.data.queued?.length ?? 0;
      // Each file the service refused, with its reason (the others went on).
      if (res.data.refused?.length) set({ serviceRefused: res.data.refused });
      if (queued > 0) {
        set({ queuedCount: queued });
        void useOutbox.getState().load();
      }
      if (ids.length === 0) {
        if (queued > 0 || res.data.refused?.length) await get().load();
        return; // the open dialog was closed, or everything waits in the outbox
      }
      if (highlightTimer) clearTimeout(highlightTimer);
      set({ highlighted: ids, uploadedCount: ids.length });
      highlightTimer = setTimeout(() => {
        highlightTimer = null;
        set({ highlighted: [] });
      }, HIGHLIGHT_MS);
      // Show the new rows at once, then the service's list.
      set((s) => ({
        rows: s.rows
          ? sortFilesByDate([...s.rows.filter((r) => !ids.includes(r.id)), ...res.data.uploaded])
          : s.rows,
      }));
      await get().load();
    } else if (res.error.kind === 'cancelled') {
      set({ uploadCancelled: true });
      // Files sent before the cancel are in the project.
      await get().load();
    } else {
      set({ uploadFailure: { error: res.error, paths, names } });
      if (res.error.kind !== 'validation') await get().load();
    }
  };

  return {
    key: null,
    projectId: null,
    ...fresh,

    open: (projectId, workspaceId) => {
      const key = `${workspaceId ?? ''}|${projectId}`;
      if (get().key !== key) {
        // An upload to the previous project goes on in main; its result is no longer shown here.
        listLatest.invalidate();
        set({ key, projectId, ...fresh });
      } else {
        set({
          saved: null,
          actionError: null,
          uploadedCount: null,
          queuedCount: null,
          uploadCancelled: false,
        });
      }
      void get().load();
      void useOutbox.getState().load();
    },

    load: async () => {
      const { projectId, key } = get();
      if (!projectId) return;
      const token = listLatest.begin();
      set({ loading: true, error: null });
      const res = await call((api) => api.listFiles({ projectId }));
      if (!listLatest.isCurrent(token) || get().key !== key) return;
      if (res.ok) {
        set({
          rows: sortFilesByDate(res.data.rows),
          source: res.data.source,
          fetchedAt: res.data.fetchedAt,
          loading: false,
        });
      } else {
        set({ loading: false, error: res.error });
      }
    },

    uploadDropped: async (files) => {
      const { projectId } = get();
      if (get().upload || !projectId) return;
      const { allowed, refused } = checkUploads(files);
      // Only the allowed ones are asked for: a refused type is never offered to main.
      const readable = (await droppedPaths(allowed, projectId)).filter((r) => r.path);
      const unreadable = allowed.filter((f) => !readable.some((r) => r.file === f)).map((f) => f.name);
      const refusedNames = [...refused.map((f) => f.name), ...unreadable];
      set({ refused: refusedNames.length > 0 ? refusedNames : null });
      if (readable.length === 0) return;
      await runUpload(
        readable.map((r) => r.path),
        readable.map((r) => r.file.name),
      );
    },

    uploadPicked: async () => {
      if (get().upload) return;
      set({ refused: null });
      await runUpload(undefined, []);
    },

    retryUpload: async () => {
      const failure = get().uploadFailure;
      if (!failure || get().upload) return;
      // The same paths again: main kept their grants because the upload failed.
      await runUpload(failure.paths, failure.paths ? failure.names : []);
    },

    cancelUpload: async () => {
      const run = get().upload;
      if (!run || run.cancelling) return;
      set({ upload: { ...run, cancelling: true } });
      await call((api) => api.cancelOperation(run.operationId));
    },

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

    dismissUploadNotice: (which) => set(DISMISSED[which]),
    dismissResult: () => set({ saved: null, actionError: null }),
  };
});

// A waiting upload of the open project that leaves the outbox was sent (or removed): the list is
// read again, so a file sent in the background shows without a reload.
let waitingIds = new Set<number>();
useOutbox.subscribe((state) => {
  const { projectId } = useFiles.getState();
  const now = new Set(state.entries.filter((e) => e.projectId === projectId).map((e) => e.id));
  const left = [...waitingIds].some((id) => !now.has(id));
  waitingIds = now;
  if (!left || !projectId) return;
  // Nothing of the project waits any more: the notice that files wait is no longer true.
  if (now.size === 0) useFiles.setState({ queuedCount: null });
  void useFiles.getState().load();
});

registerScreen('files', {
  open: (view) => useFiles.getState().open(view.projectId, view.workspaceId),
  refresh: () => void useFiles.getState().load(),
});
