import { availableParallelism } from 'node:os';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { MessageChannel, receiveMessageOnPort, type Transferable, type Worker } from 'node:worker_threads';
import { Piscina } from 'piscina';
import { ServiceError } from '../errors/service-error';
import type { Logger } from '../log/logger';
import { cancelledError, taskStateWord, TaskState } from './cancel-point';
import type { CancelMessage, TaskEvent, TaskMessage, TaskOutcome } from './protocol';
import { THREAD_LIMITS } from './thread-limits';
import type { ThreadSettings } from './thread-settings';
import { scriptOf, WORKER_SCRIPTS, type In, type Out, type TaskName, type WorkerScript } from './tasks';

export interface RunOptions {
  signal?: AbortSignal;
  /** Buffers handed to the worker without a copy (they are unusable here afterwards). */
  transfer?: Transferable[];
  onProgress?: (done: number, total: number | null) => void;
}

/** Heavy work off the main thread: a named task (see workers/tasks.ts) run in a worker. */
export interface Workers {
  run<K extends TaskName>(task: K, input: In<K>, options?: RunOptions): Promise<Out<K>>;
  /** Worker threads now (idle ones end after a while). */
  readonly threads: number;
  /** The export thread (0 or 1): the export script's tasks run there, one at a time. */
  readonly exportThreads: number;
  /** Tasks a thread has started and not yet finished. */
  readonly running: number;
  /** Threads ended because their task had not stopped within the grace after its cancel. */
  readonly forcedEnds: number;
  /** Threads started and ended so far, for any reason (a cancel should cost none). */
  readonly threadsStarted: number;
  readonly threadsEnded: number;
  close(): Promise<void>;
}

/** How long a thread ended by force is waited for. */
const THREAD_END_WAIT_MS = 5_000;
/**
 * How long a cancelled task has to stop by itself before its thread is ended: the tasks check for a
 * cancel many times a second (cancel-point.ts), so only a task stuck somewhere unexpected takes it.
 */
const CANCEL_GRACE_MS = 5_000;

/** Whether the worker scripts are built in `dir` (the app's and the CLI's bundles put them there). */
function builtScripts(dir: string): { extension: '.js' | '.cjs' } | null {
  for (const extension of ['.js', '.cjs'] as const) {
    const scripts = Object.keys(WORKER_SCRIPTS);
    if (scripts.every((script) => existsSync(join(dir, script + extension)))) return { extension };
  }
  return null;
}

/**
 * Where each worker script is: next to the bundle when built (out/main/*.js for the app,
 * out/cli/*.cjs for the CLI) or in the folder given, else the TypeScript source, loaded through tsx
 * (tests, development).
 */
function workerScripts(builtIn?: string, codeCache?: string): WorkerScripts {
  const dir = builtIn ?? __dirname;
  const built = builtScripts(dir);
  if (built) {
    const path = (script: WorkerScript) => join(dir, script + built.extension);
    // Built, each thread starts from the entry, which defers what the libraries rarely need and,
    // with a code cache (the CLI's), puts it in place; it then loads the scripts.
    return { path, execArgv: [], entry: path(ENTRY), ...(codeCache ? { codeCache } : {}) };
  }
  if (builtIn) throw new Error(`There are no built worker scripts in ${builtIn}.`);
  // worker-scripts.json names each source from the project's folder, two up from this one.
  const root = join(__dirname, '..', '..');
  return { path: (script) => join(root, WORKER_SCRIPTS[script]), execArgv: ['--import', 'tsx'] };
}

interface WorkerScripts {
  path: (script: WorkerScript) => string;
  execArgv: string[];
  /** The built threads' entry, which loads the scripts (through the code cache in `codeCache`, if any). */
  entry?: string;
  codeCache?: string;
}

/** Not a script of tasks: the built threads' entry (workers/thread-entry.ts). */
const ENTRY: WorkerScript = 'thread-entry';

