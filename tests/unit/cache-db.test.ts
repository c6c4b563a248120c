import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { COMPRESS_ABOVE_BYTES } from '../../src-main/cache/stored-json';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  CACHE_MIGRATIONS,
  CACHE_SCHEMA_VERSION,
  cacheKeys,
  openCache,
  runMigrations,
  latin1JsonText,
  storedJsonBytes,
  storedJsonText,
  type CacheDb,
  type Migration,
} from '../../src-main/cache/cache-db';
import { offlineStatus } from '../../src-main/cache/offline-sync';
import { setFaultHook } from '../../src-main/faults/fault-points';
import { silentLogger } from '../../src-main/log/logger';
import { captureLog } from '../helpers/log-capture';

describe('migrations', () => {
  let db: Database.Database;
  beforeEach(() => {
    db = new Database(':memory:');
  });
  afterEach(() => db.close());

  const next = CACHE_SCHEMA_VERSION + 1;
  const v2: Migration = {
    version: next,
    description: 'an index for a later version',
    up: (d) => d.exec('CREATE INDEX entries_fetched ON entries (fetched_at)'),
  };

  it('start at 1 and are numbered in order', () => {
    expect(CACHE_MIGRATIONS.map((m) => m.version)).toEqual(CACHE_MIGRATIONS.map((_, i) => i + 1));
    expect(CACHE_SCHEMA_VERSION).toBe(CACHE_MIGRATIONS.length);
  });

  it('are the entries (1), the offline work (2), the estimate versions (3), their checksums (4) and whole copies in columns (5)', () => {
    expect(CACHE_MIGRATIONS.map((m) => m.version)).toEqual([1, 2, 3, 4, 5]);
    expect(CACHE_MIGRATIONS[1]!.description).toMatch(/outbox/);
    expect(CACHE_MIGRATIONS[2]!.description).toMatch(/estimate versions/);
    expect(CACHE_MIGRATIONS[3]!.description).toMatch(/checksum/);
    expect(CACHE_MIGRATIONS[4]!.description).toMatch(/columns/);
  });

  it('bring a file of an older release (version 2) to the last version, keeping what it holds', () => {
    expect(runMigrations(db, CACHE_MIGRATIONS.slice(0, 2))).toEqual({ from: 0, to: 2 });
    db.prepare(
      `INSERT INTO outbox (project_id, project_name, file_name, size, folder, added_at, state)
       VALUES ('p1', 'Project', 'plan.pdf', 3, 'x', 1, 'waiting')`,
    ).run();
    expect(runMigrations(db)).toEqual({ from: 2, to: CACHE_SCHEMA_VERSION });
    expect(db.prepare('SELECT count(*) FROM outbox').pluck().get()).toBe(1);
    expect(db.prepare('SELECT count(*) FROM estimate_versions').pluck().get()).toBe(0);
    expect(db.prepare('SELECT count(*) FROM estimate_opened').pluck().get()).toBe(0);
  });

  it('bring a version-0 database to the last version, one step at a time', () => {
    expect(runMigrations(db)).toEqual({ from: 0, to: CACHE_SCHEMA_VERSION });
    expect(db.pragma('user_version', { simple: true })).toBe(CACHE_SCHEMA_VERSION);
    // A later release adds a version: only that step runs.
    expect(runMigrations(db, [...CACHE_MIGRATIONS, v2])).toEqual({ from: CACHE_SCHEMA_VERSION, to: next });
    expect(db.pragma('user_version', { simple: true })).toBe(next);
    expect(db.prepare("SELECT name FROM sqlite_master WHERE name = 'entries_fetched'").pluck().get()).toBe(
      'entries_fetched',
    );
    // Nothing left to do.
    expect(runMigrations(db, [...CACHE_MIGRATIONS, v2])).toEqual({ from: next, to: next });
  });

  it('a failing step rolls back, version and all', () => {
    runMigrations(db);
    const broken: Migration = {
      version: next,
      description: 'fails halfway',
      up: (d) => {
        d.exec('CREATE TABLE half (x)');
        throw new Error('boom');
      },
    };
    expect(() => runMigrations(db, [...CACHE_MIGRATIONS, broken])).toThrow('boom');
    expect(db.pragma('user_version', { simple: true })).toBe(CACHE_SCHEMA_VERSION);
    expect(db.prepare("SELECT count(*) FROM sqlite_master WHERE name = 'half'").pluck().get()).toBe(0);
  });

  it('refuse a newer database and a list out of order', () => {
    db.pragma(`user_version = ${next + 5}`);
    expect(() => runMigrations(db)).toThrow(new RegExp(`schema version ${next + 5}`));
    const other = new Database(':memory:');
    expect(() => runMigrations(other, [v2])).toThrow(/expected 1/);
    other.close();
  });
});

