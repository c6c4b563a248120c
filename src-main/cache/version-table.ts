/**
 * The cache's estimate versions (issue 17): rows of `estimate_versions` and `estimate_opened`
 * (schema.ts, version 3). Storage only — what a body holds and how versions are compared is the
 * versions feature's (src-main/versions). Like the rest of the cache it never throws a disk error at
 * the caller: a failed read is null or empty, a failed write false, and the failure is logged.
 */
import { createHash } from 'node:crypto';
import { faultPointSync } from '../faults/fault-points';
import type { Logger } from '../log/logger';
import type { Db } from './cache-db';
import { describe } from './sqlite-errors';

/** What the timeline shows of a version without reading its body. */
export interface VersionSummary {
  /** The estimate's name and number in this version. */
  name: string;
  uniqueIdentifier: string | null;
  items: number;
  currency: string | null;
  net: string;
  tax: string;
  gross: string;
}

export interface StoredVersion {
  id: number;
  projectId: string;
  estimateId: string;
  seq: number;
  hash: string;
  fetchedAt: Date;
  lastFetchedAt: Date;
  modified: string | null;
  /** The version this one's body is the changes from; null: the body is a whole copy. */
  baseId: number | null;
  /** Bytes of the stored body. */
  bytes: number;
  /** Bytes of the version's JSON when whole. */
  rawSize: number;
  summary: VersionSummary;
  name: string | null;
  pinned: boolean;
  /** Found damaged when it was read (its body, or the body of one it is stored as changes from). */
  damaged: boolean;
}

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
  rawSize: number;
  summary: VersionSummary;
}

