/** The cache's reads and writes: transactional, and never throwing a disk error at the caller. */
import type { Logger } from '../log/logger';
import { escapeJsonBeyondLatin1 } from '../api/lossless-json';
import { storedJsonBytes, storedJsonText } from './stored-json';
import type {
  CacheBytes,
  BlobHit,
  BlobKind,
  BlobPut,
  CacheDb,
  CacheHit,
  CacheKind,
  CachePut,
  CacheRecovery,
  WriteFailure,
  OfflineProjectRecord,
  OfflineSnapshot,
} from './cache-types';
import type { Db } from './db';
import { CacheStorage } from './cache-storage';
import { KeptFilesTable } from './kept-files';
import { cacheKeys } from './keys';
import { LegacyOutboxTable } from './outbox-table';
import { describe } from './sqlite-errors';
import { faultPointSync } from '../faults/fault-points';
import { isDiskFull } from '../local-files/write-atomically';
import { SqliteVersionTable, type VersionTable } from './version-table';
import { WalCheckpoints, type CheckpointRunner } from './wal-checkpoints';

interface Row {
  fetched_at: number;
  /** stored-json.ts bytes; text in files written by an older PlanDesk. */
  body: Buffer | string;
}

interface OfflineRow {
  project_id: string;
  fetched_at: number;
  plan_id: string | null;
  estimates: number;
  images: number;
  keep_files: number;
}

interface BlobRow {
  fetched_at: number;
  content_type: string | null;
  bytes: Buffer;
}

export class SqliteCache implements CacheDb {
  readonly persistent: boolean;
  readonly keptFilesDir: string | null;
  readonly storage: CacheStorage;
  readonly keptFiles: KeptFilesTable;
  readonly legacyOutbox: LegacyOutboxTable;
  readonly versions: VersionTable;
  lastWriteFailure: WriteFailure | null = null;
  private readonly stmts: ReturnType<typeof prepareStatements>;
  private readonly failureListeners: ((failure: WriteFailure) => void)[] = [];
  private checkpoints: WalCheckpoints | null = null;

