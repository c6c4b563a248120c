/**
 * Estimate versions on top of a workspace's cache: keeping every version the cache stores (one at a
 * time per estimate, in a worker), the timeline, naming and pinning, eviction, "changed since you
 * last opened it", and comparisons of any two versions. The app (VersionsService) and the CLI both
 * use it; neither knows how a body is stored.
 */
import { cacheKeys, type CacheDb } from '../cache/cache-db';
import type { CachedClient, Fetched, StoredEstimate } from '../cache/cached-client';
import { estimateWork } from '../estimates/estimate-reader';
import type { EstimateReadOutput } from '../estimates/estimate-tasks';
import type { StoredVersion } from '../cache/version-table';
import { ServiceError } from '../errors/service-error';
import { nextTurn } from '../../src-shared/async/next-turn';
import { withoutHiddenCharacters } from '../../src-shared/text/hidden-characters';
import type { Logger } from '../log/logger';
import type { Workers } from '../workers/pool';
import { IdleGate } from '../workers/idle-gate';
import type { ChangesSince, EstimateComparison, VersionTimeline } from '../../src-shared/versions/types';
import type { ChangeSet, ChangeSetSide } from './change-set';
import type { CompareInput, VersionsInput } from './version-tasks';
import { diskFullError } from '../local-files/write-atomically';
import {
  bodiesOf,
  damagedCause,
  damagedVersionError,
  fillVerifiedChecksums,
  sideDamaged,
  verifiedChain,
} from './version-bodies';
import { VersionRecorder } from './version-recorder';
import { currentOf, timelineRows, versionAt, versionRef } from './version-order';

export { currentOf, previousOf, versionAt, versionRef } from './version-order';

/**
 * Versions kept per estimate besides the pinned ones; the oldest go first. The current version and
 * the one last opened are always kept.
 */
export const MAX_KEPT_VERSIONS = 100;

export interface CompareRequest {
  includeUnchanged: boolean;
  /** Also the `plandesk diff --json` form, with these sides. */
  changeSet?: { from: ChangeSetSide; to: ChangeSetSide };
  signal?: AbortSignal;
}

export class EstimateVersions {
  /** The last recording of each estimate, per cache: the next one waits for it. */
  private readonly pending = new WeakMap<CacheDb, Map<string, Promise<StoredVersion | null>>>();
  /** Likewise the last "opened" of each estimate. */
  private readonly openings = new WeakMap<CacheDb, Map<string, Promise<ChangesSince | null>>>();

  private readonly recorder: VersionRecorder;

  constructor(
    private readonly workers: Workers,
    private readonly logger: Logger,
    maxKept = MAX_KEPT_VERSIONS,
    /** Keeping a version waits while an export runs (workers/idle-gate.ts). */
    private readonly gate: IdleGate = new IdleGate(),
  ) {
    this.recorder = new VersionRecorder(workers, logger, maxKept);
  }

  /**
   * Keeps an estimate just stored in the cache as a version (the hook right after a fetched
   * estimate is stored: its stored bytes, read in a worker), one after another per estimate. Never
   * fails: what cannot be kept is logged.
   */
  record(cache: CacheDb, stored: StoredEstimate): Promise<StoredVersion | null> {
    const { projectId, estimateId } = stored;
    let perCache = this.pending.get(cache);
    if (!perCache) this.pending.set(cache, (perCache = new Map()));
    const key = `${projectId}\u0000${estimateId}`;
    const before = perCache.get(key) ?? Promise.resolve(null);
    const next = before
      .catch(() => null)
      .then(() => this.gate.idle())
      // On a turn of its own: the chain it reads and checks here would otherwise run on main in the
      // same go as the caller's storing of the estimate (one stall instead of two short ones).
      .then(nextTurn)
      .then(() => this.recorder.record(cache, stored))
      .catch((err: unknown) => {
        this.logger.log(
          'warn',
          `estimate ${estimateId}: version not kept (${err instanceof Error ? err.message : String(err)})`,
        );
        return null;
      });
    perCache.set(key, next);
    void next.finally(() => {
      if (perCache.get(key) === next) perCache.delete(key);
    });
    return next;
  }

