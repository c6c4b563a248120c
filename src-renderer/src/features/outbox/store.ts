import { create } from 'zustand';
import type { ErrorValue } from '../../../../src-shared/errors/service-error';
import type { OutboxEntryView, OutboxUpdate } from '../../../../src-shared/outbox/types';
import { call } from '../../api';
import { useWorkspaces } from '../workspaces/store';

/**
 * The active workspace's waiting uploads: read when the files screen shows, kept current by
 * `event:outbox` (added, progress, sent, held). Remove (cancels one being sent), retry, and choose
 * the file again for one whose copy is gone or damaged.
 */
interface OutboxState {
  workspaceId: string | null;
  entries: OutboxEntryView[];
  busy: Record<number, 'remove' | 'retry' | 'choose'>;
  error: ErrorValue | null;
  load: () => Promise<void>;
  received: (update: OutboxUpdate) => void;
  remove: (id: number) => Promise<ErrorValue | null>;
  retry: (id: number) => Promise<void>;
  /** Its copy is gone or damaged: the user chooses the original file again (main's open dialog). */
  chooseAgain: (id: number) => Promise<void>;
  dismissError: () => void;
}

export const useOutbox = create<OutboxState>()((set) => {
  const setBusy = (id: number, action: 'remove' | 'retry' | 'choose' | null) =>
    set((s) => {
      const busy = { ...s.busy };
      if (action) busy[id] = action;
      else delete busy[id];
      return { busy };
    });

  return {
    workspaceId: null,
    entries: [],
    busy: {},
    error: null,

    load: async () => {
      const workspaceId = useWorkspaces.getState().activeId;
      const res = await call((api) => api.listWaitingUploads({}));
      if (workspaceId !== useWorkspaces.getState().activeId) return;
      if (res.ok) set({ workspaceId, entries: res.data });
    },

    received: (update) => {
      if (update.workspaceId !== useWorkspaces.getState().activeId) return;
      set({ workspaceId: update.workspaceId, entries: update.entries });
    },

    remove: async (id) => {
      setBusy(id, 'remove');
      const res = await call((api) => api.removeWaitingUpload({ id }));
      setBusy(id, null);
      if (!res.ok) return res.error;
      set((s) => ({ entries: s.entries.filter((e) => e.id !== id) }));
      return null;
    },

    retry: async (id) => {
      setBusy(id, 'retry');
      const res = await call((api) => api.retryWaitingUpload({ id }));
      setBusy(id, null);
      if (!res.ok) set({ error: res.error });
    },

    chooseAgain: async (id) => {
      setBusy(id, 'choose');
      const res = await call((api) => api.chooseWaitingUploadFileAgain({ id }));
      setBusy(id, null);
      if (!res.ok) set({ error: res.error });
    },

    dismissError: () => set({ error: null }),
  };
});

/** The waiting uploads of one project, in the order they are sent. */
export function useProjectOutbox(projectId: string | null): OutboxEntryView[] {
  const entries = useOutbox((s) => s.entries);
  const workspaceId = useOutbox((s) => s.workspaceId);
  const activeId = useWorkspaces((s) => s.activeId);
  if (!projectId || workspaceId !== activeId) return [];
  return entries.filter((e) => e.projectId === projectId);
}
