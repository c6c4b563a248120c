import type { ProjectDetail, ProjectListItem } from '../api/schemas';
import type { Operation, Operations } from '../operations/operations';
import type { ActiveSource } from '../contracts/active-workspace';
import { ServiceError } from '../errors/service-error';
import { isOfflineError, type CachedClient } from '../cache/cached-client';
import type {
  CreatedProjectView,
  ProjectDetailView,
  ProjectFacts,
  ProjectPage,
  ProjectRow,
  ProjectSortKey,
} from '../../src-shared/projects/types';
import { serviceMoment } from '../../src-shared/time/service-time';

export type ProjectSort = ProjectSortKey;

export interface ProjectQuery {
  page: number;
  pageSize: number;
  name?: string | undefined;
  externalReferenceId?: string | undefined;
  sort: ProjectSort;
  direction: 'asc' | 'desc';
  /** Leave archived projects out (the service cannot: the whole list is loaded and filtered). */
  hideArchived?: boolean | undefined;
  /** Only the projects of this team; possible only when the service's list items name their team. */
  teamId?: string | undefined;
  operationId?: string | undefined;
}

export interface NewProjectInput {
  name: string;
  email: string;
  externalReferenceId?: string | undefined;
  address?:
    | {
        street?: string | undefined;
        city?: string | undefined;
        postalCode?: string | undefined;
        country?: string | undefined;
      }
    | undefined;
  teamId?: string | undefined;
}

/** How long a fully loaded, sorted list is reused while the user pages through it. */
const SORTED_LIST_TTL_MS = 60_000;

/** What the projects list knows of each project's estimates (see project-facts.ts). */
export interface FactsSource {
  known(projectIds: readonly string[]): Promise<Record<string, ProjectFacts>>;
  /** The facts a sort by them needs, fetching what is missing first (within its limits). */
  forSort?(
    projectIds: readonly string[],
    signal: AbortSignal,
    onProgress?: (done: number, total: number) => void,
  ): Promise<Record<string, ProjectFacts>>;
}

/**
 * The projects screen's operations. In the service's order it pages on the server; sorted by any
 * column, without archived projects or by team it needs the whole list (the service does not sort
 * or filter so), which it loads once with progress and reuses while the user pages, until
 * something changes. Rows carry what PlanDesk knows of their estimates.
 */
export class ProjectsService {
  private sortedCache: { key: string; at: number; items: ProjectListItem[] } | null = null;

  constructor(
    private readonly operations: Operations,
    /** The active workspace's read-through cache: pages in service order work offline. */
    private readonly active: ActiveSource,
    private readonly facts: FactsSource = { known: async () => ({}) },
  ) {}

  /**
   * Offline (known before, or found on the way), a search, a filter or a sort runs over the projects
   * kept on this computer (`offlineSearch` says so); the plain list in the service's order still
   * comes from the pages kept, as the service gave them.
   */
  async list(q: ProjectQuery): Promise<ProjectPage> {
    const { cached } = await this.active();
    const local = () => this.listKept(q, cached);
    const plain =
      q.sort === 'service' &&
      !q.teamId?.trim() &&
      !q.hideArchived &&
      !q.name?.trim() &&
      !q.externalReferenceId?.trim();
    if (!cached.online && !plain) return local();
    try {
      return await this.listFromService(q);
    } catch (err) {
      if (!isOfflineError(err)) throw err;
      return local();
    }
  }

  private async listFromService(q: ProjectQuery): Promise<ProjectPage> {
    const { meta, client, cached } = await this.active();
    const filters = {
      name: q.name?.trim() || undefined,
      externalReferenceId: q.externalReferenceId?.trim() || undefined,
    };
    const op = this.operations.start(q.operationId);
    const teamId = q.teamId?.trim() || undefined;
    try {
      if (q.sort === 'service' && !teamId && !q.hideArchived) {
        const fetched = await cached.listProjects({
          ...filters,
          page: q.page,
          pageSize: q.pageSize,
          signal: op.signal,
        });
        const page = fetched.data;
        const facts = await this.facts.known(page.items.map((p) => p.id));
        return {
          source: fetched.source,
          fetchedAt: fetched.fetchedAt.toISOString(),
          rows: page.items.map((p) => withFacts(toRow(p), facts)),
          page: page.pageInfo.page,
          pageSize: q.pageSize,
          totalPages: page.pageInfo.totalPages,
          totalCount: page.pageInfo.totalCount,
          teamsOnRows: page.items.some(namesTeam),
        };
      }
      const key = JSON.stringify([meta.id, filters]);
      let items =
        this.sortedCache?.key === key && Date.now() - this.sortedCache.at < SORTED_LIST_TTL_MS
          ? this.sortedCache.items
          : null;
      if (!items) {
        items = await client.listAllProjects(filters, {
          signal: op.signal,
          onProgress: (d, t) => op.progress(d, t),
        });
        this.sortedCache = { key, at: Date.now(), items };
      }
      const teamsOnRows = items.some(namesTeam);
      if (teamId && !teamsOnRows) {
        throw new ServiceError(
          'validation',
          "The service's project list does not say which team a project belongs to, so it cannot be filtered by team.",
        );
      }
      const chosen = items.filter(
        (p) => (!teamId || teamOf(p)?.id === teamId) && !(q.hideArchived && p.archived_at),
      );
      return { ...(await this.sortedPage(chosen, q, q.sort, q.direction, op)), teamsOnRows };
    } finally {
      op.finish();
    }
  }

