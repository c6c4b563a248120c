/**
 * The estimate screen's views kept beside large cached estimates (stored-view.ts): looked up when an
 * estimate is opened from the cache, kept after one was built.
 */
import type { CacheDb, CachePut } from '../cache/cache-db';
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
   * The view kept for the estimate whose cached bytes hash to `digest` (estimateDigest, started
   * before the bytes went to a worker); null when none fits.
   */
  async read(cache: CacheDb, key: string, digest: Promise<string>): Promise<StoredViewData | null> {
    const known = this.knownIn(cache);
    known.delete(key);
    const row = cache.getBytes('estimate-view', key);
    if (!row) return null;
    const hash = await digest;
    const view = await decodeStoredView(row.bytes, hash, this.format);
    if (view) known.set(key, hash);
    return view;
  }

  /**
   * The cache entry of `data`, the view of the estimate whose cached copy is `estimateBytes`, for an
   * offline copy written all at once; null when it is too small (or too large) to keep.
   */
  async entry(
    key: string,
    data: StoredViewData,
    estimateBytes: Uint8Array,
  ): Promise<Omit<CachePut, 'fetchedAt'> | null> {
    if (!worthKeeping(data)) return null;
    const digest = estimateDigest(estimateBytes);
    return { kind: 'estimate-view', key, bytes: await encodeStoredView(data, await digest, this.format) };
  }

  /**
   * Keeps `data`, the view of the estimate whose cached bytes hash to `digest`, when it is large
   * enough to be worth it. In the background: compressed off main's thread, and a failure is only
   * logged (the next offline open builds the view again).
   */
  keep(cache: CacheDb, key: string, data: StoredViewData, digest: Promise<string> | null): void {
    if (!digest || !worthKeeping(data)) return;
    const known = this.knownIn(cache);
    void (async () => {
      const hash = await digest;
      if (known.get(key) === hash) return;
      const bytes = await encodeStoredView(data, hash, this.format);
      if (cache.putMany([{ kind: 'estimate-view', key, bytes }])) known.set(key, hash);
    })().catch((err: unknown) =>
      this.logger.log('warn', `estimate view not kept: ${err instanceof Error ? err.message : String(err)}`),
    );
  }

  private knownIn(cache: CacheDb): Map<string, string> {
    let known = this.known.get(cache);
    if (!known) this.known.set(cache, (known = new Map()));
    return known;
  }
}

/** Large enough that building it takes long, and not beyond the size kept. */
function worthKeeping(data: StoredViewData): boolean {
  const size = data.viewBytes.byteLength;
  return size > STORED_VIEW_ABOVE_BYTES && size <= STORED_VIEW_MAX_BYTES;
}
