/**
 * The estimate on the plan (issue 28), read through the cache so it works offline for projects kept
 * offline: the plan's rooms (main, from the plan's view model) and the estimate's positions placed
 * on them (a worker for a large estimate: plans/rooms-costs-task.ts). What the user saw is kept per
 * estimate, so the next look can say what moved between priced and not priced.
 */
import type { EstimateListItem } from '../api/schemas';
import type { ActiveSource } from '../app/active-workspace';
import { cacheKeys, type CacheDb } from '../cache/cache-db';
import type { CachedClient, Fetched } from '../cache/cached-client';
import { estimateWork } from '../estimates/estimate-reader';
import { ServiceError, toErrorValue } from '../errors/service-error';
import type { Operations } from '../operations/operations';
import type { Workers } from '../workers/pool';
import { buildPlanView } from './plan-view';
import { planRoomsOf } from './plan-rooms';
import type { RoomsCostsOutput } from './rooms-costs-task';
import { roomsDrift, seenOf } from '../../src-shared/plans/rooms-drift';
import type {
  PlanProblem,
  PlanRooms,
  RoomsCostsEstimate,
  RoomsCostsResult,
  RoomsSeen,
} from '../../src-shared/plans/rooms-costs-types';

export interface RoomsCostsRequest {
  projectId: string;
  /** The project's plan; null when the project names none. */
  planId: string | null;
  estimateId: string;
}

/** When an estimate was last changed, as a number (the list's ISO 8601 or the detail's form). */
function momentOf(text: string | null | undefined): number {
  if (!text) return Number.NEGATIVE_INFINITY;
  const t = Date.parse(/^\d{4}-\d{2}-\d{2} /.test(text) ? `${text.replace(' ', 'T')}Z` : text);
  return Number.isNaN(t) ? Number.NEGATIVE_INFINITY : t;
}

/** The estimate shown when the user picked none: the one changed last (then created last). */
export function latestEstimate(list: readonly EstimateListItem[]): EstimateListItem | null {
  let best: EstimateListItem | null = null;
  for (const e of list) {
    if (
      !best ||
      momentOf(e.modified) > momentOf(best.modified) ||
      (momentOf(e.modified) === momentOf(best.modified) && momentOf(e.created) > momentOf(best.created))
    )
      best = e;
  }
  return best;
}

/** The plan's rooms, or why there are none to place positions in. */
async function planRooms(
  cached: CachedClient,
  planId: string | null,
  signal: AbortSignal,
): Promise<{ plan: PlanRooms | null; problem: PlanProblem | null; read: Fetched<unknown> | null }> {
  if (!planId) return { plan: null, problem: { kind: 'no-project-plan' }, read: null };
  try {
    const read = await cached.getPlan(planId, { signal });
    return { ...planRoomsOf(buildPlanView(read.data), planId), read };
  } catch (err) {
    if (signal.aborted) throw new ServiceError('cancelled', 'The operation was cancelled.');
    // Never fatal: the money is all shown, as "not on the plan", with the plan's error as the reason.
    return { plan: null, problem: { kind: 'plan-failed', error: toErrorValue(err) }, read: null };
  }
}

/**
 * An estimate placed on the project's plan, both read through the cache (the app's and the CLI's
 * one path). Provenance: 'cache' when either came from the offline copy.
 */
export async function readRoomsCosts(
  cached: CachedClient,
  workers: Workers,
  req: RoomsCostsRequest,
  signal: AbortSignal,
): Promise<Fetched<RoomsCostsOutput>> {
  const { plan, problem, read } = await planRooms(cached, req.planId, signal);
  const r = await cached.readEstimate(
    req.projectId,
    req.estimateId,
    estimateWork<RoomsCostsOutput>(workers, 'rooms-costs', signal, { plan, problem }),
    { signal },
  );
  const fromCache = r.source === 'cache' || read?.source === 'cache';
  const fetchedAt = read && read.fetchedAt < r.fetchedAt ? read.fetchedAt : r.fetchedAt;
  return { data: r.data, source: fromCache ? 'cache' : 'network', fetchedAt };
}

/** The kept version of the estimate that is `modified` (null when versions have not kept it yet). */
function versionSeq(
  cache: CacheDb,
  projectId: string,
  estimateId: string,
  modified: string | null,
): number | null {
  const versions = cache.versions.list(projectId, estimateId).filter((v) => v.modified === modified);
  return versions.length === 0 ? null : Math.max(...versions.map((v) => v.seq));
}

/** How long a look waits for the estimate just read to be kept as a version (to name it). */
const VERSION_WAIT_MS = 2_000;

export class RoomsCostsService {
  constructor(
    private readonly active: ActiveSource,
    private readonly workers: Workers,
    private readonly operations: Operations,
    /** Resolves once the versions of what the cache stored so far are kept (EstimateVersions.settled). */
    private readonly versionsSettled: (
      cache: CacheDb,
      projectId: string,
      estimateId: string,
    ) => Promise<void> = () => Promise.resolve(),
    private readonly now: () => Date = () => new Date(),
  ) {}

  /**
   * The project's estimates, the one asked for (else the latest) placed on the plan, and what moved
   * since the user last looked at it (then this look is remembered).
   */
  async get(req: {
    projectId: string;
    planId: string | null;
    estimateId?: string | undefined;
    operationId?: string | undefined;
  }): Promise<RoomsCostsResult> {
    const { cached } = await this.active();
    const op = this.operations.start(req.operationId);
    try {
      const list = await cached.listAllEstimates(req.projectId, { signal: op.signal });
      const estimates: RoomsCostsEstimate[] = list.data.map((e) => ({
        id: e.id,
        name: e.name,
        uniqueId: e.unique_id ?? null,
        status: e.status ?? null,
        modified: e.modified ?? null,
      }));
      const latestId = latestEstimate(list.data)?.id ?? null;
      const estimateId = req.estimateId ?? latestId;
      if (!estimateId) {
        return { estimates, latestId, estimateId: null, costs: null, drift: null, ...provenance(list) };
      }
      const r = await readRoomsCosts(cached, this.workers, { ...req, estimateId }, op.signal);
      const costs = r.data.costs;
      // A plan that could not be read says nothing of its rooms: nothing is compared or remembered.
      if (costs.planProblem?.kind === 'plan-failed') {
        return { estimates, latestId, estimateId, costs, drift: null, ...provenance(r) };
      }
      // The estimate just read is kept as a version in the background: wait a little, to name it.
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        this.versionsSettled(cached.cache, req.projectId, estimateId).catch(() => undefined),
        new Promise((resolve) => (timer = setTimeout(resolve, VERSION_WAIT_MS))),
      ]);
      clearTimeout(timer);
      const key = cacheKeys.estimate(req.projectId, estimateId);
      const kept = cached.cache.get<RoomsSeen>('rooms-costs-seen', key)?.data;
      const before = kept && Array.isArray(kept.rooms) ? kept : null;
      const seen = seenOf(
        costs,
        this.now(),
        versionSeq(cached.cache, req.projectId, estimateId, costs.estimate.modified),
      );
      const drift = roomsDrift(before, seen);
      cached.cache.put('rooms-costs-seen', key, seen);
      return { estimates, latestId, estimateId, costs, drift, ...provenance(r) };
    } finally {
      op.finish();
    }
  }
}

function provenance(r: { source: 'network' | 'cache'; fetchedAt: Date }) {
  return { source: r.source, fetchedAt: r.fetchedAt.toISOString() };
}
