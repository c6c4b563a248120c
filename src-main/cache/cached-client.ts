/**
 * Read-through caching around the API client, for one workspace. Every read tries the service first;
 * what it gets is stored with the time it arrived. When the service cannot be reached (a `network`
 * error: no connection, DNS, refused, timeout), the cached copy is returned instead, marked
 * `source: 'cache'` with its `fetchedAt`, so the UI can show "offline — data from <time>". Any
 * answer from the service itself (auth, not found, validation, …) is passed on as-is: a revoked key
 * or a deleted project must never be hidden behind old data.
 */
import type { ApiClient, CallOptions, FormDocument, PageRequest, ProjectQuery } from '../api/client';
import type { ListAllOptions, Page } from '../api/paging';
import type {
  EstimateDetail,
  EstimateListItem,
  PlanDocument,
  ProjectDetail,
  ProjectListItem,
  Workspace,
} from '../api/schemas';
import { silentLogger, type Logger } from '../log/logger';
import { cacheKeys, type CacheDb, type CacheKind } from './cache-db';
import {
  makeAvailableOffline,
  offlineStatus,
  type MakeOfflineOptions,
  type OfflineStatus,
  type OfflineSyncSummary,
} from './offline-sync';
import { ServiceError } from '../errors/service-error';

export type DataSource = 'network' | 'cache';

export interface Fetched<T> {
  data: T;
  source: DataSource;
  /** When this data came from the service: now for `network`, the cached time for `cache`. */
  fetchedAt: Date;
  /** With `source: 'cache'`: why the service was not used (the network error's message). */
  offlineReason?: string;
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
  | 'getWorkspace'
  | 'listForms'
  | 'getForm'
>;

export interface CachedClientOptions {
  logger?: Logger;
  now?: () => Date;
  /** An estimate fetched from the service was just stored in the cache (its versions keep it). */
  onEstimateStored?: (projectId: string, estimateId: string) => void;
}

/** Errors that mean "the service could not be reached": the only ones answered from the cache. */
export function isOfflineError(err: unknown): err is ServiceError {
  return err instanceof ServiceError && err.kind === 'network';
}

export class CachedClient {
  private isOnline = true;
  private reason: string | null = null;
  private readonly listeners = new Set<ConnectivityListener>();
  private readonly logger: Logger;
  private readonly now: () => Date;
  private readonly estimateStored: CachedClientOptions['onEstimateStored'];

  constructor(
    readonly client: ReadClient,
    readonly cache: CacheDb,
    options: CachedClientOptions = {},
  ) {
    this.logger = options.logger ?? silentLogger;
    this.now = options.now ?? (() => new Date());
    this.estimateStored = options.onEstimateStored;
  }

  /** False from the first network error until the next answer from the service. */
  get online(): boolean {
    return this.isOnline;
  }

  /** The last network error's message while offline, else null. */
  get offlineReason(): string | null {
    return this.reason;
  }

  /** Called on every change of `online`; returns the unsubscribe function. */
  onChange(listener: ConnectivityListener): () => void {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }

  listProjects(query: ProjectQuery & PageRequest = {}): Promise<Fetched<Page<ProjectListItem>>> {
    return this.read('projects-page', cacheKeys.projectsPage(query), () => this.client.listProjects(query));
  }

  getProject(id: string, opts: CallOptions = {}): Promise<Fetched<ProjectDetail>> {
    return this.read('project', cacheKeys.project(id), () => this.client.getProject(id, opts));
  }

  getPlan(planId: string, opts: CallOptions = {}): Promise<Fetched<PlanDocument>> {
    return this.read('plan', cacheKeys.plan(planId), () => this.client.getPlan(planId, opts));
  }

  listAllEstimates(projectId: string, options: ListAllOptions = {}): Promise<Fetched<EstimateListItem[]>> {
    return this.read('estimates-list', cacheKeys.estimatesList(projectId), () =>
      this.client.listAllEstimates(projectId, options),
    );
  }

  async getEstimate(
    projectId: string,
    estimateId: string,
    opts: CallOptions = {},
  ): Promise<Fetched<EstimateDetail>> {
    const fetched = await this.read('estimate', cacheKeys.estimate(projectId, estimateId), () =>
      this.client.getEstimate(projectId, estimateId, opts),
    );
    if (fetched.source === 'network') this.keepEstimateVersion(projectId, estimateId);
    return fetched;
  }

