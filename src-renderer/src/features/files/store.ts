import { create } from 'zustand';
import type { ErrorValue } from '../../../../src-shared/errors/service-error';
import { call, getApi, newOperationId } from '../../api';
import { latestOnly } from '../../lib/latest';
import { registerScreen } from '../navigation/store';
import { useOperations } from '../operations/store';
import { useOutbox } from '../outbox/store';
import { checkUploads } from './file-types';
import { sortFilesByDate } from './sort';
import type { FilePreview, FileRow } from '../../../../src-shared/files/types';
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

export interface UploadRun {
  operationId: string;
  /** The dropped files' paths; undefined: main asks with the open dialog. */
  paths: string[] | undefined;
  names: string[];
  done: number;
  total: number | null;
  cancelling: boolean;
}

export type FileAction = 'preview' | 'download' | 'open' | 'show' | 'delete';

export type PreviewState =
  | { file: FileRow; status: 'loading'; operationId: string }
  | { file: FileRow; status: 'ready'; preview: FilePreview }
  | { file: FileRow; status: 'none' }
  | { file: FileRow; status: 'error'; error: ErrorValue };

interface FilesState {
  /** `<workspace>|<project>`: what the data below belongs to. */
  key: string | null;
  projectId: string | null;
  rows: FileRow[] | null;
  /** Where the rows came from: `cache` offline (the screen says from when). */
  source: 'network' | 'cache' | null;
  fetchedAt: string | null;
  loading: boolean;
  error: ErrorValue | null;

  upload: UploadRun | null;
  /**
   * The last upload failed: the error, and what Retry sends again (dropped files are registered with
   * main again: each registration is good for one upload).
   */
  uploadFailure: { error: ErrorValue; dropped: File[] | undefined; names: string[] } | null;
  uploadCancelled: boolean;
  /** Files refused before sending (type not allowed). */
  refused: string[] | null;
  /** How many files the last upload added (a success notice). */
  uploadedCount: number | null;
  /** How many files the last upload put in the outbox (offline, or the connection dropped). */
  queuedCount: number | null;
  highlighted: string[];

  busy: Record<string, FileAction>;
  /** The last download: which file, and where it was saved. */
  saved: { name: string; path: string } | null;
  actionError: ErrorValue | null;
  preview: PreviewState | null;

  open: (projectId: string, workspaceId: string | null) => void;
  load: () => Promise<void>;
  /** Uploads files dropped on the screen: refused types are named, the rest are sent. */
  uploadDropped: (files: File[]) => Promise<void>;
  /** Uploads what the user picks in main's open dialog. */
  uploadPicked: () => Promise<void>;
  retryUpload: () => Promise<void>;
  cancelUpload: () => Promise<void>;
  download: (file: FileRow) => Promise<void>;
  openWithSystem: (file: FileRow) => Promise<void>;
  /** Shows the file in the system's file manager (the types PlanDesk does not open). */
  showInFolder: (file: FileRow) => Promise<void>;
  showPreview: (file: FileRow) => Promise<void>;
  closePreview: () => void;
  /** Deletes the file; the error when it failed (the confirm dialog shows it), else null. */
  remove: (file: FileRow) => Promise<ErrorValue | null>;
  dismissUploadNotice: (which: 'refused' | 'failure' | 'cancelled' | 'uploaded' | 'queued') => void;
  dismissResult: () => void;
}

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
  uploadedCount: null,
  queuedCount: null,
  highlighted: [],
  busy: {},
  saved: null,
  actionError: null,
  preview: null,
} satisfies Partial<FilesState>;

/**
 * Dropped files with their paths on disk (Electron's webUtils), each registered with main for one
 * upload into `projectId`; '' for a file that has none (e.g. dragged from a web page).
 */
async function registerDropped(files: File[], projectId: string): Promise<{ file: File; path: string }[]> {
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

  /** `paths`: dropped files registered for this upload (`dropped`); undefined: main's open dialog. */
  const runUpload = async (paths: string[] | undefined, names: string[], dropped?: File[]) => {
    const { projectId, key } = get();
    if (!projectId || get().upload) return;
    const operationId = newOperationId('upload');
    set({
      upload: { operationId, paths, names, done: 0, total: null, cancelling: false },
      uploadFailure: null,
      uploadCancelled: false,
      uploadedCount: null,
      queuedCount: null,
    });
    const api = getApi();
    const off =
      typeof api.onProgress === 'function'
        ? api.onProgress((event: ProgressEvent) => {
            if (event?.operationId !== operationId) return;
            const done = Number.isFinite(event.done) ? Math.max(0, event.done) : 0;
            const total =
              typeof event.total === 'number' && Number.isFinite(event.total) ? event.total : null;
            set((s) =>
              s.upload?.operationId === operationId ? { upload: { ...s.upload, done, total } } : {},
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
      if (queued > 0) {
        set({ queuedCount: queued });
        void useOutbox.getState().load();
      }
      if (ids.length === 0) {
        if (queued > 0) await get().load();
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
      set({ uploadFailure: { error: res.error, dropped, names } });
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
      // Only the allowed ones are registered: a refused type is never offered to main.
      const readable = (await registerDropped(allowed, projectId)).filter((r) => r.path);
      const unreadable = allowed.filter((f) => !readable.some((r) => r.file === f)).map((f) => f.name);
      const refusedNames = [...refused.map((f) => f.name), ...unreadable];
      set({ refused: refusedNames.length > 0 ? refusedNames : null });
      if (readable.length === 0) return;
      await runUpload(
        readable.map((r) => r.path),
        readable.map((r) => r.file.name),
        readable.map((r) => r.file),
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
      const { projectId } = get();
      if (!failure.dropped || !projectId) return runUpload(undefined, []);
      // A registration is good for one upload: the files are registered again for this one.
      const paths = (await registerDropped(failure.dropped, projectId))
        .filter((r) => r.path)
        .map((r) => r.path);
      if (paths.length > 0) await runUpload(paths, failure.names, failure.dropped);
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
      if (res.ok) set({ saved: res.data.path ? { name: file.name, path: res.data.path } : null });
      else set({ actionError: res.error });
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

    dismissUploadNotice: (which) =>
      set(
        which === 'refused'
          ? { refused: null }
          : which === 'failure'
            ? { uploadFailure: null }
            : which === 'cancelled'
              ? { uploadCancelled: false }
              : which === 'queued'
                ? { queuedCount: null }
                : { uploadedCount: null },
      ),
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
