/**
 * How main reads an estimate without parsing it on its own thread: the answer's bytes go to a task
 * (estimate-tasks.ts) while they arrive, in a worker for a large one, right here for a small one.
 */
import type { ApiClient } from '../api/client';
import type { BodyWork } from '../cache/cached-client';
import { cacheKeys, type CachePut } from '../cache/cache-db';
import { bodyJob, runOnBody } from '../workers/body-job';
import type { Workers } from '../workers/pool';
import type { EstimateReadOutput } from './estimate-tasks';

/**
 * Estimate answers smaller than this are read on main's own thread: below it, reading, checking
 * and summing take less time than handing the bytes to a worker and back (bench: "main-loop stall").
 */
export const INLINE_BODY_BYTES = 256 * 1024;

/** The totals a list keeps beside a cached estimate, with the version they are of. */
export interface KeptSummary {
  modified: string | null;
  summary: EstimateReadOutput['summary'];
}

/** The tasks over an estimate's bytes (estimate-tasks.ts, plans/rooms-costs-task.ts). */
export type EstimateBodyTask = 'estimate-view' | 'estimate-read' | 'export-read' | 'rooms-costs';

/** A task over an estimate's bytes, for CachedClient.readEstimate; `input` goes to the task beside them. */
export function estimateWork<O extends { cacheBody: Uint8Array | null }>(
  workers: Workers,
  task: EstimateBodyTask,
  signal: AbortSignal,
  input: object = {},
): BodyWork<O> {
  return estimateWorkFor<O>(workers, task, signal, INLINE_BODY_BYTES, input);
}

/** The same, with bodies below `inlineBelow` bytes read on this thread (0: none). */
export function estimateWorkFor<O extends { cacheBody: Uint8Array | null }>(
  workers: Workers,
  task: EstimateBodyTask,
  signal: AbortSignal,
  inlineBelow: number,
  input: object = {},
): BodyWork<O> {
  const options = { signal, inlineBelow };
  return {
    fromService: async (fetch) => {
      const job = bodyJob<O>(workers, task, { ...input, origin: 'response' }, options);
      try {
        await fetch(job.sink);
      } catch (err) {
        job.abort();
        throw err;
      }
      const result = await job.result();
      // A task over the service's answer always makes the cache's copy.
      return { result, cacheBytes: result.cacheBody! };
    },
    fromCache: (bytes) => runOnBody<O>(workers, task, { ...input, origin: 'cache' }, bytes, options),
  };
}

/**
 * An estimate fetched for the offline copy: the cache entries to write (its bytes, and its totals
 * for the list), read off main's thread.
 */
export async function estimateCacheEntries(
  workers: Workers,
  client: Pick<ApiClient, 'getEstimateBody'>,
  projectId: string,
  estimateId: string,
  signal: AbortSignal,
): Promise<Omit<CachePut, 'fetchedAt'>[]> {
  const result = await fetchEstimateRead(workers, client, projectId, estimateId, signal);
  const key = cacheKeys.estimate(projectId, estimateId);
  const kept: KeptSummary = { modified: result.modified, summary: result.summary };
  return [
    { kind: 'estimate', key, bytes: result.cacheBody },
    { kind: 'estimate-summary', key, data: kept },
  ];
}

/** An estimate from the service (no cache), checked and summed off main's thread, with its bytes. */
export async function fetchEstimateRead(
  workers: Workers,
  client: Pick<ApiClient, 'getEstimateBody'>,
  projectId: string,
  estimateId: string,
  signal: AbortSignal,
  /** `export-read` keeps the estimate's parts in the worker for an export's writer there. */
  task: 'estimate-read' | 'export-read' = 'estimate-read',
  /** Bodies below this many bytes are read on this thread (INLINE_BODY_BYTES unless given). */
  inlineBelow = INLINE_BODY_BYTES,
): Promise<EstimateReadOutput> {
  const work = estimateWorkFor<EstimateReadOutput>(workers, task, signal, inlineBelow);
  const { result } = await work.fromService((sink) =>
    client.getEstimateBody(projectId, estimateId, sink, { signal }),
  );
  return result;
}
