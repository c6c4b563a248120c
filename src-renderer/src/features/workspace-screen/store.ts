import { create } from 'zustand';
import type { ErrorValue } from '../../../../src-shared/errors/service-error';
import type { TeamView } from '../../../../src-shared/teams/types';
import type { WebhookTestResult } from '../../../../src-shared/webhook/types';
import type { ConnectionCheck, WorkspaceDetails } from '../../../../src-shared/workspaces/types';
import { call } from '../../api';
import { latestOnly } from '../../lib/latest';
import { registerScreen } from '../navigation/store';
import { useWorkspaces } from '../workspaces/store';

/**
 * The workspace screen: the active workspace's details as the service sends them, the
 * connectivity check, its teams, the acting user, and the webhook test sender.
 */

interface WorkspaceScreenState {
  workspaceId: string | null;
  details: WorkspaceDetails | null;
  detailsError: ErrorValue | null;
  loading: boolean;
  check: ConnectionCheck | null;
  checking: boolean;
  teams: TeamView[] | null;
  teamsError: ErrorValue | null;
  actingUserSaving: boolean;
  actingUserError: ErrorValue | null;
  actingUserSaved: boolean;
  test: { running: boolean; result: WebhookTestResult | null; error: ErrorValue | null };

  open: (workspaceId: string | null) => void;
  load: () => Promise<void>;
  checkConnection: () => Promise<void>;
  setActingUser: (value: string | null) => Promise<boolean>;
  sendTest: (request: { url: string; projectId?: string; sendRealKey: boolean }) => Promise<void>;
}

const detailsLatest = latestOnly();
const teamsLatest = latestOnly();

const fresh = {
  details: null,
  detailsError: null,
  loading: false,
  check: null,
  checking: false,
  teams: null,
  teamsError: null,
  actingUserSaving: false,
  actingUserError: null,
  actingUserSaved: false,
  test: { running: false, result: null, error: null },
} satisfies Partial<WorkspaceScreenState>;

export const useWorkspaceScreen = create<WorkspaceScreenState>()((set, get) => ({
  ...fresh,
  workspaceId: null,

  open: (workspaceId) => {
    if (workspaceId !== get().workspaceId) {
      detailsLatest.invalidate();
      teamsLatest.invalidate();
      set({ ...fresh, workspaceId });
    }
    void get().load();
  },

  load: async () => {
    const token = detailsLatest.begin();
    const teamsToken = teamsLatest.begin();
    set({ loading: true, detailsError: null, teamsError: null });
    const [details, teams] = await Promise.all([
      call((api) => api.getWorkspaceDetails()),
      call((api) => api.listTeams()),
    ]);
    if (detailsLatest.isCurrent(token)) {
      if (details.ok) set({ details: details.data, loading: false });
      else set({ detailsError: details.error, loading: false });
    }
    if (teamsLatest.isCurrent(teamsToken)) {
      if (teams.ok) set({ teams: teams.data });
      else set({ teamsError: teams.error });
    }
  },

  checkConnection: async () => {
    if (get().checking) return;
    const workspaceId = get().workspaceId;
    set({ checking: true });
    const res = await call((api) => api.checkConnection());
    if (get().workspaceId !== workspaceId) return;
    set({
      checking: false,
      check: res.ok
        ? res.data
        : { ok: false, roundTripMs: null, checkedAt: new Date().toISOString(), error: res.error },
    });
  },

  setActingUser: async (value) => {
    set({ actingUserSaving: true, actingUserError: null, actingUserSaved: false });
    const res = await call((api) => api.setActingUser({ actingUser: value }));
    set({ actingUserSaving: false });
    if (!res.ok) {
      set({ actingUserError: res.error });
      return false;
    }
    set({ actingUserSaved: true });
    // The workspace list carries the acting user; what this screen shows is asked for again with it.
    await useWorkspaces.getState().load();
    void get().load();
    return true;
  },

  sendTest: async (request) => {
    if (get().test.running) return;
    const workspaceId = get().workspaceId;
    set({ test: { running: true, result: null, error: null } });
    const res = await call((api) =>
      api.testWebhook({
        url: request.url,
        projectId: request.projectId || undefined,
        sendRealKey: request.sendRealKey,
      }),
    );
    if (get().workspaceId !== workspaceId) return;
    set({
      test: res.ok
        ? { running: false, result: res.data, error: null }
        : { running: false, result: null, error: res.error },
    });
  },
}));

registerScreen('workspace', {
  open: (view) => useWorkspaceScreen.getState().open(view.workspaceId),
  refresh: () => void useWorkspaceScreen.getState().load(),
  leave: () => {
    detailsLatest.invalidate();
    teamsLatest.invalidate();
  },
});
