/**
 * What the projects list can say about each project's estimates (how many, their total, the client
 * they name), which the service's project list items do not carry. Known facts come from what
 * PlanDesk fetched before (the cached estimate lists, the estimates' summaries worked out earlier);
 * the list shown fetches the missing estimate lists in the background, a few projects at a time.
 * Estimates themselves are never fetched or read for the projects list: one can be large, and the
 * list must stay cheap.
 */
import type { ActiveSource } from '../contracts/active-workspace';
import type { EstimateListItem } from '../api/schemas';
import type { Operations } from '../operations/operations';
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
  constructor(
    private readonly active: ActiveSource,
    private readonly totals: KnownTotals,
    private readonly operations: Operations,
  ) {}

  /** The facts known without a request, for each project. */
  async known(projectIds: readonly string[]): Promise<Record<string, ProjectFacts>> {
    const { cached } = await this.active();
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
        client: clientOf(list, summaries),
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
}

/** The client named on the newest estimate whose summary names one; null when none does. */
function clientOf(list: EstimateListItem[], summaries: Record<string, EstimateSummary>): string | null {
  const newestFirst = [...list].sort((a, b) => (b.modified ?? '').localeCompare(a.modified ?? ''));
  for (const e of newestFirst) {
    const client = summaries[e.id]?.client;
    if (client) return client;
  }
  return null;
}
