/**
 * The cache's checkpoints off main's thread (cache/wal-checkpoints.ts), on real files: a commit on
 * main never copies the -wal into the database file; a worker thread does, with its own connection;
 * a thread that fails or never answers hands checkpoints back to SQLite; the -wal stays bounded.
 */
import { randomBytes } from 'node:crypto';
import { copyFileSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { openCache, type CacheDb } from '../../src-main/cache/cache-db';
import { WalCheckpoints, type CheckpointRunner } from '../../src-main/cache/wal-checkpoints';
import { createWorkers, type Workers } from '../../src-main/workers/pool';
import { captureLog } from '../helpers/log-capture';

const MB = 1024 * 1024;
/** An estimate-sized entry (random: the cache compresses what repeats), well past SQLite's own trigger of a thousand 4 KiB pages. */
const bigBody = (tag: string) => ({ tag, text: randomBytes(6 * MB).toString('base64') });

let dir: string;
let workers: Workers;
const opened: CacheDb[] = [];

beforeAll(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'plandesk-wal-'));
  workers = createWorkers(captureLog().logger, 1);
});
afterEach(() => {
  for (const cache of opened.splice(0)) cache.close();
});
afterAll(async () => {
  await workers.close();
  rmSync(dir, { recursive: true, force: true });
});

/** The tags found in the database file alone, without its -wal: what checkpoints have copied there. */
function tagsInFileAlone(file: string): string[] {
  const copy = path.join(dir, `alone-${Math.random().toString(36).slice(2)}.sqlite`);
  copyFileSync(file, copy);
  const db = new Database(copy, { readonly: true });
  try {
    // Before any checkpoint even the tables are only in the -wal.
    if (!db.prepare("SELECT 1 FROM sqlite_master WHERE name = 'entries'").get()) return [];
    const rows = db.prepare("SELECT key FROM entries WHERE kind = 'project' ORDER BY key").all() as {
      key: string;
    }[];
    return rows.map((r) => r.key);
  } finally {
    db.close();
    rmSync(copy, { force: true });
  }
}

const walBytes = (file: string) => statSync(`${file}-wal`).size;

/** A bare WAL database with an entries table, for WalCheckpoints on its own. */
function walDatabase(name: string): { db: Database.Database; file: string } {
  const file = path.join(dir, name);
  const db = new Database(file);
  db.pragma('journal_mode = WAL');
  db.exec('CREATE TABLE entries (kind TEXT, key TEXT PRIMARY KEY, body BLOB)');
  return { db, file };
}

/** A runner that records what it was asked, and each run's outcome to wait for. */
function recorded(run: CheckpointRunner) {
  const runs: Promise<unknown>[] = [];
  const runner: CheckpointRunner = (file, signal) => {
    const result = run(file, signal);
    runs.push(result.catch(() => undefined));
    return result;
  };
  return { runner, runs };
}

function open(id: string, run: CheckpointRunner, logger = captureLog().logger) {
  const cache = openCache(dir, id, logger, { checkpointIn: run });
  opened.push(cache);
  return { cache, file: path.join(dir, 'cache', `${id}.sqlite`) };
}

