import { call, getApi, newOperationId } from '../../api';
import { useOutbox } from '../outbox/store';
import { checkUploads } from './file-types';
import { sortFilesByDate } from './sort';
import type { FilesState, Get, Set } from './files-state';
import type { ProgressEvent } from '../../../../src-shared/operations/types';

/*
 * A part of the files store (store.ts): uploads, dropped or picked in main's open dialog, with their
 * byte progress, cancel and retry. Written against the store's own get and set.
 */

/** How long new files stay highlighted after an upload. */
export const HIGHLIGHT_MS = 4000;

let highlightTimer: ReturnType<typeof setTimeout> | null = null;

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

type UploadActions = 'uploadDropped' | 'uploadPicked' | 'retryUpload' | 'cancelUpload';

export function uploadSlice(set: Set, get: Get): Pick<FilesState, UploadActions> {
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
  };
}
