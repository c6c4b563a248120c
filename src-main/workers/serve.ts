/**
 * The worker side: a worker script (one per group of tasks, see tasks.ts) registers its tasks here,
 * serves them by name and answers with the outcome as plain data. Byte arrays in an output are moved to the main thread,
 * not copied. A worker loads only the scripts of the tasks it is given.
 */
import { createRequire } from 'node:module';
import type { Piscina as PiscinaPool } from 'piscina';
import { ServiceError, toErrorValue } from '../errors/service-error';
import { threadId } from 'node:worker_threads';
import { beginTask, cancelledError, cancelRequested, endTask } from './cancel-point';
import type { CancelMessage, TaskEvent, TaskMessage, TaskOutcome } from './protocol';
import type { Task, TaskNameOf, WorkerScript } from './tasks';
import { lowerThreadPriority } from './thread-priority';
import { transferablesOf } from './transferables';

/** A script's tasks: each named after the script (`export-…` in export-worker). */
export type ScriptTasks<S extends WorkerScript, T> = {
  readonly [K in keyof T]: K extends TaskNameOf<S> ? T[K] & Task<never> : never;
};

export function serveTasks<S extends WorkerScript, T extends ScriptTasks<S, T>>(
  _script: S,
  tasks: T,
): (message: TaskMessage) => Promise<unknown> {
  const byName: Readonly<Record<string, Task<never>>> = tasks;
  // Each script is served on a worker thread: it yields to main's (thread-priority.ts).
  lowerThreadPriority();
  return async (message) => {
    const events = message.events;
    // Cancelled before it began (main saw it queued): it answers at once, having done nothing.
    if (message.state && !beginTask(message.state)) {
      events?.close();
      return { ok: false, error: cancelledError().toValue() } satisfies TaskOutcome;
    }
    events?.on('message', (m: CancelMessage) => {
      if (m.type === 'cancel') cancelRequested();
    });
    events?.postMessage({ type: 'started', threadId } satisfies TaskEvent);
    const report = events
      ? (done: number, total: number | null): void =>
          events.postMessage({ type: 'progress', done, total } satisfies TaskEvent)
      : undefined;
    let outcome: TaskOutcome;
    try {
      const task = Object.hasOwn(byName, message.task) ? byName[message.task] : undefined;
      if (!task) throw new Error(`no such worker task: ${message.task}`);
      outcome = { ok: true, value: await task(message.input as never, report) };
    } catch (err) {
      // A ServiceError is an answer for the user; anything else is a fault whose details go to the log.
      const detail =
        err instanceof ServiceError
          ? undefined
          : err instanceof Error
            ? (err.stack ?? err.message)
            : String(err);
      const code = (err as NodeJS.ErrnoException | null)?.code;
      outcome = {
        ok: false,
        error: toErrorValue(err),
        ...(detail ? { detail } : {}),
        ...(typeof code === 'string' && /^E[A-Z]+$/.test(code) ? { fileSystemCode: code } : {}),
      };
    } finally {
      endTask();
      events?.close();
    }
    const transfer = outcome.ok ? transferablesOf(outcome.value) : [];
    if (transfer.length === 0) return outcome;
    // Loaded at the first answer that moves bytes: a thread whose tasks answer with plain data (a
    // PDF's) starts sooner without piscina's pool code. Required, as piscina requires its own code
    // (an import() would go through Node's ES module loader, inside the app's archive too).
    let Piscina: typeof PiscinaPool;
    try {
      ({ Piscina } = loadPiscina());
    } catch {
      return outcome; // Copied instead of moved: the same answer.
    }
    const movable = {
      get [Piscina.transferableSymbol]() {
        return transfer;
      },
      get [Piscina.valueSymbol]() {
        return outcome;
      },
    };
    return Piscina.move(movable as unknown as Parameters<typeof Piscina.move>[0]);
  };
}

/** piscina's module, from where this script runs (its pool code is loaded only here, see above). */
function loadPiscina(): { Piscina: typeof PiscinaPool } {
  return createRequire(__filename)('piscina') as { Piscina: typeof PiscinaPool };
}