  constructor(
    private readonly db: Db,
    readonly path: string,
    private readonly logger: Logger,
    public recovered: CacheRecovery | null,
    readonly problem: string | null,
  ) {
    this.persistent = path !== ':memory:';
    this.keptFilesDir = this.persistent ? path.replace(/\.sqlite$/, '') + '.files' : null;
    try {
      this.stmts = prepareStatements(db);
      this.versions = new SqliteVersionTable(
        db,
        path,
        logger,
        (what, err) => this.writeFailed(what, err),
        () => this.written(),
      );
    } catch (err) {
      db.close();
      throw err;
    }
    this.storage = new CacheStorage(db, path, this.keptFilesDir, logger, () =>
      this.checkpoints?.afterWrite(),
    );
    this.keptFiles = new KeptFilesTable(db, logger);
    this.legacyOutbox = new LegacyOutboxTable(db, logger);
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
      return { data: parseBody<T>(row.body), fetchedAt: new Date(row.fetched_at) };
    } catch (err) {
      this.fail('parse', kind, key, err);
      return null;
    }
  }

  getBytes(kind: CacheKind, key: string): CacheBytes | null {
    try {
      const row = this.stmts.get.get(kind, key) as Row | undefined;
      if (!row) return null;
      // A text row (written by an older PlanDesk) may hold any character: escaped into Latin-1 first.
      const bytes =
        typeof row.body === 'string' ? Buffer.from(escapeJsonBeyondLatin1(row.body), 'latin1') : row.body;
      return {
        bytes: new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength),
        fetchedAt: new Date(row.fetched_at),
      };
    } catch (err) {
      this.fail('read', kind, key, err);
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
      // An estimate's kept view goes with it (estimates/stored-view.ts).
      if (kind === 'estimate') this.stmts.delete.run('estimate-view', key);
    });
  }

  saveOfflineProject(s: OfflineSnapshot): boolean {
    const prefix = `${cacheKeys.project(s.projectId)}/`;
    const estimates = s.entries.filter((e) => e.kind === 'estimate').length;
    const blobs = s.blobs ?? [];
    return this.write(`offline copy of project ${s.projectId}`, () => {
      // Keys compare bytewise (BINARY) and '0' follows '/': the range is exactly "starts with prefix".
      this.stmts.deleteRange.run('estimate', prefix, `${prefix.slice(0, -1)}0`);
      for (const e of s.entries) this.upsert(e);
      // The views kept beside estimates no longer listed go with them (the others stay: a view is
      // only used for the very bytes it was made from).
      this.stmts.deleteOrphanViews.run({ from: prefix, to: `${prefix.slice(0, -1)}0` });
      this.stmts.deleteParts.run(s.projectId);
      for (const b of blobs) {
        this.upsertBlob(b);
        this.stmts.putPart.run(s.projectId, b.kind, b.key);
      }
      this.stmts.putOffline.run(
        s.projectId,
        s.fetchedAt.getTime(),
        s.planId,
        estimates,
        blobs.length,
        s.keepFiles ? 1 : 0,
      );
    });
  }

  getOfflineProject(projectId: string): OfflineProjectRecord | null {
    try {
      const row = this.stmts.getOffline.get(projectId) as OfflineRow | undefined;
      return row ? toOfflineRecord(row) : null;
    } catch (err) {
      this.fail('read', 'offline', projectId, err);
      return null;
    }
  }

  listOfflineProjects(): OfflineProjectRecord[] {
    try {
      return (this.stmts.listOffline.all() as OfflineRow[]).map(toOfflineRecord);
    } catch (err) {
      this.fail('read', 'offline', 'all', err);
      return [];
    }
  }

  removeOfflineProject(projectId: string): boolean {
    return this.write(`unpin project ${projectId}`, () => {
      this.stmts.deleteOffline.run(projectId);
      this.stmts.deleteParts.run(projectId);
      this.stmts.deleteKept.run(projectId);
    });
  }

  getBlob(kind: BlobKind, key: string): BlobHit | null {
    try {
      const row = this.stmts.getBlob.get(kind, key) as BlobRow | undefined;
      return row
        ? { bytes: row.bytes, contentType: row.content_type, fetchedAt: new Date(row.fetched_at) }
        : null;
    } catch (err) {
      this.fail('read', kind, key, err);
      return null;
    }
  }

  putBlob(blob: BlobPut): boolean {
    return this.write(`${blob.kind} ${blob.key}`, () => this.upsertBlob(blob));
  }

  entriesOf<T>(kind: CacheKind): { key: string; data: T; fetchedAt: Date }[] {
    let rows: (Row & { key: string })[];
    try {
      rows = this.stmts.ofKind.all(kind) as (Row & { key: string })[];
    } catch (err) {
      this.fail('read', kind, '*', err);
      return [];
    }
    const out: { key: string; data: T; fetchedAt: Date }[] = [];
    for (const row of rows) {
      try {
        out.push({ key: row.key, data: parseBody<T>(row.body), fetchedAt: new Date(row.fetched_at) });
      } catch (err) {
        this.fail('parse', kind, row.key, err);
      }
    }
    return out;
  }

  touch(kind: CacheKind | BlobKind, key: string): void {
    try {
      this.stmts.touch.run(kind, key, Date.now());
    } catch (err) {
      // Only the order of eviction suffers.
      this.fail('touch', kind, key, err);
    }
  }

  /** From now on, checkpoints run in another thread (cache/wal-checkpoints.ts); a file's cache only. */
  checkpointIn(run: CheckpointRunner): void {
    if (!this.persistent || this.checkpoints) return;
    try {
      this.checkpoints = new WalCheckpoints(this.db, this.path, run, this.logger);
    } catch (err) {
      this.logger.log('warn', `offline cache ${this.path}: checkpoints stay on main (${describe(err)})`);
    }
  }

  onWriteFailure(listener: (failure: WriteFailure) => void): void {
    this.failureListeners.push(listener);
  }

  get open(): boolean {
    return this.db.open;
  }

  close(): void {
    // A checkpoint not yet run is cancelled; one running lets go of the file within moments.
    void this.checkpoints?.close();
    if (!this.db.open) return;
    try {
      this.db.close();
    } catch (err) {
      this.logger.log('warn', `offline cache ${this.path}: close failed (${describe(err)})`);
    }
  }

  private upsert(e: CachePut): void {
    const body = e.bytes ?? storedJsonBytes(e.data);
    const at = (e.fetchedAt ?? new Date()).getTime();
    this.stmts.upsert.run(e.kind, e.key, at, body);
    this.stmts.touch.run(e.kind, e.key, at);
  }

  private upsertBlob(b: BlobPut): void {
    const at = (b.fetchedAt ?? new Date()).getTime();
    this.stmts.upsertBlob.run(b.kind, b.key, at, b.contentType, Buffer.from(b.bytes));
    this.stmts.touch.run(b.kind, b.key, at);
  }

  /** One write transaction; any failure is logged, rolled back, told, and reported as false. */
  private write(what: string, fn: () => void): boolean {
    try {
      this.db
        .transaction(() => {
          fn();
          faultPointSync('cache:write');
        })
        .immediate();
      this.written();
      return true;
    } catch (err) {
      this.writeFailed(what, err);
      return false;
    }
  }

  private written(): void {
    // The disk has room again (or the file can be written): an older failure no longer stands.
    this.lastWriteFailure = null;
    this.checkpoints?.afterWrite();
  }

  private writeFailed(what: string, err: unknown): void {
    this.logger.log('warn', `offline cache ${this.path}: could not write ${what} (${describe(err)})`);
    const failure: WriteFailure = { path: this.path, what, diskFull: isDiskFull(err) };
    this.lastWriteFailure = failure;
    for (const listener of this.failureListeners) {
      try {
        listener(failure);
      } catch {
        // a listener's failure is not the cache's
      }
    }
  }

  private fail(op: string, kind: string, key: string, err: unknown): void {
    this.logger.log('warn', `offline cache ${this.path}: ${op} of ${kind} ${key} failed (${describe(err)})`);
  }
}

