import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { channels, events, type Channel } from '../../src-shared/ipc/contract';
import { createDispatcher } from '../../src-main/ipc/handlers';
import { MemorySecretStore } from '../../src-main/secrets/secret-store';
import { createServices, type RunningServices } from '../../src-main/app/services';
import { startSimulator, type Simulator } from '../../simulator';
import { captureLog } from '../helpers/log-capture';
import { loadRendererModule as load } from '../helpers/renderer-module';
import { testDialogs } from '../helpers/test-dialogs';
import type { EstimateList, EstimateSummary, EstimateView } from '../../src-shared/estimates/types';
import type { FileRow } from '../../src-shared/files/types';
import type { PlanResult } from '../../src-shared/plans/types';
import type { ProjectPage } from '../../src-shared/projects/types';

/*
 * The renderer's navigation store with the real feature stores behind it, and behind those
 * `window.api` wired to main's dispatcher (as the e2e harness wires it), main's services and the
 * simulator over HTTP. The test holds an answer back when it needs an order of events.
 * The renderer modules are loaded at run time (see loadRendererModule); the types below are the
 * slice of them this test uses.
 */

interface ProjectRef {
  workspaceId: string | null;
  projectId: string;
  projectName: string;
}
type View =
  | { name: 'projects' }
  | ({ name: 'estimates' } & ProjectRef)
  | ({ name: 'estimate'; estimateId: string } & ProjectRef)
  | ({ name: 'plan'; planId: string } & ProjectRef)
  | ({ name: 'files' } & ProjectRef);
interface Store<S> {
  getState(): S;
}
interface NavigationModule {
  useNavigation: Store<{
    view: View;
    go(view: View): void;
    openProject(project: ProjectRef): void;
    openEstimate(estimateId: string): void;
    openPlan(project: ProjectRef, planId: string): void;
    openFiles(project: ProjectRef): void;
    backToProjects(): void;
    backToList(): void;
    refresh(): void;
  }>;
}
interface EstimatesModule {
  useEstimates: Store<{
    list: EstimateList | null;
    listProjectId: string | null;
    listLoading: boolean;
    estimate: EstimateView | null;
    estimateLoading: boolean;
    offlineProjectId: string | null;
    listTotals: Record<string, EstimateSummary>;
    totalsFetching: boolean;
  }>;
}
interface PlansModule {
  usePlans: Store<{ planId: string | null; result: PlanResult | null; loading: boolean }>;
}
interface FilesModule {
  useFiles: Store<{ projectId: string | null; rows: FileRow[] | null; loading: boolean }>;
}
interface ProjectsModule {
  useProjects: Store<{ page: ProjectPage | null; loading: boolean }>;
}

let sim: Simulator;
let dir: string;
let services: RunningServices;
let workspaceId: string;
let nav: NavigationModule['useNavigation'];
let estimates: EstimatesModule['useEstimates'];
let plans: PlansModule['usePlans'];
let files: FilesModule['useFiles'];
let projects: ProjectsModule['useProjects'];

/** Channels called through window.api, in order. */
let calls: Channel[] = [];
/** Main's work and the answers the stores wait for, until they are done. */
const inFlight = new Set<Promise<unknown>>();

function track(work: Promise<unknown>): void {
  inFlight.add(work);
  void work.finally(() => inFlight.delete(work));
}

interface Hold {
  gate: Promise<void>;
  open: () => void;
  answer?: Promise<unknown>;
}
/** Answers held back until the test releases them, by channel (the next call only). */
const holds = new Map<Channel, Hold>();

/** Holds back the answer to the next call on `channel`: main does its work, the renderer waits. */
function holdNext(channel: Channel): () => void {
  let open!: () => void;
  const gate = new Promise<void>((r) => (open = r));
  const hold: Hold = { gate, open: () => open() };
  holds.set(channel, hold);
  return () => {
    hold.open();
    if (hold.answer) track(hold.answer);
  };
}

/** Every call answered (but those held back), and what the stores do with the answers done. */
async function settled(): Promise<void> {
  while (inFlight.size > 0) await Promise.allSettled([...inFlight]);
  await new Promise((r) => setTimeout(r, 0));
}

function installApi(dispatch: ReturnType<typeof createDispatcher>): void {
  const api: Record<string, unknown> = {};
  for (const [channel, method] of Object.entries(channels) as [Channel, string][]) {
    api[method] = (...args: unknown[]) => {
      calls.push(channel);
      const dispatched = dispatch(channel, args);
      track(dispatched);
      const hold = holds.get(channel);
      if (!hold) return dispatched;
      holds.delete(channel);
      hold.answer = dispatched.then(async (result) => {
        await hold.gate;
        return result;
      });
      return hold.answer;
    };
  }
  for (const method of Object.values(events)) api[method] = () => () => undefined;
  (globalThis as { window?: unknown }).window = { api };
}

interface DemoProject extends ProjectRef {
  estimateIds: string[];
  planId: string | null;
}
let withPlan: DemoProject;
let other: DemoProject;
/** A project no other test opens: main knows none of its estimates' totals until this one asks. */
let untouched: DemoProject;