  /**
   * The one hook of estimate versions (issue 17): an estimate fetched from the service has just been
   * stored in the cache, and its versions keep it (in a worker; never in the caller's way).
   */
  private keepEstimateVersion(projectId: string, estimateId: string): void {
    try {
      this.estimateStored?.(projectId, estimateId);
    } catch (err) {
      this.logger.log('warn', `estimate versions: ${err instanceof Error ? err.message : String(err)}`);
    }
  }

  /** The estimate as last fetched, from the cache only (no request); null when it was never kept. */
  cachedEstimate(projectId: string, estimateId: string): Fetched<EstimateDetail> | null {
    const hit = this.cache.get<EstimateDetail>('estimate', cacheKeys.estimate(projectId, estimateId));
    return hit ? { data: hit.data, source: 'cache', fetchedAt: hit.fetchedAt } : null;
  }

  /** The workspace's forms, exactly as sent: offline, the forms screen shows them read-only. */
  listForms(opts: CallOptions = {}): Promise<Fetched<FormDocument[]>> {
    return this.read('forms-list', cacheKeys.formsList(), () => this.client.listForms(opts));
  }

  getForm(id: string, opts: CallOptions = {}): Promise<Fetched<FormDocument>> {
    return this.read('form', cacheKeys.form(id), () => this.client.getForm(id, opts));
  }

  /** The workspace's details (the workspace screen). */
  getWorkspace(opts: CallOptions = {}): Promise<Fetched<Workspace>> {
    return this.read('workspace', cacheKeys.workspace(), () => this.client.getWorkspace(opts));
  }

  /** Forgets a cached answer the service no longer gives (a deleted form). */
  forget(kind: CacheKind, key: string): void {
    this.cache.delete(kind, key);
  }

  /**
   * Fetches the project, its plan and every estimate, and stores them in one transaction. Uses the
   * service only (never the cache); a failure leaves the previous offline copy as it was.
   */
  async makeAvailableOffline(
    projectId: string,
    options: MakeOfflineOptions = {},
  ): Promise<OfflineSyncSummary> {
    try {
      const summary = await makeAvailableOffline(this.client, this.cache, projectId, options);
      this.setOnline(true, null);
      return summary;
    } catch (err) {
      this.noteFailure(err);
      throw err;
    }
  }

  offlineStatus(projectId: string): OfflineStatus {
    return offlineStatus(this.cache, projectId);
  }

  /** Asks the service whether it is reachable (GET /workspace); updates `online`. */
  async probe(opts: CallOptions = {}): Promise<boolean> {
    try {
      await this.client.getWorkspace(opts);
      this.setOnline(true, null);
    } catch (err) {
      this.noteFailure(err);
    }
    return this.isOnline;
  }

  private async read<T>(kind: CacheKind, key: string, fetch: () => Promise<T>): Promise<Fetched<T>> {
    let data: T;
    try {
      data = await fetch();
    } catch (err) {
      this.noteFailure(err);
      if (isOfflineError(err)) {
        const hit = this.cache.get<T>(kind, key);
        if (hit)
          return { data: hit.data, source: 'cache', fetchedAt: hit.fetchedAt, offlineReason: err.message };
      } else if (err instanceof ServiceError && err.kind === 'not-found') {
        // Gone from the service: the cached copy must not come back when offline later.
        this.cache.delete(kind, key);
      }
      throw err;
    }
    const fetchedAt = this.now();
    this.setOnline(true, null);
    this.cache.put(kind, key, data, fetchedAt);
    return { data, source: 'network', fetchedAt };
  }

  /** A network error means offline; an HTTP answer (even an error) means the service was reached. */
  private noteFailure(err: unknown): void {
    if (isOfflineError(err)) this.setOnline(false, err.message);
    else if (err instanceof ServiceError && err.status !== undefined) this.setOnline(true, null);
  }

  private setOnline(online: boolean, reason: string | null): void {
    this.reason = online ? null : reason;
    if (online === this.isOnline) return;
    this.isOnline = online;
    this.logger.log('info', online ? 'service reachable again' : `service unreachable: ${reason ?? ''}`);
    for (const listener of [...this.listeners]) {
      try {
        listener(online, this.reason);
      } catch (err) {
        this.logger.log(
          'warn',
          `connectivity listener failed: ${err instanceof Error ? err.message : String(err)}`,
        );
      }
    }
  }
}
