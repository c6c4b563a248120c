import type { OfflineStatus } from '../../src-shared/offline/types';
import type { ActiveSource } from '../app/active-workspace';
import type { Operations } from '../operations/operations';

/** "Make available offline" for a whole project, and what a project has kept for offline use. */
export class OfflineService {
  constructor(
    private readonly active: ActiveSource,
    private readonly operations: Operations,
  ) {}

  async makeAvailable(projectId: string, operationId?: string): Promise<OfflineStatus> {
    const { cached } = await this.active();
    const op = this.operations.start(operationId);
    try {
      await cached.makeAvailableOffline(projectId, {
        signal: op.signal,
        onProgress: (d, t) => op.progress(d, t),
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
