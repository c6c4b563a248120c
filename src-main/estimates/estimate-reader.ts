/**
 * How main reads an estimate without parsing it on its own thread: the answer's bytes go to a task
 * (estimate-tasks.ts) while they arrive, in a worker for a large one, right here for a small one.
 */
import type { ApiClient } from '../api/client';
import type { BodyWork } from '../cache/cached-client';
import { cacheKeys, type CachePut } from '../cache/cache-db';
import { bodyJob, runOnBody, type BodyTaskInput } from '../workers/body-job';
import type { Workers } from '../workers/pool';
import type { Out, TaskName, WorkerTasks } from '../workers/tasks';
import { estimateReadTask, estimateViewTask, type EstimateReadOutput } from './estimate-tasks';

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

/**
 * The estimate tasks main may also run itself, for an answer too small to be worth a worker: the
 * same functions the workers run (main loads the estimate code anyway, never the export writers).
 */
const HERE = {
  'estimate-view': estimateViewTask,
  'estimate-read': estimateReadTask,
  // A small estimate an export reads here: nothing is kept for a writer, which reads its bytes.
  'export-read': async (input) => ({ ...(await estimateReadTask(input)), prepared: null }),
} satisfies { [K in EstimateBodyTask]: WorkerTasks[K] };

/** The tasks that read an estimate's bytes and give back the cache's copy of them. */
export type EstimateBodyTask = 'estimate-view' | 'estimate-read' | 'export-read';

/** The tasks over a body that make the cache's copy (`cacheBody`) of an answer from the service. */
export type BodyTask = {
  [K in TaskName]: Out<K> extends { cacheBody: Uint8Array | null } ? K : never;
}[TaskName];

/** An estimate task over an estimate's bytes, for CachedClient.readEstimate. */
export function estimateWork<K extends EstimateBodyTask>(
  workers: Workers,
  task: K,
  signal: AbortSignal,
): BodyWork<Out<K>> {
  return estimateWorkFor(workers, task, signal, INLINE_BODY_BYTES);
}

/** The same, with bodies below `inlineBelow` bytes read on this thread (0: none). */
export function estimateWorkFor<K extends EstimateBodyTask>(
  workers: Workers,
  task: K,
  signal: AbortSignal,
  inlineBelow: number,
): BodyWork<Out<K>> {
  const input = { origin: 'response' } as BodyTaskInput<K>;
  return bodyWork(workers, task, HERE[task] as WorkerTasks[K], signal, inlineBelow, input);
}

/**
 * A task over an estimate's bytes (from the service or the cache), for CachedClient.readEstimate:
 * `here` is the task's function, run on this thread below `inlineBelow` bytes; `input` goes to the
 * task beside the bytes.
 */
export function bodyWork<K extends BodyTask>(
  workers: Workers,
  task: K,
  here: WorkerTasks[K],
  signal: AbortSignal,
  inlineBelow: number,
  input: BodyTaskInput<K>,
): BodyWork<Out<K>> {
  const options = { signal, inlineBelow, here };
  return {
    fromService: async (fetch) => {
      const job = bodyJob(workers, task, { ...input, origin: 'response' }, options);
      try {
        await fetch(job.sink);
      } catch (err) {
        job.abort();
        throw err;
      }
      const result = await job.result();
      // A task over the service's answer always makes the cache's copy.
      return { result, cacheBytes: (result as { cacheBody: Uint8Array | null }).cacheBody! };
    },
    fromCache: (bytes) => runOnBody(workers, task, { ...input, origin: 'cache' }, bytes, options),
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
  const work = estimateWorkFor(workers, task, signal, inlineBelow);
  const { result } = await work.fromService((sink) =>
    client.getEstimateBody(projectId, estimateId, sink, { signal }),
  );
  return result;
}
