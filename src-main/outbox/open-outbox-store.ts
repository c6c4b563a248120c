/**
 * Opening the outbox's own database (outbox-store.ts): checked before anything is written, moved
 * aside (never deleted) when it is damaged, and then read back as far as it can be, so the records it
 * still holds are not lost with it. Kept in memory for the session when the folder cannot be written.
 */
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import type { Db } from '../cache/cache-db';
import { runMigrations, type Migration } from '../cache/schema';
import { describe, sqliteCode } from '../cache/sqlite-errors';
import { classifyOpenError, moveAside, openCheckedFile, readRowsBack } from '../cache/sqlite-file';
import type { Logger } from '../log/logger';
import { PRIVATE_FOLDER_MODE } from '../local-files/data-folder';
import { fileSystemReason, isDiskFull } from '../local-files/write-atomically';
import {
  OUTBOX_CHECK_FIRST,
  OUTBOX_REGISTERED_FILES,
  OUTBOX_SCHEMA,
  toOutboxRow,
  type OutboxRow,
} from './outbox-rows';
import { OutboxStore } from './outbox-store';

export const OUTBOX_MIGRATIONS: readonly Migration[] = [
  { version: 1, description: 'upload records and the drain lock', up: (db) => db.exec(OUTBOX_SCHEMA) },
  {
    version: 2,
    description: 'held rows that are looked for first; the files the outbox registered',
    up: (db) => db.exec(`${OUTBOX_CHECK_FIRST}; ${OUTBOX_REGISTERED_FILES}`),
  },
];

export const OUTBOX_FILE = 'outbox.sqlite';

export interface OpenedOutboxStore {
  store: OutboxStore;
  /** The file was damaged: where it is now, and the records that could still be read from it. */
  recovered: { movedTo: string; rows: OutboxRow[] } | null;
  /** Why the records live in memory for this session (the folder cannot be written), if they do. */
  problem: string | null;
  /** That reason is a full disk. */
  diskFull?: boolean;
}

function prepare(file: string): Db {
  const db = openCheckedFile(file, { timeoutMs: 5000 });
  try {
    db.pragma('journal_mode = WAL');
    // The user's own data: every commit is on disk before it returns (a power cut cannot take back a
    // file the user was told is waiting, nor the note that a register call went out).
    db.pragma('synchronous = FULL');
    runMigrations(db, OUTBOX_MIGRATIONS);
    return db;
  } catch (err) {
    db.close();
    throw err;
  }
}

/** What a damaged file still gives: its rows, as far as SQLite can read them (often all). */
function readBack(file: string, logger: Logger): OutboxRow[] {
  return readRowsBack(file, 'SELECT * FROM entries ORDER BY id', toOutboxRow, logger, 'outbox: records');
}

function inMemory(): OutboxStore {
  const db = new Database(':memory:');
  runMigrations(db, OUTBOX_MIGRATIONS);
  return new OutboxStore(db, ':memory:');
}

/** The data folder's outbox records; never throws (see `recovered` and `problem`). */
export function openOutboxStore(root: string, logger: Logger, now: Date = new Date()): OpenedOutboxStore {
  const file = path.join(root, OUTBOX_FILE);
  try {
    mkdirSync(root, { recursive: true, mode: PRIVATE_FOLDER_MODE });
    return { store: new OutboxStore(prepare(file), file), recovered: null, problem: null };
  } catch (err) {
    if (classifyOpenError(err) === 'unavailable') {
      const problem = sqliteCode(err) ? describe(err) : fileSystemReason(err);
      logger.log('error', `outbox: ${file} cannot be used (${problem}); its records live in memory`);
      return { store: inMemory(), recovered: null, problem, diskFull: isDiskFull(err) };
    }
    let movedTo: string;
    try {
      movedTo = moveAside(file, now);
    } catch (moveErr) {
      const problem = `${describe(err)}; could not move it aside: ${describe(moveErr)}`;
      logger.log('error', `outbox: ${file} is damaged (${problem})`);
      return { store: inMemory(), recovered: null, problem };
    }
    logger.log('warn', `outbox: ${file} was damaged (${describe(err)}); moved to ${movedTo}`);
    const rows = readBack(movedTo, logger);
    try {
      return { store: new OutboxStore(prepare(file), file), recovered: { movedTo, rows }, problem: null };
    } catch (again) {
      return { store: inMemory(), recovered: { movedTo, rows }, problem: describe(again) };
    }
  }
}

/** A store of records for a workspace that keeps its data in memory by design (the demo). */
export function memoryOutboxStore(): OutboxStore {
  return inMemory();
}
