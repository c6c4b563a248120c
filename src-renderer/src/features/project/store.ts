import { create } from 'zustand';
import type { ErrorValue } from '../../../../src-shared/errors/service-error';
import type { PlanResult } from '../../../../src-shared/plans/types';
import type { ProjectDetailView, ProjectFacts } from '../../../../src-shared/projects/types';
import { call } from '../../api';
import { latestOnly } from '../../lib/latest';
import { registerScreen, type ProjectRef } from '../navigation/store';
import { collectFacts, factsComplete } from './facts-fetch';

/**
 * The project whose screens are shown: its detail (for the tabs, which need its plan's id, and the
 * overview), and for the overview what PlanDesk knows of its estimates and its plan's key figures.
 * Read through main's cache, so the overview works offline as far as the project was seen.
 */

interface ProjectState {
  /** `<workspace>|<project>`: what the data below belongs to. */
  key: string | null;
  detail: ProjectDetailView | null;
  detailError: ErrorValue | null;
  loading: boolean;
  facts: ProjectFacts | null;
  /** The estimates' facts are being looked up (the list, then each estimate not read yet). */
  factsFetching: boolean;
  plan: PlanResult | null;
  planError: ErrorValue | null;

  /** Loads the project's detail unless it is the one loaded. */
  ensure: (project: ProjectRef) => void;
  /** The overview: the detail, the estimates' facts and the plan. */
  loadOverview: (project: ProjectRef) => Promise<void>;
}

const detailLatest = latestOnly();
const overviewLatest = latestOnly();

const keyOf = (p: ProjectRef) => `${p.workspaceId ?? ''}|${p.projectId}`;

const fresh = {
  detail: null,
  detailError: null,
  loading: false,
  facts: null,
  factsFetching: false,
  plan: null,
  planError: null,
} satisfies Partial<ProjectState>;

async function loadDetail(project: ProjectRef): Promise<ProjectDetailView | null> {
  const key = keyOf(project);
  const token = detailLatest.begin();
  useProject.setState({ loading: true, detailError: null });
  const res = await call((api) => api.getProject(project.projectId));
  if (!detailLatest.isCurrent(token) || useProject.getState().key !== key) return null;
  if (res.ok) {
    useProject.setState({ detail: res.data, loading: false });
    return res.data;
  }
  useProject.setState({ detailError: res.error, loading: false });
  return null;
}

/** The operations of the overview's facts calls (see FactsRun.onOperation). */
let factsOperations: string[] = [];

/** The project's estimates' facts, as the projects list gets them (the same facts, the same rules). */
async function loadFacts(projectId: string, current: () => boolean): Promise<void> {
  useProject.setState({ factsFetching: true });
  const finished = await collectFacts({
    wanted: (round) => (round === 0 || !factsComplete(useProject.getState().facts) ? [projectId] : []),
    receive: (facts) => useProject.setState({ facts: facts[projectId] ?? null }),
    current: () => [useProject.getState().facts],
    stillWanted: current,
    onOperation: (id) => {
      factsOperations.push(id);
    },
  });
  if (finished) useProject.setState({ factsFetching: false });
}

export const useProject = create<ProjectState>()((set, get) => ({
  key: null,
  ...fresh,

  ensure: (project) => {
    const key = keyOf(project);
    if (get().key === key && (get().detail || get().loading)) return;
    if (get().key !== key) {
      detailLatest.invalidate();
      overviewLatest.invalidate();
      set({ key, ...fresh });
    }
    void loadDetail(project);
  },

  loadOverview: async (project) => {
    const key = keyOf(project);
    if (get().key !== key) {
      detailLatest.invalidate();
      set({ key, ...fresh });
    }
    const token = overviewLatest.begin();
    const current = () => overviewLatest.isCurrent(token) && get().key === key;
    const [detail] = await Promise.all([loadDetail(project), loadFacts(project.projectId, current)]);
    if (!current()) return;
    const planId = detail?.planId ?? get().detail?.planId;
    if (!planId) return;
    const plan = await call((api) => api.getPlan({ planId }));
    if (!overviewLatest.isCurrent(token) || get().key !== key) return;
    if (plan.ok) set({ plan: plan.data, planError: null });
    else set({ planError: plan.error });
  },
}));

registerScreen('project', {
  open: (view) => void useProject.getState().loadOverview(view),
  refresh: (view) => void useProject.getState().loadOverview(view),
  leave: () => {
    overviewLatest.invalidate();
    const running = factsOperations;
    factsOperations = [];
    for (const id of running) void call((api) => api.cancelOperation(id));
    useProject.setState({ factsFetching: false });
  },
});
