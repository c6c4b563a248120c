import { create } from 'zustand';
import { call } from '../../api';
import { latestOnly } from '../../lib/latest';
import { registerScreen } from '../navigation/store';
import { useOutbox } from '../outbox/store';
import { sortFilesByDate } from './sort';
import { fileActionsSlice } from './store-file-actions';
import { uploadSlice } from './store-upload';
import type { FilesState, UploadNotice } from './files-state';

/**
 * A project's files: the list (offline, the one kept on this computer), uploads (dropped files or
 * the open dialog) with their own byte progress, cancel and retry (store-upload.ts), and the per-file
 * actions (preview, download, open, delete: store-file-actions.ts). Uploads that cannot be sent now
 * wait in the outbox (features/outbox): the upload then reports them as queued, not as failed.
 */

const listLatest = latestOnly();

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

/** What dismissing each upload notice clears. */
const DISMISSED: Record<UploadNotice, Partial<FilesState>> = {
  refused: { refused: null },
  serviceRefused: { serviceRefused: null },
  failure: { uploadFailure: null },
  cancelled: { uploadCancelled: false },
  queued: { queuedCount: null },
  uploaded: { uploadedCount: null },
};

export const useFiles = create<FilesState>()((set, get) => ({
  key: null,
  projectId: null,
  ...fresh,
  ...uploadSlice(set, get),
  ...fileActionsSlice(set, get),

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

  dismissUploadNotice: (which) => set(DISMISSED[which]),
  dismissResult: () => set({ saved: null, actionError: null }),
}));

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
