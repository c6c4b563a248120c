import { existsSync, promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CACHE_SCHEMA_VERSION, cacheKeys, openCache, type CacheDb } from '../../src-main/cache/cache-db';
import { WorkspaceCaches } from '../../src-main/cache/workspace-caches';
import { captureLog } from '../helpers/log-capture';
import { runUnprivileged } from '../helpers/run-unprivileged';

// Real SQLite files in a temp folder: what a user's disk can hold after a crash, a bad copy, or a
// newer PlanDesk.

const WS = '5e0c2b8a-3f4d-4c1e-9b7a-6d5e4f3a2b1c';
const MOVED = new RegExp(
  `^${WS}\\.sqlite\\.unreadable-\\d{4}-\\d\\d-\\d\\dT\\d\\d-\\d\\d-\\d\\d\\.\\d{3}Z(-\\d+)?$`,
);

const READ_ONLY_FOLDER_SCRIPT = path.join(__dirname, 'cache-read-only-folder.script.ts');

let dataDir: string;
let cacheDir: string;
let file: string;
let log: ReturnType<typeof captureLog>;
const opened: CacheDb[] = [];

function open(id = WS, options: Parameters<typeof openCache>[3] = {}): CacheDb {
  const c = openCache(dataDir, id, log.logger, options);
  opened.push(c);
  return c;
}

function rawVersion(p: string): number {
  const db = new Database(p, { readonly: true, fileMustExist: true });
  try {
    return Number(db.pragma('user_version', { simple: true }));
  } finally {
    db.close();
  }
}

/** A normal cache file with some data in it, closed. */
function seed(entries = 50, bodySize = 2_000): void {
  const c = open();
  c.putMany(
    Array.from({ length: entries }, (_, i) => ({
      kind: 'estimate' as const,
      key: cacheKeys.estimate('p', `e${i}`),
      data: { id: `e${i}`, note: 'x'.repeat(bodySize), total: '1234.500000000000' },
    })),
  );
  c.close();
}

/** What a fresh cache must do: write and read back. */
function expectWorking(c: CacheDb): void {
  expect(c.put('project', 'p1', { id: 'p1', money: '0.100000000000' })).toBe(true);
  expect(c.get('project', 'p1')?.data).toEqual({ id: 'p1', money: '0.100000000000' });
}

beforeEach(async () => {
  dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'plandesk-cache-rec-'));
  cacheDir = path.join(dataDir, 'cache');
  file = path.join(cacheDir, `${WS}.sqlite`);
  log = captureLog();
});
afterEach(async () => {
  for (const c of opened.splice(0)) c.close();
  await fs.chmod(cacheDir, 0o755).catch(() => undefined);
  await fs.rm(dataDir, { recursive: true, force: true });
});

