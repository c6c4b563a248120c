/**
 * Read-through caching around the API client, for one workspace. Every read tries the service first;
 * what it gets is stored with the time it arrived. When the service cannot be reached (a `network`
 * error: no connection, DNS, refused, timeout), the cached copy is returned instead, marked
 * `source: 'cache'` with its `fetchedAt`, so the UI can show "offline — data from <time>". Any
 * answer from the service itself (auth, not found, validation, …) is passed on as-is: a revoked key
 * or a deleted project must never be hidden behind old data.
 */
import type { CallOptions, FormDocument, PageRequest, ProjectQuery } from '../api/client';
import type { ListAllOptions, Page } from '../api/paging';
import type {
  EstimateDetail,
  EstimateListItem,
  PlanDocument,
  ProjectDetail,
  ProjectFile,
  ProjectListItem,
  Workspace,
} from '../api/schemas';
import type { BodySink } from '../api/body-sink';
import { MAX_PLAN_IMAGE_BYTES } from '../api/limits';
import { silentLogger, type Logger } from '../log/logger';
import { cacheKeys, type CacheDb, type CacheKind, type CachePut } from './cache-db';
import { updateCachedFilesList } from './files-list';
import {
  makeAvailableOffline,
  offlineStatus,
  type MakeOfflineOptions,
  type OfflineStatus,
  type OfflineSyncSummary,
} from './offline-sync';
import { nextTurn } from '../../src-shared/async/next-turn';
import { ServiceError } from '../errors/service-error';
import { Connectivity } from './connectivity';
import {
  isOfflineError,
  type BodyWork,
  type CachedClientOptions,
  type Fetched,
  type ReadClient,
  type StoredEstimate,
} from './read-through';

export {
  isOfflineError,
  provenance,
  type BodyWork,
  type CachedClientOptions,
  type ConnectivityListener,
  type DataSource,
  type Fetched,
  type ReadClient,
  type StoredEstimate,
} from './read-through';

export class CachedClient extends Connectivity {
  private readonly logger: Logger;
  private readonly now: () => Date;

  constructor(
    readonly client: ReadClient,
    readonly cache: CacheDb,
    private readonly options: CachedClientOptions = {},
  ) {
    const logger = options.logger ?? silentLogger;
    const now = options.now ?? (() => new Date());
    super(logger, now);
    this.logger = logger;
    this.now = now;
  }

  listProjects(query: ProjectQuery & PageRequest = {}): Promise<Fetched<Page<ProjectListItem>>> {
    return this.read('projects-page', cacheKeys.projectsPage(query), (c) => c.listProjects(query));
  }

  getProject(id: string, opts: CallOptions = {}): Promise<Fetched<ProjectDetail>> {
    return this.read('project', cacheKeys.project(id), (c) => c.getProject(id, opts));
  }

  getPlan(planId: string, opts: CallOptions = {}): Promise<Fetched<PlanDocument>> {
    return this.read('plan', cacheKeys.plan(planId), (c) => c.getPlan(planId, opts));
  }

  listAllEstimates(projectId: string, options: ListAllOptions = {}): Promise<Fetched<EstimateListItem[]>> {
    return this.read('estimates-list', cacheKeys.estimatesList(projectId), (c) =>
      c.listAllEstimates(projectId, options),
    );
  }

  getEstimate(
    projectId: string,
    estimateId: string,
    opts: CallOptions = {},
  ): Promise<Fetched<EstimateDetail>> {
    return this.read('estimate', cacheKeys.estimate(projectId, estimateId), (c) =>
      c.getEstimate(projectId, estimateId, opts),
    );
  }

  /**
   * The estimate as bytes worked on by `work` (never parsed on this thread): the service's answer,
   * kept in the cache as the bytes `work` gives back, or the cached copy when offline.
   */
  async readEstimate<T>(
    projectId: string,
    estimateId: string,
    work: BodyWork<T>,
    opts: CallOptions = {},
  ): Promise<Fetched<T>> {
    let stored: Uint8Array | null = null;
    const noted: BodyWork<T> = {
      fromService: async (fetch) => {
        const out = await work.fromService(fetch);
        stored = out.cacheBytes;
        return out;
      },
      fromCache: (bytes) => work.fromCache(bytes),
    };
    const fetched = await this.readBody(
      'estimate',
      cacheKeys.estimate(projectId, estimateId),
      noted,
      (sink, c) => c.getEstimateBody(projectId, estimateId, sink, opts),
    );
    if (fetched.source === 'network' && stored) {
      this.estimateStored({ projectId, estimateId, bytes: stored, fetchedAt: fetched.fetchedAt });
    }
    return fetched;
  }