beforeAll(async () => {
  sim = await startSimulator({ dataset: 'demo' });
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'plandesk-nav-'));
  services = createServices({
    version: 'test',
    platform: 'linux',
    userDataDir: dir,
    secrets: new MemorySecretStore(),
    logger: captureLog().logger,
    emit: () => undefined,
    dialogs: testDialogs(dir).dialogs,
  });
  const w = sim.workspaces[0]!;
  workspaceId = (
    await services.workspaces.add({
      customer: w.customer,
      key: w.key,
      baseUrl: sim.baseUrl,
      language: 'en-US',
    })
  ).id;
  installApi(createDispatcher(services, () => undefined));

  const page = await services.projects.list({ page: 1, pageSize: 50, sort: 'service', direction: 'asc' });
  const found: DemoProject[] = [];
  for (const p of page.rows) {
    const list = await services.estimates.list(p.id);
    if (list.rows.length < 2) continue;
    const detail = await services.projects.get(p.id);
    found.push({
      workspaceId,
      projectId: p.id,
      projectName: p.name,
      estimateIds: list.rows.map((r) => r.id),
      planId: detail.planId ?? null,
    });
  }
  withPlan = found.find((p) => p.planId)!;
  other = found.find((p) => p.projectId !== withPlan.projectId)!;
  // Beyond the projects list's first page: the list's background facts never read its estimates.
  const firstPage = new Set(page.rows.slice(0, 25).map((r) => r.id));
  untouched = found.find((p) => p !== withPlan && p !== other && !firstPage.has(p.projectId))!;
  expect(withPlan).toBeDefined();
  expect(other).toBeDefined();
  expect(untouched).toBeDefined();

  nav = (await load<NavigationModule>('features/navigation/store.ts')).useNavigation;
  [estimates, plans, files, projects] = await Promise.all([
    load<EstimatesModule>('features/estimates/store.ts').then((m) => m.useEstimates),
    load<PlansModule>('features/plans/store.ts').then((m) => m.usePlans),
    load<FilesModule>('features/files/store.ts').then((m) => m.useFiles),
    load<ProjectsModule>('features/projects/store.ts').then((m) => m.useProjects),
  ]);
});

afterAll(async () => {
  delete (globalThis as { window?: unknown }).window;
  await services.close();
  await sim.close();
  await fs.rm(dir, { recursive: true, force: true });
});

beforeEach(() => {
  calls = [];
});

afterEach(async () => {
  nav.getState().backToProjects();
  await settled();
});

const ref = ({ workspaceId, projectId, projectName }: DemoProject): ProjectRef => ({
  workspaceId,
  projectId,
  projectName,
});

describe('navigation', () => {
  it('starts on the projects list; a project and its estimates are views of plain data', async () => {
    expect(nav.getState().view).toEqual({ name: 'projects' });

    nav.getState().openProject(ref(withPlan));
    expect(nav.getState().view).toEqual({ name: 'estimates', ...ref(withPlan) });
    await settled();
    expect(estimates.getState().list?.rows.map((r) => r.id)).toEqual(withPlan.estimateIds);
    expect(estimates.getState().offlineProjectId).toBe(withPlan.projectId);

    const estimateId = withPlan.estimateIds[1]!;
    nav.getState().openEstimate(estimateId);
    expect(nav.getState().view).toEqual({ name: 'estimate', ...ref(withPlan), estimateId });
    await settled();
    expect(estimates.getState().estimate?.estimate.id).toBe(estimateId);
    // The list's totals that main did not know yet were fetched in the background.
    expect(calls).toEqual(['estimates:list', 'offline:status', 'estimates:totals', 'estimates:get']);
  });

  it('back from an estimate keeps the list that came from the service; back to projects drops it all', async () => {
    nav.getState().openProject(ref(withPlan));
    await settled();
    const list = estimates.getState().list;
    nav.getState().openEstimate(withPlan.estimateIds[0]!);
    await settled();

    calls = [];
    nav.getState().backToList();
    expect(nav.getState().view).toEqual({ name: 'estimates', ...ref(withPlan) });
    await settled();
    expect(estimates.getState().list).toBe(list);
    expect(calls).toEqual([]);

    nav.getState().backToProjects();
    expect(nav.getState().view).toEqual({ name: 'projects' });
    expect(estimates.getState().list).toBeNull();
    expect(estimates.getState().estimate).toBeNull();
    expect(estimates.getState().listProjectId).toBeNull();
  });

  it('opening an estimate or going back to a list needs a project on screen', () => {
    nav.getState().openEstimate(withPlan.estimateIds[0]!);
    nav.getState().backToList();
    expect(nav.getState().view).toEqual({ name: 'projects' });
    expect(calls).toEqual([]);

    nav.getState().openFiles(ref(withPlan));
    nav.getState().openEstimate(withPlan.estimateIds[0]!);
    nav.getState().backToList();
    expect(nav.getState().view).toEqual({ name: 'files', ...ref(withPlan) });
  });

  it('the plan and files screens load their own stores', async () => {
    nav.getState().openPlan(ref(withPlan), withPlan.planId!);
    expect(nav.getState().view).toEqual({ name: 'plan', ...ref(withPlan), planId: withPlan.planId });
    await settled();
    expect(plans.getState().planId).toBe(withPlan.planId);
    expect(plans.getState().result?.source).toBe('network');

    nav.getState().backToProjects();
    nav.getState().openFiles(ref(withPlan));
    await settled();
    expect(files.getState().projectId).toBe(withPlan.projectId);
    const ids = (rows: FileRow[] | null | undefined) => (rows ?? []).map((f) => f.id).sort();
    expect(ids(files.getState().rows)).toEqual(ids(await services.files.list(withPlan.projectId)));
    expect(ids(files.getState().rows).length).toBeGreaterThan(0);
    // The files screen also reads the uploads waiting for the project.
    expect(calls).toEqual(['plans:get', 'files:list', 'outbox:list']);
  });

  it('refresh asks only the screen on view to fetch again', async () => {
    const refreshed = async (): Promise<Channel[]> => {
      await settled();
      calls = [];
      nav.getState().refresh();
      await settled();
      return [...calls].sort();
    };

    // The list, then what is known of the estimates of the projects on it (a call per batch).
    expect([...new Set(await refreshed())]).toEqual(['projects:facts', 'projects:list']);
    expect(projects.getState().page?.rows.length).toBeGreaterThan(0);

    nav.getState().openProject(ref(withPlan));
    expect(await refreshed()).toEqual(['estimates:list', 'offline:status']);

    nav.getState().openEstimate(withPlan.estimateIds[0]!);
    expect(await refreshed()).toEqual(['estimates:get', 'offline:status']);

    nav.getState().backToProjects();
    nav.getState().openPlan(ref(withPlan), withPlan.planId!);
    expect(await refreshed()).toEqual(['plans:get']);

    nav.getState().backToProjects();
    nav.getState().openFiles(ref(withPlan));
    expect(await refreshed()).toEqual(['files:list']);
  });
});

