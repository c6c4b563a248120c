/**
 * The storage view in the settings: per workspace, what its offline data takes on this computer and
 * what is pinned; "Clear cached data" (pinned projects kept unless asked); the budget for data that
 * is not pinned. Waiting uploads are shown, never cleared here.
 */
import type { PinnedProjectView, StorageReport, WorkspaceStorage } from '../../src-shared/offline/types';
import { cacheKeys, type CacheDb } from '../cache/cache-db';
import type { ProjectDetail } from '../api/schemas';
import { ServiceError } from '../errors/service-error';
import { dropKeptFiles } from '../files/kept-files';

export const MIN_BUDGET_MB = 50;
export const MAX_BUDGET_MB = 100_000;
const MB = 1024 * 1024;

export interface StorageDeps {
  workspaces: () => Promise<{ id: string; name: string; demo: boolean }[]>;
  cacheFor: (workspaceId: string) => CacheDb;
  waiting: (workspaceId: string) => { entries: number; bytes: number };
  budgetMb: { get: () => Promise<number>; set: (mb: number) => Promise<void> };
}

export class StorageService {
  constructor(private readonly d: StorageDeps) {}

  async report(): Promise<StorageReport> {
    const workspaces: WorkspaceStorage[] = [];
    for (const ws of await this.d.workspaces()) {
      const cache = this.d.cacheFor(ws.id);
      const figures = cache.storage.figures();
      const waiting = this.d.waiting(ws.id);
      workspaces.push({
        workspaceId: ws.id,
        name: ws.name,
        demo: ws.demo,
        persistent: cache.persistent,
        ...figures,
        waitingUploads: waiting.entries,
        waitingBytes: waiting.bytes,
        pinned: pinnedOf(cache),
      });
    }
    return { budgetMb: await this.d.budgetMb.get(), workspaces };
  }

  /** "Clear cached data" of one workspace; with `includePinned`, its pinned projects too. */
  async clear(workspaceId: string, includePinned: boolean): Promise<StorageReport> {
    const cache = await this.cacheOf(workspaceId);
    if (!cache.storage.clear(includePinned)) {
      throw new ServiceError(
        'config',
        'PlanDesk could not clear the cached data (the disk may be read-only).',
      );
    }
    return this.report();
  }

  /** A project is no longer available offline: its data becomes ordinary cache, its kept files go. */
  async unpin(workspaceId: string, projectId: string): Promise<StorageReport> {
    const cache = await this.cacheOf(workspaceId);
    await dropKeptFiles(cache, projectId);
    cache.removeOfflineProject(projectId);
    return this.report();
  }

  /** The budget for data that is not pinned, per workspace; applied at once. */
  async setBudget(megabytes: number): Promise<StorageReport> {
    const mb = Math.round(megabytes);
    if (!Number.isFinite(mb) || mb < MIN_BUDGET_MB || mb > MAX_BUDGET_MB) {
      throw new ServiceError(
        'validation',
        `The budget must be between ${MIN_BUDGET_MB} and ${MAX_BUDGET_MB} MB.`,
      );
    }
    await this.d.budgetMb.set(mb);
    for (const ws of await this.d.workspaces()) this.d.cacheFor(ws.id).storage.evict(mb * MB);
    return this.report();
  }

  private async cacheOf(workspaceId: string): Promise<CacheDb> {
    if (!(await this.d.workspaces()).some((w) => w.id === workspaceId)) {
      throw new ServiceError('not-found', 'That workspace is no longer set up.');
    }
    return this.d.cacheFor(workspaceId);
  }
}

function pinnedOf(cache: CacheDb): PinnedProjectView[] {
  return cache.listOfflineProjects().map((p) => {
    const kept = cache.keptFiles.list(p.projectId);
    const detail = cache.get<ProjectDetail>('project', cacheKeys.project(p.projectId));
    return {
      projectId: p.projectId,
      name: detail?.data.name ?? '',
      fetchedAt: p.fetchedAt.toISOString(),
      estimates: p.estimates,
      images: p.images,
      keepFiles: p.keepFiles,
      keptFiles: kept.length,
      keptBytes: kept.reduce((sum, k) => sum + k.size, 0),
    };
  });
}