  /**
   * The one hook of estimate versions (issue 17): the bytes just stored for an estimate from the
   * service are kept as a version (in a worker; never in the caller's way, never its failure).
   */
  private estimateStored(stored: StoredEstimate): void {
    try {
      this.options.onEstimateStored?.(stored);
    } catch (err) {
      this.logger.log('warn', `estimate versions: ${err instanceof Error ? err.message : String(err)}`);
    }
  }

  /** The project's estimates as last listed, from the cache only (no request); null when never kept. */
  cachedEstimatesList(projectId: string): Fetched<EstimateListItem[]> | null {
    const hit = this.cache.get<EstimateListItem[]>('estimates-list', cacheKeys.estimatesList(projectId));
    return hit ? { data: hit.data, source: 'cache', fetchedAt: hit.fetchedAt } : null;
  }

  /** The estimate's bytes as the cache keeps them (no request, nothing parsed); null when never kept. */
  cachedEstimateBytes(projectId: string, estimateId: string): Uint8Array | null {
    return this.cache.getBytes('estimate', cacheKeys.estimate(projectId, estimateId))?.bytes ?? null;
  }

  /** The estimate as last fetched, from the cache only (no request); null when it was never kept. */
  cachedEstimate(projectId: string, estimateId: string): Fetched<EstimateDetail> | null {
    const hit = this.cache.get<EstimateDetail>('estimate', cacheKeys.estimate(projectId, estimateId));
    return hit ? { data: hit.data, source: 'cache', fetchedAt: hit.fetchedAt } : null;
  }

  /** The workspace's forms, exactly as sent: offline, the forms screen shows them read-only. */
  listForms(opts: CallOptions = {}): Promise<Fetched<FormDocument[]>> {
    return this.read('forms-list', cacheKeys.formsList(), (c) => c.listForms(opts));
  }

  getForm(id: string, opts: CallOptions = {}): Promise<Fetched<FormDocument>> {
    return this.read('form', cacheKeys.form(id), (c) => c.getForm(id, opts));
  }

  /** The workspace's details (the workspace screen). */
  getWorkspace(opts: CallOptions = {}): Promise<Fetched<Workspace>> {
    return this.read('workspace', cacheKeys.workspace(), (c) => c.getWorkspace(opts));
  }

  /** Every file of the project (with download links that expire: offline, only names and sizes). */
  listProjectFiles(projectId: string, opts: CallOptions = {}): Promise<Fetched<ProjectFile[]>> {
    return this.read('files-list', cacheKeys.filesList(projectId), (c) =>
      c.listAllProjectFiles(projectId, { signal: opts.signal }),
    );
  }

  /** Changes the kept files list (after an upload or a delete), keeping its time. */
  updateCachedFiles(projectId: string, change: (files: ProjectFile[]) => ProjectFile[]): void {
    updateCachedFilesList(this.cache, projectId, change);
  }

  /**
   * A floor image: from the service, kept for offline use; when the service does not give it
   * (offline, or a failure the image fetch does not tell apart), the copy kept earlier.
   */
  async floorImage(url: string, opts: CallOptions = {}): Promise<Fetched<Uint8Array | null>> {
    const key = cacheKeys.image(url);
    const bytes = await this.client.fetchImage(url, { ...opts, maxBytes: MAX_PLAN_IMAGE_BYTES });
    const fetchedAt = this.now();
    if (bytes) {
      this.cache.putBlob({ kind: 'image', key, bytes, contentType: null, fetchedAt });
      this.keepWithinBudget();
      return { data: bytes, source: 'network', fetchedAt };
    }
    const hit = this.cache.getBlob('image', key);
    if (!hit) return { data: null, source: 'network', fetchedAt };
    this.cache.touch('image', key);
    return { data: new Uint8Array(hit.bytes), source: 'cache', fetchedAt: hit.fetchedAt };
  }

