/**
 * The worker threads' script: runs one named task and answers with its outcome as plain data. Each
 * task module is loaded on first use, so a worker holds only what its tasks need.
 */
import { ServiceError, toErrorValue } from '../errors/service-error';
import type { ProgressMessage, TaskMessage, TaskOutcome } from './protocol';
import { TASKS } from './tasks';

export default async function run(message: TaskMessage): Promise<TaskOutcome> {
  const progress = message.progress;
  const report = progress
    ? (done: number, total: number | null): void =>
        progress.postMessage({ done, total } satisfies ProgressMessage)
    : undefined;
  try {
    const load = TASKS[message.task];
    if (!load) throw new Error(`no such worker task: ${message.task}`);
    const task = await load();
    return { ok: true, value: await task(message.input as never, report) };
  } catch (err) {
    // A ServiceError is an answer for the user; anything else is a fault whose details go to the log.
    const detail =
      err instanceof ServiceError
        ? undefined
        : err instanceof Error
          ? (err.stack ?? err.message)
          : String(err);
    return { ok: false, error: toErrorValue(err), ...(detail ? { detail } : {}) };
  } finally {
    progress?.close();
  }
}
