/**
 * What the projects list and a project's overview can say about each project's estimates (how many,
 * their total per currency, the client they name), which the service's project list items do not
 * carry. Known facts come from what PlanDesk fetched before: the cached estimate lists and the
 * estimates' summaries kept beside the cached estimates. The projects shown are filled in in the
 * background (`fetch`): their estimate lists, then each estimate not read yet, a few at a time, in
 * the order asked (the rows on screen first), within a share of the request budget.
 */
import type { ActiveSource, ActiveWorkspace } from '../contracts/active-workspace';
import type { EstimateListItem } from '../api/schemas';
import type { Operations } from '../operations/operations';
import { projectSum } from '../../src-shared/estimates/project-sums';
import type { EstimateSummary } from '../../src-shared/estimates/types';
import type { ProjectFacts } from '../../src-shared/projects/types';
import { fillFacts, type EstimateSummaries, type FillLimits } from './facts-filler';

/** Requests one `fetch` call makes at most: the list shows what came, then asks for more. */
const REQUESTS_PER_CALL = 24;
/**
 * A `fetch` call answers within this long with what is known by then; its requests under way go on
 * (a large estimate does not hold back the rows after it) and the next call waits for them.
 */
const CALL_MS = 1500;
/** Requests a sort by client, estimates or total may make to learn the facts it sorts by. */
const REQUESTS_PER_SORT = 200;

export const NO_FACTS: ProjectFacts = { estimates: null, total: [], totalsKnown: 0, client: null };

export class ProjectFactsService {
  /** What failed lately, by workspace and project or estimate: not asked again for a while. */
  private readonly failures = new Map<string, number>();
  /** The requests under way, by workspace (see FillContext.inFlight). */
  private readonly inFlight = new Map<string, Map<string, Promise<unknown>>>();

  constructor(
    private readonly active: ActiveSource,
    private readonly summaries: EstimateSummaries,
    private readonly operations: Operations,
  ) {}

  /** The facts known without a request, for each project. */
  async known(projectIds: readonly string[]): Promise<Record<string, ProjectFacts>> {
    const { cached } = await this.active();
    const out: Record<string, ProjectFacts> = {};
    for (const projectId of new Set(projectIds)) {
      const list = cached.cachedEstimatesList(projectId)?.data ?? null;
      out[projectId] = list ? await this.factsOf(projectId, list) : NO_FACTS;
    }
    return out;
  }

  /**
   * The facts of the projects shown, after fetching what is missing in the order given (the rows
   * on screen first): at most REQUESTS_PER_CALL requests per call, so the list shows each batch as
   * it comes and asks again for the rest. Offline, or once the budget's share is used, only what is
   * known. Cancelled with its operation.
   */
  async fetch(projectIds: readonly string[], operationId?: string): Promise<Record<string, ProjectFacts>> {
    const ws = await this.active();
    const op = this.operations.start(operationId);
    const filling = this.fill(ws, projectIds, { maxRequests: REQUESTS_PER_CALL, signal: op.signal });
    // Cancelling the operation stops what is still under way after the answer went.
    void filling.catch(() => undefined).finally(() => op.finish());
    let timer: NodeJS.Timeout | undefined;
    try {
      await Promise.race([filling, new Promise((resolve) => (timer = setTimeout(resolve, CALL_MS)))]);
    } finally {
      clearTimeout(timer);
    }
    return this.withFetching(ws.meta.id, await this.known(projectIds));
  }

  /** Marks the projects whose list or estimates are still being fetched. */
  private withFetching(
    workspaceId: string,
    facts: Record<string, ProjectFacts>,
  ): Record<string, ProjectFacts> {
    const keys = [...(this.inFlight.get(workspaceId)?.keys() ?? [])];
    for (const [id, f] of Object.entries(facts)) {
      if (keys.some((k) => k === id || k.startsWith(`${id}|`))) facts[id] = { ...f, fetching: true };
    }
    return facts;
  }

  /**
   * The facts of every project of a list about to be sorted by them, fetching what is missing first
   * (up to REQUESTS_PER_SORT requests, reporting projects done of all); what stays unknown sorts last.
   */
  async forSort(
    projectIds: readonly string[],
    signal: AbortSignal,
    onProgress?: (done: number, total: number) => void,
  ): Promise<Record<string, ProjectFacts>> {
    await this.fill(await this.active(), projectIds, {
      maxRequests: REQUESTS_PER_SORT,
      signal,
      ...(onProgress ? { onProgress } : {}),
    });
    return this.known(projectIds);
  }

  private async fill(ws: ActiveWorkspace, projectIds: readonly string[], limits: FillLimits): Promise<void> {
    if (!ws.cached.online) return;
    await fillFacts(
      {
        cached: ws.cached,
        budgetUse: () => ws.client.budgetUse(),
        summaries: this.summaries,
        failedLately: (key) => this.failedLately(`${ws.meta.id}|${key}`),
        noteFailure: (key) => this.failures.set(`${ws.meta.id}|${key}`, Date.now()),
        inFlight: this.inFlightOf(ws.meta.id),
      },
      [...new Set(projectIds)],
      limits,
    );
  }

  private inFlightOf(workspaceId: string): Map<string, Promise<unknown>> {
    let map = this.inFlight.get(workspaceId);
    if (!map) this.inFlight.set(workspaceId, (map = new Map()));
    return map;
  }

  private failedLately(key: string): boolean {
    const at = this.failures.get(key);
    if (at === undefined) return false;
    if (Date.now() - at < RETRY_FAILED_AFTER_MS) return true;
    this.failures.delete(key);
    return false;
  }

  private async factsOf(projectId: string, list: EstimateListItem[]): Promise<ProjectFacts> {
    const refs = list.map((e) => ({ id: e.id, modified: e.modified ?? null }));
    const summaries = await this.summaries.knownTotals(projectId, refs);
    const sum = projectSum(list.map((e) => summaries[e.id] ?? null));
    return {
      estimates: list.length,
      total: sum.sums.map(({ currency, net, gross }) => ({ currency, net, gross })),
      totalsKnown: sum.known,
      client: clientOf(list, summaries),
    };
  }
}

/** An estimate or a list that could not be fetched is asked for again after this long. */
const RETRY_FAILED_AFTER_MS = 5 * 60_000;

/** The client named on the newest estimate whose summary names one; null when none does. */
function clientOf(list: EstimateListItem[], summaries: Record<string, EstimateSummary>): string | null {
  const newestFirst = [...list].sort((a, b) => (b.modified ?? '').localeCompare(a.modified ?? ''));
  for (const e of newestFirst) {
    const client = summaries[e.id]?.client;
    if (client) return client;
  }
  return null;
}
