/**
 * What crosses between main and a worker: a task by name with its input, and its outcome as plain
 * data (errors as ErrorValue: a ServiceError does not survive the thread boundary as a class).
 */
import type { MessagePort } from 'node:worker_threads';
import type { ErrorValue } from '../../src-shared/errors/service-error';

export interface TaskMessage<I = unknown> {
  task: string;
  input: I;
  /**
   * Where the worker says it started the task and the task reports its progress; main sends a cancel
   * the other way (`CancelMessage`).
   */
  events?: MessagePort;
  /** The task's state, shared with main (cancel-point.ts): how main cancels it without ending the thread. */
  state?: SharedArrayBuffer;
}

/** From main to the task, beside its state word: wakes a task that waits rather than checks. */
export interface CancelMessage {
  type: 'cancel';
}

export type TaskOutcome<O = unknown> =
  | { ok: true; value: O }
  | {
      ok: false;
      error: ErrorValue;
      detail?: string;
      /** A file-system failure's code (ENOSPC, EACCES, …): the caller puts it in words. */
      fileSystemCode?: string;
    };

/**
 * `started`: which thread runs the task (should a cancelled task not stop by itself, its thread is
 * ended and waited for, so nothing of the task can still touch a file after the cancel returns).
 * `progress`: done of total.
 */
export type TaskEvent =
  { type: 'started'; threadId: number } | { type: 'progress'; done: number; total: number | null };
