import { create } from 'zustand';
import { call } from '../../api';
import { APP_NOTICE_CODES, type AppNotice } from '../../../../src-shared/app/types';

/**
 * Things main tells the user once (a damaged settings file or offline copy moved aside, an offline
 * copy that cannot be saved). Taken from main at start-up and after every workspace change; each
 * stays at the top of the window until dismissed.
 */
export interface ShownNotice extends AppNotice {
  id: number;
}

interface NoticesState {
  notices: ShownNotice[];
  take: () => Promise<void>;
  dismiss: (id: number) => void;
}

let nextId = 1;
const KNOWN = new Set<string>(APP_NOTICE_CODES);

export const useNotices = create<NoticesState>()((set) => ({
  notices: [],
  take: async () => {
    const res = await call((api) => api.takeNotices());
    // A failed call is not worth an error message of its own: these notices are a courtesy.
    if (!res.ok || !Array.isArray(res.data)) return;
    const fresh = res.data.filter((n) => n && KNOWN.has(n.code)).map((n) => ({ ...n, id: nextId++ }));
    if (fresh.length > 0) set((s) => ({ notices: [...s.notices, ...fresh] }));
  },
  dismiss: (id) => set((s) => ({ notices: s.notices.filter((n) => n.id !== id) })),
}));