describe('opening the cache', () => {
  it('creates <dataDir>/cache/<id>.sqlite in WAL mode at the current schema version', () => {
    const c = open();
    expect(c.path).toBe(file);
    expect(c.persistent).toBe(true);
    expect(c.recovered).toBeNull();
    expectWorking(c);
    c.close();
    const db = new Database(file, { readonly: true });
    try {
      expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
      expect(db.pragma('user_version', { simple: true })).toBe(CACHE_SCHEMA_VERSION);
    } finally {
      db.close();
    }
    // Reopening keeps the data.
    expect(open().get('project', 'p1')?.data).toEqual({ id: 'p1', money: '0.100000000000' });
  });

  it('a garbage file is moved aside (garbage intact, with its -wal/-shm) and a fresh cache is built', async () => {
    await fs.mkdir(cacheDir, { recursive: true });
    const garbage = Buffer.from('This is not a database. '.repeat(500));
    await fs.writeFile(file, garbage);
    await fs.writeFile(`${file}-wal`, 'stale wal');
    await fs.writeFile(`${file}-shm`, 'stale shm');

    const c = open();
    expect(c.recovered?.reason).toBe('corrupt');
    const movedTo = c.recovered!.movedTo;
    expect(path.dirname(movedTo)).toBe(cacheDir);
    expect(path.basename(movedTo)).toMatch(MOVED);
    expect(await fs.readFile(movedTo)).toEqual(garbage);
    expect(await fs.readFile(`${movedTo}-wal`, 'utf8')).toBe('stale wal');
    expect(await fs.readFile(`${movedTo}-shm`, 'utf8')).toBe('stale shm');
    expect(c.persistent).toBe(true);
    expectWorking(c);
    expect(
      log.lines.some(
        (l) => l.startsWith('[warn]') && l.includes('not an SQLite database') && l.includes(movedTo),
      ),
    ).toBe(true);
  });

  it('a file from a newer PlanDesk (user_version 99) is moved aside: newer-version', async () => {
    seed();
    const db = new Database(file);
    db.pragma('user_version = 99');
    db.close();

    const c = open();
    expect(c.recovered?.reason).toBe('newer-version');
    expect(rawVersion(c.recovered!.movedTo)).toBe(99);
    expect(rawVersion(file)).toBe(CACHE_SCHEMA_VERSION);
    expect(c.get('estimate', cacheKeys.estimate('p', 'e1'))).toBeNull();
    expectWorking(c);
  });

  it('runs the migrations on a version-0 database and keeps what else it holds', async () => {
    await fs.mkdir(cacheDir, { recursive: true });
    const db = new Database(file);
    db.exec("CREATE TABLE notes (t TEXT); INSERT INTO notes VALUES ('kept')");
    expect(db.pragma('user_version', { simple: true })).toBe(0);
    db.close();

    const c = open();
    expect(c.recovered).toBeNull();
    expectWorking(c);
    c.close();
    expect(rawVersion(file)).toBe(CACHE_SCHEMA_VERSION);
    const check = new Database(file, { readonly: true });
    try {
      expect(check.prepare('SELECT t FROM notes').pluck().get()).toBe('kept');
    } finally {
      check.close();
    }
  });

  it('an empty (0-byte) file is damaged: moved aside (the user is told), and a fresh cache works', async () => {
    await fs.mkdir(cacheDir, { recursive: true });
    await fs.writeFile(file, '');
    const c = open();
    expect(c.recovered).toEqual({
      reason: 'corrupt',
      movedTo: expect.stringContaining('.sqlite.unreadable-'),
    });
    expect((await fs.stat(c.recovered!.movedTo)).size).toBe(0);
    expectWorking(c);
    c.close();
    expect(rawVersion(file)).toBe(CACHE_SCHEMA_VERSION);
  });

  it('a version-0 file whose tables clash with the schema is moved aside as corrupt', async () => {
    await fs.mkdir(cacheDir, { recursive: true });
    const db = new Database(file);
    db.exec('CREATE TABLE entries (something_else INTEGER)');
    db.close();
    const c = open();
    expect(c.recovered?.reason).toBe('corrupt');
    expectWorking(c);
  });

  it('a file at the current version without the expected tables is moved aside as corrupt', async () => {
    await fs.mkdir(cacheDir, { recursive: true });
    const db = new Database(file);
    db.pragma(`user_version = ${CACHE_SCHEMA_VERSION}`);
    db.exec('CREATE TABLE unrelated (x)');
    db.close();
    const c = open();
    expect(c.recovered?.reason).toBe('corrupt');
    expectWorking(c);
  });

  it('a truncated (half-written) database is moved aside and rebuilt', async () => {
    seed(200, 4_000);
    const size = (await fs.stat(file)).size;
    expect(size).toBeGreaterThan(500_000);
    await fs.truncate(file, Math.floor(size / 2));

    const c = open();
    expect(c.recovered?.reason).toBe('corrupt');
    expect((await fs.stat(c.recovered!.movedTo)).size).toBe(Math.floor(size / 2));
    expectWorking(c);
  });

  it('a file cut inside its header is moved aside and rebuilt', async () => {
    seed(5);
    await fs.truncate(file, 50);
    const c = open();
    expect(c.recovered?.reason).toBe('corrupt');
    expectWorking(c);
  });

  it('two recoveries in the same millisecond do not overwrite each other', async () => {
    await fs.mkdir(cacheDir, { recursive: true });
    await fs.writeFile(file, 'garbage one'.repeat(100));
    const first = open();
    first.close();
    await fs.writeFile(file, 'garbage two'.repeat(100));
    const second = open();
    expect(second.recovered?.movedTo).not.toBe(first.recovered?.movedTo);
    expect(await fs.readFile(first.recovered!.movedTo, 'utf8')).toContain('garbage one');
    expect(await fs.readFile(second.recovered!.movedTo, 'utf8')).toContain('garbage two');
  });

  it('when the cache folder cannot be made, the app still gets a working (in-memory) cache', async () => {
    await fs.writeFile(cacheDir, 'a file where the folder should be');
    const c = open();
    expect(c.persistent).toBe(false);
    expect(c.problem).toMatch(/EEXIST|ENOTDIR/);
    expect(c.recovered).toBeNull();
    expectWorking(c);
    expect(log.lines.some((l) => l.startsWith('[error]') && l.includes('in-memory'))).toBe(true);
  });

  it('refuses a workspace id that is not a plain file name', () => {
    expect(() => open('../escape')).toThrow(/file name/);
    expect(() => open('')).toThrow(/file name/);
  });
});

