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
  | 'keychain';

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
}

export function isErrorValue(value: unknown): value is ErrorValue {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as ErrorValue).kind === 'string' &&
    typeof (value as ErrorValue).message === 'string'
  );
}