/** How long an idle thread stays: the export thread longer, so an estimate left open exports warm. */
const IDLE_MS = 120_000;
export const EXPORT_IDLE_MS = 600_000;
/**
 * The script whose tasks run on a thread of their own, one at a time: the export writers, which keep
 * what they loaded and parsed (the writers, fonts, shaped words) between documents.
 */
const EXPORT_SCRIPT: WorkerScript = 'export-worker';

export interface WorkersOptions {
  /** How long the export thread stays once idle (tests make it short). */
  exportIdleMs?: number;
  /**
   * A folder of the user's own where the threads keep their libraries' compiled code between runs
   * (workers/code-cache.ts: the CLI's, never the app's); without it every thread compiles them anew.
   */
  codeCache?: string;
  /** How long a cancelled task has to stop before its thread is ended; 0: ended at once, unasked (tests). */
  cancelGraceMs?: number;
  /** Settings every thread can read (workers/thread-settings.ts). */
  settings?: ThreadSettings;
}

/**
 * Worker threads (piscina): a pool sized for the machine for reading estimates and versions — one per
 * core but one, at least one, at most four: the work is a few large tasks at a time, and each worker
 * costs memory — and one export thread, where the export script's tasks run one at a time. The
 * export thread keeps what it loaded and parsed between exports, and is started ahead of time (the
 * exports' warm-up, exports/export-thread.ts, when an estimate opens); the estimate an export read is
 * kept there for its writer (exports/prepared-documents.ts). Idle threads end after a while, so an
 * app left open holds none.
 */
export function createWorkers(
  logger: Logger,
  size = Math.max(1, Math.min(4, availableParallelism() - 1)),
  /** A folder of built worker scripts to use instead (the benchmarks measure the threads as shipped). */
  builtIn?: string,
  options: WorkersOptions = {},
): Workers {
  const scripts = workerScripts(builtIn, options.codeCache);
  const settings = options.settings ?? {};
  const cancelGraceMs = options.cancelGraceMs ?? CANCEL_GRACE_MS;
  const general = threadPool(scripts, { size, idleTimeout: IDLE_MS, logger, cancelGraceMs, settings });
  const exports = threadPool(scripts, {
    settings,
    size: 1,
    idleTimeout: options.exportIdleMs ?? EXPORT_IDLE_MS,
    logger,
    cancelGraceMs,
    only: EXPORT_SCRIPT,
  });
  const poolOf = (task: TaskName): ThreadPool => (scriptOf(task) === EXPORT_SCRIPT ? exports : general);
  return {
    run: (task, input, runOptions) => poolOf(task).run(task, input, runOptions),
    get threads() {
      return general.threads + exports.threads;
    },
    get exportThreads() {
      return exports.threads;
    },
    get running() {
      return general.running + exports.running;
    },
    get forcedEnds() {
      return general.forcedEnds + exports.forcedEnds;
    },
    get threadsStarted() {
      return general.threadsStarted + exports.threadsStarted;
    },
    get threadsEnded() {
      return general.threadsEnded + exports.threadsEnded;
    },
    close: async () => {
      await Promise.all([general.close(), exports.close()]);
    },
  };
}

/** One piscina pool and what runs on it. */
type ThreadPool = Omit<Workers, 'exportThreads'>;

interface ThreadPoolOptions {
  size: number;
  idleTimeout: number;
  logger: Logger;
  cancelGraceMs: number;
  settings: ThreadSettings;
  /**
   * The one script of a pool's tasks, if it has one: a new thread loads it as it starts, not when the
   * first task reaches it (which waits for this thread to be free to send it).
   */
  only?: WorkerScript;
}

