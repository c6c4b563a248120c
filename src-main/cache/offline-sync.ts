/**
 * "Make available offline": a whole project (detail, plan, estimates list, every estimate) fetched
 * from the service and written to the cache in ONE transaction at the end. Until that commit
 * nothing changes, so a sync that fails halfway (the connection drops on site) or is cancelled
 * leaves the previous offline copy exactly as it was: all or nothing per project.
 */
import type { ApiClient } from '../api/client';
import type { EstimateListItem, ProjectDetail } from '../api/schemas';
import { cacheKeys, type CacheDb, type CachePut } from './cache-db';
import { ServiceError } from '../errors/service-error';

/** The part of ApiClient a sync needs. Pass the plain client, never a cache-backed one. */
export type SyncClient = Pick<ApiClient, 'getProject' | 'getPlan' | 'listAllEstimates' | 'getEstimate'>;

export interface MakeOfflineOptions {
  signal?: AbortSignal;
  /** Requests done of the total known so far (the total grows as the plan and estimates are learnt). */
  onProgress?: (done: number, total: number) => void;
  /** Estimates fetched at once. Default 4; the client's rate budget still applies to each. */
  concurrency?: number;
  now?: () => Date;
  /**
   * The cache entries of one estimate. The app reads estimates off main's thread
   * (estimates/estimate-reader.ts); by default the client's parsed detail is stored.
   */
  estimateEntries?: (
    projectId: string,
    estimateId: string,
    signal: AbortSignal,
  ) => Promise<Omit<CachePut, 'fetchedAt'>[]>;
}

export interface OfflineSyncSummary {
  projectId: string;
  planId: string | null;
  estimates: number;
  /** When the sync started: every stored part is at least this fresh. */
  fetchedAt: Date;
}

export interface OfflineStatus {
  /** True when the project, its plan, its estimates list and each listed estimate are cached. */
  available: boolean;
  /** When the last complete "make available offline" started; null if never. */
  fetchedAt: Date | null;
  /** Estimates in the offline copy. */
  estimates: number;
  /** Why not available: never made available, or parts missing since (a refresh found new ones). */
  reason?: 'never' | 'incomplete';
}

function cancelled(): ServiceError {
  return new ServiceError('cancelled', 'The operation was cancelled.');
}

export async function makeAvailableOffline(
  client: SyncClient,
  cache: CacheDb,
  projectId: string,
  options: MakeOfflineOptions = {},
): Promise<OfflineSyncSummary> {
  const now = options.now ?? (() => new Date());
  const userSignal = options.signal;
  if (userSignal?.aborted) throw cancelled();
  // One failed estimate stops the others at once: their results could not be used anyway.
  const stop = new AbortController();
  const signal = userSignal ? AbortSignal.any([userSignal, stop.signal]) : stop.signal;

  const startedAt = now();
  let done = 0;
  let total = 2; // the project and the estimates list; the plan and each estimate are added when known
  const progress = () => {
    if (!userSignal?.aborted) options.onProgress?.(done, total);
  };
  const step = () => {
    done++;
    progress();
  };
  const entries: CachePut[] = [];
  const add = (entry: Omit<CachePut, 'fetchedAt'>) => entries.push({ ...entry, fetchedAt: now() });

  progress();
  const project: ProjectDetail = await client.getProject(projectId, { signal });
  add({ kind: 'project', key: cacheKeys.project(projectId), data: project });
  const planId = project.plan_id ?? null;
  if (planId) total++;
  step();

  if (planId) {
    const plan = await client.getPlan(planId, { signal });
    add({ kind: 'plan', key: cacheKeys.plan(planId), data: plan });
    step();
  }

  const list: EstimateListItem[] = await client.listAllEstimates(projectId, { signal });
  add({ kind: 'estimates-list', key: cacheKeys.estimatesList(projectId), data: list });
  total += list.length;
  step();

  const estimateEntries =
    options.estimateEntries ??
    (async (p: string, id: string, s: AbortSignal) => [
      {
        kind: 'estimate' as const,
        key: cacheKeys.estimate(p, id),
        data: await client.getEstimate(p, id, { signal: s }),
      },
    ]);
  let next = 0;
  let failure: unknown = null;
  const worker = async () => {
    while (failure === null && next < list.length) {
      const id = list[next++]!.id;
      try {
        for (const entry of await estimateEntries(projectId, id, signal)) add(entry);
        step();
      } catch (err) {
        if (failure === null) {
          failure = err;
          stop.abort();
        }
      }
    }
  };
  const workers = Math.max(1, Math.min(options.concurrency ?? 4, list.length));
  await Promise.all(Array.from({ length: workers }, worker));
  if (failure !== null) throw userSignal?.aborted ? cancelled() : failure;
  if (userSignal?.aborted) throw cancelled();

  const saved = cache.saveOfflineProject({ projectId, fetchedAt: startedAt, planId, entries });
  if (!saved) {
    throw new ServiceError(
      'config',
      'PlanDesk could not save the offline copy on this computer (the disk may be full or not writable). ' +
        'The previous offline copy is unchanged.',
    );
  }
  return { projectId, planId, estimates: list.length, fetchedAt: startedAt };
}

/** Whether the project can be opened offline, and from when. Reads no estimate bodies. */
export function offlineStatus(cache: CacheDb, projectId: string): OfflineStatus {
  const record = cache.getOfflineProject(projectId);
  if (!record) return { available: false, fetchedAt: null, estimates: 0, reason: 'never' };
  // The parts as they are cached now: a later read-through may have replaced the project or list.
  const project = cache.get<ProjectDetail>('project', cacheKeys.project(projectId));
  const list = cache.get<EstimateListItem[]>('estimates-list', cacheKeys.estimatesList(projectId));
  const planId = project?.data.plan_id ?? null;
  const complete =
    project !== null &&
    list !== null &&
    (!planId || cache.has('plan', cacheKeys.plan(planId))) &&
    list.data.every((e) => cache.has('estimate', cacheKeys.estimate(projectId, e.id)));
  return complete
    ? { available: true, fetchedAt: record.fetchedAt, estimates: list.data.length }
    : { available: false, fetchedAt: record.fetchedAt, estimates: record.estimates, reason: 'incomplete' };
}
