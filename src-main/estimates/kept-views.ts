/**
 * The estimate screen's views kept beside large cached estimates (stored-view.ts): looked up when an
 * estimate is opened from the cache, kept after one was built.
 */
import { isGzipped, type CacheDb } from '../cache/cache-db';
import type { CachedClient } from '../cache/cached-client';
import type { Logger } from '../log/logger';
import {
  STORED_VIEW_ABOVE_BYTES,
  STORED_VIEW_MAX_BYTES,
  decodeStoredView,
  encodeStoredView,
  estimateDigest,
  storedViewFormat,
  type StoredViewData,
} from './stored-view';

export class KeptViews {
  private readonly format: string;
  /**
   * Per cache, the digest of the estimate whose view is known to be kept (written or read this
   * session): an estimate fetched again unchanged does not have its view compressed and written again.
   */
  private readonly known = new WeakMap<CacheDb, Map<string, string>>();

  constructor(
    /** The running PlanDesk's version: a view kept by another one is built again. */
    appVersion: string,
    private readonly logger: Logger,
  ) {
    this.format = storedViewFormat(appVersion);
  }

  /**
   * The digest a view of the estimate with these cached bytes is kept under, started now (the bytes
   * may go to a worker next); null for an estimate stored as plain text (cache/stored-json.ts): one
   * that small never has its view kept.
   */
  digestOf(estimateBytes: Uint8Array): Promise<string> | null {
    return isGzipped(estimateBytes) ? estimateDigest(estimateBytes) : null;
  }

  /**
   * The view kept for the estimate whose cached bytes hash to `digest` (digestOf); null when none
   * fits. One that does not fit is dropped.
   */
  async read(
    cached: CachedClient,
    key: string,
    digest: Promise<string> | null,
  ): Promise<StoredViewData | null> {
    const known = this.knownIn(cached.cache);
    known.delete(key);
    const row = digest && cached.cache.getBytes('estimate-view', key);
    if (!row) return null;
    const hash = await digest;
    const view = await decodeStoredView(row.bytes, hash, this.format);
    if (view) known.set(key, hash);
    else if (cached.cache.open) cached.cache.delete('estimate-view', key);
    return view;
  }

  /**
   * Keeps `data`, the view of the estimate whose cached bytes hash to `digest`, when it is large
   * enough to be worth it (a view kept before for a larger version goes). In the background:
   * compressed off main's thread, and a failure is only logged (the next offline open builds the
   * view again).
   */
  keep(cached: CachedClient, key: string, data: StoredViewData, digest: Promise<string> | null): void {
    void this.store(cached, key, data, digest).catch((err: unknown) => this.failed(err));
  }

  /**
   * Keeps a view beside the cached estimate `key` if it is large and has none for its bytes:
   * `build` makes it from those bytes (a worker's task). A failure is only logged.
   */
  async ensure(
    cached: CachedClient,
    key: string,
    build: (estimateBytes: Uint8Array) => Promise<StoredViewData>,
  ): Promise<void> {
    try {
      const hit = cached.cache.getBytes('estimate', key);
      const digest = hit && this.digestOf(hit.bytes);
      if (!digest) return;
      if (this.knownIn(cached.cache).get(key) === (await digest)) return;
      if (await this.read(cached, key, digest)) return;
      await this.store(cached, key, await build(hit.bytes), digest);
    } catch (err) {
      this.failed(err);
    }
  }

  private async store(
    cached: CachedClient,
    key: string,
    data: StoredViewData,
    digest: Promise<string> | null,
  ): Promise<void> {
    const size = data.viewBytes.byteLength;
    if (!digest || size <= STORED_VIEW_ABOVE_BYTES || size > STORED_VIEW_MAX_BYTES) {
      if (cached.cache.open && cached.cache.has('estimate-view', key))
        cached.cache.delete('estimate-view', key);
      return;
    }
    const known = this.knownIn(cached.cache);
    const hash = await digest;
    if (known.get(key) === hash) return;
    const bytes = await encodeStoredView(data, hash, this.format);
    if (cached.store([{ kind: 'estimate-view', key, bytes }])) known.set(key, hash);
  }

  private failed(err: unknown): void {
    this.logger.log('warn', `estimate view not kept: ${err instanceof Error ? err.message : String(err)}`);
  }

  private knownIn(cache: CacheDb): Map<string, string> {
    let known = this.known.get(cache);
    if (!known) this.known.set(cache, (known = new Map()));
    return known;
  }
}
