import type { OfflineStatus } from '../../src-shared/offline/types';
import type { ActiveSource } from '../app/active-workspace';
import type { Operations } from '../operations/operations';
import { ServiceError } from '../errors/service-error';
import { estimateCacheEntries } from '../estimates/estimate-reader';
import type { Workers } from '../workers/pool';

/** "Make available offline" for a whole project, and what a project has kept for offline use. */
export class OfflineService {
  constructor(
    private readonly active: ActiveSource,
    private readonly operations: Operations,
    private readonly workers: Workers,
  ) {}

  /**
   * Fetches the whole project into the offline copy. When the copy can only be kept in memory (the
   * data folder cannot be written), that is an error saying so, not a success that would be gone at
   * the next start. The demo workspace keeps its copy in memory by design: its data is on this
   * computer anyway.
   */
  async makeAvailable(projectId: string, operationId?: string): Promise<OfflineStatus> {
    const { cached, client, meta } = await this.active();
    if (!cached.cache.persistent && !meta.demo) {
      throw new ServiceError(
        'config',
        `PlanDesk cannot keep an offline copy on this computer${cached.cache.problem ? ` (${cached.cache.problem})` : ''}. Check that the disk has space and that PlanDesk's data folder can be written, then restart PlanDesk.`,
      );
    }
    const op = this.operations.start(operationId);
    try {
      await cached.makeAvailableOffline(projectId, {
        signal: op.signal,
        onProgress: (d, t) => op.progress(d, t),
        estimateEntries: (p, id, signal) => estimateCacheEntries(this.workers, client, p, id, signal),
      });
      return this.status(projectId);
    } finally {
      op.finish();
    }
  }

  async status(projectId: string): Promise<OfflineStatus> {
    const { cached } = await this.active();
    const s = cached.offlineStatus(projectId);
    return { available: s.available, fetchedAt: s.fetchedAt?.toISOString() ?? null, estimates: s.estimates };
  }
}
