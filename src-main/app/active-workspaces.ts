import type { WorkspaceMeta } from '../../src-shared/workspaces/types';
import type { ApiClient } from '../api/client';
import { CachedClient, type StoredEstimate } from '../cache/cached-client';
import type { WorkspaceCaches } from '../cache/workspace-caches';
import type { CacheDb } from '../cache/cache-db';
import type { Logger } from '../log/logger';
import type { WorkspaceManager } from '../workspaces/workspace-manager';
import type { ActiveSource } from '../contracts/active-workspace';
import { ServiceError } from '../errors/service-error';

/** While the service is unreachable, it is asked again this often; when it answers, the UI refreshes. */
const PROBE_INTERVAL_MS = 15_000;

export interface ActiveWorkspaceOptions {
  workspaces: WorkspaceManager;
  caches: WorkspaceCaches;
  logger: Logger;
  /** The service of workspace `meta` became unreachable (false) or reachable again (true). */
  onConnectivity: (online: boolean, meta: WorkspaceMeta) => void;
  /** The most bytes of unpinned offline data per workspace (settings); null: no limit. */
  budgetBytes?: () => number | null;
  /** A workspace's cache could not be opened on disk: it works in memory this session. */
  onCacheUnavailable: (meta: WorkspaceMeta) => void;
  /** An estimate fetched from the service was stored in a workspace's cache. */
  onEstimateStored?: (cache: CacheDb, estimate: StoredEstimate) => void;
}

/**
 * One read-through cache client per workspace (and per API client: a new key or language makes a
 * new one), created when a feature first asks for the active workspace.
 */
export class ActiveWorkspaces {
  private readonly entries = new Map<
    string,
    { client: ApiClient; cached: CachedClient; probe?: NodeJS.Timeout }
  >();

  /** Set by close: PlanDesk is quitting, and a call still coming in from the window gets no client. */
  private closed = false;

  constructor(private readonly o: ActiveWorkspaceOptions) {}

  readonly source: ActiveSource = async () => {
    if (this.closed) throw new ServiceError('cancelled', 'PlanDesk is closing.');
    const { meta, client } = await this.o.workspaces.activeClient();
    if (this.closed) throw new ServiceError('cancelled', 'PlanDesk is closing.');
    let entry = this.entries.get(meta.id);
    if (!entry || entry.client !== client) {
      this.forget(meta.id);
      // The demo workspace's data is served on this computer anyway: its cache stays in memory.
      const cache = this.o.caches.for(meta.id, { memory: meta.demo });
      if (!cache.persistent && !meta.demo) this.o.onCacheUnavailable(meta);
      const stored = this.o.onEstimateStored;
      const cached = new CachedClient(client, cache, {
        logger: this.o.logger,
        whileOffline: client.withRetry({ retryUnanswered: false }),
        ...(this.o.budgetBytes ? { budgetBytes: this.o.budgetBytes } : {}),
        ...(stored ? { onEstimateStored: (e: StoredEstimate) => stored(cache, e) } : {}),
      });
      const fresh: { client: ApiClient; cached: CachedClient; probe?: NodeJS.Timeout } = { client, cached };
      cached.onChange((online) => {
        this.o.onConnectivity(online, meta);
        clearInterval(fresh.probe);
        fresh.probe = online ? undefined : setInterval(() => void cached.probe(), PROBE_INTERVAL_MS);
        fresh.probe?.unref();
      });
      entry = fresh;
      this.entries.set(meta.id, entry);
    }
    return { meta, client: entry.client, cached: entry.cached };
  };

  /** The workspace's read-through client, if one was made (it is the active one, or was). */
  cachedFor(id: string): CachedClient | undefined {
    return this.entries.get(id)?.cached;
  }

  /** Drops a workspace's cache client (it was removed, or its key or language changed). */
  forget(id: string): void {
    const entry = this.entries.get(id);
    if (entry) clearInterval(entry.probe);
    this.entries.delete(id);
  }

  close(): void {
    this.closed = true;
    for (const id of [...this.entries.keys()]) this.forget(id);
  }
}