/** A changed body (a version given a new base, when the one it was based on goes). */
export interface Rebased {
  id: number;
  baseId: number | null;
  body: Uint8Array;
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
  /** It could not be read: marked so (the timeline says it; comparisons name it). */
  markDamaged(id: number): boolean;
  /** Checksums for bodies an older PlanDesk wrote without one, once their content was verified. */
  fillChecksums(bodies: readonly ChainBody[]): boolean;
  /** Versions whose body is the changes from `id`. */
  dependents(id: number): StoredVersion[];
  /**
   * Keeps a version: when the estimate already has one with this content, that one is fetched again
   * (`created: false`); else a new one gets the next number. Null when the write failed, or its base
   * is gone.
   */
  add(v: NewVersion): { version: StoredVersion; created: boolean } | null;
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

interface Row {
  id: number;
  project_id: string;
  estimate_id: string;
  seq: number;
  content_hash: string;
  fetched_at: number;
  last_fetched_at: number;
  modified: string | null;
  base_id: number | null;
  bytes: number;
  raw_size: number;
  summary: string;
  name: string | null;
  pinned: number;
  damaged: number;
}

const COLUMNS = `id, project_id, estimate_id, seq, content_hash, fetched_at, last_fetched_at, modified, base_id,
  length(body) AS bytes, raw_size, summary, name, pinned, damaged`;

/** Deeper than this a chain cannot be (a guard against a damaged file looping). */
const MAX_CHAIN = 10_000;

function toVersion(r: Row): StoredVersion {
  return {
    id: r.id,
    projectId: r.project_id,
    estimateId: r.estimate_id,
    seq: r.seq,
    hash: r.content_hash,
    fetchedAt: new Date(r.fetched_at),
    lastFetchedAt: new Date(r.last_fetched_at),
    modified: r.modified,
    baseId: r.base_id,
    bytes: r.bytes,
    rawSize: r.raw_size,
    summary: JSON.parse(r.summary) as VersionSummary,
    name: r.name,
    pinned: r.pinned !== 0,
    damaged: r.damaged !== 0,
  };
}

function sha256Of(body: Uint8Array): string {
  return createHash('sha256').update(body).digest('hex');
}

function blob(body: Uint8Array): Buffer {
  return Buffer.from(body.buffer, body.byteOffset, body.byteLength);
}

function prepare(db: Db) {
  return {
    list: db.prepare(
      `SELECT ${COLUMNS} FROM estimate_versions WHERE project_id = ? AND estimate_id = ? ORDER BY seq`,
    ),
    get: db.prepare(`SELECT ${COLUMNS} FROM estimate_versions WHERE id = ?`),
    byHash: db.prepare(
      `SELECT ${COLUMNS} FROM estimate_versions WHERE project_id = ? AND estimate_id = ? AND content_hash = ?`,
    ),
    dependents: db.prepare(`SELECT ${COLUMNS} FROM estimate_versions WHERE base_id = ? ORDER BY seq`),
    chain: db.prepare(
      `WITH RECURSIVE chain(id, base_id, depth) AS (
         SELECT id, base_id, 0 FROM estimate_versions WHERE id = ?
         UNION ALL
         SELECT v.id, v.base_id, chain.depth + 1 FROM estimate_versions v JOIN chain ON v.id = chain.base_id
         WHERE chain.depth < ${MAX_CHAIN}
       )
       SELECT chain.id AS id, chain.base_id AS base_id, v.body AS body, v.body_sha256 AS sha256
       FROM chain JOIN estimate_versions v ON v.id = chain.id
       ORDER BY chain.depth DESC`,
    ),
    nextSeq: db.prepare(
      'SELECT coalesce(max(seq), 0) + 1 FROM estimate_versions WHERE project_id = ? AND estimate_id = ?',
    ),
    insert: db.prepare(
      `INSERT INTO estimate_versions (project_id, estimate_id, seq, content_hash, fetched_at, last_fetched_at,
         modified, base_id, body, body_sha256, raw_size, summary)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    ),
    touch: db.prepare('UPDATE estimate_versions SET last_fetched_at = max(last_fetched_at, ?) WHERE id = ?'),
    label: db.prepare('UPDATE estimate_versions SET name = ?, pinned = ? WHERE id = ?'),
    rebase: db.prepare('UPDATE estimate_versions SET base_id = ?, body = ?, body_sha256 = ? WHERE id = ?'),
    damaged: db.prepare('UPDATE estimate_versions SET damaged = 1 WHERE id = ?'),
    checksum: db.prepare('UPDATE estimate_versions SET body_sha256 = ? WHERE id = ? AND body_sha256 IS NULL'),
    remove: db.prepare('DELETE FROM estimate_versions WHERE id = ?'),
    opened: db.prepare(
      'SELECT version_id, opened_at FROM estimate_opened WHERE project_id = ? AND estimate_id = ?',
    ),
    markOpened: db.prepare(
      `INSERT INTO estimate_opened (project_id, estimate_id, version_id, opened_at) VALUES (?, ?, ?, ?)
       ON CONFLICT (project_id, estimate_id) DO UPDATE SET version_id = excluded.version_id,
         opened_at = excluded.opened_at`,
    ),
  };
}

export class SqliteVersionTable implements VersionTable {
  private readonly stmts: ReturnType<typeof prepare>;

  constructor(
    private readonly db: Db,
    private readonly path: string,
    private readonly logger: Logger,
    /** A write failed (the cache logs it and tells whoever listens). */
    private readonly failed: (what: string, err: unknown) => void = () => undefined,
  ) {
    this.stmts = prepare(db);
  }

  list(projectId: string, estimateId: string): StoredVersion[] {
    return this.read('versions', [], () =>
      (this.stmts.list.all(projectId, estimateId) as Row[]).map(toVersion),
    );
  }

  get(id: number): StoredVersion | null {
    return this.read('a version', null, () => {
      const row = this.stmts.get.get(id) as Row | undefined;
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

  fillChecksums(bodies: readonly ChainBody[]): boolean {
    return this.write('version checksums', () => {
      for (const b of bodies) if (b.sha256 === null) this.stmts.checksum.run(sha256Of(b.body), b.id);
    });
  }

  dependents(id: number): StoredVersion[] {
    return this.read('versions', [], () => (this.stmts.dependents.all(id) as Row[]).map(toVersion));
  }

  findByHash(projectId: string, estimateId: string, hash: string): StoredVersion | null {
    return this.read('a version', null, () => {
      const row = this.stmts.byHash.get(projectId, estimateId, hash) as Row | undefined;
      return row ? toVersion(row) : null;
    });
  }

  add(v: NewVersion): { version: StoredVersion; created: boolean } | null {
    let out: { id: number; created: boolean } | null = null;
    const ok = this.write('a version', () => {
      const same = this.stmts.byHash.get(v.projectId, v.estimateId, v.hash) as Row | undefined;
      if (same) {
        this.stmts.touch.run(v.fetchedAt.getTime(), same.id);
        out = { id: same.id, created: false };
        return;
      }
      // Its base went while it was being encoded ("Clear cached data"): it is not kept, and the
      // next fetch keeps the estimate again.
      if (v.baseId !== null && !this.stmts.get.get(v.baseId)) return;
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
        sha256Of(v.body),
        v.rawSize,
        JSON.stringify(v.summary),
      );
      out = { id: Number(info.lastInsertRowid), created: true };
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
        this.stmts.rebase.run(r.baseId, blob(r.body), sha256Of(r.body), r.id);
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
      return true;
    } catch (err) {
      this.failed(what, err);
      return false;
    }
  }
}

/**
 * "Clear cached data" of estimate versions (cache-storage.ts), in the caller's transaction, after
 * the entries went. A version the user pinned is the one record of what a client was sent (the
 * service keeps only the current estimate): it stays, whatever is cleared, until the user unpins
 * it. The versions of projects still made available offline stay too (a clear that includes the
 * pinned projects has removed them first), and so do the versions these are stored as changes from;
 * the rest of the history goes.
 */
export function clearVersions(db: Db): void {
  db.exec(`
    WITH RECURSIVE kept(id, base_id) AS (
      SELECT id, base_id FROM estimate_versions
        WHERE pinned = 1 OR project_id IN (SELECT project_id FROM offline_projects)
      UNION
      SELECT v.id, v.base_id FROM estimate_versions v JOIN kept ON v.id = kept.base_id
    )
    DELETE FROM estimate_versions WHERE id NOT IN (SELECT id FROM kept);
    DELETE FROM estimate_opened WHERE version_id NOT IN (SELECT id FROM estimate_versions);
  `);
}

/** Bytes of every version body (the storage view's figure). */
export function versionsBytes(db: Db): number {
  return Number(db.prepare('SELECT coalesce(sum(length(body)), 0) FROM estimate_versions').pluck().get());
}
