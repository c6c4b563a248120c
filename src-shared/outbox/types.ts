/** The upload outbox as the files screen and the header show it. */

/**
 * Why an upload waits or is held.
 * Held until the user decides (retry or remove): `type-refused` (the service does not take the
 * type), `project-archived`, `project-deleted`, `key-revoked`, `file-missing` (the copy is gone),
 * `refused` (another refusal; `detail` has the service's words), `arrived-different` (the service
 * registered a file of another size than the copy: the copy is kept).
 * Waiting, tried again by itself: `offline` (no connection), `service-busy` (5xx, 429, a bad answer).
 */
export type OutboxProblem =
  | 'type-refused'
  | 'project-archived'
  | 'project-deleted'
  | 'key-revoked'
  | 'file-missing'
  | 'copy-damaged'
  | 'arrived-different'
  | 'refused'
  | 'offline'
  | 'service-busy';

export const HELD_PROBLEMS: readonly OutboxProblem[] = [
  'type-refused',
  'project-archived',
  'project-deleted',
  'key-revoked',
  'file-missing',
  'copy-damaged',
  'arrived-different',
  'refused',
];

/** Held because PlanDesk's copy cannot be sent: the user is asked to choose the original again. */
export const NEEDS_FILE_AGAIN: readonly OutboxProblem[] = ['file-missing', 'copy-damaged'];

export interface OutboxEntryView {
  id: number;
  projectId: string;
  projectName: string;
  name: string;
  size: number;
  /** ISO 8601 */
  addedAt: string;
  /**
   * waiting: to be sent when the service answers; sending: being sent (`sent` bytes so far);
   * checking: its register call was cut off, the files list is read before anything is sent again;
   * held: see `problem`.
   */
  state: 'waiting' | 'sending' | 'checking' | 'held';
  sent: number | null;
  problem: OutboxProblem | null;
  /** The service's own words, when it said something. */
  detail: string | null;
  /** ISO 8601: when a waiting upload is tried again by itself (after a service failure). */
  nextTryAt: string | null;
}

/** Sent on every change of a workspace's outbox (and, throttled, as bytes go out). */
export interface OutboxUpdate {
  workspaceId: string;
  entries: OutboxEntryView[];
}
