/**
 * The cache's estimate versions (issue 17): rows of `estimate_versions` and `estimate_opened`
 * (schema.ts, version 3). Storage only — what a body holds and how versions are compared is the
 * versions feature's (src-main/versions). Like the rest of the cache it never throws a disk error at
 * the caller: a failed read is null or empty, a failed write false, and the failure is logged.
 */
import { faultPointSync } from '../faults/fault-points';
import type { Logger } from '../log/logger';
import type { Db } from './db';
import { describe } from './sqlite-errors';
import {
  blob,
  prepareVersionStatements,
  sha256Of,
  toVersion,
  versionsBytes,
  type StoredVersion,
  type VersionRow,
  type VersionSummary,
} from './version-rows';

export { clearVersions, versionsBytes } from './version-rows';

export type { StoredVersion, VersionSummary } from './version-rows';

/** One body of a version's chain: its bytes and the SHA-256 they had when written (null: not known). */
export interface ChainBody {
  id: number;
  body: Buffer;
  sha256: string | null;
}

export interface NewVersion {
  projectId: string;
  estimateId: string;
  hash: string;
  fetchedAt: Date;
  modified: string | null;
  baseId: number | null;
  body: Uint8Array;
  /** The body's SHA-256, when the thread that encoded it worked it out (else it is worked out here). */
  bodySha256?: string;
  rawSize: number;
  summary: VersionSummary;
}

/** A changed body (a version given a new base, when the one it was based on goes). */
export interface Rebased {
  id: number;
  baseId: number | null;
  body: Uint8Array;
  bodySha256?: string;
}

/**
 * The version current before a new one, stored from then on as the changes from it (reverse deltas,
 * versions/version-codec.ts): its new body, and the checksum its body has now; it is changed only
 * if that is still its body.
 */
export interface UnderNew {
  id: number;
  body: Uint8Array;
  bodySha256?: string;
  was: string | null;
}

/** A damaged version's content, come again and encoded whole. */
export interface WholeBody {
  body: Uint8Array;
  bodySha256?: string;
  rawSize: number;
  fetchedAt: Date;
}

/**
 * A body's checksum: as the encoding thread worked it out, so main's thread does not hash a large
 * whole copy again just before it writes it (the two are the same bytes, handed over, not copied).
 */
function checksumOf(b: { body: Uint8Array; bodySha256?: string | undefined }): string {
  return b.bodySha256 ?? sha256Of(b.body);
}

export interface VersionTable {
  /** Oldest first. */
  list(projectId: string, estimateId: string): StoredVersion[];
  get(id: number): StoredVersion | null;
  /**
   * The bodies to read the version from: its whole copy first, then each set of changes in order
   * (with the id of the version each belongs to). Null when it cannot be read.
   */
  chain(id: number): ChainBody[] | null;
  /**
   * It could not be read: marked so (the timeline says it; comparisons name it), and with it every
   * version stored as changes from it, however deep (they cannot be read either).
   */
  markDamaged(id: number): boolean;
  /** A damaged version's content came again: its body becomes that whole copy, and it is not damaged. */
  repair(id: number, whole: WholeBody): boolean;
  /** These read again (the version they are stored as changes from was repaired). */
  clearDamaged(ids: readonly number[]): boolean;
  /** Checksums for bodies an older PlanDesk wrote without one, once their content was verified. */
  fillChecksums(bodies: readonly ChainBody[]): boolean;
  /** Versions whose body is the changes from `id`. */
  dependents(id: number): StoredVersion[];
  /**
   * Keeps a version: when the estimate already has one with this content, that one is fetched again
   * (`created: false`); else a new one gets the next number, and, in the same transaction, the
   * version `under` it becomes the changes from it. Null when the write failed, or its base (or the
   * version to go under it) is gone.
   */
  add(v: NewVersion, under?: UnderNew): { version: StoredVersion; created: boolean } | null;
  /** Whether one with this content is kept (no body read). */
  findByHash(projectId: string, estimateId: string, hash: string): StoredVersion | null;
  /** The version was fetched again at `at`. */
  touch(id: number, at: Date): boolean;
  setLabel(id: number, name: string | null, pinned: boolean): boolean;
  /** New bodies for some versions and the removal of others, in one transaction. */
  rebaseAndRemove(rebased: readonly Rebased[], removed: readonly number[]): boolean;
  /** The version the user saw when they last opened the estimate. */
  opened(projectId: string, estimateId: string): { versionId: number; openedAt: Date } | null;
  markOpened(projectId: string, estimateId: string, versionId: number, at: Date): boolean;
  /** Bytes of every version body of the workspace (for the benchmark and the log). */
  totalBytes(): number;
}

export class SqliteVersionTable implements VersionTable {
  private readonly stmts: ReturnType<typeof prepareVersionStatements>;

  constructor(
    private readonly db: Db,
    private readonly path: string,
    private readonly logger: Logger,
    /** A write failed (the cache logs it and tells whoever listens). */
    private readonly failed: (what: string, err: unknown) => void = () => undefined,
    /** A write succeeded (an earlier failure no longer stands). */
    private readonly succeeded: () => void = () => undefined,
  ) {
    this.stmts = prepareVersionStatements(db);
  }

  list(projectId: string, estimateId: string): StoredVersion[] {
    return this.read('versions', [], () =>
      (this.stmts.list.all(projectId, estimateId) as VersionRow[]).map(toVersion),
    );
  }