function parseBody<T>(body: Buffer | string): T {
  return JSON.parse(typeof body === 'string' ? body : storedJsonText(body)) as T;
}

function toOfflineRecord(row: OfflineRow): OfflineProjectRecord {
  return {
    projectId: row.project_id,
    fetchedAt: new Date(row.fetched_at),
    planId: row.plan_id,
    estimates: row.estimates,
    images: row.images,
    keepFiles: row.keep_files === 1,
  };
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
    deleteOrphanViews: db.prepare(
      `DELETE FROM entries WHERE kind = 'estimate-view' AND key >= @from AND key < @to
         AND key NOT IN (SELECT key FROM entries WHERE kind = 'estimate' AND key >= @from AND key < @to)`,
    ),
    putOffline: db.prepare(
      `INSERT INTO offline_projects (project_id, fetched_at, plan_id, estimates, images, keep_files)
       VALUES (?, ?, ?, ?, ?, ?)
       ON CONFLICT (project_id) DO UPDATE SET
         fetched_at = excluded.fetched_at, plan_id = excluded.plan_id, estimates = excluded.estimates,
         images = excluded.images, keep_files = excluded.keep_files`,
    ),
    getOffline: db.prepare('SELECT * FROM offline_projects WHERE project_id = ?'),
    listOffline: db.prepare('SELECT * FROM offline_projects ORDER BY fetched_at'),
    deleteOffline: db.prepare('DELETE FROM offline_projects WHERE project_id = ?'),
    putPart: db.prepare('INSERT OR IGNORE INTO offline_parts (project_id, kind, key) VALUES (?, ?, ?)'),
    deleteParts: db.prepare('DELETE FROM offline_parts WHERE project_id = ?'),
    deleteKept: db.prepare('DELETE FROM kept_files WHERE project_id = ?'),
    getBlob: db.prepare('SELECT fetched_at, content_type, bytes FROM blobs WHERE kind = ? AND key = ?'),
    upsertBlob: db.prepare(
      `INSERT INTO blobs (kind, key, fetched_at, content_type, bytes) VALUES (?, ?, ?, ?, ?)
       ON CONFLICT (kind, key) DO UPDATE SET
         fetched_at = excluded.fetched_at, content_type = excluded.content_type, bytes = excluded.bytes`,
    ),
    ofKind: db.prepare('SELECT key, fetched_at, body FROM entries WHERE kind = ?'),
    touch: db.prepare(
      `INSERT INTO usage (kind, key, used_at) VALUES (?, ?, ?)
       ON CONFLICT (kind, key) DO UPDATE SET used_at = excluded.used_at`,
    ),
  };
}
