/**
 * Every failure that can reach a user, as a plain value. Main produces these; the renderer and the
 * CLI turn them into words in one place each. They cross IPC as-is, so they hold no class instances.
 */
export type ErrorKind =
  | 'auth'
  | 'not-found'
  | 'validation'
  | 'rate-limit'
  | 'server'
  | 'network'
  | 'invalid-response'
  | 'cancelled'
  | 'config'
  | 'keychain'
  /** A disk PlanDesk writes to is full (`path` says which file or folder). */
  | 'disk-full'
  /** Something PlanDesk keeps on this computer is damaged and cannot be read (a stored version). */
  | 'damaged';

export interface ErrorValue {
  kind: ErrorKind;
  /** One sentence, no stack, never a credential. From the service where it said something useful. */
  message: string;
  /** What the service itself said, verbatim (untranslated), when it said something. */
  serviceMessage?: string;
  /** HTTP status when the error came from a response. */
  status?: number;
  /** Per-field messages from a validation error, keyed by field path (`address.city`). */
  fieldErrors?: Record<string, string[]>;
  /** A local file or folder the error is about (`disk-full`: where the disk is full). */
  path?: string;
}

export function isErrorValue(value: unknown): value is ErrorValue {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as ErrorValue).kind === 'string' &&
    typeof (value as ErrorValue).message === 'string'
  );
}
