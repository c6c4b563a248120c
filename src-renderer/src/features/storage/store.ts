import { create } from 'zustand';
import type { ErrorValue } from '../../../../src-shared/errors/service-error';
import type { StorageReport } from '../../../../src-shared/offline/types';
import { call } from '../../api';
import type { PlanDeskApi, Result } from '../../../../src-shared/ipc/contract';
import { registerScreen } from '../navigation/store';

/** The storage view: the report from main and what the user does with it. */
interface StorageState {
  report: StorageReport | null;
  loading: boolean;
  error: ErrorValue | null;
  busy: string | null;
  budgetSaved: boolean;
  load: () => Promise<void>;
  clear: (workspaceId: string, includePinned: boolean) => Promise<ErrorValue | null>;
  unpin: (workspaceId: string, projectId: string) => Promise<void>;
  setBudget: (megabytes: number) => Promise<void>;
  dismissError: () => void;
}

export const useStorage = create<StorageState>()((set, get) => {
  /** Runs an action that answers with a fresh report; its error is kept for the screen. */
  const act = async (
    what: string,
    run: (api: PlanDeskApi) => Promise<Result<StorageReport>>,
  ): Promise<ErrorValue | null> => {
    if (get().busy) return null;
    set({ busy: what, error: null, budgetSaved: false });
    const res = await call(run);
    set(res.ok ? { busy: null, report: res.data } : { busy: null, error: res.error });
    return res.ok ? null : res.error;
  };

  return {
    report: null,
    loading: false,
    error: null,
    busy: null,
    budgetSaved: false,

    load: async () => {
      set({ loading: true, error: null });
      const res = await call((api) => api.getOfflineStorage());
      set(res.ok ? { loading: false, report: res.data } : { loading: false, error: res.error });
    },

    clear: (workspaceId, includePinned) =>
      act(`clear-${workspaceId}`, (api) => api.clearCachedData({ workspaceId, includePinned })),

    unpin: async (workspaceId, projectId) => {
      await act(`unpin-${workspaceId}-${projectId}`, (api) =>
        api.removeOfflineCopy({ workspaceId, projectId }),
      );
    },

    setBudget: async (megabytes) => {
      const problem = await act('budget', (api) => api.setOfflineBudget({ megabytes }));
      if (!problem) set({ budgetSaved: true });
    },

    dismissError: () => set({ error: null }),
  };
});

registerScreen('storage', {
  open: () => void useStorage.getState().load(),
  refresh: () => void useStorage.getState().load(),
});
