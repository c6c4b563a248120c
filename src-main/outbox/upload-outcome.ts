/**
 * The one classifier of failed uploads: what a failed attempt means for its outbox entry, from the
 * error and the step it failed in. Every upload is an outbox entry (an upload the user starts is sent
 * at once, through the same drain), so this is the only place that decides.
 *
 * The register step is special: once its request may have reached the service, nobody knows whether
 * the file is registered, so the entry is checked against the files list before anything is resent.
 */
import type { OutboxProblem } from '../../src-shared/outbox/types';
import { ServiceError } from '../errors/service-error';
import type { UploadStage } from '../files/files-service';
import { RecordsError } from './outbox-store';

export type AttemptStage = 'prepare' | UploadStage;

/** Another process took the drain over while this one was sending (drain-lock.ts): the row is its now. */
export class ClaimLostError extends ServiceError {
  constructor() {
    super('cancelled', 'Another PlanDesk on this computer took this upload over.');
  }
}

export type AttemptOutcome =
  /** No connection: wait for the service to answer again. */
  | { kind: 'offline' }
  /** The service failed (5xx, 429, an unreadable answer): try again later by itself, backing off. */
  | { kind: 'busy'; detail: string | null }
  /** The register call may have arrived: check the files list before sending again. */
  | { kind: 'uncertain'; network: boolean }
  /** The storage link expired on the way: ask for a fresh one at once. */
  | { kind: 'expired' }
  /** The user removed it while it was being sent. */
  | { kind: 'cancelled' }
  /** Another process's drain owns the row now: leave it alone. */
  | { kind: 'lost' }
  /**
   * This computer failed, not the upload: the records could not be written (a full disk, a file that
   * cannot be written). Nothing is decided about the entry; it is tried again later, and a full disk
   * is said.
   */
  | { kind: 'local'; diskFull: boolean; path: string | null }
  /** Kept until the user decides. */
  | { kind: 'hold'; problem: OutboxProblem; detail: string | null };

export function outcomeOf(err: unknown, stage: AttemptStage): AttemptOutcome {
  if (err instanceof ClaimLostError) return { kind: 'lost' };
  if (!(err instanceof ServiceError)) return { kind: 'busy', detail: null };
  const detail = err.serviceMessage ?? null;
  if (err.kind === 'cancelled') return { kind: 'cancelled' };
  // The records, or a full disk anywhere on this computer: never "file missing", never "refused".
  if (err instanceof RecordsError || err.kind === 'disk-full') {
    return { kind: 'local', diskFull: err.kind === 'disk-full', path: err.path ?? null };
  }
  // The copy's bytes no longer match their checksum: never sent whole, never registered.
  if (err.kind === 'damaged') return { kind: 'hold', problem: 'copy-damaged', detail: null };
  // The copy cannot be read (gone, no permission): the user must give the file again.
  if (err.path !== undefined) return { kind: 'hold', problem: 'file-missing', detail: null };
  if (stage === 'register' && ['network', 'server', 'invalid-response'].includes(err.kind)) {
    return { kind: 'uncertain', network: err.kind === 'network' };
  }
  switch (err.kind) {
    case 'network':
      return { kind: 'offline' };
    case 'auth':
      return stage === 'upload' && err.status === 403
        ? { kind: 'expired' }
        : { kind: 'hold', problem: 'key-revoked', detail };
    case 'not-found':
      return { kind: 'hold', problem: 'project-deleted', detail };
    case 'validation':
      return {
        kind: 'hold',
        problem: stage === 'presign' && refusesFileType(err) ? 'type-refused' : 'refused',
        detail: detail ?? err.message,
      };
    case 'server':
    case 'rate-limit':
    case 'invalid-response':
      return { kind: 'busy', detail };
    default:
      return { kind: 'hold', problem: 'refused', detail: detail ?? err.message };
  }
}

/**
 * The service's validation refuses the file's type (a field of the type, or the name's field saying
 * so), rather than the name itself (a character it does not take) or another field.
 */
function refusesFileType(err: ServiceError): boolean {
  const fields = Object.entries(err.fieldErrors ?? {});
  if (fields.length === 0) return true;
  return fields.some(
    ([field, says]) =>
      /type|extension/i.test(field) ||
      (/file_?name/i.test(field) && says.some((m) => /type|extension/i.test(m))),
  );
}
