/**
 * What the read-through client (cached-client.ts) takes and gives: where data came from, how an
 * answer read as bytes is worked on, its options, and which errors it answers from the cache.
 */
import type { ApiClient } from '../api/client';
import type { BodySink } from '../api/body-sink';
import type { Logger } from '../log/logger';
import { ServiceError } from '../errors/service-error';
import type { Provenance } from '../../src-shared/offline/types';

export type DataSource = 'network' | 'cache';

export interface Fetched<T> {
  data: T;
  source: DataSource;
  /** When this data came from the service: now for `network`, the cached time for `cache`. */
  fetchedAt: Date;
  /** With `source: 'cache'`: why the service was not used (the network error's message). */
  offlineReason?: string;
}

/** Where a read came from, as a screen is told it (the fetch time as ISO 8601 text). */
export function provenance(r: Pick<Fetched<unknown>, 'source' | 'fetchedAt'>): Provenance {
  return { source: r.source, fetchedAt: r.fetchedAt.toISOString() };
}

export type ConnectivityListener = (online: boolean, reason: string | null) => void;

/** The part of ApiClient this needs (a test may pass a fake). */
export type ReadClient = Pick<
  ApiClient,
  | 'listProjects'
  | 'getProject'
  | 'getPlan'
  | 'listAllEstimates'
  | 'getEstimate'
  | 'getEstimateBody'
  | 'getWorkspace'
  | 'listForms'
  | 'getForm'
  | 'listAllProjectFiles'
  | 'fetchImage'
>;

/**
 * How an answer read as bytes is worked on (by a worker for a large one: src-main/workers/body-job.ts):
 * the service's body while it arrives, or the cached copy when the service cannot be reached.
 */
export interface BodyWork<T> {
  /** Reads the body `fetch` feeds into the sink; gives the result and the bytes the cache keeps. */
  fromService(fetch: (sink: BodySink) => Promise<void>): Promise<{ result: T; cacheBytes: Uint8Array }>;
  fromCache(bytes: Uint8Array): Promise<T>;
}

export interface CachedClientOptions {
  logger?: Logger;
  now?: () => Date;
  /**
   * The most bytes of data that is not pinned to keep (settings: the offline storage budget); the
   * least recently used goes first. Null or absent: no limit.
   */
  budgetBytes?: () => number | null;
  /**
   * The same service, read with no retry of a request that got no answer (RetryPolicy
   * `retryUnanswered`): used while the service is known to be out of reach, so every screen shows
   * its cached copy at once instead of after the retries' pauses.
   */
  whileOffline?: ReadClient;
  /** An estimate from the service was just stored in the cache (its versions keep it: issue 17). */
  onEstimateStored?: (stored: StoredEstimate) => void;
}

/** An estimate as the cache stored it: its bytes (cache/stored-json.ts), never parsed here. */
export interface StoredEstimate {
  projectId: string;
  estimateId: string;
  bytes: Uint8Array;
  fetchedAt: Date;
}

/** Errors that mean "the service could not be reached": the only ones answered from the cache. */
export function isOfflineError(err: unknown): err is ServiceError {
  return err instanceof ServiceError && err.kind === 'network';
}
