import type { ErrorKind, ErrorValue } from '../../src-shared/errors/service-error';

/** Thrown inside main; converted to an ErrorValue at every front door (IPC, CLI). */
export class ServiceError extends Error {
  override readonly name = 'ServiceError';
  constructor(
    readonly kind: ErrorKind,
    message: string,
    readonly status?: number,
    readonly fieldErrors?: Record<string, string[]>,
    readonly serviceMessage?: string,
  ) {
    super(message);
  }

  toValue(): ErrorValue {
    const value: ErrorValue = { kind: this.kind, message: this.message };
    if (this.serviceMessage) value.serviceMessage = this.serviceMessage;
    if (this.status !== undefined) value.status = this.status;
    if (this.fieldErrors && Object.keys(this.fieldErrors).length > 0) value.fieldErrors = this.fieldErrors;
    return value;
  }
}

/**
 * Any thrown thing → an ErrorValue fit for a user. Unknown errors become a generic message: their
 * text may hold stack traces or internals, so it goes to the log, not to the user.
 */
export function toErrorValue(error: unknown): ErrorValue {
  if (error instanceof ServiceError) return error.toValue();
  if (error instanceof Error && error.name === 'AbortError') {
    return { kind: 'cancelled', message: 'The operation was cancelled.' };
  }
  return { kind: 'server', message: 'Something went wrong inside PlanDesk. Details are in the log.' };
}
