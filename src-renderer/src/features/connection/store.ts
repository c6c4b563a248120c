import { create } from 'zustand';
import type { ErrorValue } from '../../../../src-shared/errors/service-error';
import type { ConnectionStatus } from '../../../../src-shared/offline/types';
import { call } from '../../api';

/**
 * The header's connection indicator: main's status (online, offline since, syncing, uploads
 * waiting), fetched when the indicator shows and replaced by every `event:connection`; "Sync now".
 */
interface ConnectionState {
  status: ConnectionStatus | null;
  syncing: boolean;
  error: ErrorValue | null;
  load: () => Promise<void>;
  received: (status: ConnectionStatus) => void;
  syncNow: () => Promise<void>;
  dismissError: () => void;
}

export const useConnection = create<ConnectionState>()((set, get) => ({
  status: null,
  syncing: false,
  error: null,

  load: async () => {
    const res = await call((api) => api.getConnectionStatus());
    if (res.ok) set({ status: res.data });
  },

  received: (status) => set({ status }),

  syncNow: async () => {
    if (get().syncing) return;
    set({ syncing: true, error: null });
    const res = await call((api) => api.syncNow());
    set(res.ok ? { syncing: false, status: res.data } : { syncing: false, error: res.error });
  },

  dismissError: () => set({ error: null }),
}));
