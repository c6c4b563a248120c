/**
 * The estimate on the plan (issue 28), read through the cache so it works offline for projects kept
 * offline: the plan's rooms (main, from the plan's view model) and the estimate's positions placed
 * on them (a worker for a large estimate: plans/rooms-costs-task.ts). What the user saw is kept per
 * estimate, so the next look can say what moved between priced and not priced.
 */
import type { EstimateListItem } from '../api/schemas';
import type { ActiveSource } from '../contracts/active-workspace';
import { cacheKeys, type CacheDb } from '../cache/cache-db';
import { provenance, type CachedClient, type Fetched } from '../cache/cached-client';
import { bodyWork, INLINE_BODY_BYTES } from '../estimates/estimate-reader';
import type { Operations } from '../operations/operations';
import type { Workers } from '../workers/pool';
import { serviceMoment } from '../../src-shared/time/service-time';
import { readPlanRooms } from './plan-rooms';
import { roomsCostsTask, type RoomsCostsOutput } from './rooms-costs-task';
import { roomsDrift, seenOf } from '../../src-shared/plans/rooms-drift';
import type {
  PlanRoomsRead,
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

/** When an estimate was changed or made, as a number; the earliest possible when unknown. */
function momentOf(text: string | null | undefined): number {
  return serviceMoment(text) ?? Number.NEGATIVE_INFINITY;
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
  const planReads: Fetched<unknown>[] = [];
  const { plan, problem } = await readPlanRooms(
    req.planId,
    async (planId) => {
      const fetched = await cached.getPlan(planId, { signal });
      planReads.push(fetched);
      return fetched.data;
    },
    signal,
  );
  const read = planReads[0] ?? null;
  const r = await cached.readEstimate(
    req.projectId,
    req.estimateId,
    bodyWork(workers, 'rooms-costs', roomsCostsTask, signal, INLINE_BODY_BYTES, {
      origin: 'response',
      plan,
      problem,
    }),
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
   * The project's plan with its rooms, read through the cache as the plan view reads it: what an
   * export's costs-per-room sheet places the estimate's positions on.
   */
  async planRooms(projectId: string, signal: AbortSignal): Promise<PlanRoomsRead> {
    const { cached } = await this.active();
    const project = await cached.getProject(projectId, { signal });
    return readPlanRooms(
      project.data.plan_id ?? null,
      async (planId) => (await cached.getPlan(planId, { signal })).data,
      signal,
    );
  }

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
      // With a plan problem (a plan that could not be read, an estimate for another plan or none) the
      // rooms are not the plan's: nothing is compared, and what the user saw last is kept for the
      // next look that has them.
      if (costs.planProblem) {
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