function threadPool(
  scripts: WorkerScripts,
  { size, idleTimeout, logger, cancelGraceMs, settings, only }: ThreadPoolOptions,
): ThreadPool {
  const pool = new Piscina({
    ...(scripts.entry
      ? { filename: scripts.entry, workerData: { codeCache: scripts.codeCache, script: only, settings } }
      : { workerData: { settings }, ...(only ? { filename: scripts.path(only) } : {}) }),
    execArgv: scripts.execArgv,
    minThreads: 0,
    maxThreads: size,
    idleTimeout,
    // A worker that dies (out of memory, killed) fails its task; the pool starts a new one.
    resourceLimits: THREAD_LIMITS,
  });
  /** Fails each task sent and not yet begun (see the 'error' handler below). */
  const notBegunTasks = new Set<(err: ServiceError) => void>();
  // A worker that fails outside any task (its script missing or damaged, say): logged, never a crash
  // of main. piscina then starts no thread for the tasks already waiting, and they would wait for
  // ever: each is failed instead (a new task tries a new thread).
  pool.on('error', (err: unknown) => {
    logger.log('error', `worker pool: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
    for (const fail of [...notBegunTasks]) fail(failedInside());
  });
  // Each thread by id, for as long as it runs: a cancel looks up the thread its task runs on.
  const threads = new Map<number, Worker>();
  let running = 0;
  let threadsStarted = 0;
  let threadsEnded = 0;
  pool.on('workerCreate', () => {
    for (const w of pool.threads) {
      if (threads.has(w.threadId)) continue;
      const id = w.threadId;
      threads.set(id, w);
      threadsStarted++;
      w.once('exit', () => {
        threads.delete(id);
        threadsEnded++;
      });
    }
  });
  /** Each task sent and not yet settled, by how to cancel it (close cancels them all first). */
  const active = new Map<() => void, Promise<unknown>>();
  let forcedEnds = 0;
  let closing = false;
  const workers: ThreadPool = {
    async run<K extends TaskName>(task: K, input: In<K>, options: RunOptions = {}): Promise<Out<K>> {
      if (options.signal?.aborted || closing) throw cancelledError();
      const channel = new MessageChannel();
      const word = taskStateWord();
      const state = new Int32Array(word);
      const message: TaskMessage = { task, input, events: channel.port2, state: word };
      const transfer: Transferable[] = [...(options.transfer ?? []), channel.port2];
      /** The thread running the task, once it has started. */
      let thread: Worker | undefined;
      let started = false;
      const onEvent = (m: TaskEvent): void => {
        if (m.type === 'started') {
          notBegunTasks.delete(failNotBegun);
          thread = threads.get(m.threadId);
          if (!started) running++;
          started = true;
        } else options.onProgress?.(m.done, m.total);
      };
      channel.port1.on('message', onEvent);
      // Ends the task's thread (piscina's cancel, which also takes a task out of its queue): only
      // for a task that did not stop within the grace after its cancel (cancel-point.ts: why).
      const end = new AbortController();
      let forced = false;
      let grace: NodeJS.Timeout | undefined;
      let cancelledHere = false;
      /** Settles the caller at once for a task cancelled before it began. */
      let notBegun: (err: ServiceError) => void = () => undefined;
      const cancelledBeforeBegun = new Promise<never>((_, reject) => (notBegun = reject));
      /** No thread could start to take it: it never begins, and piscina lets it go. */
      const failNotBegun = (err: ServiceError): void => {
        notBegunTasks.delete(failNotBegun);
        if (Atomics.compareExchange(state, 0, TaskState.queued, TaskState.cancelled) !== TaskState.queued)
          return;
        notBegun(err);
        end.abort();
      };
      notBegunTasks.add(failNotBegun);
      const cancel = (): void => {
        if (cancelledHere) return;
        cancelledHere = true;
        if (Atomics.compareExchange(state, 0, TaskState.queued, TaskState.cancelled) === TaskState.queued) {
          // Never begun: the caller is done with it now. piscina still hands it to a thread when one
          // is free (taking it out of the queue would end a thread it was already sent to), and
          // that thread answers at once, having done nothing.
          notBegun(cancelledError());
          return;
        }
        const endThread = (): void => {
          forced = true;
          forcedEnds++;
          logger.log(
            'warn',
            `worker task ${task} did not stop within ${cancelGraceMs} ms of its cancel: its thread is ended`,
          );
          end.abort();
        };
        // No grace (tests of this last resort): the thread is ended without asking the task first.
        if (cancelGraceMs <= 0) return endThread();
        Atomics.store(state, 0, TaskState.cancelled);
        channel.port1.postMessage({ type: 'cancel' } satisfies CancelMessage);
        grace = setTimeout(endThread, cancelGraceMs);
      };
      options.signal?.addEventListener('abort', cancel, { once: true });
      const outcome = pool.run(message, {
        filename: scripts.entry ?? scripts.path(scriptOf(task)),
        transferList: transfer as never,
        signal: end.signal,
      }) as Promise<TaskOutcome<Out<K>>>;
      // Until its outcome comes, even after its caller has gone: close() waits for it.
      active.set(
        cancel,
        outcome.then(
          () => active.delete(cancel),
          () => active.delete(cancel),
        ),
      );
      cancelledBeforeBegun.catch(() => undefined);
      try {
        const settled = await Promise.race([outcome, cancelledBeforeBegun]);
        if (cancelledHere) throw cancelledError();
        if (settled.ok) return settled.value;
        if (settled.fileSystemCode) {
          // The same error as on this thread: the caller says in words what the disk refused.
          logger.log('warn', `worker task ${task}: ${settled.fileSystemCode}`);
          throw Object.assign(new Error(settled.error.message), { code: settled.fileSystemCode });
        }
        if (settled.detail) logger.log('error', `worker task ${task} failed: ${settled.detail}`);
        throw new ServiceError(
          settled.error.kind,
          settled.error.message,
          settled.error.status,
          settled.error.fieldErrors,
          settled.error.serviceMessage,
          settled.error.path,
        );
      } catch (err) {
        if (cancelledHere || (err as Error)?.name === 'AbortError') {
          if (forced) {
            // A 'started' still queued on the port names the thread too.
            for (let m = receiveMessageOnPort(channel.port1); m; m = receiveMessageOnPort(channel.port1)) {
              onEvent(m.message as TaskEvent);
            }
            // Nothing of the task (a file it was writing) goes on after the caller has cleaned up.
            if (thread) await ended(thread);
          }
          throw cancelledError();
        }
        if (err instanceof ServiceError || isFileSystemError(err)) throw err;
        logger.log('error', `worker task ${task} failed: ${(err as Error)?.stack ?? String(err)}`);
        throw failedInside();
      } finally {
        notBegunTasks.delete(failNotBegun);
        clearTimeout(grace);
        options.signal?.removeEventListener('abort', cancel);
        channel.port1.close();
        if (started) running--;
      }
    },
    get threads() {
      return pool.threads.length;
    },
    get running() {
      return running;
    },
    get forcedEnds() {
      return forcedEnds;
    },
    get threadsStarted() {
      return threadsStarted;
    },
    get threadsEnded() {
      return threadsEnded;
    },
    close: async () => {
      // Every task sent stops by itself first (within its grace): a thread ended mid-task could take
      // the process with it (cancel-point.ts). No new one is taken meanwhile. Idle threads end safely.
      closing = true;
      while (active.size > 0) {
        const settling = [...active.values()];
        for (const cancel of [...active.keys()]) cancel();
        await Promise.all(settling);
      }
      await pool.destroy();
    },
  };
  return workers;
}

/** What the caller of a task that failed in a way of PlanDesk's own is told (the log has the details). */
function failedInside(): ServiceError {
  return new ServiceError('server', 'Something went wrong inside PlanDesk. Details are in the log.');
}

function isFileSystemError(err: unknown): boolean {
  const code = (err as NodeJS.ErrnoException | null)?.code;
  return typeof code === 'string' && /^E[A-Z]+$/.test(code);
}

/** Resolves when `thread` has ended (at once if it has); a thread that hangs is given up on after a while. */
function ended(thread: Worker): Promise<void> {
  // A thread that has ended reports -1 as its id.
  if (thread.threadId === -1) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, THREAD_END_WAIT_MS);
    thread.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
  });
}
