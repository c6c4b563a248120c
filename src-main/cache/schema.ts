/** The cache's schema: ordered migrations, each in its own transaction, versioned by `user_version`. */
import type { Db } from './db';

export interface Migration {
  /** 1, 2, 3, … in order: migration n takes a file from user_version n−1 to n. */
  version: number;
  description: string;
  up(db: Db): void;
}

/**
 * Append only. To change the schema, add `{ version: 2, … }` at the end; never edit a released one.
 * Each runs in its own transaction together with the `user_version` bump.
 */
export const CACHE_MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    description: 'entries and offline projects',
    up(db) {
      db.exec(`
        CREATE TABLE entries (
          kind       TEXT    NOT NULL,
          key        TEXT    NOT NULL,
          fetched_at INTEGER NOT NULL,
          body       TEXT    NOT NULL,
          PRIMARY KEY (kind, key)
        );
        CREATE TABLE offline_projects (
          project_id TEXT    NOT NULL PRIMARY KEY,
          fetched_at INTEGER NOT NULL,
          plan_id    TEXT,
          estimates  INTEGER NOT NULL
        );
      `);
    },
  },
  {
    version: 2,
    description: 'images, use times, pinned parts and files, the upload outbox',
    up(db) {
      db.exec(`
        CREATE TABLE blobs (
          kind         TEXT    NOT NULL,
          key          TEXT    NOT NULL,
          fetched_at   INTEGER NOT NULL,
          content_type TEXT,
          bytes        BLOB    NOT NULL,
          PRIMARY KEY (kind, key)
        );
        CREATE TABLE usage (
          kind    TEXT    NOT NULL,
          key     TEXT    NOT NULL,
          used_at INTEGER NOT NULL,
          PRIMARY KEY (kind, key)
        );
        CREATE TABLE offline_parts (
          project_id TEXT NOT NULL,
          kind       TEXT NOT NULL,
          key        TEXT NOT NULL,
          PRIMARY KEY (project_id, kind, key)
        );
        ALTER TABLE offline_projects ADD COLUMN keep_files INTEGER NOT NULL DEFAULT 0;
        ALTER TABLE offline_projects ADD COLUMN images INTEGER NOT NULL DEFAULT 0;
        CREATE TABLE kept_files (
          project_id TEXT    NOT NULL,
          file_id    TEXT    NOT NULL,
          name       TEXT    NOT NULL,
          size       INTEGER NOT NULL,
          stored_as  TEXT    NOT NULL,
          fetched_at INTEGER NOT NULL,
          PRIMARY KEY (project_id, file_id)
        );
        CREATE TABLE outbox (
          id                 INTEGER PRIMARY KEY AUTOINCREMENT,
          project_id         TEXT    NOT NULL,
          project_name       TEXT    NOT NULL,
          file_name          TEXT    NOT NULL,
          size               INTEGER NOT NULL,
          folder             TEXT    NOT NULL,
          added_at           INTEGER NOT NULL,
          state              TEXT    NOT NULL,
          attempt_started_at INTEGER,
          attempts           INTEGER NOT NULL DEFAULT 0,
          problem            TEXT,
          detail             TEXT,
          next_try_at        INTEGER
        );
      `);
    },
  },
  {
    version: 3,
    description: 'estimate versions and when each estimate was last opened',
    up(db) {
      // A version's body is a whole copy (base_id null) or the changes from its base, compressed;
      // see src-main/versions/version-codec.ts. `summary` is what the timeline shows without reading
      // bodies.
      db.exec(`
        CREATE TABLE estimate_versions (
          id              INTEGER PRIMARY KEY AUTOINCREMENT,
          project_id      TEXT    NOT NULL,
          estimate_id     TEXT    NOT NULL,
          seq             INTEGER NOT NULL,
          content_hash    TEXT    NOT NULL,
          fetched_at      INTEGER NOT NULL,
          last_fetched_at INTEGER NOT NULL,
          modified        TEXT,
          base_id         INTEGER REFERENCES estimate_versions (id),
          body            BLOB    NOT NULL,
          raw_size        INTEGER NOT NULL,
          summary         TEXT    NOT NULL,
          name            TEXT,
          pinned          INTEGER NOT NULL DEFAULT 0,
          UNIQUE (project_id, estimate_id, seq)
        );
        CREATE INDEX estimate_versions_by_hash ON estimate_versions (project_id, estimate_id, content_hash);
        CREATE INDEX estimate_versions_by_base ON estimate_versions (base_id);
        CREATE TABLE estimate_opened (
          project_id  TEXT    NOT NULL,
          estimate_id TEXT    NOT NULL,
          version_id  INTEGER NOT NULL,
          opened_at   INTEGER NOT NULL,
          PRIMARY KEY (project_id, estimate_id)
        );
      `);
    },
  },
  {
    version: 4,
    description: 'a checksum of each version body, and versions found damaged',
    up(db) {
      // body_sha256: the SHA-256 of the stored (compressed) body, checked before it is read (null for
      // bodies an older PlanDesk wrote: their versions are checked by their content hash alone).
      db.exec(`
        ALTER TABLE estimate_versions ADD COLUMN body_sha256 TEXT;
        ALTER TABLE estimate_versions ADD COLUMN damaged INTEGER NOT NULL DEFAULT 0;
      `);
    },
  },
  {
    version: 5,
    description: 'whole copies of versions may be stored in columns',
    up() {
      // Nothing to change: bodies written before stay readable (versions/whole-copy.ts). The version
      // is what keeps an older PlanDesk, which would read a whole copy in columns as an estimate
      // without items, from opening this file.
    },
  },
];

export const CACHE_SCHEMA_VERSION = CACHE_MIGRATIONS[CACHE_MIGRATIONS.length - 1]!.version;

export class NewerVersionError extends Error {
  constructor(readonly found: number) {
    super(`the cache has schema version ${found}; this PlanDesk knows up to ${CACHE_SCHEMA_VERSION}`);
  }
}

export class UnreadableError extends Error {}

export function userVersion(db: Db): number {
  return Number(db.pragma('user_version', { simple: true }));
}

/**
 * Brings `db` to the last version of `migrations`, one transaction per step. Throws when the file is
 * newer than the list. Safe against another process migrating at the same time (each step re-reads
 * the version under the write lock).
 */
export function runMigrations(
  db: Db,
  migrations: readonly Migration[] = CACHE_MIGRATIONS,
): { from: number; to: number } {
  migrations.forEach((m, i) => {
    if (m.version !== i + 1)
      throw new Error(`cache migration ${i} has version ${m.version}, expected ${i + 1}`);
  });
  const latest = migrations.length;
  const from = userVersion(db);
  if (from > latest) throw new NewerVersionError(from);
  for (const m of migrations) {
    if (m.version <= from) continue;
    db.transaction(() => {
      if (userVersion(db) >= m.version) return;
      m.up(db);
      db.pragma(`user_version = ${m.version}`);
    }).immediate();
  }
  return { from, to: Math.max(from, latest) };
}
