/**
 * "Make available offline": a whole project (detail, plan with its floor images, estimates list,
 * every estimate, files list) fetched from the service and written to the cache in ONE transaction
 * at the end. Until that commit nothing changes, so a sync that fails halfway (the connection drops
 * on site) or is cancelled leaves the previous offline copy exactly as it was: all or nothing per
 * project. Every request is one the copy needs: no page or estimate is fetched twice.
 */
import type { ApiClient } from '../api/client';
import type { EstimateListItem, PlanDocument, ProjectDetail } from '../api/schemas';
import { cacheKeys, type BlobPut, type CacheDb, type CachePut } from './cache-db';
import { ServiceError } from '../errors/service-error';
import { MAX_PLAN_IMAGE_BYTES } from '../api/limits';

/** The part of ApiClient a sync needs. Pass the plain client, never a cache-backed one. */
export type SyncClient = Pick<
  ApiClient,
  'getProject' | 'getPlan' | 'listAllEstimates' | 'getEstimate' | 'listAllProjectFiles' | 'fetchImage'
>;

export interface MakeOfflineOptions {
  signal?: AbortSignal;
  /** Requests done of the total known so far (the total grows as the plan and estimates are learnt). */
  onProgress?: (done: number, total: number) => void;
  /** Estimates and images fetched at once. Default 4; the client's rate budget still applies to each. */
  concurrency?: number;
  now?: () => Date;
  /**
   * The floor images of a plan (its shape is read by the plans feature, which the cache does not
   * know); none when absent.
   */
  floorImageUrls?: (plan: PlanDocument) => string[];
  /** Recorded with the copy: the user asked to keep the project's files too. */
  keepFiles?: boolean;
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
  /** Floor images kept, of those the plan names. */
  images: number;
  imagesNamed: number;
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
  /** Floor images in the offline copy. */
  images: number;
  /** Whether the project's files list is kept (offline, the files screen shows it). */
  filesList: boolean;
  keepFiles: boolean;
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
  // One failed request stops the others at once: their results could not be used anyway.
  const stop = new AbortController();
  const signal = userSignal ? AbortSignal.any([userSignal, stop.signal]) : stop.signal;

  const startedAt = now();
  let done = 0;
  // The project, the estimates list and the files list; the plan, images and estimates when known.
  let total = 3;
  const progress = () => {
    if (!userSignal?.aborted) options.onProgress?.(done, total);
  };
  const step = () => {
    done++;
    progress();
  };
  const entries: CachePut[] = [];
  const blobs: BlobPut[] = [];
  const add = (entry: Omit<CachePut, 'fetchedAt'>) => entries.push({ ...entry, fetchedAt: now() });

  progress();
  const project: ProjectDetail = await client.getProject(projectId, { signal });
  add({ kind: 'project', key: cacheKeys.project(projectId), data: project });
  const planId = project.plan_id ?? null;
  if (planId) total++;
  step();

  let imageUrls: string[] = [];
  if (planId) {
    const plan = await client.getPlan(planId, { signal });
    add({ kind: 'plan', key: cacheKeys.plan(planId), data: plan });
    imageUrls = [...new Set(options.floorImageUrls?.(plan) ?? [])];
    total += imageUrls.length;
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
  const files = await client.listAllProjectFiles(projectId, { signal });
  add({ kind: 'files-list', key: cacheKeys.filesList(projectId), data: files });
  step();

  const tasks: (() => Promise<void>)[] = [
    ...imageUrls.map((url) => async () => {
      // An image the service does not give is left out: the plan still opens, without that picture.
      const bytes = await client.fetchImage(url, { signal, maxBytes: MAX_PLAN_IMAGE_BYTES });
      if (signal.aborted) throw cancelled();
      if (bytes)
        blobs.push({ kind: 'image', key: cacheKeys.image(url), bytes, contentType: null, fetchedAt: now() });
      step();
    }),
    ...list.map((item) => async () => {
      for (const entry of await estimateEntries(projectId, item.id, signal)) add(entry);
      step();
    }),
  ];
  let next = 0;
  let failure: unknown = null;
  const worker = async () => {
    while (failure === null && next < tasks.length) {
      const task = tasks[next++]!;
      try {
        await task();
      } catch (err) {
        if (failure === null) {
          failure = err;
          stop.abort();
        }
      }
    }
  };
  const workers = Math.max(1, Math.min(options.concurrency ?? 4, tasks.length));
  await Promise.all(Array.from({ length: workers }, worker));
  if (failure !== null) throw userSignal?.aborted ? cancelled() : failure;
  if (userSignal?.aborted) throw cancelled();

  const saved = cache.saveOfflineProject({
    projectId,
    fetchedAt: startedAt,
    planId,
    entries,
    blobs,
    keepFiles: options.keepFiles ?? false,
  });
  if (!saved) {
    throw new ServiceError(
      'config',
      'PlanDesk could not save the offline copy on this computer (the disk may be full or not writable). ' +
        'The previous offline copy is unchanged.',
    );
  }
  return {
    projectId,
    planId,
    estimates: list.length,
    images: blobs.length,
    imagesNamed: imageUrls.length,
    fetchedAt: startedAt,
  };
}

/** Whether the project can be opened offline, and from when. Reads no estimate bodies. */
export function offlineStatus(cache: CacheDb, projectId: string): OfflineStatus {
  const record = cache.getOfflineProject(projectId);
  if (!record) {
    return {
      available: false,
      fetchedAt: null,
      estimates: 0,
      images: 0,
      filesList: false,
      keepFiles: false,
      reason: 'never',
    };
  }
  const kept = {
    images: record.images,
    filesList: cache.has('files-list', cacheKeys.filesList(projectId)),
    keepFiles: record.keepFiles,
  };
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
    ? { available: true, fetchedAt: record.fetchedAt, estimates: list.data.length, ...kept }
    : {
        available: false,
        fetchedAt: record.fetchedAt,
        estimates: record.estimates,
        ...kept,
        reason: 'incomplete',
      };
}
