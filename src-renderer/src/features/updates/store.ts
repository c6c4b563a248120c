import { create } from 'zustand';
import type { UpdateStatus } from '../../../../src-shared/updates/types';
import { call } from '../../api';

/**
 * What main says about updates (event:update, and once at start), and what the user did about it.
 * A failed check is shown once per session: later failures are only logged by main.
 */
interface UpdatesState {
  status: UpdateStatus | null;
  /** The running version (shown next to the setting). */
  version: string | null;
  /** The one failure this session shows, until dismissed. */
  failure: string | null;
  failureSeen: boolean;
  /** The version the user said "Later" to. */
  postponed: string | null;
  /** The setting is being saved. */
  saving: boolean;
  load: () => Promise<void>;
  received: (status: UpdateStatus) => void;
  setAutomatic: (automatic: boolean) => Promise<boolean>;
  install: () => Promise<void>;
  dismissFailure: () => void;
  postpone: () => void;
}

export const useUpdates = create<UpdatesState>()((set, get) => ({
  status: null,
  version: null,
  failure: null,
  failureSeen: false,
  postponed: null,
  saving: false,
  load: async () => {
    // The version is known from start-up (boot.ts); asked here only when it is not.
    const [info, res] = await Promise.all([
      get().version === null ? call((api) => api.appInfo()) : null,
      call((api) => api.getUpdateStatus()),
    ]);
    if (info?.ok) set({ version: info.data.version });
    if (res.ok) get().received(res.data);
  },
  received: (status) => {
    if (!status || typeof status !== 'object') return;
    const s = get();
    if (status.failure && !s.failureSeen) set({ status, failure: status.failure, failureSeen: true });
    else set({ status });
  },
  setAutomatic: async (automatic) => {
    // Shown at once; put back if main could not save it.
    const before = get().status;
    if (before) set({ status: { ...before, automatic }, saving: true });
    const res = await call((api) => api.setAutomaticUpdates(automatic));
    set({ saving: false });
    if (res.ok) get().received(res.data);
    else if (before) set({ status: before });
    return res.ok;
  },
  install: async () => {
    await call((api) => api.installUpdate());
  },
  dismissFailure: () => set({ failure: null }),
  postpone: () => set((s) => ({ postponed: s.status?.version ?? null })),
}));