  /** Resolves when the versions of what the cache stored so far are kept. */
  async settled(cache: CacheDb, projectId: string, estimateId: string): Promise<void> {
    await this.pending.get(cache)?.get(`${projectId}\u0000${estimateId}`);
  }

  timeline(cache: CacheDb, projectId: string, estimateId: string): VersionTimeline {
    const table = cache.versions;
    const versions = table.list(projectId, estimateId);
    const current = currentOf(versions);
    const opened = table.opened(projectId, estimateId);
    const rows = timelineRows(versions, current, opened?.versionId ?? null);
    return {
      projectId,
      estimateId,
      estimateName: current?.summary.name ?? '',
      versions: rows,
      persistent: cache.persistent,
    };
  }

  /** A version of this estimate, or a not-found error naming what is missing. */
  version(cache: CacheDb, projectId: string, estimateId: string, versionId: number): StoredVersion {
    const v = cache.versions.get(versionId);
    if (!v || v.projectId !== projectId || v.estimateId !== estimateId) {
      throw new ServiceError('not-found', 'PlanDesk keeps no such version of this estimate.');
    }
    return v;
  }

  /**
   * The estimate as the service sends it now (offline: the cached copy), read off main's thread
   * like every estimate, and so kept as a version; then that version.
   */
  async fetchLatest(
    cached: CachedClient,
    projectId: string,
    estimateId: string,
    signal: AbortSignal = new AbortController().signal,
  ): Promise<{ version: StoredVersion; fetched: Fetched<EstimateReadOutput> }> {
    const work = estimateWork(this.workers, 'estimate-read', signal);
    const fetched = await cached.readEstimate(projectId, estimateId, work, { signal });
    await this.settled(cached.cache, projectId, estimateId);
    const version = this.latest(cached.cache, projectId, estimateId);
    // Kept for this very fetch (never an older version standing in for "now").
    if (!version || version.lastFetchedAt.getTime() < fetched.fetchedAt.getTime()) {
      const failure = cached.cache.lastWriteFailure;
      if (failure?.diskFull) throw diskFullError(failure.path);
      throw new ServiceError(
        'config',
        'PlanDesk could not keep a version of this estimate on this computer (see the log).',
      );
    }
    if (version.damaged) throw damagedVersionError(version, damagedCause(cached.cache.versions, version));
    return { version, fetched };
  }

  /**
   * The company of the cached copy of the estimate (read off main's thread): where its logo and
   * watermark are, and its country.
   */
  async cachedCompany(
    cache: CacheDb,
    projectId: string,
    estimateId: string,
    signal?: AbortSignal,
  ): Promise<{ images: { logo: string | null; watermark: string | null }; country: string | null }> {
    const hit = cache.getBytes('estimate', cacheKeys.estimate(projectId, estimateId));
    if (!hit) return { images: { logo: null, watermark: null }, country: null };
    const work = estimateWork(this.workers, 'estimate-read', signal ?? new AbortController().signal);
    const read = await work.fromCache(hit.bytes);
    return { images: read.companyImages, country: read.label.companyCountry };
  }

  latest(cache: CacheDb, projectId: string, estimateId: string): StoredVersion | null {
    return currentOf(cache.versions.list(projectId, estimateId));
  }

  label(cache: CacheDb, version: StoredVersion, name: string | null, pinned: boolean): void {
    const clean =
      name === null ? '' : withoutHiddenCharacters(name).replace(/\s+/g, ' ').trim().slice(0, 120);
    if (!cache.versions.setLabel(version.id, clean || null, pinned)) {
      throw new ServiceError('config', 'PlanDesk could not save the name on this computer (see the log).');
    }
  }

  /**
   * Both versions' bodies, what their chains share read once, every body checked: a damaged version
   * is marked and named (version-bodies.ts).
   */
  bodies(cache: CacheDb, from: StoredVersion, to: StoredVersion): VersionsInput {
    for (const v of [from, to]) {
      if (v.damaged) throw damagedVersionError(v, damagedCause(cache.versions, v));
    }
    return bodiesOf(cache.versions, from, to);
  }

