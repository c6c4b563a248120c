/**
 * Keeping an estimate just stored in the cache as a version: encoded in a worker (a whole copy, with
 * the version current before it turned into the changes from it; or, where that cannot be, the
 * changes from the version current before: version-codec.ts), added, and the oldest beyond the limit
 * let go.
 *
 * A damaged version is repaired when its content comes again: its hash is not among the "known"
 * ones (so the same content is not taken as a duplicate of the damaged row), the content is encoded
 * whole, and that body replaces the damaged one (version-table.ts `repair`); the versions stored as
 * changes from it that read again are no longer marked.
 */
import type { StoredEstimate } from '../cache/cached-client';
import type { Rebased, StoredVersion, VersionTable } from '../cache/version-table';
import type { CacheDb } from '../cache/cache-db';
import type { Logger } from '../log/logger';
import type { Workers } from '../workers/pool';
import type { EncodeOutput } from './version-tasks';
import { chainInput, chainOf, readableAgain } from './version-bodies';
import { MAX_CHAIN_DEPTH } from './version-codec';
import { currentOf } from './version-order';

/** How many deltas deep the versions stored as changes from `id` (however indirectly) go below it. */
export function deepestBelow(versions: readonly StoredVersion[], id: number): number {
  const below = new Map<number, number[]>();
  for (const v of versions) {
    if (v.baseId === null) continue;
    const list = below.get(v.baseId);
    if (list) list.push(v.id);
    else below.set(v.baseId, [v.id]);
  }
  let deepest = 0;
  const seen = new Set<number>([id]);
  let level = [id];
  for (let depth = 1; level.length > 0; depth++) {
    const next: number[] = [];
    for (const at of level) {
      for (const d of below.get(at) ?? []) {
        if (seen.has(d)) continue;
        seen.add(d);
        next.push(d);
      }
    }
    if (next.length > 0) deepest = depth;
    level = next;
  }
  return deepest;
}

export class VersionRecorder {
  constructor(
    private readonly workers: Workers,
    private readonly logger: Logger,
    private readonly maxKept: number,
  ) {}

  async record(cache: CacheDb, stored: StoredEstimate): Promise<StoredVersion | null> {
    const { projectId, estimateId } = stored;
    const table = cache.versions;
    let versions = table.list(projectId, estimateId);
    const current = currentOf(versions);
    const base = current ? this.baseOf(table, current) : null;
    // Reading the current version's chain may have just found it damaged (and marked it, with the
    // versions stored from it): listed again, so that its content, fetched again, repairs it now.
    if (current && !base) versions = table.list(projectId, estimateId);
    const damaged = versions.filter((v) => v.damaged);
    const out = await this.workers.run('versions-encode', {
      entry: stored.bytes,
      // The current version may become the changes from the new one while no chain through it would
      // then be deeper than allowed (it is one delta deep, below it the versions stored from it).
      base: base && { ...base.input, onTop: deepestBelow(versions, current!.id) < MAX_CHAIN_DEPTH },
      // A damaged version's content is not "kept already": fetched again, it repairs that version.
      known: versions.filter((v) => !v.damaged).map((v) => v.hash),
      whole: damaged.map((v) => v.hash),
    });
    if (!out.duplicate && out.baseDamaged && current) table.markDamaged(current.id);
    if (out.duplicate) {
      const same = versions.find((v) => v.hash === out.hash)!;
      table.touch(same.id, stored.fetchedAt);
      return table.get(same.id);
    }
    const repaired = damaged.find((v) => v.hash === out.hash);
    if (repaired) return this.repair(table, repaired, out, stored.fetchedAt);
    const under =
      out.previous && current && base ? { id: current.id, ...out.previous, was: base.sha256 } : undefined;
    const added = table.add(
      {
        projectId,
        estimateId,
        hash: out.hash,
        fetchedAt: stored.fetchedAt,
        modified: out.modified,
        baseId: out.isDelta ? current!.id : null,
        body: out.body,
        bodySha256: out.bodySha256,
        rawSize: out.rawSize,
        summary: out.summary,
      },
      under,
    );
    if (!added) return null;
    if (added.created) await this.evict(table, projectId, estimateId);
    return added.version;
  }

  /** The damaged version's content came again (encoded whole): its body is replaced, and it reads. */
  private repair(
    table: VersionTable,
    version: StoredVersion,
    out: Extract<EncodeOutput, { duplicate: false }>,
    fetchedAt: Date,
  ): StoredVersion | null {
    if (out.isDelta) return null; // never: a damaged version's content is encoded whole
    if (
      !table.repair(version.id, {
        body: out.body,
        bodySha256: out.bodySha256,
        rawSize: out.rawSize,
        fetchedAt,
      })
    )
      return null;
    this.logger.log('info', `estimate ${version.estimateId}: damaged version ${version.seq} repaired`);
    readableAgain(table, version);
    return table.get(version.id);
  }

  /** The base a new version is stored as changes from; none (a whole copy) when it is damaged. */
  private baseOf(table: VersionTable, current: StoredVersion): ReturnType<typeof chainOf> | null {
    if (current.damaged) return null;
    try {
      return chainOf(table, current);
    } catch (err) {
      this.logger.log('warn', `estimate ${current.estimateId}: ${(err as Error).message}`);
      return null;
    }
  }

  /** Drops the oldest versions beyond the limit, giving each version based on one a new base. */
  private async evict(table: VersionTable, projectId: string, estimateId: string): Promise<void> {
    const versions = table.list(projectId, estimateId);
    const keep = new Set<number>();
    const current = currentOf(versions);
    if (current) keep.add(current.id);
    const opened = table.opened(projectId, estimateId);
    if (opened) keep.add(opened.versionId);
    const excess = versions.filter((v) => !v.pinned).length - this.maxKept;
    const victims = versions.filter((v) => !v.pinned && !keep.has(v.id)).slice(0, Math.max(0, excess));
    for (const victim of victims) {
      const rebased: Rebased[] = [];
      for (const dependent of table.dependents(victim.id)) {
        // A damaged one is kept as it is (marked), and so is what it is stored as changes from.
        if (victim.damaged || dependent.damaged) break;
        const target = chainInput(table, dependent).bodies;
        const baseVersion = victim.baseId === null ? null : table.get(victim.baseId);
        const base = baseVersion ? chainInput(table, baseVersion) : null;
        const encoded = await this.workers.run('versions-rebase', { target, base });
        rebased.push({
          id: dependent.id,
          baseId: encoded.isDelta ? victim.baseId : null,
          body: encoded.body,
          bodySha256: encoded.bodySha256,
        });
      }
      if (rebased.length !== table.dependents(victim.id).length) continue;
      table.rebaseAndRemove(rebased, [victim.id]);
    }
  }
}
