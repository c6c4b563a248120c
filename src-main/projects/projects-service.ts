import type { ProjectDetail, ProjectListItem } from '../api/schemas';
import type { Operations } from '../operations/operations';
import type { ActiveSource } from '../app/active-workspace';
import { ServiceError } from '../errors/service-error';
import { isOfflineError, type CachedClient } from '../cache/cached-client';
import type {
  CreatedProjectView,
  ProjectDetailView,
  ProjectPage,
  ProjectRow,
} from '../../src-shared/projects/types';

export interface ProjectQuery {
  page: number;
  pageSize: number;
  name?: string | undefined;
  externalReferenceId?: string | undefined;
  sort: 'service' | 'name' | 'modified';
  direction: 'asc' | 'desc';
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

/**
 * The projects screen's operations. In the service's order it pages on the server; sorted by name or
 * date it needs the whole list (the service does not sort), which it loads once with progress and
 * reuses while the user pages, until something changes.
 */
export class ProjectsService {
  private sortedCache: { key: string; at: number; items: ProjectListItem[] } | null = null;

  constructor(
    private readonly operations: Operations,
    /** The active workspace's read-through cache: pages in service order work offline. */
    private readonly active: ActiveSource,
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
      q.sort === 'service' && !q.teamId?.trim() && !q.name?.trim() && !q.externalReferenceId?.trim();
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
      if (q.sort === 'service' && !teamId) {
        const fetched = await cached.listProjects({
          ...filters,
          page: q.page,
          pageSize: q.pageSize,
          signal: op.signal,
        });
        const page = fetched.data;
        return {
          source: fetched.source,
          fetchedAt: fetched.fetchedAt.toISOString(),
          rows: page.items.map(toRow),
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
      const chosen = teamId ? items.filter((p) => teamOf(p)?.id === teamId) : items;
      const sorted = q.sort === 'service' ? chosen : sortProjects(chosen, q.sort, q.direction);
      return { ...pageOf(sorted, q), teamsOnRows };
    } finally {
      op.finish();
    }
  }

  /** The search over the projects kept on this computer: names and references, in any case. */
  private listKept(q: ProjectQuery, cached: CachedClient): ProjectPage {
    const { items, fetchedAt } = cached.cachedProjects();
    const name = folded(q.name?.trim() ?? '');
    const ref = folded(q.externalReferenceId?.trim() ?? '');
    const teamId = q.teamId?.trim();
    const teamsOnRows = items.some(namesTeam);
    const found = items.filter(
      (p) =>
        (!name || folded(p.name).includes(name)) &&
        (!ref || folded(p.external_reference_id ?? '').includes(ref)) &&
        (!teamId || teamOf(p)?.id === teamId),
    );
    const sorted = sortProjects(
      found,
      q.sort === 'modified' ? 'modified' : 'name',
      q.sort === 'service' ? 'asc' : q.direction,
    );
    return {
      ...pageOf(sorted, q),
      source: 'cache',
      fetchedAt: (fetchedAt ?? new Date()).toISOString(),
      teamsOnRows,
      offlineSearch: { kept: items.length },
    };
  }

  /** Read through the cache: offline, the detail (and with it the plan id) still opens. */
  async get(id: string): Promise<ProjectDetailView> {
    const { cached } = await this.active();
    return toDetail((await cached.getProject(id)).data);
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

/** One page of a list that is sorted here (the whole list is known). */
function pageOf(sorted: ProjectListItem[], q: ProjectQuery): ProjectPage {
  const start = (q.page - 1) * q.pageSize;
  return {
    rows: sorted.slice(start, start + q.pageSize).map(toRow),
    page: q.page,
    pageSize: q.pageSize,
    totalPages: Math.max(1, Math.ceil(sorted.length / q.pageSize)),
    totalCount: sorted.length,
  };
}

/** Lower case without accents: "Müller" is found by "muller". */
function folded(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
}

export function sortProjects(
  items: ProjectListItem[],
  by: 'name' | 'modified',
  direction: 'asc' | 'desc',
): ProjectListItem[] {
  const sign = direction === 'asc' ? 1 : -1;
  const key = (p: ProjectListItem) => Date.parse(p.user_modified ?? '') || 0;
  return [...items].sort((a, b) => {
    const primary = by === 'name' ? collator.compare(a.name, b.name) : key(a) - key(b);
    return sign * (primary || collator.compare(a.id, b.id));
  });
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
