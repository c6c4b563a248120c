/**
 * What the projects list can say about each project's estimates (how many, their total, the client
 * they name), which the service's project list items do not carry. Known facts come from what
 * PlanDesk fetched before (the read-through cache, the totals worked out earlier); the list shown
 * fetches the missing estimate lists in the background, a few projects at a time. Totals are never
 * fetched for the projects list: an estimate is large, and the list must stay cheap.
 */
import type { ActiveSource } from '../app/active-workspace';
import type { EstimateListItem } from '../api/schemas';
import type { Operations } from '../operations/operations';
import { partyField } from '../exports/parties';
import { projectSum } from '../../src-shared/estimates/project-sums';
import type { EstimateSummary } from '../../src-shared/estimates/types';
import type { ProjectFacts } from '../../src-shared/projects/types';

/** Estimate lists one background call fetches at most: leaving the list stops it soon. */
const FETCH_BATCH = 8;
/** A cached estimates list older than this is fetched again when its project is shown. */
const LIST_FRESH_MS = 15 * 60_000;

export interface KnownTotals {
  knownTotals(
    projectId: string,
    estimates: { id: string; modified: string | null }[],
  ): Promise<Record<string, EstimateSummary>>;
}

export const NO_FACTS: ProjectFacts = { estimates: null, total: [], totalsKnown: 0, client: null };

export class ProjectFactsService {
  /** The client an estimate names, by workspace, project, estimate and version. */
  private readonly clients = new Map<string, string | null>();

  constructor(
    private readonly active: ActiveSource,
    private readonly totals: KnownTotals,
    private readonly operations: Operations,
  ) {}

  /** The facts known without a request, for each project. */
  async known(projectIds: readonly string[]): Promise<Record<string, ProjectFacts>> {
    const { meta, cached } = await this.active();
    const out: Record<string, ProjectFacts> = {};
    for (const projectId of new Set(projectIds)) {
      const list = cached.cachedEstimatesList(projectId)?.data ?? null;
      if (!list) {
        out[projectId] = NO_FACTS;
        continue;
      }
      const refs = list.map((e) => ({ id: e.id, modified: e.modified ?? null }));
      const summaries = await this.totals.knownTotals(projectId, refs);
      const sum = projectSum(list.map((e) => summaries[e.id] ?? null));
      out[projectId] = {
        estimates: list.length,
        total: sum.sums.map(({ currency, net, gross }) => ({ currency, net, gross })),
        totalsKnown: sum.known,
        client: this.clientOf(meta.id, projectId, list, (id) => cached.cachedEstimate(projectId, id)?.data),
      };
    }
    return out;
  }

  /**
   * The facts of the projects shown, fetching the estimate lists not known (or no longer fresh)
   * first: a few per call, until cancelled. A list that cannot be fetched (offline, a refused
   * request) is left unknown.
   */
  async fetch(projectIds: readonly string[], operationId?: string): Promise<Record<string, ProjectFacts>> {
    const { cached } = await this.active();
    const op = this.operations.start(operationId);
    try {
      let fetched = 0;
      for (const projectId of new Set(projectIds)) {
        if (op.signal.aborted || fetched >= FETCH_BATCH) break;
        const kept = cached.cachedEstimatesList(projectId);
        if (kept && Date.now() - kept.fetchedAt.getTime() < LIST_FRESH_MS) continue;
        fetched++;
        try {
          await cached.listAllEstimates(projectId, { signal: op.signal });
        } catch {
          if (op.signal.aborted) break;
        }
      }
    } finally {
      op.finish();
    }
    return this.known(projectIds);
  }

  /** The client named on the newest estimate that names one; null when none does (or none is kept). */
  private clientOf(
    workspaceId: string,
    projectId: string,
    list: EstimateListItem[],
    detail: (estimateId: string) => { customer?: unknown } | undefined,
  ): string | null {
    const newestFirst = [...list].sort((a, b) => (b.modified ?? '').localeCompare(a.modified ?? ''));
    for (const e of newestFirst) {
      const key = `${workspaceId}|${projectId}|${e.id}|${e.modified ?? ''}`;
      let client = this.clients.get(key);
      if (client === undefined) {
        const d = detail(e.id);
        if (!d) continue;
        client = clientName(d.customer);
        this.clients.set(key, client);
      }
      if (client) return client;
    }
    return null;
  }
}

/** An estimate's customer as one name: the company, else the person, else the e-mail. */
export function clientName(customer: unknown): string | null {
  const party = customer && typeof customer === 'object' ? (customer as Record<string, unknown>) : null;
  const company = partyField(party, 'company');
  if (company) return company;
  const person = [partyField(party, 'firstname'), partyField(party, 'lastname')].filter(Boolean).join(' ');
  return person || partyField(party, 'email') || null;
}
