/**
 * Named points in the code where a fault can be injected: the fault suite (`npm run faults`) crashes
 * the process, or makes a write fail, at each step that writes the user's data, so every window
 * between two steps is tried in every run instead of wherever a random kill happens to land.
 *
 * Nothing happens at a point unless a hook is installed, and only the fault suite's child processes
 * install one (`setFaultHook`): the app, the CLI and the other tests never do.
 */

export type FaultPoint =
  /** An outbox copy is being made (half its bytes written). */
  | 'outbox:copy-in'
  /** The copy is in place, its record not yet written. */
  | 'outbox:copied'
  /** The entry is claimed for sending; no request made yet. */
  | 'outbox:before-upload'
  /** Half the bytes are on their way to storage. */
  | 'outbox:during-upload'
  /** Storage has every byte; `registering` not yet written. */
  | 'outbox:after-upload'
  /** `registering` is on disk; the register request has not left yet. */
  | 'outbox:registering'
  /** The register call is out; its answer not yet read (`pending` settles when it is). */
  | 'outbox:during-registration'
  /** The service answered the register call; nothing recorded yet. */
  | 'outbox:after-registration'
  /** `registered` is recorded; the copy not yet removed. */
  | 'outbox:registered'
  /** Inside a cache write transaction (a row written, not committed). */
  | 'cache:write'
  /** Inside the transaction that keeps an estimate version. */
  | 'versions:record'
  /** A document's temporary file is written, not yet renamed into place. */
  | 'export:write';

export const FAULT_POINTS: readonly FaultPoint[] = [
  'outbox:copy-in',
  'outbox:copied',
  'outbox:before-upload',
  'outbox:during-upload',
  'outbox:after-upload',
  'outbox:registering',
  'outbox:during-registration',
  'outbox:after-registration',
  'outbox:registered',
  'cache:write',
  'versions:record',
  'export:write',
];

/**
 * Called at every point. It may throw (the step fails with that error), end the process, or, where
 * `pending` is given, wait for it first. A synchronous point (inside an SQLite transaction) ignores
 * a returned promise.
 */
export type FaultHook = (point: FaultPoint, pending?: Promise<unknown>) => void | Promise<void>;

let hook: FaultHook | null = null;

/** For the fault suite's child processes only; null removes it. */
export function setFaultHook(next: FaultHook | null): void {
  hook = next;
}

/** A point in asynchronous code. */
export async function faultPoint(point: FaultPoint, pending?: Promise<unknown>): Promise<void> {
  if (hook) await hook(point, pending);
}

/** A point inside synchronous code (an SQLite transaction). */
export function faultPointSync(point: FaultPoint): void {
  if (hook) void hook(point);
}