describe('keys', () => {
  it('spell each kind one way; ids are encoded so "/" only separates', () => {
    expect(cacheKeys.projectsPage({})).toBe('page=1&page_size=10');
    expect(cacheKeys.projectsPage({ pageSize: 10, page: 1, name: '' })).toBe('page=1&page_size=10');
    expect(
      cacheKeys.projectsPage({ name: 'Küche & Bad', externalReferenceId: 'X', page: 2, pageSize: 50 }),
    ).toBe('page=2&page_size=50&name=K%C3%BCche+%26+Bad&external_reference_id=X');
    expect(cacheKeys.estimate('p/1', 'e 2')).toBe('p%2F1/e%202');
    expect(cacheKeys.project('9768361a-4047')).toBe('9768361a-4047');
  });
});

describe('stored JSON text', () => {
  it('is plain JSON of the same value, with characters above U+00FF escaped', () => {
    const value = {
      a: 'Bad – Küche 12 m² € 中文 😀 \ud800 "q" \\',
      money: '0.100000000000',
      n: [1, null, true],
    };
    const text = latin1JsonText(value);
    expect([...text].every((c) => c.charCodeAt(0) <= 0xff)).toBe(true);
    expect(JSON.parse(text)).toEqual(value);
    expect(latin1JsonText({ a: 'Müller' })).toBe(JSON.stringify({ a: 'Müller' }));
    expect(() => latin1JsonText(undefined)).toThrow(/nothing to store/);
  });

  it('is stored as Latin-1 bytes, and text rows from earlier versions still read', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'plandesk-cache-bytes-'));
    try {
      const value = { name: 'Bad – Küche 😀 \\—', total: 1234.5, exact: '123456789012.123456789012' };
      const cache = openCache(dir, 'bytes', silentLogger);
      expect(cache.put('estimate', 'new', value)).toBe(true);
      cache.close();

      const file = path.join(dir, 'cache', 'bytes.sqlite');
      const db = new Database(file);
      const row = db.prepare("SELECT typeof(body) AS type, body FROM entries WHERE key = 'new'").get() as {
        type: string;
        body: Buffer;
      };
      expect(row.type).toBe('blob');
      expect(row.body.toString('latin1')).toBe(latin1JsonText(value));
      // A row as an earlier version wrote it: UTF-8 text.
      db.prepare("INSERT INTO entries (kind, key, fetched_at, body) VALUES ('estimate', 'old', 0, ?)").run(
        JSON.stringify(value),
      );
      db.close();

      const again = openCache(dir, 'bytes', silentLogger);
      expect(again.get('estimate', 'new')?.data).toEqual(value);
      expect(again.get('estimate', 'old')?.data).toEqual(value);
      again.close();
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  });

  it('is compressed when large, and reads back the same, whole or as bytes', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'plandesk-cache-large-'));
    try {
      const items = Array.from({ length: 5_000 }, (_, i) => ({
        id: `i${i}`,
        name: `Fliesen ☃ ${i}`,
        total: '1.500000000000',
      }));
      const value = { id: 'big', items };
      const text = latin1JsonText(value);
      expect(text.length).toBeGreaterThan(COMPRESS_ABOVE_BYTES);
      const cache = openCache(dir, 'large', silentLogger);
      expect(cache.put('estimate', 'big', value)).toBe(true);
      const stored = cache.getBytes('estimate', 'big')!.bytes;
      expect(stored.byteLength).toBeLessThan(text.length / 4);
      expect(storedJsonText(stored)).toBe(text);
      expect(cache.get('estimate', 'big')?.data).toEqual(value);
      // The same bytes a worker makes (storedJsonBytes), written as they are.
      expect(cache.putMany([{ kind: 'estimate', key: 'again', bytes: storedJsonBytes(value) }])).toBe(true);
      expect(cache.get('estimate', 'again')?.data).toEqual(value);
      cache.close();
    } finally {
      await fs.rm(dir, { recursive: true, force: true });
    }
  });
});

