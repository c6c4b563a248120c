/**
 * Cancelling a task inside its thread, by the task itself. A thread is never ended to stop its task
 * (but as a last resort, pool.ts): Node aborts the whole process when a worker thread is ended while
 * it is creating a zlib stream (its clean-up asserts "close before init"), and a PDF or a workbook,
 * or a cached copy being read, creates many. So main marks the task cancelled in a shared word
 * (`TaskState`), and the task checks it where it can stop cleanly: between batches of items, rows and
 * pages (`cancelPoint`). A task waiting for something (a body's next chunk) is woken through
 * `cancelSignal`. On main's thread (a small body read there) there is no such word and both are
 * no-ops: main's callers check their own signal.
 *
 * A thread runs one task at a time (piscina's default), so the current task is this module's state,
 * set by serve.ts around each task.
 */
import { ServiceError } from '../errors/service-error';

/** A task's state in its shared word: main and the thread move it on with compare-and-swap. */
export const TaskState = {
  /** Sent, not yet begun: a cancel now means the thread never begins it. */
  queued: 0,
  running: 1,
  cancelled: 2,
} as const;

/** The shared word of a task's state (one Int32 in a SharedArrayBuffer). */
export function taskStateWord(): SharedArrayBuffer {
  return new SharedArrayBuffer(Int32Array.BYTES_PER_ELEMENT);
}

let current: { state: Int32Array; controller: AbortController } | null = null;

/**
 * Marks the task of `word` begun on this thread; false (and nothing begun) when it was cancelled
 * before it began.
 */
export function beginTask(word: SharedArrayBuffer): boolean {
  const state = new Int32Array(word);
  if (Atomics.compareExchange(state, 0, TaskState.queued, TaskState.running) !== TaskState.queued)
    return false;
  current = { state, controller: new AbortController() };
  return true;
}

/** The task asked to stop through its events port (it may be waiting rather than checking). */
export function cancelRequested(): void {
  current?.controller.abort();
}

export function endTask(): void {
  current = null;
}

export function cancelledError(): ServiceError {
  return new ServiceError('cancelled', 'The operation was cancelled.');
}

export function isCancelled(err: unknown): boolean {
  return err instanceof ServiceError && err.kind === 'cancelled';
}

/** Throws the cancel if the task running here was cancelled: call it where stopping leaves nothing half done. */
export function cancelPoint(): void {
  if (current !== null && Atomics.load(current.state, 0) === TaskState.cancelled) {
    current.controller.abort();
    throw cancelledError();
  }
}

/** Aborted when the task running here is cancelled (never, on main's thread). */
export function cancelSignal(): AbortSignal | undefined {
  return current?.controller.signal;
}
