/** The cache's reads and writes: transactional, and never throwing a disk error at the caller. */
import type { Logger } from '../log/logger';
import { escapeJsonBeyondLatin1 } from '../api/lossless-json';
import type {
  CacheDb,
  CacheHit,
  CacheKind,
  CachePut,
  CacheRecovery,
  Db,
  OfflineProjectRecord,
  OfflineSnapshot,
} from './cache-db';
import { cacheKeys } from './keys';
import { describe } from './sqlite-errors';
import { SqliteVersionTable, type VersionTable } from './version-table';

interface Row {
  fetched_at: number;
  /** Latin-1 bytes of latin1JsonText's output; text in files written before. */
  body: Buffer | string;
}

interface OfflineRow {
  project_id: string;
  fetched_at: number;
  plan_id: string | null;
  estimates: number;
}

export class SqliteCache implements CacheDb {
  readonly persistent: boolean;
  readonly versions: VersionTable;
  private readonly stmts: ReturnType<typeof prepareStatements>;

  constructor(
    private readonly db: Db,
    readonly path: string,
    private readonly logger: Logger,
    public recovered: CacheRecovery | null,
    readonly problem: string | null,
  ) {
    this.persistent = path !== ':memory:';
    try {
      this.stmts = prepareStatements(db);
      this.versions = new SqliteVersionTable(db, path, logger);
    } catch (err) {
      db.close();
      throw err;
    }
  }

  get<T>(kind: CacheKind, key: string): CacheHit<T> | null {
    let row: Row | undefined;
    try {
      row = this.stmts.get.get(kind, key) as Row | undefined;
    } catch (err) {
      this.fail('read', kind, key, err);
      return null;
    }
    if (!row) return null;
    try {
      const text = typeof row.body === 'string' ? row.body : row.body.toString('latin1');
      return { data: JSON.parse(text) as T, fetchedAt: new Date(row.fetched_at) };
    } catch (err) {
      this.fail('parse', kind, key, err);
      return null;
    }
  }

  has(kind: CacheKind, key: string): boolean {
    try {
      return this.stmts.has.get(kind, key) !== undefined;
    } catch (err) {
      this.fail('read', kind, key, err);
      return false;
    }
  }

  put(kind: CacheKind, key: string, data: unknown, fetchedAt: Date = new Date()): boolean {
    return this.putMany([{ kind, key, data, fetchedAt }]);
  }

  putMany(entries: readonly CachePut[]): boolean {
    if (entries.length === 0) return true;
    return this.write(`${entries.length} entr${entries.length === 1 ? 'y' : 'ies'}`, () => {
      for (const e of entries) this.upsert(e);
    });
  }

  delete(kind: CacheKind, key: string): boolean {
    return this.write(`delete ${kind} ${key}`, () => {
      this.stmts.delete.run(kind, key);
    });
  }

  saveOfflineProject(s: OfflineSnapshot): boolean {
    const prefix = `${cacheKeys.project(s.projectId)}/`;
    const estimates = s.entries.filter((e) => e.kind === 'estimate').length;
    return this.write(`offline copy of project ${s.projectId}`, () => {
      // Keys compare bytewise (BINARY) and '0' follows '/': the range is exactly "starts with prefix".
      this.stmts.deleteRange.run('estimate', prefix, `${prefix.slice(0, -1)}0`);
      for (const e of s.entries) this.upsert(e);
      this.stmts.putOffline.run(s.projectId, s.fetchedAt.getTime(), s.planId, estimates);
    });
  }

  getOfflineProject(projectId: string): OfflineProjectRecord | null {
    try {
      const row = this.stmts.getOffline.get(projectId) as OfflineRow | undefined;
      if (!row) return null;
      return {
        projectId: row.project_id,
        fetchedAt: new Date(row.fetched_at),
        planId: row.plan_id,
        estimates: row.estimates,
      };
    } catch (err) {
      this.fail('read', 'offline', projectId, err);
      return null;
    }
  }

  close(): void {
    if (!this.db.open) return;
    try {
      this.db.close();
    } catch (err) {
      this.logger.log('warn', `offline cache ${this.path}: close failed (${describe(err)})`);
    }
  }

  private upsert(e: CachePut): void {
    const body = Buffer.from(latin1JsonText(e.data), 'latin1');
    this.stmts.upsert.run(e.kind, e.key, (e.fetchedAt ?? new Date()).getTime(), body);
  }

  /** One write transaction; any failure is logged, rolled back, and reported as false. */
  private write(what: string, fn: () => void): boolean {
    try {
      this.db.transaction(fn).immediate();
      return true;
    } catch (err) {
      this.logger.log('warn', `offline cache ${this.path}: could not write ${what} (${describe(err)})`);
      return false;
    }
  }

  private fail(op: string, kind: string, key: string, err: unknown): void {
    this.logger.log('warn', `offline cache ${this.path}: ${op} of ${kind} ${key} failed (${describe(err)})`);
  }
}

/**
 * JSON text with every character above U+00FF written as a `\uXXXX` escape: the same JSON value,
 * one byte per character. Stored as Latin-1 bytes (a BLOB), it comes back as a one-byte string with
 * a plain copy, which V8 parses faster than text SQLite decodes from UTF-8 (a 12 MB estimate: ~10
 * ms against ~30 to read, and less to parse). Strings come back exactly as they were.
 */
export function latin1JsonText(data: unknown): string {
  const text = JSON.stringify(data);
  if (typeof text !== 'string') throw new TypeError('nothing to store (undefined or a function)');
  return escapeJsonBeyondLatin1(text);
}

function prepareStatements(db: Db) {
  return {
    get: db.prepare('SELECT fetched_at, body FROM entries WHERE kind = ? AND key = ?'),
    has: db.prepare('SELECT 1 FROM entries WHERE kind = ? AND key = ?'),
    upsert: db.prepare(
      `INSERT INTO entries (kind, key, fetched_at, body) VALUES (?, ?, ?, ?)
       ON CONFLICT (kind, key) DO UPDATE SET fetched_at = excluded.fetched_at, body = excluded.body`,
    ),
    delete: db.prepare('DELETE FROM entries WHERE kind = ? AND key = ?'),
    deleteRange: db.prepare('DELETE FROM entries WHERE kind = ? AND key >= ? AND key < ?'),
    putOffline: db.prepare(
      `INSERT INTO offline_projects (project_id, fetched_at, plan_id, estimates) VALUES (?, ?, ?, ?)
       ON CONFLICT (project_id) DO UPDATE SET
         fetched_at = excluded.fetched_at, plan_id = excluded.plan_id, estimates = excluded.estimates`,
    ),
    getOffline: db.prepare(
      'SELECT project_id, fetched_at, plan_id, estimates FROM offline_projects WHERE project_id = ?',
    ),
  };
}
