/** The cache's schema: ordered migrations, each in its own transaction, versioned by `user_version`. */
import type { Db } from './cache-db';

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