  get(id: number): StoredVersion | null {
    return this.read('a version', null, () => {
      const row = this.stmts.get.get(id) as VersionRow | undefined;
      return row ? toVersion(row) : null;
    });
  }

  chain(id: number): ChainBody[] | null {
    return this.read('a version body', null, () => {
      const rows = this.stmts.chain.all(id) as (ChainBody & { base_id: number | null })[];
      // Complete only when it starts at a whole copy.
      if (rows.length === 0 || rows[0]!.base_id !== null) return null;
      return rows.map((r) => ({ id: r.id, body: r.body, sha256: r.sha256 }));
    });
  }

  markDamaged(id: number): boolean {
    return this.write('a damaged version', () => {
      this.stmts.damaged.run(id);
    });
  }

  repair(id: number, whole: WholeBody): boolean {
    return this.write('a repaired version', () => {
      const b = whole.body;
      this.stmts.repair.run(blob(b), checksumOf(whole), whole.rawSize, whole.fetchedAt.getTime(), id);
    });
  }

  clearDamaged(ids: readonly number[]): boolean {
    return this.write('versions that read again', () => {
      for (const id of ids) this.stmts.undamaged.run(id);
    });
  }

  fillChecksums(bodies: readonly ChainBody[]): boolean {
    return this.write('version checksums', () => {
      for (const b of bodies) if (b.sha256 === null) this.stmts.checksum.run(sha256Of(b.body), b.id);
    });
  }

  dependents(id: number): StoredVersion[] {
    return this.read('versions', [], () => (this.stmts.dependents.all(id) as VersionRow[]).map(toVersion));
  }

  findByHash(projectId: string, estimateId: string, hash: string): StoredVersion | null {
    return this.read('a version', null, () => {
      const row = this.stmts.byHash.get(projectId, estimateId, hash) as VersionRow | undefined;
      return row ? toVersion(row) : null;
    });
  }

  add(v: NewVersion, under?: UnderNew): { version: StoredVersion; created: boolean } | null {
    let out: { id: number; created: boolean } | null = null;
    const ok = this.write('a version', () => {
      const same = this.stmts.byHash.get(v.projectId, v.estimateId, v.hash) as VersionRow | undefined;
      if (same) {
        this.stmts.touch.run(v.fetchedAt.getTime(), same.id);
        out = { id: same.id, created: false };
        return;
      }
      // The version it was encoded against went meanwhile ("Clear cached data"): it is not kept,
      // and the next fetch keeps the estimate again.
      if (v.baseId !== null && !this.stmts.get.get(v.baseId)) return;
      if (under && !this.stmts.get.get(under.id)) return;
      const seq = this.stmts.nextSeq.pluck().get(v.projectId, v.estimateId) as number;
      const at = v.fetchedAt.getTime();
      const info = this.stmts.insert.run(
        v.projectId,
        v.estimateId,
        seq,
        v.hash,
        at,
        at,
        v.modified,
        v.baseId,
        blob(v.body),
        checksumOf(v),
        v.rawSize,
        JSON.stringify(v.summary),
      );
      const id = Number(info.lastInsertRowid);
      out = { id, created: true };
      // Only while its body is the one it was encoded from (else it keeps the body it has).
      if (under) this.stmts.rebaseIf.run(id, blob(under.body), checksumOf(under), under.id, under.was);
      faultPointSync('versions:record');
    });
    const done = out as { id: number; created: boolean } | null;
    if (!ok || !done) return null;
    const version = this.get(done.id);
    return version ? { version, created: done.created } : null;
  }

  touch(id: number, at: Date): boolean {
    return this.write('a version', () => {
      this.stmts.touch.run(at.getTime(), id);
    });
  }

  setLabel(id: number, name: string | null, pinned: boolean): boolean {
    return this.write('a version name', () => {
      this.stmts.label.run(name, pinned ? 1 : 0, id);
    });
  }

  rebaseAndRemove(rebased: readonly Rebased[], removed: readonly number[]): boolean {
    return this.write('older versions', () => {
      for (const r of rebased) {
        this.stmts.rebase.run(r.baseId, blob(r.body), checksumOf(r), r.id);
      }
      for (const id of removed) this.stmts.remove.run(id);
    });
  }

  opened(projectId: string, estimateId: string): { versionId: number; openedAt: Date } | null {
    return this.read('when the estimate was opened', null, () => {
      const row = this.stmts.opened.get(projectId, estimateId) as
        { version_id: number; opened_at: number } | undefined;
      return row ? { versionId: row.version_id, openedAt: new Date(row.opened_at) } : null;
    });
  }

  markOpened(projectId: string, estimateId: string, versionId: number, at: Date): boolean {
    return this.write('when the estimate was opened', () => {
      this.stmts.markOpened.run(projectId, estimateId, versionId, at.getTime());
    });
  }

  totalBytes(): number {
    return this.read('version sizes', 0, () => versionsBytes(this.db));
  }

  private read<T>(what: string, fallback: T, fn: () => T): T {
    try {
      return fn();
    } catch (err) {
      this.logger.log('warn', `offline cache ${this.path}: could not read ${what} (${describe(err)})`);
      return fallback;
    }
  }

  private write(what: string, fn: () => void): boolean {
    try {
      this.db.transaction(fn).immediate();
      this.succeeded();
      return true;
    } catch (err) {
      this.failed(what, err);
      return false;
    }
  }
}