  /** The search over the projects kept on this computer: names and references, in any case. */
  private async listKept(q: ProjectQuery, cached: CachedClient): Promise<ProjectPage> {
    const { items, fetchedAt } = cached.cachedProjects();
    const name = folded(q.name?.trim() ?? '');
    const ref = folded(q.externalReferenceId?.trim() ?? '');
    const teamId = q.teamId?.trim();
    const teamsOnRows = items.some(namesTeam);
    const found = items.filter(
      (p) =>
        (!name || folded(p.name).includes(name)) &&
        (!ref || folded(p.external_reference_id ?? '').includes(ref)) &&
        (!teamId || teamOf(p)?.id === teamId) &&
        !(q.hideArchived && p.archived_at),
    );
    // The kept projects have no service order to keep: by name unless a column is chosen.
    const page = await this.sortedPage(
      found,
      q,
      q.sort === 'service' ? 'name' : q.sort,
      q.sort === 'service' ? 'asc' : q.direction,
    );
    return {
      ...page,
      source: 'cache',
      fetchedAt: (fetchedAt ?? new Date()).toISOString(),
      teamsOnRows,
      offlineSearch: { kept: items.length },
    };
  }

  /**
   * One page of a list sorted here (the whole list is known), with what is known of each project;
   * the facts of every project only when they decide the order: online, what is missing is fetched
   * first (`op`'s progress), and the page says how many projects still sort last for want of them.
   */
  private async sortedPage(
    items: ProjectListItem[],
    q: ProjectQuery,
    by: ProjectSort,
    direction: 'asc' | 'desc',
    op?: Operation,
  ): Promise<Omit<ProjectPage, 'teamsOnRows'>> {
    const needsFacts = by === 'client' || by === 'estimates' || by === 'total';
    const ids = items.map((p) => p.id);
    const allFacts = !needsFacts
      ? {}
      : op && this.facts.forSort
        ? await this.facts.forSort(ids, op.signal, (done, total) => op.progress(done, total))
        : await this.facts.known(ids);
    const sorted = by === 'service' ? items : sortProjects(items, by, direction, allFacts);
    const start = (q.page - 1) * q.pageSize;
    const pageItems = sorted.slice(start, start + q.pageSize);
    const facts = needsFacts ? allFacts : await this.facts.known(pageItems.map((p) => p.id));
    const incomplete = needsFacts ? ids.filter((id) => !factsComplete(allFacts[id])).length : 0;
    return {
      rows: pageItems.map((p) => withFacts(toRow(p), facts)),
      page: q.page,
      pageSize: q.pageSize,
      totalPages: Math.max(1, Math.ceil(sorted.length / q.pageSize)),
      totalCount: sorted.length,
      ...(incomplete > 0 ? { factsIncomplete: incomplete } : {}),
    };
  }

  /**
   * Read through the cache: offline, the detail (and with it the plan id) still opens, saying when
   * it was fetched.
   */
  async get(id: string): Promise<ProjectDetailView> {
    const { cached } = await this.active();
    const r = await cached.getProject(id);
    return { ...toDetail(r.data), source: r.source, fetchedAt: r.fetchedAt.toISOString() };
  }

  /** Looked up before creating: projects are metered, so a duplicate costs money. */
  async findByReference(ref: string): Promise<ProjectRow[]> {
    const { client } = await this.active();
    return (await client.listAllProjects({ externalReferenceId: ref.trim() })).map(toRow);
  }

  async create(input: NewProjectInput): Promise<CreatedProjectView> {
    const { client } = await this.active();
    const a = input.address;
    const address =
      a && (a.street || a.city || a.postalCode || a.country)
        ? {
            street: a.street || undefined,
            city: a.city || undefined,
            postal_code: a.postalCode || undefined,
            country: a.country || undefined,
          }
        : undefined;
    const created = await client.createProject({
      name: input.name.trim(),
      email: input.email.trim(),
      external_reference_id: input.externalReferenceId?.trim() || undefined,
      address,
      team_id: input.teamId?.trim() || undefined,
    });
    this.sortedCache = null;
    return { project: toDetail(created.project), warnings: created.warnings };
  }

