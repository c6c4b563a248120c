/**
 * One open cache per workspace for the app's lifetime. Close a workspace's cache before removing the
 * workspace: WorkspaceManager.remove deletes `<dataDir>/cache/<id>*`, which fails on Windows (and
 * leaves a live handle elsewhere) while the file is open.
 */
import type { Logger } from '../log/logger';
import {
  openCache,
  type CacheDb,
  type CacheRecovery,
  type OpenCacheOptions,
  type WriteFailure,
} from './cache-db';

export class WorkspaceCaches {
  private readonly open = new Map<string, CacheDb>();
  /** Set by closeAll: PlanDesk is closing, and no file is opened again. */
  private ended = false;

  constructor(
    private readonly dataDir: string,
    private readonly logger: Logger,
    private readonly options: OpenCacheOptions = {},
    /** Told once per opened cache that had to be moved aside, so the UI can say so. */
    private readonly onRecovered?: (workspaceId: string, recovered: CacheRecovery) => void,
    /** Told of every write a cache could not make (a full disk is said to the user). */
    private readonly onWriteFailure?: (workspaceId: string, failure: WriteFailure) => void,
  ) {}

  /**
   * The workspace's cache, opened (and if need be rebuilt) on first use. Once all are closed (the app
   * is quitting), a request that still comes in (the window's last calls) gets a cache in memory: a
   * file opened then would never be closed, and would appear after the app had let go of its folder.
   */
  for(workspaceId: string, extra: OpenCacheOptions = {}): CacheDb {
    let cache = this.open.get(workspaceId);
    if (!cache) {
      const closing = this.ended ? { memory: true } : {};
      cache = openCache(this.dataDir, workspaceId, this.logger, { ...this.options, ...extra, ...closing });
      this.open.set(workspaceId, cache);
      const failed = this.onWriteFailure;
      if (failed) cache.onWriteFailure((f) => failed(workspaceId, f));
      if (cache.recovered) this.onRecovered?.(workspaceId, cache.recovered);
    }
    return cache;
  }

  close(workspaceId: string): void {
    this.open.get(workspaceId)?.close();
    this.open.delete(workspaceId);
  }

  closeAll(): void {
    this.ended = true;
    for (const cache of this.open.values()) cache.close();
    this.open.clear();
  }
}
