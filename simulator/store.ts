/**
 * The simulator's mutable in-memory copy of a data set, with id indexes per workspace.
 * Everything a request can see is reached through a WorkspaceState, which is how one key never
 * sees another workspace's data.
 */
import type { SimDataset, SimForm, SimProject, SimTeam, SimUser, SimWorkspace } from './data/types';

export class WorkspaceState {
  revoked = false;
  private readonly projectsById = new Map<string, SimProject>();
  private readonly projectsByPlanId = new Map<string, SimProject>();
  private readonly formsById = new Map<string, SimForm>();
  private readonly teamsById = new Map<string, SimTeam>();
  private readonly usersById = new Map<string, SimUser>();
  private readonly usersByEmail = new Map<string, SimUser>();

  constructor(readonly data: SimWorkspace) {
    for (const p of data.projects) this.indexProject(p);
    for (const f of data.forms) this.formsById.set(f.id, f);
    for (const t of data.teams) this.teamsById.set(t.id, t);
    for (const u of data.users) {
      this.usersById.set(u.id, u);
      this.usersByEmail.set(u.email.toLowerCase(), u);
    }
  }

  private indexProject(p: SimProject): void {
    this.projectsById.set(p.id, p);
    this.projectsByPlanId.set(p.plan.id, p);
  }

  project(id: string): SimProject | undefined {
    return this.projectsById.get(id);
  }

  projectByPlanId(planId: string): SimProject | undefined {
    return this.projectsByPlanId.get(planId);
  }

  addProject(p: SimProject): void {
    this.data.projects.push(p);
    this.indexProject(p);
  }

  form(id: string): SimForm | undefined {
    return this.formsById.get(id);
  }

  addForm(f: SimForm): void {
    this.data.forms.push(f);
    this.formsById.set(f.id, f);
  }

  removeForm(id: string): boolean {
    if (!this.formsById.delete(id)) return false;
    this.data.forms = this.data.forms.filter((f) => f.id !== id);
    return true;
  }

  team(id: string): SimTeam | undefined {
    return this.teamsById.get(id);
  }

  user(id: string): SimUser | undefined {
    return this.usersById.get(id);
  }

  userByEmail(email: string): SimUser | undefined {
    return this.usersByEmail.get(email.toLowerCase());
  }
}

export class Store {
  readonly workspaces: WorkspaceState[];
  private readonly byCustomer = new Map<string, WorkspaceState>();
  private readonly byId = new Map<string, WorkspaceState>();

  constructor(dataset: SimDataset) {
    checkDataset(dataset);
    this.workspaces = dataset.workspaces.map((w) => new WorkspaceState(w));
    for (const ws of this.workspaces) {
      this.byCustomer.set(ws.data.customer, ws);
      this.byId.set(ws.data.id, ws);
    }
  }

  workspaceByCustomer(customer: string): WorkspaceState | undefined {
    return this.byCustomer.get(customer);
  }

  workspaceById(id: string): WorkspaceState | undefined {
    return this.byId.get(id);
  }

  /** For admin operations that name a project without credentials. */
  findProject(projectId: string): { ws: WorkspaceState; project: SimProject } | undefined {
    for (const ws of this.workspaces) {
      const project = ws.project(projectId);
      if (project) return { ws, project };
    }
    return undefined;
  }
}

/** Catches a wrong file early with a readable message instead of a crash on the first request. */
function checkDataset(dataset: SimDataset): void {
  const fail = (why: string): never => {
    throw new Error(`Simulator data set is invalid: ${why}`);
  };
  if (typeof dataset !== 'object' || dataset === null) fail('not an object');
  if (dataset.version !== 1) fail(`unsupported version ${String(dataset.version)}`);
  if (!Array.isArray(dataset.workspaces)) fail('workspaces is not an array');
  const customers = new Set<string>();
  for (const [i, w] of dataset.workspaces.entries()) {
    if (typeof w.customer !== 'string' || typeof w.key !== 'string' || w.customer === '' || w.key === '') {
      fail(`workspaces[${i}] lacks customer/key`);
    }
    if (customers.has(w.customer)) fail(`customer ${w.customer} appears twice`);
    customers.add(w.customer);
    for (const list of ['users', 'teams', 'forms', 'projects'] as const) {
      if (!Array.isArray(w[list])) fail(`workspaces[${i}].${list} is not an array`);
    }
  }
}
