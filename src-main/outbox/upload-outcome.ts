/**
 * What a failed upload attempt means for its outbox entry, from the error and the step it failed in.
 * The register step is special: once its request may have reached the service, nobody knows whether
 * the file is registered, so the entry is checked against the files list before anything is resent.
 */
import type { OutboxProblem } from '../../src-shared/outbox/types';
import { ServiceError } from '../errors/service-error';
import type { UploadStage } from '../files/files-service';

export type AttemptStage = 'prepare' | UploadStage;

export type AttemptOutcome =
  /** No connection: wait for the service to answer again. */
  | { kind: 'offline' }
  /** The service failed (5xx, 429, an unreadable answer): try again later by itself. */
  | { kind: 'busy'; detail: string | null }
  /** The register call may have arrived: check the files list before sending again. */
  | { kind: 'uncertain'; network: boolean }
  /** The storage link expired on the way: ask for a fresh one at once. */
  | { kind: 'expired' }
  /** The user removed it while it was being sent. */
  | { kind: 'cancelled' }
  /** Kept until the user decides. */
  | { kind: 'hold'; problem: OutboxProblem; detail: string | null };

export function outcomeOf(err: unknown, stage: AttemptStage): AttemptOutcome {
  if (!(err instanceof ServiceError)) return { kind: 'busy', detail: null };
  const detail = err.serviceMessage ?? null;
  if (err.kind === 'cancelled') return { kind: 'cancelled' };
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
        problem: stage === 'presign' && refusesFileName(err) ? 'type-refused' : 'refused',
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

/** The service's validation names the file's name (its type) rather than another field. */
function refusesFileName(err: ServiceError): boolean {
  const fields = Object.keys(err.fieldErrors ?? {});
  return fields.length === 0 || fields.some((f) => /file_?name|type|extension/i.test(f));
}