describe('write failures never reach the caller', () => {
  it('a cache opened read-only: writes report false and are logged; reads still work', () => {
    seed(3);
    const c = open(WS, { readonly: true });
    expect(c.persistent).toBe(true);
    expect(c.get('estimate', cacheKeys.estimate('p', 'e1'))).not.toBeNull();
    expect(() => c.put('project', 'p1', { id: 'p1' })).not.toThrow();
    expect(c.put('project', 'p1', { id: 'p1' })).toBe(false);
    expect(c.putMany([{ kind: 'project', key: 'p2', data: {} }])).toBe(false);
    expect(c.delete('estimate', cacheKeys.estimate('p', 'e1'))).toBe(false);
    expect(c.saveOfflineProject({ projectId: 'p', fetchedAt: new Date(), planId: null, entries: [] })).toBe(
      false,
    );
    expect(c.get('project', 'p1')).toBeNull();
    expect(c.get('estimate', cacheKeys.estimate('p', 'e1'))).not.toBeNull();
    expect(log.lines.filter((l) => l.includes('SQLITE_READONLY')).length).toBeGreaterThanOrEqual(4);
  });

  it('a database locked by another process: the write waits busy_timeout, then reports false', () => {
    const c = open(WS, { busyTimeoutMs: 50 });
    expectWorking(c);
    const other = new Database(file);
    try {
      other.exec('BEGIN IMMEDIATE');
      const started = Date.now();
      expect(c.put('project', 'p2', { id: 'p2' })).toBe(false);
      expect(Date.now() - started).toBeGreaterThanOrEqual(40);
      expect(log.lines.some((l) => l.includes('SQLITE_BUSY'))).toBe(true);
      // Reads are not blocked by a writer (WAL).
      expect(c.get('project', 'p1')).not.toBeNull();
      other.exec('ROLLBACK');
    } finally {
      other.close();
    }
    expect(c.put('project', 'p2', { id: 'p2' })).toBe(true);
  });

  it('a full disk (SQLITE_FULL): the whole batch is rolled back, false is reported, the cache goes on', () => {
    const c = open(WS, { maxSizeBytes: 256 * 1024 });
    expectWorking(c);
    const big = (i: number) => ({
      kind: 'plan' as const,
      key: `big-${i}`,
      data: { blob: 'x'.repeat(64_000) },
    });
    expect(c.putMany(Array.from({ length: 10 }, (_, i) => big(i)))).toBe(false);
    expect(log.lines.some((l) => l.includes('could not write 10 entries') && l.includes('SQLITE_FULL'))).toBe(
      true,
    );
    // All or nothing: not even the first entries of the batch are there; older data is intact.
    for (let i = 0; i < 10; i++) expect(c.get('plan', `big-${i}`)).toBeNull();
    expect(c.get('project', 'p1')).not.toBeNull();
    // Smaller writes still succeed.
    expect(c.put('plan', 'small', { ok: true })).toBe(true);
  });

  it('a file SQLite cannot open (its -wal is a folder): the data is read from a copy in memory', async () => {
    seed(3);
    await fs.mkdir(`${file}-wal`);
    const bytes = await fs.readFile(file);
    const c = open();
    expect(c.persistent).toBe(false);
    expect(c.recovered).toBeNull();
    expect(c.problem).toMatch(/SQLITE_/);
    expect(c.get('estimate', cacheKeys.estimate('p', 'e1'))?.data).toMatchObject({
      total: '1234.500000000000',
    });
    expect(() => c.put('project', 'p1', { id: 'p1' })).not.toThrow();
    expect(log.lines.some((l) => l.startsWith('[warn]') && l.includes('copy in memory'))).toBe(true);
    c.close();
    // The user's file was neither moved nor changed.
    expect(await fs.readFile(file)).toEqual(bytes);
  });

  it('a file that opens but cannot be written (its -shm is a folder): reads work, writes report false', async () => {
    seed(3);
    await fs.mkdir(`${file}-shm`);
    const c = open();
    expect(c.get('estimate', cacheKeys.estimate('p', 'e1'))).not.toBeNull();
    expect(c.put('project', 'p1', { id: 'p1' })).toBe(false);
    expect(log.lines.some((l) => l.includes('could not write') && l.includes('SQLITE_READONLY'))).toBe(true);
  });

  it('a read-only folder (as an unprivileged user, also in CI): no throw, the offline data still reads', async () => {
    const run = await runUnprivileged(READ_ONLY_FOLDER_SCRIPT, [dataDir, WS], [dataDir]);
    expect(run.code, run.stderr).toBe(0);
    const result = JSON.parse(run.stdout.trim().split('\n').pop() ?? '');
    // Root may write anywhere: the scenario only means something when the folder really is read-only.
    expect(result.uid).not.toBe(0);
    expect(result.folderWritable).toBe(false);
    expect(result.persistent).toBe(false);
    expect(result.read).toMatchObject({ total: '1234.500000000000' });
    expect(result.writeError).toBeNull();
  });
});

