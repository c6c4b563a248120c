/**
 * Estimate versions as the app uses them (the `versions:*` channels): the timeline of an estimate,
 * naming and pinning, the "changed since you last opened it" badge, comparisons of two versions or
 * two estimates, and change orders saved where the user chooses. Works on the active workspace's
 * cache; the heavy work runs in the worker pool.
 */
import type { ExportResult } from '../../src-shared/estimates/types';
import type { ExportPreset, Paper } from '../../src-shared/exports/presets';
import { safeFileName } from '../../src-shared/files/safe-file-name';
import { translator } from '../../src-shared/i18n/catalogue';
import type { UiLanguage } from '../../src-shared/i18n/languages';
import type { ExportColumnKey } from '../../src-shared/estimates/columns';
import type {
  ChangesSince,
  EstimateComparison,
  VersionPick,
  VersionTimeline,
} from '../../src-shared/versions/types';
import type { ActiveSource, ActiveWorkspace } from '../app/active-workspace';
import type { StoredVersion } from '../cache/version-table';
import type { ChooseSavePath } from '../estimates/estimates-service';
import type { Logger } from '../log/logger';
import type { Operations } from '../operations/operations';
import { companyImages, type EstimateVersions } from './estimate-versions';

export interface ChangeOrderRequest {
  projectId: string;
  from: VersionPick;
  to: VersionPick;
  format: 'pdf' | 'xlsx';
  presetId: string;
  columns?: ExportColumnKey[] | undefined;
  language: UiLanguage;
  paper?: Paper | undefined;
  operationId?: string | undefined;
}

export class VersionsService {
  constructor(
    private readonly active: ActiveSource,
    private readonly versions: EstimateVersions,
    private readonly operations: Operations,
    private readonly chooseSavePath: ChooseSavePath,
    private readonly presets: { saved(): Promise<ExportPreset[]>; markUsed(id: string): Promise<void> },
    private readonly logger: Logger,
  ) {}

  async timeline(projectId: string, estimateId: string): Promise<VersionTimeline> {
    const { cached } = await this.active();
    await this.versions.settled(cached.cache, projectId, estimateId);
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

  /** The change order of two versions (or estimates) as PDF or xlsx, saved where the user chooses. */
  async exportChanges(req: ChangeOrderRequest): Promise<ExportResult> {
    const workspace = await this.active();
    const { cached } = workspace;
    const op = this.operations.start(req.operationId);
    try {
      const from = await this.resolve(workspace, req.projectId, req.from, op.signal);
      const to = await this.resolve(workspace, req.projectId, req.to, op.signal);
      const fetchedAt = (from.fetchedAt < to.fetchedAt ? from.fetchedAt : to.fetchedAt).toISOString();
      const source = cached.online ? 'network' : 'cache';
      const target = await this.chooseSavePath(changeOrderFileName(to, req.format, req.language), req.format);
      if (!target) return { path: null, source, fetchedAt };
      const images =
        req.format === 'pdf'
          ? await companyImages(
              await this.versions.cachedCompanyImages(cached.cache, req.projectId, to.estimateId, op.signal),
              (url) => workspace.client.fetchImage(url, { signal: op.signal }),
            )
          : undefined;
      const notices = await this.versions.writeChangeOrder(
        cached.cache,
        from,
        to,
        {
          format: req.format,
          options: {
            preset: req.presetId,
            savedPresets: await this.presets.saved(),
            ...(req.columns ? { columns: req.columns } : {}),
            language: req.language,
            ...(req.paper ? { paper: req.paper } : {}),
          },
          ...(images ? { images } : {}),
          madeAt: new Date(),
        },
        target,
        op.signal,
      );
      for (const notice of notices) this.logger.log('warn', notice);
      await this.presets.markUsed(req.presetId).catch(() => undefined);
      this.logger.log('info', `exported a change order as ${req.format}`);
      return { path: target, source, fetchedAt };
    } finally {
      op.finish();
    }
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

/** "Change order E202600017 Küche.pdf", in the document's language. */
export function changeOrderFileName(to: StoredVersion, format: 'pdf' | 'xlsx', language: UiLanguage): string {
  const base = [translator(language)('doc.changeOrder'), to.summary.uniqueIdentifier, to.summary.name]
    .filter(Boolean)
    .join(' ')
    .replace(/\s+/g, ' ')
    .slice(0, 120);
  return safeFileName(`${base}.${format}`, `Change order.${format}`);
}