describe('the cache file', () => {
  let dir: string;
  let cache: CacheDb;
  const log = captureLog();

  beforeEach(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'plandesk-cache-unit-'));
    cache = openCache(dir, 'ws1', log.logger);
  });
  afterEach(async () => {
    cache.close();
    await fs.rm(dir, { recursive: true, force: true });
  });

  it('get/put/delete with fetch times; JSON bodies keep strings exactly', () => {
    const at = new Date('2026-02-03T04:05:06.789Z');
    const data = {
      total: '123456789012.123456789012',
      name: 'Ødegaard – "quoted" € \u2028 😀',
      n: 0.1,
      nil: null,
    };
    expect(cache.put('estimate', 'p/e', data, at)).toBe(true);
    expect(cache.get('estimate', 'p/e')).toEqual({ data, fetchedAt: at });
    expect(cache.has('estimate', 'p/e')).toBe(true);
    expect(cache.get('estimate', 'p/other')).toBeNull();
    expect(cache.get('project', 'p/e')).toBeNull(); // kinds are separate
    expect(cache.delete('estimate', 'p/e')).toBe(true);
    expect(cache.get('estimate', 'p/e')).toBeNull();
  });

  it('putMany is one transaction: one bad entry and none is written', () => {
    const ok = { kind: 'project' as const, key: 'a', data: { id: 'a' } };
    const bad = { kind: 'project' as const, key: 'b', data: undefined };
    expect(cache.putMany([ok, bad])).toBe(false);
    expect(cache.get('project', 'a')).toBeNull();
    expect(cache.putMany([ok])).toBe(true);
    expect(cache.get('project', 'a')).not.toBeNull();
  });

  it('saving an offline copy drops estimates of that project only, and records it', () => {
    const at = new Date('2026-03-01T10:00:00Z');
    cache.put('estimate', cacheKeys.estimate('p1', 'old'), { id: 'old' });
    cache.put('estimate', cacheKeys.estimate('p10', 'x'), { id: 'x' });
    cache.put('estimate', cacheKeys.estimate('p', 'y'), { id: 'y' });
    const saved = cache.saveOfflineProject({
      projectId: 'p1',
      fetchedAt: at,
      planId: null,
      entries: [
        { kind: 'project', key: cacheKeys.project('p1'), data: { id: 'p1', plan_id: null } },
        { kind: 'estimates-list', key: cacheKeys.estimatesList('p1'), data: [{ id: 'new' }] },
        { kind: 'estimate', key: cacheKeys.estimate('p1', 'new'), data: { id: 'new' } },
      ],
    });
    expect(saved).toBe(true);
    expect(cache.get('estimate', cacheKeys.estimate('p1', 'old'))).toBeNull();
    expect(cache.get('estimate', cacheKeys.estimate('p1', 'new'))).not.toBeNull();
    expect(cache.get('estimate', cacheKeys.estimate('p10', 'x'))).not.toBeNull();
    expect(cache.get('estimate', cacheKeys.estimate('p', 'y'))).not.toBeNull();
    expect(cache.getOfflineProject('p1')).toEqual({
      projectId: 'p1',
      fetchedAt: at,
      planId: null,
      estimates: 1,
      images: 0,
      keepFiles: false,
    });
    expect(offlineStatus(cache, 'p1')).toEqual({
      available: true,
      fetchedAt: at,
      estimates: 1,
      images: 0,
      filesList: false,
      keepFiles: false,
    });
    expect(offlineStatus(cache, 'p10')).toEqual({
      available: false,
      fetchedAt: null,
      estimates: 0,
      images: 0,
      filesList: false,
      keepFiles: false,
      reason: 'never',
    });
    cache.delete('estimate', cacheKeys.estimate('p1', 'new'));
    expect(offlineStatus(cache, 'p1')).toMatchObject({
      available: false,
      fetchedAt: at,
      reason: 'incomplete',
    });
  });

  it('a failed write is remembered only until a write succeeds again (no stale "disk full")', () => {
    setFaultHook((point) => {
      if (point === 'cache:write') {
        throw Object.assign(new Error('database or disk is full'), { code: 'SQLITE_FULL' });
      }
    });
    try {
      expect(cache.put('project', 'a', { id: 'a' })).toBe(false);
    } finally {
      setFaultHook(null);
    }
    expect(cache.lastWriteFailure).toMatchObject({ diskFull: true, path: cache.path });
    expect(cache.put('project', 'a', { id: 'a' })).toBe(true);
    expect(cache.lastWriteFailure).toBeNull();
  });

  it('after close, calls neither throw nor pretend', () => {
    cache.close();
    cache.close();
    expect(cache.get('project', 'a')).toBeNull();
    expect(cache.put('project', 'a', {})).toBe(false);
  });
});
