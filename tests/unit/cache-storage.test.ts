import { randomBytes } from 'node:crypto';
import Database from 'better-sqlite3';
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { cacheKeys, openCache, type CacheDb } from '../../src-main/cache/cache-db';
import { silentLogger } from '../../src-main/log/logger';

let dir: string;
let cache: CacheDb;

beforeEach(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'plandesk-cache-storage-'));
  cache = openCache(dir, 'ws', silentLogger);
});
afterEach(async () => {
  cache.close();
  await fs.rm(dir, { recursive: true, force: true });
});

// Random text: large cache rows are stored compressed, so a repeated letter would take almost
// no room; base64 of random bytes compresses back to about its byte count.
const body = (kb: number) => ({ text: randomBytes(kb * 1024).toString('base64') });

function pin(projectId: string, planId: string, image: string): void {
  const ok = cache.saveOfflineProject({
    projectId,
    fetchedAt: new Date(),
    planId,
    entries: [
      { kind: 'project', key: cacheKeys.project(projectId), data: { id: projectId, plan_id: planId } },
      { kind: 'plan', key: cacheKeys.plan(planId), data: body(50) },
      { kind: 'estimates-list', key: cacheKeys.estimatesList(projectId), data: [{ id: 'e1' }] },
      { kind: 'estimate', key: cacheKeys.estimate(projectId, 'e1'), data: body(100) },
    ],
    blobs: [
      { kind: 'image', key: cacheKeys.image(image), bytes: new Uint8Array(20 * 1024), contentType: null },
    ],
  });
  expect(ok).toBe(true);
}

describe('the budget for data that is not pinned', () => {
  it('evicts the least recently used first, and never what is pinned', () => {
    pin('p1', 'plan1', 'https://service.example/plans/plan1/floors/f1/image.png?sig=1');
    const t = (m: number) => new Date(Date.UTC(2026, 0, 1, 8, m));
    cache.put('estimate', cacheKeys.estimate('p2', 'old'), body(100), t(0));
    cache.put('estimate', cacheKeys.estimate('p2', 'mid'), body(100), t(1));
    cache.put('estimate', cacheKeys.estimate('p2', 'new'), body(100), t(2));
    // Read again offline: used recently, so kept longer than its fetch time says.
    cache.touch('estimate', cacheKeys.estimate('p2', 'old'));

    const before = cache.storage.figures();
    expect(before.otherBytes).toBeGreaterThan(300 * 1024);
    const dropped = cache.storage.evict(250 * 1024);
    expect(dropped).toBeGreaterThan(0);
    expect(cache.has('estimate', cacheKeys.estimate('p2', 'mid'))).toBe(false);
    expect(cache.has('estimate', cacheKeys.estimate('p2', 'old'))).toBe(true);
    expect(cache.has('estimate', cacheKeys.estimate('p2', 'new'))).toBe(true);
    const after = cache.storage.figures();
    expect(after.otherBytes).toBeLessThanOrEqual(250 * 1024);
    expect(after.pinnedBytes).toBe(before.pinnedBytes);

    cache.storage.evict(0);
    expect(cache.storage.figures().otherBytes).toBe(0);
    expect(cache.has('estimate', cacheKeys.estimate('p1', 'e1'))).toBe(true);
    expect(
      cache.getBlob(
        'image',
        cacheKeys.image('https://service.example/plans/plan1/floors/f1/image.png?sig=2'),
      ),
    ).not.toBeNull();
  });

  it('a project no longer pinned becomes ordinary cache; clearing with pinned empties everything but upload records', () => {
    pin('p1', 'plan1', 'https://service.example/i.png');
    // An older PlanDesk's upload record (the outbox moves it to its own database at start).
    const raw = new Database(cache.path);
    raw
      .prepare(
        `INSERT INTO outbox (project_id, project_name, file_name, size, folder, added_at, state)
         VALUES ('p1', 'P', 'a.pdf', 3, 'f', 0, 'waiting')`,
      )
      .run();
    raw.close();
    expect(cache.listOfflineProjects().map((p) => p.projectId)).toEqual(['p1']);
    cache.removeOfflineProject('p1');
    expect(cache.storage.figures().pinnedBytes).toBe(0);
    expect(cache.storage.figures().otherBytes).toBeGreaterThan(0);
    pin('p1', 'plan1', 'https://service.example/i.png');
    expect(cache.storage.clear(true)).toBe(true);
    expect(cache.storage.figures()).toMatchObject({ pinnedBytes: 0, otherBytes: 0 });
    expect(cache.listOfflineProjects()).toEqual([]);
    expect(cache.legacyOutbox.list().map((r) => r.fileName)).toEqual(['a.pdf']);
  });

  it('lists every kept answer of a kind (what an offline search reads)', () => {
    cache.put('projects-page', 'page=1', { items: [{ id: 'a' }] });
    cache.put('projects-page', 'page=2', { items: [{ id: 'b' }] });
    cache.put('project', 'a', { id: 'a' });
    expect(
      cache
        .entriesOf<{ items: { id: string }[] }>('projects-page')
        .flatMap((e) => e.data.items.map((i) => i.id))
        .sort(),
    ).toEqual(['a', 'b']);
  });
});
