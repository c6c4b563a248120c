/**
 * The offline cache: one SQLite file per workspace at `<dataDir>/cache/<workspaceId>.sqlite` (plus
 * SQLite's `-wal` and `-shm`), so removing a workspace (which deletes `<id>` and `<id>.*` in that
 * folder) removes its cache.
 *
 * What it promises:
 * - The schema is versioned with `PRAGMA user_version` and ordered migrations, each in its own
 *   transaction. A file from a newer PlanDesk is never migrated "down".
 * - A file that is not a database, fails `PRAGMA quick_check`, has a schema PlanDesk does not
 *   understand, or comes from a newer version is moved aside (`<id>.sqlite.unreadable-<time>`, with its
 *   -wal/-shm) and a fresh one is made; `recovered` says so, so the app can tell the user. Nothing the
 *   user had is deleted.
 * - Writes are transactional. A disk error (full, read-only, locked, I/O) never reaches the caller:
 *   it is logged and the write reports `false`; the data still goes to the user, just uncached.
 * - When the file cannot be opened at all (folder not writable, say), the cache lives in memory for
 *   this session (`persistent: false`) and the app starts anyway.
 */
export type { Db } from './db';
export * from './cache-types';
export { CACHE_MIGRATIONS, CACHE_SCHEMA_VERSION, runMigrations, type Migration } from './schema';
export type { CacheStorage, StorageFigures } from './cache-storage';
export type { KeptFile } from './kept-files';
export type { LegacyOutboxRow } from './outbox-table';
export { legacyOutboxRowsIn } from './outbox-table';
export { cacheKeys } from './keys';
export { openCache } from './open-cache';
export { gunzipChunkSize, isGzipped, latin1JsonText, storedJsonBytes, storedJsonText } from './stored-json';
export type { StoredVersion, VersionSummary, VersionTable } from './version-table';
