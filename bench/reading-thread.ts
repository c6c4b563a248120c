/**
 * Work the app does on a reading thread (workers/pool.ts), measured on a thread like it: a worker
 * with the same heap limits (workers/thread-limits.ts), which loads only the jobs' code
 * (reading-jobs.ts, bundled beside the benchmarks by run.ts). The heap's young
 * generation decides how often the collector copies a large estimate, so the same code measured on
 * the bench's main thread, with V8's defaults, would measure another program.
 */
import { dirname, join } from 'node:path';
import { Worker, parentPort, workerData } from 'node:worker_threads';
import { THREAD_LIMITS } from '../src-main/workers/thread-limits';

/** The reading threads' script, bundled beside the benchmarks' (out/bench/<name>.cjs). */
export const READING_THREAD_SCRIPT = 'reading-thread';

/** A job a reading thread runs: its input and result cross between threads by structured clone. */
export type ThreadJob = (input: never) => Promise<unknown>;

interface JobMessage {
  benchThreadJob: string;
  input: unknown;
}

/** Runs `job` (one of those given to serveReadingThreadJobs) on a new reading thread. */
export function inReadingThread<T>(job: string, input: unknown): Promise<T> {
  const script = join(dirname(process.argv[1]!), `${READING_THREAD_SCRIPT}.cjs`);
  const message: JobMessage = { benchThreadJob: job, input };
  const worker = new Worker(script, { workerData: message, resourceLimits: THREAD_LIMITS });
  return new Promise<T>((resolve, reject) => {
    let answered = false;
    worker.once('message', (result: T) => {
      answered = true;
      resolve(result);
    });
    worker.once('error', reject);
    worker.once('exit', (code) => {
      if (!answered)
        reject(new Error(`The reading thread of "${job}" ended (exit ${code}) without a result.`));
    });
  });
}

/** In a reading thread: runs the job it was started for and posts its result. */
export async function serveReadingThreadJobs(jobs: Record<string, ThreadJob>): Promise<void> {
  const { benchThreadJob, input } = workerData as JobMessage;
  const job = jobs[benchThreadJob];
  if (!job) throw new Error(`No bench thread job "${benchThreadJob}".`);
  parentPort!.postMessage(await job(input as never));
}
