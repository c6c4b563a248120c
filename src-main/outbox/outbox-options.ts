/**
 * What the upload outbox (outbox-service.ts) is given: its wiring, and the options of adding files.
 */
import path from 'node:path';
import type { ApiClient } from '../api/client';
import type { CacheDb } from '../cache/cache-db';
import { ServiceError } from '../errors/service-error';
import type { Logger } from '../log/logger';
import { fileExtension, safeFileName } from '../../src-shared/files/safe-file-name';
import type { OutboxUpdate } from '../../src-shared/outbox/types';
import type { OutboxRecovery } from './outbox-recovery';

export interface OutboxOptions {
  /** `<user data>/outbox` */
  root: string;
  /** The workspace's cache (older upload records are moved from it; the files list is kept there). */
  cacheFor: (workspaceId: string) => CacheDb;
  clientFor: (workspaceId: string) => Promise<ApiClient>;
  /** Every workspace set up, the demo included. */
  workspaceIds: () => Promise<string[]>;
  /** Whether a workspace keeps its data in memory by design (the demo): its outbox records too. */
  inMemoryByDesign: (workspaceId: string) => boolean;
  emit: (update: OutboxUpdate) => void;
  /** What sending learnt about the service: a network error (offline) or null (it answered). */
  observe?: (workspaceId: string, err: unknown) => void;
  /** The service refused the workspace's key. */
  keyRejected?: (workspaceId: string) => void;
  /** Sending started (true) or ended (false) for a workspace. */
  onActivity?: (workspaceId: string, active: boolean) => void;
  /** At start, the records and copies were made to agree after a recovery: what waits, what needs a file. */
  onRecovered?: (report: OutboxRecovery) => void;
  /** The disk holding `path` is full: the records, or a copy, could not be written. */
  onDiskFull?: (path: string) => void;
  logger: Logger;
  /** After a service failure the wait starts here and grows (default 30 s, at most 10 min, with jitter). */
  busyRetryMs?: number;
  /** Offline, how often the outbox tries again by itself (default 60 s; the connection events come sooner). */
  offlineRetryMs?: number;
  /** The drain lock: renewed this often, taken over after this long unrenewed, asked for again this often. */
  lock?: { renewMs?: number; staleMs?: number; retryMs?: number };
  now?: () => Date;
}

export interface EnqueueOptions {
  /** Stops the copying: nothing of it is kept. */
  signal?: AbortSignal;
  /** Bytes copied over all the files, and their total. */
  onProgress?: (copied: number, total: number) => void;
  /** False: not sent now (the caller sends them with `send`, so it learns what became of each). */
  drain?: boolean;
  /** The name the file gets in the project, when not its own (one file only; the same type). */
  name?: string;
}

/** A name given for an upload: one file's, a safe name of the file's own type. */
export function checkUploadName(name: string, paths: readonly string[]): void {
  if (paths.length !== 1) throw new ServiceError('validation', 'A name can be given to one file only.');
  if (safeFileName(name, '') !== name) {
    throw new ServiceError(
      'validation',
      `"${name}" cannot be a file's name (no folders, no reserved characters).`,
    );
  }
  if (fileExtension(name) !== fileExtension(path.basename(paths[0]!))) {
    throw new ServiceError(
      'validation',
      `The name "${name}" would change the file's type: keep the ".${fileExtension(paths[0]!)}" extension.`,
    );
  }
}
