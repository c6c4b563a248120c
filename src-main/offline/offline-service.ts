import type { OfflinePreview, OfflineStatus } from '../../src-shared/offline/types';
import type { ActiveSource } from '../contracts/active-workspace';
import type { Operations } from '../operations/operations';
import { ServiceError } from '../errors/service-error';
import { estimateCacheEntries, estimateWork } from '../estimates/estimate-reader';
import { deadlineSignal } from '../../src-shared/async/deadline';
import type { KeptViews } from '../estimates/kept-views';
import type { Workers } from '../workers/pool';
import { IdleGate } from '../workers/idle-gate';
import { buildPlanView } from '../plans/plan-view';
import { dropKeptFiles, filesSize, keepProjectFiles } from '../files/kept-files';
import { cacheKeys, type CacheDb } from '../cache/cache-db';
import type { OfflineStatus as CopyStatus } from '../cache/offline-sync';
import type { CachedClient } from '../cache/cached-client';
import type { PlanDocument, ProjectFile } from '../api/schemas';

/** How long building one estimate's view for the offline copy may take. */
const VIEW_DEADLINE_MS = 120_000;

/**
 * "Make available offline" for a whole project (detail, plan with its floor images, estimates,
 * files list; the files themselves when asked), what a project has kept for offline use, and
 * bringing every pinned copy up to date ("Sync now").
 */
export class OfflineService {
  constructor(
    private readonly active: ActiveSource,
    private readonly operations: Operations,
    private readonly workers: Workers,
    /** The views of large estimates, kept with the copy (estimates/stored-view.ts). */
    private readonly views: KeptViews,
    /** Held while a copy is made: background work (keeping versions) waits for it. */
    private readonly heavyWork: IdleGate = new IdleGate(),
  ) {}

  /**
   * What keeping the files too would take, from the service's list (offline: the list kept), so
   * the size is shown before anything is downloaded.
   */
  async preview(projectId: string): Promise<OfflinePreview> {
    const { cached } = await this.active();
    return filesSize((await cached.listProjectFiles(projectId)).data);
  }

  /**
   * Fetches the whole project into the offline copy, and with `keepFiles` its files (those not kept
   * yet). When the copy can only be kept in memory (the data folder cannot be written), that is an
   * error saying so, not a success that would be gone at the next start. The demo workspace keeps
   * its copy in memory by design: its data is on this computer anyway.
   */
  async makeAvailable(projectId: string, operationId?: string, keepFiles = false): Promise<OfflineStatus> {
    const { cached, client, meta } = await this.active();
    if (!cached.cache.persistent && !meta.demo) {
      throw new ServiceError(
        'config',
        `PlanDesk cannot keep an offline copy on this computer${cached.cache.problem ? ` (${cached.cache.problem})` : ''}. Check that the disk has space and that PlanDesk's data folder can be written, then restart PlanDesk.`,
      );
    }
    const op = this.operations.start(operationId);
    const release = this.heavyWork.hold();
    try {
      await cached.makeAvailableOffline(projectId, {
        signal: op.signal,
        onProgress: (d, t) => op.progress(d, t),
        estimateEntries: (p, id, signal) => estimateCacheEntries(this.workers, client, p, id, signal),
        floorImageUrls,
        keepFiles,
      });
      if (keepFiles) {
        const files =
          cached.cache.get<ProjectFile[]>('files-list', cacheKeys.filesList(projectId))?.data ?? [];
        await keepProjectFiles(client, cached.cache, projectId, files, {
          signal: op.signal,
          onProgress: (d, t) => op.progress(d, t),
        });
      } else {
        await dropKeptFiles(cached.cache, projectId);
      }
      // The screen's views of its large estimates, kept once the copy is made (not inside it).
      void this.keepViews(cached, projectId).catch(() => undefined);
      return this.status(projectId);
    } finally {
      release();
      op.finish();
    }
  }

  /**
   * Keeps the screen's view beside each large estimate of the project's offline copy that has none
   * for its bytes (stored-view.ts), one after another in the background, after the heavy work. Each
   * failure is the views' to log (KeptViews.ensure); a list that is not one is read as empty.
   */
  private async keepViews(cached: CachedClient, projectId: string): Promise<void> {
    await this.heavyWork.idle();
    const list = cached.cache.get<unknown>('estimates-list', cacheKeys.estimatesList(projectId))?.data;
    for (const item of Array.isArray(list) ? (list as unknown[]) : []) {
      const id = typeof item === 'object' && item !== null ? (item as { id?: unknown }).id : undefined;
      if (typeof id !== 'string') continue;
      const key = cacheKeys.estimate(projectId, id);
      // A deadline, so a thread that never answers does not keep the rest waiting.
      const deadline = deadlineSignal(VIEW_DEADLINE_MS);
      const build = (bytes: Uint8Array) =>
        estimateWork(this.workers, 'estimate-view', deadline.signal).fromCache(bytes);
      await this.views.ensure(cached, key, build).finally(deadline.clear);
    }
  }

  async status(projectId: string): Promise<OfflineStatus> {
    const { cached } = await this.active();
    return statusOf(cached.cache, cached.offlineStatus(projectId), projectId);
  }

  /**
   * Brings every pinned project of the active workspace up to date, each as it was pinned. One that
   * fails (deleted meanwhile, say) does not stop the others; the first failure is thrown at the end.
   * Without a connection it stops at once.
   */
  async refreshPinned(operationId?: string): Promise<number> {
    const { cached } = await this.active();
    const pinned = cached.cache.listOfflineProjects();
    let failure: unknown = null;
    for (const p of pinned) {
      try {
        await this.makeAvailable(p.projectId, operationId, p.keepFiles);
      } catch (err) {
        if (err instanceof ServiceError && (err.kind === 'network' || err.kind === 'cancelled')) throw err;
        failure ??= err;
      }
    }
    if (failure) throw failure;
    return pinned.length;
  }
}

function statusOf(cache: CacheDb, s: CopyStatus, projectId: string): OfflineStatus {
  const kept = cache.keptFiles.list(projectId);
  return {
    available: s.available,
    fetchedAt: s.fetchedAt?.toISOString() ?? null,
    estimates: s.estimates,
    images: s.images,
    filesList: s.filesList,
    keepFiles: s.keepFiles,
    keptFiles: kept.length,
    keptBytes: kept.reduce((sum, k) => sum + k.size, 0),
  };
}

/** The floor images a plan names (the plans feature reads both of the service's plan shapes). */
export function floorImageUrls(plan: PlanDocument): string[] {
  return (buildPlanView(plan).floors ?? []).flatMap((f) => (f.imageMap?.url ? [f.imageMap.url] : []));
}
