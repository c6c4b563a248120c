/**
 * What crosses between main and a worker: a task by name with its input, and its outcome as plain
 * data (errors as ErrorValue: a ServiceError does not survive the thread boundary as a class).
 */
import type { MessagePort } from 'node:worker_threads';
import type { ErrorValue } from '../../src-shared/errors/service-error';

export interface TaskMessage<I = unknown> {
  task: string;
  input: I;
  /** Where the worker says it started the task, and the task reports its progress. */
  events?: MessagePort;
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
 * `started`: which thread runs the task (a cancel waits for that thread to end, so nothing of the
 * task can still touch a file after the cancel returns). `progress`: done of total.
 */
export type TaskEvent =
  { type: 'started'; threadId: number } | { type: 'progress'; done: number; total: number | null };