describe('checkpoints in a worker thread', () => {
  it('leaves main’s commit without a checkpoint, and the thread copies the -wal into the file', async () => {
    // The thread is sent the checkpoint only once the test has looked at the file.
    let go!: () => void;
    const looked = new Promise<void>((resolve) => (go = resolve));
    const { runner, runs } = recorded(async (file, signal) => {
      await looked;
      return workers.run('cache-checkpoint', { file }, { signal });
    });
    const { cache, file } = open('thread', runner);
    const started = workers.threadsStarted;

    expect(cache.put('project', 'a', bigBody('a'))).toBe(true);
    // Right after the commit: the entry is only in the -wal (SQLite alone would have copied it).
    expect(tagsInFileAlone(file)).toEqual([]);
    expect(runs).toHaveLength(1);
    go();
    const outcome = await runs[0];
    expect(outcome).toMatchObject({ busy: 0 });
    expect(workers.threadsStarted).toBeGreaterThan(started);
    // The thread's checkpoint copied it into the file.
    expect(tagsInFileAlone(file)).toEqual(['a']);

    // The next write starts the -wal over, and it is cut back to what that write added.
    expect(cache.put('project', 'b', { tag: 'b' })).toBe(true);
    expect(walBytes(file)).toBeLessThan(MB);
    expect(runs).toHaveLength(1);
    expect(cache.get<{ tag: string }>('project', 'a')?.data.tag).toBe('a');
  });

  it('hands checkpoints back to SQLite when the thread fails three times in a row, and says so once', async () => {
    const log = captureLog();
    const { runner, runs } = recorded((file) =>
      // A real failure in the thread: a file that is not there.
      workers.run('cache-checkpoint', { file: `${file}.gone` }),
    );
    const { cache, file } = open('failing', runner, log.logger);
    const failed = () => log.lines.filter((l) => l.includes('checkpoints in a worker thread failed'));

    for (const tag of ['a', 'b', 'c']) {
      expect(failed()).toHaveLength(0);
      expect(cache.put('project', tag, bigBody(tag))).toBe(true);
      await Promise.all(runs);
    }
    expect(runs).toHaveLength(3);
    expect(failed()).toHaveLength(1);
    expect(failed()[0]).toContain('3 times');

    // SQLite checkpoints in the commit again: the next large write is in the file at once.
    expect(cache.put('project', 'd', bigBody('d'))).toBe(true);
    expect(tagsInFileAlone(file)).toEqual(['a', 'b', 'c', 'd']);
    expect(runs).toHaveLength(3);
    expect(cache.get<{ tag: string }>('project', 'd')?.data.tag).toBe('d');
  });

  it('cancels a checkpoint not yet run when the cache closes, without handing back', async () => {
    const log = captureLog();
    const { db, file } = walDatabase('closing.sqlite');
    let cancelled = false;
    // The thread is busy with other work: the checkpoint waits in its queue until cancelled.
    const checkpoints = new WalCheckpoints(
      db,
      file,
      (_file, signal) =>
        new Promise((_resolve, reject) =>
          signal.addEventListener('abort', () => {
            cancelled = true;
            reject(signal.reason);
          }),
        ),
      log.logger,
      { threadBytes: MB, mainBytes: 64 * MB, deadlineMs: 60_000, failuresToHandBack: 1 },
    );
    try {
      db.prepare('INSERT INTO entries VALUES (?, ?, ?)').run('project', 'a', Buffer.alloc(2 * MB, 1));
      checkpoints.afterWrite();
      await checkpoints.close();
      expect(cancelled).toBe(true);
      expect(checkpoints.onMain).toBe(false);
      expect(log.lines).toEqual([]);
    } finally {
      db.close();
    }
  });

  it('gives a thread that never answers its deadline, then hands back', async () => {
    const log = captureLog();
    const { db, file } = walDatabase('silent.sqlite');
    const { runner, runs } = recorded(
      (_file, signal) =>
        new Promise((_resolve, reject) => signal.addEventListener('abort', () => reject(signal.reason))),
    );
    const checkpoints = new WalCheckpoints(db, file, runner, log.logger, {
      threadBytes: MB,
      mainBytes: 64 * MB,
      deadlineMs: 200,
      failuresToHandBack: 1,
    });
    try {
      db.prepare('INSERT INTO entries VALUES (?, ?, ?)').run('project', 'a', Buffer.alloc(2 * MB, 1));
      checkpoints.afterWrite();
      expect(checkpoints.onMain).toBe(false);
      await Promise.all(runs);
      expect(checkpoints.onMain).toBe(true);
      expect(db.pragma('wal_autocheckpoint', { simple: true })).toBe(1000);
      expect(
        log.lines.some((l) =>
          /checkpoints in a worker thread failed 1 time in a row .*timed out after 200 ms/.test(l),
        ),
      ).toBe(true);
    } finally {
      void checkpoints.close();
      db.close();
    }
  });

  it('keeps the -wal bounded by checkpointing on main while the thread is behind', () => {
    const { db, file } = walDatabase('behind.sqlite');
    let asked = 0;
    // The thread takes each request and never finishes one.
    const checkpoints = new WalCheckpoints(
      db,
      file,
      () => {
        asked += 1;
        return new Promise(() => undefined);
      },
      captureLog().logger,
      { threadBytes: MB, mainBytes: 4 * MB, deadlineMs: 60_000, failuresToHandBack: 3 },
    );
    const put = db.prepare('INSERT OR REPLACE INTO entries VALUES (?, ?, ?)');
    try {
      let largest = 0;
      for (let i = 0; i < 40; i++) {
        put.run('project', `k${i % 5}`, Buffer.alloc(MB, i));
        checkpoints.afterWrite();
        largest = Math.max(largest, walBytes(file));
      }
      // 40 MB written: the -wal never held much more than the main limit and one write.
      expect(largest).toBeLessThan(4 * MB + 2 * MB);
      // One request to the thread at a time: the rest waited for it.
      expect(asked).toBe(1);
      expect(checkpoints.onMain).toBe(false);
      expect((db.prepare('SELECT count(*) AS n FROM entries').get() as { n: number }).n).toBe(5);
    } finally {
      void checkpoints.close();
      db.close();
    }
  });
});
