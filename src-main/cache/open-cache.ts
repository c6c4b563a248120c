/**
 * Opening a workspace's cache file: checked, migrated, moved aside (never deleted) when it cannot be
 * used, and kept in memory for the session when the folder cannot be written.
 */
import {
  chmodSync,
  closeSync,
  existsSync,
  mkdirSync,
  openSync,
  readFileSync,
  readSync,
  renameSync,
} from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { ServiceError } from '../errors/service-error';
import { PRIVATE_FILE_MODE, PRIVATE_FOLDER_MODE } from '../local-files/data-folder';
import type { CacheDb, Db, OpenCacheOptions } from './cache-db';
import type { Logger } from '../log/logger';
import {
  CACHE_SCHEMA_VERSION,
  NewerVersionError,
  UnreadableError,
  runMigrations,
  userVersion,
} from './schema';
import { SqliteCache } from './sqlite-cache';
import { describe, sqliteCode } from './sqlite-errors';

const SAFE_ID = /^[A-Za-z0-9][A-Za-z0-9_-]*$/;

/** `2025-04-11T07-30-03.123Z`: an ISO time that is also a valid file name on Windows. */
function fileTime(d: Date): string {
  return d.toISOString().replace(/:/g, '-');
}

/** What an error while opening means for the file. */
function classify(err: unknown): 'corrupt' | 'newer-version' | 'unavailable' {
  if (err instanceof NewerVersionError) return 'newer-version';
  if (err instanceof UnreadableError) return 'corrupt';
  const code = sqliteCode(err);
  // SQLITE_ERROR while opening comes from our own SQL meeting a schema it does not know.
  if (code === 'SQLITE_NOTADB' || code.startsWith('SQLITE_CORRUPT') || code === 'SQLITE_ERROR')
    return 'corrupt';
  return 'unavailable';
}

const SQLITE_HEADER = Buffer.from('SQLite format 3\0', 'latin1');

/**
 * Whether a file that exists could be an SQLite database, judged from its first 16 bytes without
 * SQLite: opening a garbage file would let SQLite delete a -wal next to it before failing. An empty
 * file is not one (SQLite would quietly start afresh in it, and the user would not be told): it is
 * treated as damaged, moved aside and reported like any other.
 */
export function hasSqliteHeader(file: string): boolean {
  let fd: number;
  try {
    fd = openSync(file, 'r');
  } catch {
    return true; // missing (created next) or unreadable: SQLite will say which
  }
  try {
    const head = Buffer.alloc(SQLITE_HEADER.length);
    const n = readSync(fd, head, 0, head.length, 0);
    return n === head.length && head.equals(SQLITE_HEADER);
  } finally {
    closeSync(fd);
  }
}

function prepareDb(file: string, options: OpenCacheOptions): Db {
  const readonly = options.readonly ?? false;
  if (!hasSqliteHeader(file)) throw new UnreadableError('not an SQLite database (file header)');
  const db = new Database(file, {
    readonly,
    fileMustExist: readonly,
    timeout: options.busyTimeoutMs ?? 2000,
  });
  try {
    // The user's alone: SQLite makes the -wal and -shm with the database file's mode.
    if (!readonly && process.platform !== 'win32') {
      try {
        chmodSync(file, PRIVATE_FILE_MODE);
      } catch {
        // not ours to change: tightened again at the next start if it can be
      }
    }
    // The first read of the header: a file that is not a database fails here.
    const version = userVersion(db);
    if (version > CACHE_SCHEMA_VERSION) throw new NewerVersionError(version);
    // Checked before anything is written, so a damaged file is moved aside exactly as it was.
    const check = db.pragma('quick_check', { simple: true });
    if (check !== 'ok') throw new UnreadableError(`quick_check: ${String(check).slice(0, 200)}`);
    if (!readonly) {
      db.pragma('journal_mode = WAL');
      // With WAL, NORMAL keeps the file consistent on power loss (the last commits may be lost).
      db.pragma('synchronous = NORMAL');
      // After a checkpoint the -wal shrinks back to this (a 15 MB estimate would otherwise leave 15 MB).
      db.pragma('journal_size_limit = 8388608');
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

/** Moves the file and its -wal/-shm aside; returns the new main path. */
export function moveAside(file: string, now: Date): string {
  let target = `${file}.unreadable-${fileTime(now)}`;
  for (let n = 2; existsSync(target); n++) target = `${file}.unreadable-${fileTime(now)}-${n}`;
  // The companions first: a rebuilt main file must never meet an old WAL.
  for (const suffix of ['-wal', '-shm']) {
    if (existsSync(file + suffix)) renameSync(file + suffix, target + suffix);
  }
  renameSync(file, target);
  return target;
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

  try {
    return new SqliteCache(prepareDb(file, options), file, logger, null, null);
  } catch (err) {
    const kind = classify(err);
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
      return new SqliteCache(prepareDb(file, options), file, logger, { reason: kind, movedTo }, null);
    } catch (again) {
      const cache = inMemory(describe(again));
      return Object.assign(cache, { recovered: { reason: kind, movedTo } });
    }
  }
}
