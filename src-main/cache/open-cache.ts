/**
 * Opening a workspace's cache file: checked, migrated, moved aside (never deleted) when it cannot be
 * used, and kept in memory for the session when the folder cannot be written.
 */
import { mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { ServiceError } from '../errors/service-error';
import { PRIVATE_FOLDER_MODE } from '../local-files/data-folder';
import type { CacheDb, CacheRecovery, OpenCacheOptions } from './cache-types';
import type { Db } from './db';
import type { Logger } from '../log/logger';
import {
  CACHE_SCHEMA_VERSION,
  NewerVersionError,
  UnreadableError,
  runMigrations,
  userVersion,
} from './schema';
import { SqliteCache } from './sqlite-cache';
import { describe } from './sqlite-errors';
import { classifyOpenError, hasSqliteHeader, moveAside, openCheckedFile } from './sqlite-file';
import { JOURNAL_SIZE_LIMIT_BYTES } from './wal-checkpoints';

export { hasSqliteHeader, moveAside } from './sqlite-file';

const SAFE_ID = /^[A-Za-z0-9][A-Za-z0-9_-]*$/;

function prepareDb(file: string, options: OpenCacheOptions): Db {
  const readonly = options.readonly ?? false;
  let version = 0;
  const db = openCheckedFile(file, {
    readonly,
    timeoutMs: options.busyTimeoutMs ?? 2000,
    check: (opened) => {
      // The first read of the header: a file that is not a database fails here.
      version = userVersion(opened);
      if (version > CACHE_SCHEMA_VERSION) throw new NewerVersionError(version);
    },
  });
  try {
    if (!readonly) {
      db.pragma('journal_mode = WAL');
      // With WAL, NORMAL keeps the file consistent on power loss (the last commits may be lost).
      db.pragma('synchronous = NORMAL');
      // After a checkpoint the -wal shrinks back to this (a 15 MB estimate would otherwise leave 15 MB).
      db.pragma(`journal_size_limit = ${JOURNAL_SIZE_LIMIT_BYTES}`);
    }
    if (options.maxSizeBytes !== undefined) {
      const pageSize = Number(db.pragma('page_size', { simple: true }));
      db.pragma(`max_page_count = ${Math.max(1, Math.floor(options.maxSizeBytes / pageSize))}`);
    }
    if (readonly) {
      if (version !== CACHE_SCHEMA_VERSION) {
        throw Object.assign(new Error(`read-only cache has schema version ${version}`), {
          code: 'SQLITE_READONLY',
        });
      }
    } else {
      runMigrations(db);
    }
    return db;
  } catch (err) {
    db.close();
    throw err;
  }
}

/**
 * The file's committed content as an in-memory database, or null. What is still only in its -wal
 * (not checkpointed) is not included. Used when the file can be read but not opened for writing.
 */
function snapshotInMemory(file: string): Db | null {
  let db: Db | null = null;
  try {
    if (!hasSqliteHeader(file)) return null;
    const bytes = readFileSync(file);
    if (bytes.length === 0) return null;
    // Bytes 18/19 are the write/read format versions; 2 (WAL) cannot be used in memory.
    bytes[18] = 1;
    bytes[19] = 1;
    db = new Database(bytes);
    const version = userVersion(db);
    if (version > CACHE_SCHEMA_VERSION) throw new NewerVersionError(version);
    if (db.pragma('quick_check', { simple: true }) !== 'ok') throw new UnreadableError('quick_check');
    runMigrations(db);
    return db;
  } catch {
    db?.close();
    return null;
  }
}

/**
 * Opens (creating, migrating or rebuilding as needed) the cache of one workspace. Never throws for a
 * bad or unusable file: see `recovered`, `persistent` and `problem`.
 */
export function openCache(
  dataDir: string,
  workspaceId: string,
  logger: Logger,
  options: OpenCacheOptions = {},
): CacheDb {
  if (!SAFE_ID.test(workspaceId)) {
    throw new ServiceError('config', 'The workspace id cannot be used as a file name.');
  }
  const dir = path.join(dataDir, 'cache');
  const file = path.join(dir, `${workspaceId}.sqlite`);
  const inMemory = (problem: string): SqliteCache => {
    logger.log('error', `offline cache ${file} unavailable (${problem}); using a temporary in-memory cache`);
    const db = new Database(':memory:');
    runMigrations(db);
    return new SqliteCache(db, ':memory:', logger, null, problem);
  };

  if (options.memory) {
    const db = new Database(':memory:');
    runMigrations(db);
    return new SqliteCache(db, ':memory:', logger, null, null);
  }
  try {
    if (!options.readonly) mkdirSync(dir, { recursive: true, mode: PRIVATE_FOLDER_MODE });
  } catch (err) {
    return inMemory(describe(err));
  }

  // The file's own cache, whose checkpoints may run in another thread.
  const fileCache = (recovered: CacheRecovery | null): SqliteCache => {
    const cache = new SqliteCache(prepareDb(file, options), file, logger, recovered, null);
    if (options.checkpointIn && !options.readonly) cache.checkpointIn(options.checkpointIn);
    return cache;
  };
  try {
    return fileCache(null);
  } catch (err) {
    const kind = classifyOpenError(err);
    if (kind === 'unavailable' && !options.readonly) {
      // A folder or file that cannot be written, say: the offline data can still be read, from a copy
      // in memory for this session.
      const snapshot = snapshotInMemory(file);
      if (snapshot) {
        logger.log(
          'warn',
          `offline cache ${file} cannot be used (${describe(err)}); reading a copy in memory, new data will not be kept`,
        );
        try {
          return new SqliteCache(snapshot, ':memory:', logger, null, describe(err));
        } catch {
          // fall through to an empty cache in memory
        }
      }
    }
    if (kind === 'unavailable' || options.readonly) return inMemory(describe(err));
    let movedTo: string;
    try {
      movedTo = moveAside(file, new Date());
    } catch (moveErr) {
      return inMemory(`${describe(err)}; could not move it aside: ${describe(moveErr)}`);
    }
    logger.log(
      'warn',
      `offline cache ${file} was unreadable (${kind}: ${describe(err)}); moved to ${movedTo}`,
    );
    try {
      return fileCache({ reason: kind, movedTo });
    } catch (again) {
      const cache = inMemory(describe(again));
      return Object.assign(cache, { recovered: { reason: kind, movedTo } });
    }
  }
}
