/**
 * A database file of PlanDesk's (a workspace's cache, the outbox's records) as a file: whether it
 * could be SQLite at all, opened and checked before anything is written, moved aside (never
 * deleted) when damaged, and what a damaged one still gives when read back.
 */
import { chmodSync, closeSync, existsSync, openSync, readSync, renameSync } from 'node:fs';
import Database from 'better-sqlite3';
import { PRIVATE_FILE_MODE } from '../local-files/data-folder';
import type { Logger } from '../log/logger';
import type { Db } from './db';
import { NewerVersionError, UnreadableError } from './schema';
import { describe, sqliteCode } from './sqlite-errors';

/** `2025-04-11T07-30-03.123Z`: an ISO time that is also a valid file name on Windows. */
function fileTime(d: Date): string {
  return d.toISOString().replace(/:/g, '-');
}

/**
 * What an error while opening a database of PlanDesk's (a cache, the outbox's records) means for the
 * file: damaged (moved aside), from a newer PlanDesk (moved aside too), or not usable now (kept).
 */
export function classifyOpenError(err: unknown): 'corrupt' | 'newer-version' | 'unavailable' {
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

/**
 * Opens a database file of PlanDesk's, checked before anything is written (so a damaged file is moved
 * aside exactly as it was): its header, then `check(db)` (e.g. its schema version), then SQLite's
 * quick_check. The file is the user's alone. Closed again when any of it fails.
 */
export function openCheckedFile(
  file: string,
  options: { readonly?: boolean; timeoutMs: number; check?: (db: Db) => void },
): Db {
  const readonly = options.readonly ?? false;
  if (!hasSqliteHeader(file)) throw new UnreadableError('not an SQLite database (file header)');
  const db = new Database(file, { readonly, fileMustExist: readonly, timeout: options.timeoutMs });
  try {
    // The user's alone: SQLite makes the -wal and -shm with the database file's mode.
    if (!readonly && process.platform !== 'win32') {
      try {
        chmodSync(file, PRIVATE_FILE_MODE);
      } catch {
        // not ours to change: tightened again at the next start if it can be
      }
    }
    options.check?.(db);
    const check = db.pragma('quick_check', { simple: true });
    if (check !== 'ok') throw new UnreadableError(`quick_check: ${String(check).slice(0, 200)}`);
    return db;
  } catch (err) {
    db.close();
    throw err;
  }
}

/**
 * The rows a damaged database file still gives, read-only, as far as SQLite can read them: the rows
 * read before a damaged page are kept; a row that cannot be turned into a record is skipped.
 */
export function readRowsBack<T>(
  file: string,
  sql: string,
  toRecord: (row: never) => T,
  logger: Logger,
  what: string,
): T[] {
  const rows: T[] = [];
  let db: Db | null = null;
  try {
    db = new Database(file, { readonly: true, fileMustExist: true });
    for (const row of db.prepare(sql).iterate()) {
      try {
        rows.push(toRecord(row as never));
      } catch {
        // this row is damaged; the others may not be
      }
    }
  } catch (err) {
    logger.log('warn', `${what}: ${rows.length} read back from ${file}, then ${describe(err)}`);
  } finally {
    db?.close();
  }
  return rows;
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
