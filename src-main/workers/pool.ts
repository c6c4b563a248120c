import { availableParallelism } from 'node:os';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { MessageChannel, type Transferable } from 'node:worker_threads';
import { Piscina } from 'piscina';
import { ServiceError } from '../errors/service-error';
import type { Logger } from '../log/logger';
import type { ProgressMessage, TaskMessage, TaskOutcome } from './protocol';
import { TASKS, WORKER_SCRIPTS, type TaskName, type WorkerScript } from './tasks';

export interface RunOptions {
  signal?: AbortSignal;
  /** Buffers handed to the worker without a copy (they are unusable here afterwards). */
  transfer?: Transferable[];
  onProgress?: (done: number, total: number | null) => void;
}

/** Heavy work off the main thread: a named task (see workers/tasks.ts) run in a worker. */
export interface Workers {
  run<O>(task: TaskName, input: unknown, options?: RunOptions): Promise<O>;
  /** Worker threads running now (idle ones end after a while; a cancelled task's thread at once). */
  readonly threads: number;
  close(): Promise<void>;
}

/** Whether the worker scripts are built next to this code (the app, the CLI) or run from the sources. */
function builtScripts(): { extension: '.js' | '.cjs' } | null {
  for (const extension of ['.js', '.cjs'] as const) {
    if (existsSync(join(__dirname, `estimate-worker${extension}`))) return { extension };
  }
  return null;
}

/**
 * Where each worker script is: next to the bundle when built (out/main/*.js for the app,
 * out/cli/*.cjs for the CLI), else the TypeScript source, loaded through tsx (tests, benchmarks,
 * development).
 */
function workerScripts(): { path: (script: WorkerScript) => string; execArgv: string[] } {
  const built = builtScripts();
  if (built) return { path: (script) => join(__dirname, script + built.extension), execArgv: [] };
  return { path: (script) => join(__dirname, WORKER_SCRIPTS[script]), execArgv: ['--import', 'tsx'] };
}

/**
 * A pool of worker threads (piscina), sized for the machine: one per core but one, at least one,
 * at most four — the work is a few large tasks at a time, and each worker costs memory. Idle workers
 * end after a while, so an app left open holds none.
 */
export function createWorkers(
  logger: Logger,
  size = Math.max(1, Math.min(4, availableParallelism() - 1)),
): Workers {
  const scripts = workerScripts();
  const pool = new Piscina({
    execArgv: scripts.execArgv,
    minThreads: 0,
    maxThreads: size,
    idleTimeout: 30_000,
    // A worker that dies (out of memory, killed) fails its task; the pool starts a new one.
    resourceLimits: { maxOldGenerationSizeMb: 1024 },
  });
  // A worker that fails outside any task (its script missing, say): logged, never a crash of main.
  pool.on('error', (err: unknown) =>
    logger.log('error', `worker pool: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`),
  );
  const workers: Workers = {
    async run<O>(task: TaskName, input: unknown, options: RunOptions = {}): Promise<O> {
      if (options.signal?.aborted) throw cancelled();
      let channel: MessageChannel | null = null;
      const message: TaskMessage = { task, input };
      const transfer: Transferable[] = [...(options.transfer ?? [])];
      if (options.onProgress) {
        channel = new MessageChannel();
        const report = options.onProgress;
        channel.port1.on('message', (m: ProgressMessage) => report(m.done, m.total));
        message.progress = channel.port2;
        transfer.push(channel.port2);
      }
      try {
        const outcome = (await pool.run(message, {
          filename: scripts.path(TASKS[task].script),
          transferList: transfer as never,
          ...(options.signal ? { signal: options.signal } : {}),
        })) as TaskOutcome<O>;
        if (outcome.ok) return outcome.value;
        if (outcome.fileSystemCode) {
          // The same error as on this thread: the caller says in words what the disk refused.
          logger.log('warn', `worker task ${task}: ${outcome.fileSystemCode}`);
          throw Object.assign(new Error(outcome.error.message), { code: outcome.fileSystemCode });
        }
        if (outcome.detail) logger.log('error', `worker task ${task} failed: ${outcome.detail}`);
        throw new ServiceError(
          outcome.error.kind,
          outcome.error.message,
          outcome.error.status,
          outcome.error.fieldErrors,
          outcome.error.serviceMessage,
        );
      } catch (err) {
        // piscina aborts by ending the worker that ran the task: nothing of it goes on.
        if (options.signal?.aborted || (err as Error)?.name === 'AbortError') throw cancelled();
        if (err instanceof ServiceError || typeof (err as NodeJS.ErrnoException)?.code === 'string')
          throw err;
        logger.log('error', `worker task ${task} failed: ${(err as Error)?.stack ?? String(err)}`);
        throw new ServiceError('server', 'Something went wrong inside PlanDesk. Details are in the log.');
      } finally {
        channel?.port1.close();
      }
    },
    get threads() {
      return pool.threads.length;
    },
    close: () => pool.destroy(),
  };
  return workers;
}

function cancelled(): ServiceError {
  return new ServiceError('cancelled', 'The operation was cancelled.');
}

function isFileSystemError(err: unknown): boolean {
  const code = (err as NodeJS.ErrnoException | null)?.code;
  return typeof code === 'string' && /^E[A-Z]+$/.test(code);
}