describe('a stale answer after navigating away is ignored', () => {
  it('a list that answers after the user went back to the projects is not shown', async () => {
    const release = holdNext('estimates:list');
    nav.getState().openProject(ref(withPlan));
    await settled();
    expect(estimates.getState().listLoading).toBe(true);
    nav.getState().backToProjects();
    release();
    await settled();
    expect(calls).toContain('estimates:list');
    expect(estimates.getState().list).toBeNull();
    expect(estimates.getState().listLoading).toBe(false);
  });

  it('the list of the project opened last wins over a slower one of the project before', async () => {
    const release = holdNext('estimates:list');
    nav.getState().openProject(ref(withPlan));
    nav.getState().backToProjects();
    nav.getState().openProject(ref(other));
    await settled();
    expect(estimates.getState().list?.rows.map((r) => r.id)).toEqual(other.estimateIds);
    release();
    await settled();
    expect(estimates.getState().listProjectId).toBe(other.projectId);
    expect(estimates.getState().list?.rows.map((r) => r.id)).toEqual(other.estimateIds);
  });

  it('an estimate that answers after the user went back to the list is not shown', async () => {
    nav.getState().openProject(ref(withPlan));
    await settled();
    const release = holdNext('estimates:get');
    nav.getState().openEstimate(withPlan.estimateIds[0]!);
    nav.getState().backToList();
    expect(estimates.getState().estimateLoading).toBe(false);
    release();
    await settled();
    expect(calls.filter((c) => c === 'estimates:get')).toHaveLength(1);
    expect(estimates.getState().estimate).toBeNull();
    expect(estimates.getState().estimateLoading).toBe(false);
  });

  it('totals fetched in the background for a list left meanwhile are dropped, and fetched on return', async () => {
    const release = holdNext('estimates:totals');
    nav.getState().openProject(ref(untouched));
    await settled();
    expect(calls).toContain('estimates:totals');
    expect(estimates.getState().totalsFetching).toBe(true);

    const opened = untouched.estimateIds[0]!;
    nav.getState().openEstimate(opened);
    // Leaving the list cancels the background work in main; its answer, when it comes, is dropped.
    expect(calls).toContain('operations:cancel');
    expect(estimates.getState().totalsFetching).toBe(false);
    release();
    await settled();
    // Only the estimate the user opened is known (from the estimate itself).
    expect(Object.keys(estimates.getState().listTotals)).toEqual([opened]);
    expect(estimates.getState().listTotals[opened]!.quote).toEqual(estimates.getState().estimate!.quote);

    calls = [];
    nav.getState().backToList();
    await settled();
    expect(calls).toEqual(['estimates:totals']);
    const list = estimates.getState().list!;
    const known = list.rows.filter((r) => r.totals ?? estimates.getState().listTotals[r.id]);
    expect(known.map((r) => r.id)).toEqual(untouched.estimateIds);
    expect(estimates.getState().totalsFetching).toBe(false);
  });
});
