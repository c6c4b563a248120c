import { create } from 'zustand';
import type { ErrorValue } from '../../../../src-shared/errors/service-error';
import type { Result } from '../../../../src-shared/ipc/contract';
import { call } from '../../api';
import type { UiLanguage } from '../../../../src-shared/i18n/languages';
import type { WorkspaceList, WorkspaceMeta } from '../../../../src-shared/workspaces/types';

export interface NewWorkspaceInput {
  customer: string;
  key: string;
  baseUrl: string;
  actingUser?: string;
  language: UiLanguage;
}

interface WorkspacesState {
  status: 'idle' | 'loading' | 'ready' | 'error';
  loadError: ErrorValue | null;
  workspaces: WorkspaceMeta[];
  activeId: string | null;
  /**
   * Bumped whenever what the views show must be fetched again: another workspace became active,
   * or the active one got a new key. Views load on (activeId, generation).
   */
  generation: number;
  /** The workspace whose key the replace-key dialog asks for; null when the dialog is closed. */
  keyDialogFor: string | null;
  /** Workspaces whose key prompt the user put off ("Later"); the banner stays. */
  keyPromptDeferred: string[];
  /** A failure of a shell action (switch, remove, language), shown above the view until dismissed. */
  shellError: ErrorValue | null;
  busy: boolean;

  load: () => Promise<void>;
  switchTo: (id: string) => Promise<void>;
  add: (input: NewWorkspaceInput) => Promise<Result<WorkspaceMeta>>;
  remove: (id: string) => Promise<Result<WorkspaceList>>;
  replaceKey: (id: string, key: string) => Promise<Result<WorkspaceMeta>>;
  keyRejected: (id: string) => void;
  openKeyDialog: (id: string) => void;
  deferKeyDialog: () => void;
  setShellError: (error: ErrorValue | null) => void;
}

function activeNeedsPrompt(
  list: WorkspaceMeta[],
  activeId: string | null,
  deferred: string[],
): string | null {
  const active = list.find((w) => w.id === activeId);
  return active?.needsKey && !deferred.includes(active.id) ? active.id : null;
}

export const useWorkspaces = create<WorkspacesState>()((set, get) => {
  /** Takes a fresh list from main; bumps the generation when the active workspace changed. */
  const applyList = (list: WorkspaceList, forceRefresh = false) => {
    const s = get();
    const changed = forceRefresh || list.activeId !== s.activeId;
    const keyDialogFor =
      s.keyDialogFor ?? activeNeedsPrompt(list.workspaces, list.activeId, s.keyPromptDeferred);
    set({
      workspaces: list.workspaces,
      activeId: list.activeId,
      status: 'ready',
      loadError: null,
      generation: changed ? s.generation + 1 : s.generation,
      keyDialogFor: keyDialogFor && list.workspaces.some((w) => w.id === keyDialogFor) ? keyDialogFor : null,
    });
  };

  return {
    status: 'idle',
    loadError: null,
    workspaces: [],
    activeId: null,
    generation: 0,
    keyDialogFor: null,
    keyPromptDeferred: [],
    shellError: null,
    busy: false,

    load: async () => {
      if (get().status !== 'ready') set({ status: 'loading' });
      const res = await call((api) => api.listWorkspaces());
      if (res.ok) applyList(res.data);
      else if (get().status !== 'ready') set({ status: 'error', loadError: res.error });
      else set({ shellError: res.error });
    },

    switchTo: async (id) => {
      if (id === get().activeId || get().busy) return;
      set({ busy: true, shellError: null });
      const res = await call((api) => api.switchWorkspace(id));
      set({ busy: false });
      if (res.ok) applyList(res.data);
      else set({ shellError: res.error });
    },

    add: async (input) => {
      const res = await call((api) =>
        api.addWorkspace({
          customer: input.customer,
          key: input.key,
          baseUrl: input.baseUrl,
          actingUser: input.actingUser || undefined,
          language: input.language,
        }),
      );
      if (res.ok) {
        // Main makes the new workspace active; read the list again to show exactly what it has.
        const list = await call((api) => api.listWorkspaces());
        if (list.ok) applyList(list.data, true);
        else {
          const s = get();
          set({
            workspaces: [...s.workspaces.filter((w) => w.id !== res.data.id), res.data],
            activeId: res.data.id,
            generation: s.generation + 1,
          });
        }
      }
      return res;
    },

    remove: async (id) => {
      set({ busy: true });
      const res = await call((api) => api.removeWorkspace(id));
      set({ busy: false });
      if (res.ok) {
        set((s) => ({ keyPromptDeferred: s.keyPromptDeferred.filter((d) => d !== id) }));
        applyList(res.data);
      }
      return res;
    },

    replaceKey: async (id, key) => {
      const res = await call((api) => api.replaceWorkspaceKey(id, key));
      if (res.ok) {
        const s = get();
        set({
          workspaces: s.workspaces.map((w) => (w.id === id ? { ...res.data, needsKey: false } : w)),
          keyDialogFor: null,
          keyPromptDeferred: s.keyPromptDeferred.filter((d) => d !== id),
          generation: id === s.activeId ? s.generation + 1 : s.generation,
          shellError: null,
        });
      }
      return res;
    },

    keyRejected: (id) => {
      const s = get();
      if (!s.workspaces.some((w) => w.id === id)) return;
      set({
        workspaces: s.workspaces.map((w) => (w.id === id ? { ...w, needsKey: true } : w)),
        keyPromptDeferred: s.keyPromptDeferred.filter((d) => d !== id),
        keyDialogFor: s.keyDialogFor ?? id,
      });
    },

    openKeyDialog: (id) => set({ keyDialogFor: id }),

    deferKeyDialog: () => {
      const s = get();
      if (!s.keyDialogFor) return;
      set({ keyDialogFor: null, keyPromptDeferred: [...s.keyPromptDeferred, s.keyDialogFor] });
    },

    setShellError: (error) => set({ shellError: error }),
  };
});

export function selectActiveWorkspace(s: { workspaces: WorkspaceMeta[]; activeId: string | null }) {
  return s.workspaces.find((w) => w.id === s.activeId) ?? null;
}