  /**
   * The versions list of an estimate was shown, so a comparison is likely next: the versions thread
   * reads the current version's whole copy now, most of what a first comparison would read. Never
   * fails (a copy that cannot be read is the comparison's to report).
   */
  async prepare(cache: CacheDb, projectId: string, estimateId: string): Promise<void> {
    const current = currentOf(cache.versions.list(projectId, estimateId));
    if (!current || current.damaged) return;
    try {
      const whole = verifiedChain(cache.versions, current)[0]!.body;
      await this.workers.run('versions-prepare', { whole });
    } catch (err) {
      this.logger.log('info', `estimate ${estimateId}: versions not read ahead (${String(err)})`);
    }
  }

  async compare(
    cache: CacheDb,
    from: StoredVersion,
    to: StoredVersion,
    request: CompareRequest,
  ): Promise<{ comparison: EstimateComparison; changeSet: ChangeSet | null }> {
    const input: CompareInput = {
      ...this.bodies(cache, from, to),
      options: { from: versionRef(from), to: versionRef(to), includeUnchanged: request.includeUnchanged },
      ...(request.changeSet ? { changeSet: request.changeSet } : {}),
    };
    const out = await this.workers
      .run('versions-compare', input, {
        ...(request.signal ? { signal: request.signal } : {}),
      })
      .catch((err: unknown) => {
        throw sideDamaged(err, cache.versions, { from, to });
      });
    fillVerifiedChecksums(cache.versions, input, [from, to]);
    return {
      comparison: JSON.parse(out.comparisonJson) as EstimateComparison,
      changeSet: out.changeSetJson === null ? null : (JSON.parse(out.changeSetJson) as ChangeSet),
    };
  }

  /**
   * The estimate was shown (opened, or fetched again while on screen): what changed since it was
   * shown last (null when nothing did, or it is the first time), and it is marked as shown in the
   * version on screen — the one kept for the fetch of `seenAt` (the view's time), else the current
   * one. Calls for one estimate are taken in the order they come, so a slow one never marks a
   * version the user has not seen yet.
   */
  opened(
    cache: CacheDb,
    projectId: string,
    estimateId: string,
    seenAt: Date | null,
    now: Date,
  ): Promise<ChangesSince | null> {
    let perCache = this.openings.get(cache);
    if (!perCache) this.openings.set(cache, (perCache = new Map()));
    const key = `${projectId}\u0000${estimateId}`;
    const next = (perCache.get(key) ?? Promise.resolve(null))
      .catch(() => null)
      .then(async () => {
        await this.settled(cache, projectId, estimateId);
        return this.openedNow(cache, projectId, estimateId, seenAt, now);
      });
    perCache.set(key, next);
    void next
      .catch(() => undefined)
      .finally(() => {
        if (perCache.get(key) === next) perCache.delete(key);
      });
    return next;
  }

  private async openedNow(
    cache: CacheDb,
    projectId: string,
    estimateId: string,
    seenAt: Date | null,
    now: Date,
  ): Promise<ChangesSince | null> {
    const table = cache.versions;
    const versions = table.list(projectId, estimateId);
    const shown = (seenAt && versionAt(versions, seenAt)) ?? currentOf(versions);
    if (!shown) return null;
    const last = table.opened(projectId, estimateId);
    const before = last && last.versionId !== shown.id ? table.get(last.versionId) : null;
    table.markOpened(projectId, estimateId, shown.id, now);
    if (!last || !before) return null;
    let comparison: EstimateComparison;
    try {
      ({ comparison } = await this.compare(cache, before, shown, { includeUnchanged: false }));
    } catch (err) {
      // A damaged version: no badge (the timeline marks it); anything else is the caller's.
      if (err instanceof ServiceError && err.kind === 'damaged') return null;
      throw err;
    }
    return {
      openedAt: last.openedAt.toISOString(),
      fromVersion: before.id,
      toVersion: shown.id,
      fromSeq: before.seq,
      toSeq: shown.seq,
      counts: comparison.counts,
      currency: comparison.currency,
      gross: {
        from: comparison.totals.from.gross,
        to: comparison.totals.to.gross,
        delta: comparison.totals.delta.gross,
      },
    };
  }
}