  async archive(id: string): Promise<ProjectDetailView> {
    const { client } = await this.active();
    this.sortedCache = null;
    return toDetail(await client.archiveProject(id));
  }

  async restore(id: string): Promise<ProjectDetailView> {
    const { client } = await this.active();
    this.sortedCache = null;
    return toDetail(await client.restoreProject(id));
  }

  /** Forget loaded lists (after a workspace switch or a reload). */
  invalidate(): void {
    this.sortedCache = null;
  }
}

const collator = new Intl.Collator(undefined, { sensitivity: 'base', numeric: true });

/** Lower case without accents: "Müller" is found by "muller". */
function folded(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

type SortValue = string | number | null;

/** What a project is sorted by in a column; null: not known, always last. */
function sortValue(
  p: ProjectListItem,
  by: Exclude<ProjectSort, 'service'>,
  facts: Record<string, ProjectFacts>,
): SortValue {
  const f = facts[p.id];
  switch (by) {
    case 'name':
      return p.name;
    case 'ref':
      return p.external_reference_id || null;
    case 'client':
      return f?.client ?? null;
    case 'estimates':
      return f?.estimates ?? null;
    case 'total': {
      // The sum in the project's main currency, when every estimate's total is known.
      const main = f && f.estimates !== null && f.totalsKnown === f.estimates ? f.total[0] : undefined;
      return main ? Number(main.gross) : null;
    }
    case 'modified':
      return serviceMoment(p.user_modified) || null;
    case 'created':
      return serviceMoment(p.user_created) || null;
    case 'status':
      // Active projects first, then archived ones, the longest archived last.
      return p.archived_at ? serviceMoment(p.archived_at) || 1 : 0;
  }
}

/**
 * The projects sorted by a column: text in the user's collation, numbers and dates by value; what is
 * not known last in either direction; equal ones by name, then id, so the order is stable.
 */
export function sortProjects(
  items: ProjectListItem[],
  by: Exclude<ProjectSort, 'service'>,
  direction: 'asc' | 'desc',
  facts: Record<string, ProjectFacts> = {},
): ProjectListItem[] {
  const sign = direction === 'asc' ? 1 : -1;
  const keyed = items.map((p) => ({ p, v: sortValue(p, by, facts) }));
  keyed.sort((a, b) => {
    if (a.v === null || b.v === null) {
      if (a.v !== b.v) return a.v === null ? 1 : -1;
    } else {
      const primary =
        typeof a.v === 'string' && typeof b.v === 'string'
          ? collator.compare(a.v, b.v)
          : (a.v as number) - (b.v as number);
      if (primary) return sign * primary;
    }
    return collator.compare(a.p.name, b.p.name) || collator.compare(a.p.id, b.p.id);
  });
  return keyed.map((k) => k.p);
}

/** Whether every estimate of the project is counted in its facts. */
function factsComplete(f: ProjectFacts | undefined): boolean {
  return Boolean(f && f.estimates !== null && f.totalsKnown === f.estimates);
}

function withFacts(row: ProjectRow, facts: Record<string, ProjectFacts>): ProjectRow {
  const f = facts[row.id];
  return f ? { ...row, facts: f } : row;
}

/** Whether the service said which team this list item belongs to (a `team` or `team_id`, maybe null). */
function namesTeam(p: ProjectListItem): boolean {
  return (
    Object.prototype.hasOwnProperty.call(p, 'team') || Object.prototype.hasOwnProperty.call(p, 'team_id')
  );
}

function teamOf(p: ProjectListItem): { id: string; name: string | null } | null {
  if (p.team) return { id: p.team.id, name: p.team.name ?? null };
  if (p.team_id) return { id: p.team_id, name: null };
  return null;
}

export function toRow(p: ProjectListItem): ProjectRow {
  const team = namesTeam(p) ? teamOf(p) : undefined;
  return {
    id: p.id,
    name: p.name,
    externalReferenceId: p.external_reference_id,
    created: p.user_created ?? null,
    modified: p.user_modified ?? null,
    archived: Boolean(p.archived_at),
    archivedAt: p.archived_at ?? null,
    assigneeEmail: p.assignee?.email ?? null,
    ...(team !== undefined ? { teamId: team?.id ?? null, teamName: team?.name ?? null } : {}),
  };
}

function toDetail(p: ProjectDetail): ProjectDetailView {
  return {
    ...toRow(p),
    planId: p.plan_id ?? null,
    teamName: p.team?.name ?? null,
    address: p.address
      ? {
          street: p.address.street,
          city: p.address.city,
          postalCode: p.address.postal_code,
          country: p.address.country,
        }
      : null,
  };
}
