/**
 * Fills in what the projects list needs to know of each project's estimates: the estimate list when
 * it is not kept or no longer fresh, then every estimate whose summary is not known. Projects are
 * taken in the order given (the rows on screen first) by a few workers at once; it stops at a number
 * of requests, when background work has used its share of the request budget, when the service
 * cannot be reached, or when cancelled.
 */
import type { CachedClient } from '../cache/cached-client';
import { isOfflineError } from '../cache/cached-client';
import type { EstimateSummary } from '../../src-shared/estimates/types';

/** Projects worked on at once (each one request at a time): quick on a slow service, light on it. */
const WORKERS = 6;
/** A cached estimates list older than this is fetched again when its project is shown. */
export const LIST_FRESH_MS = 15 * 60_000;
/**
 * The share of the request budget the facts may use: past it they wait for the next list shown,
 * and what the user does (and page walks) keeps the rest.
 */
export const FACTS_BUDGET_SHARE = 0.5;

export interface EstimateSummaries {
  /** The summaries known without a request (worked out before, or kept beside the cached copy). */
  knownTotals(
    projectId: string,
    estimates: { id: string; modified: string | null }[],
  ): Promise<Record<string, EstimateSummary>>;
  /** Reads one estimate (through the cache) and keeps its summary. */
  readSummary(projectId: string, estimateId: string, signal: AbortSignal): Promise<EstimateSummary>;
}

export interface FillLimits {
  maxRequests: number;
  signal: AbortSignal;
  /** Projects done (facts complete, or nothing more to fetch) of all given. */
  onProgress?: (done: number, total: number) => void;
}

export interface FillContext {
  cached: CachedClient;
  budgetUse: () => { used: number; limit: number };
  summaries: EstimateSummaries;
  /** Whether this project's list (`<project>`) or estimate (`<project>|<estimate>`) failed lately. */
  failedLately: (key: string) => boolean;
  noteFailure: (key: string) => void;
  /**
   * The request under way for a key (as above), started by this fill or an earlier one: one request
   * per list or estimate however many calls ask for it (a call may return before its requests end).
   */
  inFlight: Map<string, Promise<unknown>>;
}

/**
 * Waits for `key`'s request: the one under way, else a new one (when the limits leave a request;
 * null otherwise). A request started by another call that fails is not this call's failure.
 */
async function single<T>(
  ctx: FillContext,
  key: string,
  take: () => boolean,
  start: () => Promise<T>,
): Promise<{ value: T } | 'no-request' | 'failed-elsewhere'> {
  const running = ctx.inFlight.get(key) as Promise<T> | undefined;
  if (running) {
    try {
      return { value: await running };
    } catch {
      return 'failed-elsewhere';
    }
  }
  if (!take()) return 'no-request';
  const request = start();
  ctx.inFlight.set(key, request);
  try {
    return { value: await request };
  } finally {
    ctx.inFlight.delete(key);
  }
}

/** Stops the whole fill: the service cannot be reached, or the caller cancelled. */
class Stop extends Error {}

export async function fillFacts(ctx: FillContext, projectIds: string[], limits: FillLimits): Promise<void> {
  let requests = 0;
  let next = 0;
  let done = 0;
  let stopped = false;
  /** Takes one request from the limits; false when none is left. */
  const take = (): boolean => {
    if (stopped || limits.signal.aborted) return false;
    const { used, limit } = ctx.budgetUse();
    if (requests >= limits.maxRequests || used >= limit * FACTS_BUDGET_SHARE) return false;
    requests++;
    return true;
  };
  const worker = async () => {
    while (!stopped && !limits.signal.aborted && next < projectIds.length) {
      const projectId = projectIds[next++]!;
      try {
        if (!(await fillProject(ctx, projectId, take, limits.signal))) {
          stopped = true;
          break;
        }
        limits.onProgress?.(++done, projectIds.length);
      } catch (err) {
        if (!(err instanceof Stop)) throw err;
        stopped = true;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(WORKERS, projectIds.length) }, worker));
}

/**
 * One project's list and unread estimates; false when the limits ran out before it was complete.
 * Throws Stop when the service cannot be reached or the call was cancelled.
 */
async function fillProject(
  ctx: FillContext,
  projectId: string,
  take: () => boolean,
  signal: AbortSignal,
): Promise<boolean> {
  let list = ctx.cached.cachedEstimatesList(projectId);
  if (!list || Date.now() - list.fetchedAt.getTime() >= LIST_FRESH_MS) {
    if (ctx.failedLately(projectId)) return true;
    let got;
    try {
      got = await single(ctx, projectId, take, () => ctx.cached.listAllEstimates(projectId, { signal }));
    } catch (err) {
      if (signal.aborted || isOfflineError(err)) throw new Stop();
      ctx.noteFailure(projectId);
      return true;
    }
    if (got === 'no-request') return false;
    if (got === 'failed-elsewhere') return true;
    list = got.value;
    // Answered from the cache: the service could not be reached on the way.
    if (list.source === 'cache') throw new Stop();
  }
  const refs = list.data.map((e) => ({ id: e.id, modified: e.modified ?? null }));
  const known = await ctx.summaries.knownTotals(projectId, refs);
  for (const { id } of refs) {
    const key = `${projectId}|${id}`;
    if (known[id] || ctx.failedLately(key)) continue;
    try {
      const got = await single(ctx, key, take, () => ctx.summaries.readSummary(projectId, id, signal));
      if (got === 'no-request') return false;
    } catch (err) {
      if (signal.aborted || isOfflineError(err)) throw new Stop();
      ctx.noteFailure(key);
    }
  }
  return true;
}
