/**
 * Estimate versions as the app uses them (the `versions:*` channels): the timeline of an estimate,
 * naming and pinning, the "changed since you last opened it" badge, comparisons of two versions or
 * two estimates, and the two sides of a change order (written by src-main/exports). Works on the active workspace's
 * cache; the heavy work runs in the worker pool.
 */
import type {
  ChangesSince,
  EstimateComparison,
  VersionPick,
  VersionTimeline,
} from '../../src-shared/versions/types';
import type { ActiveSource, ActiveWorkspace } from '../contracts/active-workspace';
import type { StoredVersion } from '../cache/version-table';
import type { Operations } from '../operations/operations';
import { versionRef, type EstimateVersions } from './estimate-versions';

export class VersionsService {
  constructor(
    private readonly active: ActiveSource,
    private readonly versions: EstimateVersions,
    private readonly operations: Operations,
  ) {}

  async timeline(projectId: string, estimateId: string): Promise<VersionTimeline> {
    const { cached } = await this.active();
    await this.versions.settled(cached.cache, projectId, estimateId);
    // A comparison of two of them usually follows: the versions thread gets ready for it meanwhile.
    void this.versions.prepare(cached.cache, projectId, estimateId);
    return this.versions.timeline(cached.cache, projectId, estimateId);
  }

  async label(
    projectId: string,
    estimateId: string,
    versionId: number,
    name: string | null,
    pinned: boolean,
  ): Promise<VersionTimeline> {
    const { cached } = await this.active();
    await this.versions.settled(cached.cache, projectId, estimateId);
    const version = this.versions.version(cached.cache, projectId, estimateId, versionId);
    this.versions.label(cached.cache, version, name, pinned);
    return this.versions.timeline(cached.cache, projectId, estimateId);
  }

  /**
   * The estimate on screen was shown (`seenAt`: when the version on screen was fetched): what changed
   * since the last time, if anything.
   */
  async opened(projectId: string, estimateId: string, seenAt: string | null): Promise<ChangesSince | null> {
    const { cached } = await this.active();
    const seen = seenAt === null ? null : new Date(seenAt);
    return this.versions.opened(
      cached.cache,
      projectId,
      estimateId,
      seen && !Number.isNaN(seen.getTime()) ? seen : null,
      new Date(),
    );
  }

  async compare(
    projectId: string,
    from: VersionPick,
    to: VersionPick,
    includeUnchanged: boolean,
    operationId?: string,
  ): Promise<EstimateComparison> {
    const workspace = await this.active();
    const op = this.operations.start(operationId);
    try {
      const a = await this.resolve(workspace, projectId, from, op.signal);
      const b = await this.resolve(workspace, projectId, to, op.signal);
      const { comparison } = await this.versions.compare(workspace.cached.cache, a, b, {
        includeUnchanged,
        signal: op.signal,
      });
      return comparison;
    } finally {
      op.finish();
    }
  }

  /**
   * Both sides of a change order, for the exports (src-main/exports): the versions' bodies as a worker
   * reads them, their references, and the newer side's company (logo, watermark, country).
   */
  async sides(projectId: string, fromPick: VersionPick, toPick: VersionPick, signal: AbortSignal) {
    const workspace = await this.active();
    const { cached } = workspace;
    const from = await this.resolve(workspace, projectId, fromPick, signal);
    const to = await this.resolve(workspace, projectId, toPick, signal);
    const company = await this.versions.cachedCompany(cached.cache, projectId, to.estimateId, signal);
    return {
      versions: this.versions.bodies(cached.cache, from, to),
      refs: { from: versionRef(from), to: versionRef(to) },
      companyImages: company.images,
      companyCountry: company.country,
      source: cached.online ? ('network' as const) : ('cache' as const),
      fetchedAt: from.fetchedAt < to.fetchedAt ? from.fetchedAt : to.fetchedAt,
    };
  }

  /**
   * The version picked: a kept one by id, or the estimate as the service sends it now (fetched, and
   * so kept; offline, the last one kept).
   */
  private async resolve(
    { cached }: ActiveWorkspace,
    projectId: string,
    pick: VersionPick,
    signal: AbortSignal,
  ): Promise<StoredVersion> {
    if (pick.versionId !== undefined) {
      return this.versions.version(cached.cache, projectId, pick.estimateId, pick.versionId);
    }
    return (await this.versions.fetchLatest(cached, projectId, pick.estimateId, signal)).version;
  }
}