describe('workspace removal', () => {
  it('every file the cache makes is named <id> or <id>.*, so removing the workspace removes them all', async () => {
    const other = '7a6b5c4d-0000-4000-8000-000000000001';
    const caches = new WorkspaceCaches(dataDir, log.logger);
    try {
      expectWorking(caches.for(WS));
      expectWorking(caches.for(other));
      await fs.writeFile(path.join(cacheDir, `${WS}.sqlite.unreadable-x`), 'old');
      expect(caches.for(WS)).toBe(caches.for(WS));

      // WorkspaceManager.removeCache's rule, after closing the workspace's cache.
      caches.close(WS);
      const ours = (await fs.readdir(cacheDir)).filter((f) => f === WS || f.startsWith(`${WS}.`));
      expect(ours.length).toBeGreaterThanOrEqual(2);
      await Promise.all(ours.map((f) => fs.rm(path.join(cacheDir, f), { force: true })));

      const left = await fs.readdir(cacheDir);
      expect(left.every((f) => f.startsWith(other))).toBe(true);
      expect(existsSync(path.join(cacheDir, `${other}.sqlite`))).toBe(true);
      expect(caches.for(other).get('project', 'p1')).not.toBeNull();
    } finally {
      caches.closeAll();
    }
  });

  it('opens no file once all are closed (the app quitting): a late request gets a cache in memory', async () => {
    const caches = new WorkspaceCaches(dataDir, log.logger);
    caches.closeAll();
    const late = caches.for(WS);
    try {
      expect(late.persistent).toBe(false);
      expect(late.put('project', 'p1', { id: 'p1' })).toBe(true);
      expect(late.get('project', 'p1')?.data).toEqual({ id: 'p1' });
      expect(existsSync(cacheDir)).toBe(false);
    } finally {
      caches.closeAll();
    }
  });

  it('reports a recovery once, when the cache is first opened', async () => {
    await fs.mkdir(cacheDir, { recursive: true });
    await fs.writeFile(file, 'garbage'.repeat(100));
    const seen: string[] = [];
    const caches = new WorkspaceCaches(dataDir, log.logger, {}, (id, r) => seen.push(`${id}:${r.reason}`));
    try {
      caches.for(WS);
      caches.for(WS);
      expect(seen).toEqual([`${WS}:corrupt`]);
    } finally {
      caches.closeAll();
    }
  });
});
