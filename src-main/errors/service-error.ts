import type { ErrorKind, ErrorValue } from '../../src-shared/errors/service-error';
import { redact } from '../log/logger';

/** Thrown inside main; converted to an ErrorValue at every front door (IPC, CLI). */
export class ServiceError extends Error {
  override readonly name = 'ServiceError';
  constructor(
    readonly kind: ErrorKind,
    message: string,
    readonly status?: number,
    readonly fieldErrors?: Record<string, string[]>,
    readonly serviceMessage?: string,
    /** The local file or folder the error is about (a full disk: where). */
    readonly path?: string,
  ) {
    super(message);
  }

  toValue(): ErrorValue {
    const value: ErrorValue = { kind: this.kind, message: this.message };
    if (this.serviceMessage) value.serviceMessage = this.serviceMessage;
    if (this.status !== undefined) value.status = this.status;
    if (this.fieldErrors && Object.keys(this.fieldErrors).length > 0) value.fieldErrors = this.fieldErrors;
    if (this.path !== undefined) value.path = this.path;
    return value;
  }
}

/**
 * Any thrown thing → an ErrorValue fit for a user. Unknown errors become a generic message: their
 * text may hold stack traces or internals, so it goes to the log, not to the user. Every text of the
 * value is redacted like a log line (log/logger.ts): a service that echoes the API key in its error
 * message, details or field errors never gets it shown, in the window or on the CLI's stderr.
 */
export function toErrorValue(error: unknown): ErrorValue {
  if (error instanceof ServiceError) return redacted(error.toValue());
  if (error instanceof Error && error.name === 'AbortError') {
    return { kind: 'cancelled', message: 'The operation was cancelled.' };
  }
  return { kind: 'server', message: 'Something went wrong inside PlanDesk. Details are in the log.' };
}

/** What the service said of each field, in one line ("file_name: must not …"); null when nothing. */
export function fieldWords(value: ErrorValue): string | null {
  const fields = Object.entries(value.fieldErrors ?? {}).map(
    ([field, says]) => `${field}: ${says.join('; ')}`,
  );
  return fields.length > 0 ? fields.join(' · ') : null;
}

function redacted(value: ErrorValue): ErrorValue {
  const out: ErrorValue = { ...value, message: redact(value.message) };
  if (value.serviceMessage !== undefined) out.serviceMessage = redact(value.serviceMessage);
  if (value.fieldErrors) {
    out.fieldErrors = Object.fromEntries(
      Object.entries(value.fieldErrors).map(([field, messages]) => [redact(field), messages.map(redact)]),
    );
  }
  return out;
}
