import { create } from 'zustand';

/**
 * Where the user is: the projects list, one of a project's screens (its overview, its estimates, one
 * estimate, its plan, its files), or one of the workspace's own screens (its forms, the workspace
 * itself). A view is plain data; moving between views goes through `go`, which tells the screen left
 * and the screen shown, and remembers where the user came from: `back` and `forward` walk that
 * history as a browser does. Each feature registers a loader for its screens (`registerScreen`) and
 * keeps its own data: navigation imports no feature, so no store imports another in a circle.
 */

/** The project a screen belongs to, and the workspace it was opened in. */
export interface ProjectRef {
  workspaceId: string | null;
  projectId: string;
  projectName: string;
}

export type View =
  | { name: 'projects' }
  | ({ name: 'project' } & ProjectRef)
  | ({ name: 'estimates' } & ProjectRef)
  | ({
      name: 'estimate';
      estimateId: string;
      /** Only the positions of one place on the plan (a room, or "not on the plan"), and that plan. */
      place?: string;
      planId?: string | null;
    } & ProjectRef)
  | ({ name: 'plan'; planId: string } & ProjectRef)
  | ({ name: 'files' } & ProjectRef)
  | { name: 'forms'; workspaceId: string | null }
  | { name: 'workspace'; workspaceId: string | null }
  /** What PlanDesk keeps on this computer, for every workspace (settings). */
  | { name: 'storage' };

export type ViewName = View['name'];
export type ViewOf<N extends ViewName> = Extract<View, { name: N }>;

/** What a feature does when one of its screens is shown, fetched again, or left. */
export interface ScreenLoader<N extends ViewName> {
  /** The screen is shown for `view`, coming from `from`: load what it shows. */
  open?: (view: ViewOf<N>, from: View) => void;
  /** Fetch what the screen shows again (menu's Reload, connection back, a new key). */
  refresh: (view: ViewOf<N>) => void;
  /** The screen is no longer shown (`to` is): stop its work, drop what the next screen will not show. */
  leave?: (view: ViewOf<N>, to: View) => void;
}

type Loaders = { [N in ViewName]?: ScreenLoader<N> };
const loaders: Loaders = {};

/** Called once by the feature that owns the screen, when its store module loads. */
export function registerScreen<N extends ViewName>(name: N, loader: ScreenLoader<N>): void {
  (loaders as Record<N, ScreenLoader<N>>)[name] = loader;
}

function loaderOf<V extends View>(view: V): ScreenLoader<V['name']> | undefined {
  return loaders[view.name] as ScreenLoader<V['name']> | undefined;
}

/** Views remembered behind (and ahead of) the current one, at most. */
const HISTORY_LIMIT = 50;

/** The views of one project (its overview, estimates, an estimate, plan, files). */
export function isProjectView(view: View): view is Extract<View, ProjectRef> {
  return 'projectId' in view;
}

/** Two views show the same screen for the same thing. */
export function sameView(a: View, b: View): boolean {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  for (const k of keys) {
    if ((a as unknown as Record<string, unknown>)[k] !== (b as unknown as Record<string, unknown>)[k])
      return false;
  }
  return true;
}

interface NavigationState {
  view: View;
  /** The views before the current one, oldest first. */
  past: View[];
  /** The views `back` left, the most recent last (emptied by any other move). */
  future: View[];
  /** Shows `view`: the screen left is told first, then the one shown loads what it needs. */
  go: (view: View) => void;
  /** The view before this one, as a browser's Back does; false when there is none. */
  back: () => boolean;
  /** The view `back` left; false when there is none. */
  forward: () => boolean;
  /** Forgets the history (another workspace: its views must not come back). */
  clearHistory: () => void;
  /** The project's own screen: its overview, and tabs for its estimates, plan and files. */
  openOverview: (project: ProjectRef) => void;
  openProject: (project: ProjectRef) => void;
  /** One estimate of the project whose estimates are shown. */
  openEstimate: (estimateId: string) => void;
  /** The project's plan (floors, rooms, rooms table). */
  openPlan: (project: ProjectRef, planId: string) => void;
  /** The project's files (list, upload, download). */
  openFiles: (project: ProjectRef) => void;
  backToProjects: () => void;
  /** From one estimate back to its project's list. */
  backToList: () => void;
  /** Fetches what the current view shows again (connection back, menu's Reload, new key). */
  refresh: () => void;
}

export const useNavigation = create<NavigationState>()((set, get) => {
  /** Tells the screen left, shows `view`, tells the screen shown; `history` is the new past/future. */
  const show = (view: View, history: Pick<NavigationState, 'past' | 'future'>) => {
    const from = get().view;
    loaderOf(from)?.leave?.(from, view);
    set({ view, ...history });
    loaderOf(view)?.open?.(view, from);
  };

  return {
    view: { name: 'projects' },
    past: [],
    future: [],

    go: (view) => {
      const { view: from, past } = get();
      // Showing the same view again (a new workspace's forms, say) is no step in the history.
      const nextPast = sameView(from, view) ? past : [...past, from].slice(-HISTORY_LIMIT);
      show(view, { past: nextPast, future: [] });
    },

    back: () => {
      const { view, past, future } = get();
      const previous = past.at(-1);
      if (!previous) return false;
      show(previous, { past: past.slice(0, -1), future: [...future, view].slice(-HISTORY_LIMIT) });
      return true;
    },

    forward: () => {
      const { view, past, future } = get();
      const next = future.at(-1);
      if (!next) return false;
      show(next, { past: [...past, view].slice(-HISTORY_LIMIT), future: future.slice(0, -1) });
      return true;
    },

    clearHistory: () => set({ past: [], future: [] }),

    openOverview: (project) => get().go({ name: 'project', ...project }),

    openProject: (project) => get().go({ name: 'estimates', ...project }),

    openEstimate: (estimateId) => {
      const view = get().view;
      if (view.name !== 'estimates' && view.name !== 'estimate') return;
      get().go({ ...view, name: 'estimate', estimateId });
    },

    openPlan: (project, planId) => get().go({ name: 'plan', ...project, planId }),

    openFiles: (project) => get().go({ name: 'files', ...project }),

    backToProjects: () => get().go({ name: 'projects' }),

    backToList: () => {
      const view = get().view;
      if (view.name !== 'estimate') return;
      const { workspaceId, projectId, projectName } = view;
      get().go({ name: 'estimates', workspaceId, projectId, projectName });
    },

    refresh: () => {
      const view = get().view;
      loaderOf(view)?.refresh(view);
    },
  };
});