  /**
   * Every project the cache knows, from the list pages and the details it kept, the newest copy of
   * each: what an offline search looks through. `fetchedAt` is the newest of them (null: none).
   */
  cachedProjects(): { items: ProjectListItem[]; fetchedAt: Date | null } {
    const byId = new Map<string, { item: ProjectListItem; at: number }>();
    const offer = (item: ProjectListItem, at: Date) => {
      const seen = byId.get(item.id);
      if (!seen || seen.at < at.getTime()) byId.set(item.id, { item, at: at.getTime() });
    };
    for (const e of this.cache.entriesOf<Page<ProjectListItem>>('projects-page')) {
      for (const item of e.data.items ?? []) offer(item, e.fetchedAt);
    }
    for (const e of this.cache.entriesOf<ProjectDetail>('project')) offer(e.data, e.fetchedAt);
    let newest = 0;
    for (const { at } of byId.values()) newest = Math.max(newest, at);
    return {
      items: [...byId.values()].map((v) => v.item),
      fetchedAt: newest > 0 ? new Date(newest) : null,
    };
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
    // The estimates a sync fetched are versions too: each kept from the bytes the sync stored.
    const fetchedEstimates: string[] = [];
    const entriesOf = options.estimateEntries;
    const noting: MakeOfflineOptions = entriesOf
      ? {
          ...options,
          estimateEntries: async (p, id, signal) => {
            const entries = await entriesOf(p, id, signal);
            fetchedEstimates.push(id);
            return entries;
          },
        }
      : options;
    try {
      const summary = await makeAvailableOffline(this.client, this.cache, projectId, noting);
      this.setOnline(true, null);
      for (const estimateId of fetchedEstimates) {
        const hit = this.cache.getBytes('estimate', cacheKeys.estimate(projectId, estimateId));
        if (hit) this.estimateStored({ projectId, estimateId, bytes: hit.bytes, fetchedAt: hit.fetchedAt });
      }
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
    return this.online;
  }

  private async read<T>(
    kind: CacheKind,
    key: string,
    fetch: (client: ReadClient) => Promise<T>,
  ): Promise<Fetched<T>> {
    let data: T;
    try {
      data = await fetch(this.reader(kind, key));
    } catch (err) {
      return this.cachedInstead(err, kind, key, async () => {
        const hit = this.cache.get<T>(kind, key);
        return hit && { data: hit.data, fetchedAt: hit.fetchedAt };
      });
    }
    return this.kept(data, { kind, key, data });
  }

  /** `read` for an answer handled as bytes (see BodyWork): the same fallback and the same bookkeeping. */
  private async readBody<T>(
    kind: CacheKind,
    key: string,
    work: BodyWork<T>,
    fetch: (sink: BodySink, client: ReadClient) => Promise<void>,
  ): Promise<Fetched<T>> {
    let out: { result: T; cacheBytes: Uint8Array };
    const client = this.reader(kind, key);
    try {
      out = await work.fromService((sink) => fetch(sink, client));
    } catch (err) {
      return this.cachedInstead(err, kind, key, async () => {
        const hit = this.cache.getBytes(kind, key);
        return hit && { data: await work.fromCache(hit.bytes), fetchedAt: hit.fetchedAt };
      });
    }
    // The copy is stored on a turn of its own: the worker's answer arrived in this one.
    await nextTurn();
    return this.kept(out.result, { kind, key, bytes: out.cacheBytes });
  }

  /**
   * After a failed fetch: the cached copy when the service could not be reached; the failure itself
   * otherwise (and a copy of something the service says is gone is dropped).
   */
  private async cachedInstead<T>(
    err: unknown,
    kind: CacheKind,
    key: string,
    cachedCopy: () => Promise<{ data: T; fetchedAt: Date } | null>,
  ): Promise<Fetched<T>> {
    this.noteFailure(err);
    if (isOfflineError(err)) {
      const hit = await cachedCopy();
      if (hit) {
        // Used while offline: the last to be evicted.
        this.cache.touch(kind, key);
        return { ...hit, source: 'cache', offlineReason: err.message };
      }
    } else if (err instanceof ServiceError && err.kind === 'not-found') {
      // Gone from the service: the cached copy must not come back when offline later.
      this.cache.delete(kind, key);
    }
    throw err;
  }

  /**
   * The client a read goes through: while the service is known to be out of reach and a copy of
   * this answer is kept, one that does not try a request again when no answer came
   * (`whileOffline`), so the copy shows at once. With nothing to show instead, retried as ever.
   */
  private reader(kind: CacheKind, key: string): ReadClient {
    const once = this.options.whileOffline;
    return once && !this.online && this.cache.has(kind, key) ? once : this.client;
  }

  /**
   * Writes entries kept beside an answer (an estimate's view), and keeps the data that is not pinned
   * within the budget. Not once the cache is closed (a background write that ended late).
   */
  store(entries: readonly CachePut[]): boolean {
    if (!this.cache.open) return false;
    const ok = this.cache.putMany(entries);
    if (ok) this.keepWithinBudget();
    return ok;
  }

  /** An answer from the service: stored with the time it arrived. */
  private kept<T>(data: T, entry: Omit<CachePut, 'fetchedAt'>): Fetched<T> {
    const fetchedAt = this.now();
    this.setOnline(true, null);
    this.cache.putMany([{ ...entry, fetchedAt }]);
    this.keepWithinBudget();
    return { data, source: 'network', fetchedAt };
  }

  /**
   * Keeps the data that is not pinned within the budget, after every write: a read of the sizes is
   * a pass over the rows' headers (not their bodies), small beside the answer just stored.
   */
  private keepWithinBudget(): void {
    const budget = this.options.budgetBytes?.() ?? null;
    if (budget !== null) this.cache.storage.evict(budget);
  }
}
