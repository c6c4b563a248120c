/**
 * What a drain (outbox-drain.ts) gives each attempt (outbox-attempt.ts) and what an attempt tells it
 * back: the types both sides share, below both.
 */
import type { ApiClient } from '../api/client';
import type { ProjectFile } from '../api/schemas';
import type { CacheDb } from '../cache/cache-db';
import type { Logger } from '../log/logger';
import type { OutboxProblem } from '../../src-shared/outbox/types';
import type { OutboxCopies } from './outbox-copies';
import type { OutboxStore } from './outbox-store';

/** What became of an entry, for now. */
export type EntryResult =
  | { kind: 'registered'; file: ProjectFile | null }
  /** It waits (no connection, the service failed, or its arrival is to be checked). */
  | { kind: 'waiting' }
  | { kind: 'held'; problem: OutboxProblem; error: unknown }
  /** The user removed it (or cancelled the upload). */
  | { kind: 'removed' };

export interface DrainContext {
  copies: OutboxCopies;
  /** The records this workspace's entries are in. */
  store: (workspaceId: string) => OutboxStore;
  /** This process's name on the rows it claims. */
  owner: string;
  /** Whether this process may send (it holds the drain lock, or just took it). */
  mayDrain: (workspaceId: string) => boolean;
  cacheFor: (workspaceId: string) => CacheDb;
  clientFor: (workspaceId: string) => Promise<ApiClient>;
  logger: Logger;
  busyRetryMs: number;
  offlineRetryMs: number;
  now: () => Date;
  changed: (workspaceId: string) => void;
  progressed: (workspaceId: string, id: number, sent: number) => void;
  /** What became of an entry for now (an upload the user is waiting for learns it here). */
  settled: (workspaceId: string, id: number, result: EntryResult) => void;
  observe: (workspaceId: string, err: unknown) => void;
  keyRejected: (workspaceId: string) => void;
  activity: (workspaceId: string, active: boolean) => void;
  /** The disk holding `path` is full (the user is told). */
  diskFull: (path: string) => void;
}
