import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cacheKeys, openCache, type CacheDb } from '../../src-main/cache/cache-db';
import { silentLogger } from '../../src-main/log/logger';
import { EstimateVersions } from '../../src-main/versions/estimate-versions';
import { contentHash, readChain } from '../../src-main/versions/version-codec';
import { createWorkers, type Workers } from '../../src-main/workers/pool';
import { editedItems, randomItems, snapshot } from '../helpers/estimate-versions';

// The versions kept in a real SQLite cache, encoded in the real worker pool.

let workers: Workers;
let dir: string;

beforeAll(async () => {
  workers = createWorkers(silentLogger, 1);
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'plandesk-versions-store-'));
});
afterAll(async () => {
  await workers.close();
  await fs.rm(dir, { recursive: true, force: true });
});

const P = 'project-1';
const E = 'estimate-1';

/** Stores a fetched estimate as the read-through client does, then lets the versions keep it. */
async function fetched(
  versions: EstimateVersions,
  cache: CacheDb,
  items: ReturnType<typeof randomItems>,
  at: number,
) {
  const detail = { ...snapshot(items).header, items };
  const key = cacheKeys.estimate(P, E);
  cache.put('estimate', key, detail, new Date(at));
  return versions.record(cache, { projectId: P, estimateId: E, ...cache.getBytes('estimate', key)! });
}

describe('kept versions', () => {
  it('one per content, the newest whole and each older one the changes from the next, each read back exactly', async () => {
    const cache = openCache(dir, 'ws-chain', silentLogger);
    const versions = new EstimateVersions(workers, silentLogger);
    let items = randomItems(3, 60, false);
    const contents = [items];
    await fetched(versions, cache, items, 1_000);
    await fetched(versions, cache, items, 2_000);
    for (let k = 1; k <= 4; k++) {
      items = editedItems(items, k, 2);
      contents.push(items);
      await fetched(versions, cache, items, 2_000 + k * 1_000);
    }
    const kept = cache.versions.list(P, E);
    expect(kept.map((v) => v.seq)).toEqual([1, 2, 3, 4, 5]);
    expect(kept[0]!.lastFetchedAt.getTime()).toBe(2_000);
    // Reverse deltas: the newest is the whole copy, so the last two read one whole copy and one delta.
    expect(kept.map((v) => v.baseId)).toEqual([...kept.slice(1).map((v) => v.id), null]);
    expect(cache.versions.chain(kept[3]!.id)).toHaveLength(2);
    expectReadBack(cache, contents);
    // Back to an earlier content: that version is current again, nothing new is kept.
    await fetched(versions, cache, contents[1]!, 10_000);
    const timeline = versions.timeline(cache, P, E);
    expect(timeline.versions).toHaveLength(5);
    expect(timeline.versions.find((v) => v.current)?.seq).toBe(2);
    // A new content then: it is whole, and version 2 (with version 1 stored from it) the changes
    // from it; every version still reads.
    contents.push(editedItems(contents[1]!, 9, 2));
    const v6 = await fetched(versions, cache, contents[5]!, 11_000);
    expect(v6).toMatchObject({ seq: 6, baseId: null });
    expect(cache.versions.get(kept[1]!.id)!.baseId).toBe(v6!.id);
    expect(cache.versions.get(kept[0]!.id)!.baseId).toBe(kept[1]!.id);
    expectReadBack(cache, contents);
    cache.close();
  });

  it('evicts the oldest beyond the limit, never a pinned one, the current or the last opened', async () => {
    const cache = openCache(dir, 'ws-evict', silentLogger);
    const versions = new EstimateVersions(workers, silentLogger, 3);
    let items = randomItems(5, 40, false);
    const contents = [items];
    await fetched(versions, cache, items, 1_000);
    const first = cache.versions.list(P, E)[0]!;
    versions.label(cache, first, 'sent to client', true);
    for (let k = 1; k <= 6; k++) {
      items = editedItems(items, k + 10, 2);
      contents.push(items);
      await fetched(versions, cache, items, 1_000 + k * 1_000);
      if (k === 2) await versions.opened(cache, P, E, null, new Date(5_000));
    }
    const kept = cache.versions.list(P, E);
    // Pinned 1; three unpinned ones: the last opened (3, kept whatever its age) and the newest.
    expect(kept.map((v) => v.seq)).toEqual([1, 3, 6, 7]);
    expect(kept.filter((v) => !v.pinned)).toHaveLength(3);
    for (const v of kept) {
      const read = readChain(cache.versions.chain(v.id)!.map((c) => c.body));
      expect(contentHash(read)).toBe(contentHash(snapshot(contents[v.seq - 1]!)));
    }
    cache.close();
  });

  it('"Clear cached data" keeps the pinned versions and what they are stored as changes from', async () => {
    const cache = openCache(dir, 'ws-clear', silentLogger);
    const versions = new EstimateVersions(workers, silentLogger);
    let items = randomItems(7, 40, false);
    const contents = [items];
    await fetched(versions, cache, items, 1_000);
    for (let k = 1; k <= 3; k++) {
      items = editedItems(items, k + 20, 2);
      contents.push(items);
      await fetched(versions, cache, items, 1_000 + k * 1_000);
    }
    await versions.opened(cache, P, E, null, new Date(9_000));
    const [v1, v2, v3, v4] = cache.versions.list(P, E);
    expect(v1!.baseId).toBe(v2!.id);
    expect(v2!.baseId).toBe(v3!.id);
    versions.label(cache, v2!, 'sent to client', true);
    const before = cache.storage.figures().versionsBytes;
    expect(before).toBe(cache.versions.totalBytes());

    // Version 2 is the changes from 3, which is the changes from 4: all three stay; 1 goes.
    expect(cache.storage.clear(false)).toBe(true);
    expect(cache.versions.list(P, E).map((v) => v.seq)).toEqual([2, 3, 4]);
    expect(cache.storage.figures().versionsBytes).toBeLessThan(before);
    // The mark of the version last opened (4) stays with it.
    expect(cache.versions.opened(P, E)?.versionId).toBe(v4!.id);
    // Even a clear that removes the projects made available offline keeps what the user pinned.
    expect(cache.storage.clear(true)).toBe(true);
    const kept = cache.versions.list(P, E);
    expect(kept.map((v) => v.seq)).toEqual([2, 3, 4]);
    const read = readChain(cache.versions.chain(kept[0]!.id)!.map((c) => c.body));
    expect(contentHash(read)).toBe(contentHash(snapshot(contents[1]!)));
    // Unpinned, it goes with the next clear.
    versions.label(cache, kept[0]!, null, false);
    expect(cache.storage.clear(false)).toBe(true);
    expect(cache.versions.list(P, E)).toEqual([]);
    cache.close();
  });

  it('a body damaged on disk is found by its checksum: marked, named; the versions after it still read', async () => {
    const cache = openCache(dir, 'ws-damaged', silentLogger);
    const versions = new EstimateVersions(workers, silentLogger);
    let items = randomItems(11, 40, false);
    await fetched(versions, cache, items, 1_000);
    for (let k = 1; k <= 3; k++) {
      items = editedItems(items, k + 30, 2);
      await fetched(versions, cache, items, 1_000 + k * 1_000);
    }
    const [v1, v2, v3, v4] = cache.versions.list(P, E);
    scribble(cache.path, v2!.id);
    await expect(versions.compare(cache, v1!, v4!, { includeUnchanged: false })).rejects.toMatchObject({
      kind: 'damaged',
      message: expect.stringMatching(/Version 1 .* changes from version 2, which is damaged/),
    });
    const marked = () =>
      versions
        .timeline(cache, P, E)
        .versions.filter((v) => v.damaged)
        .map((v) => v.seq)
        .sort();
    expect(marked()).toEqual([1, 2]);
    await expect(versions.compare(cache, v3!, v4!, { includeUnchanged: false })).resolves.toBeTruthy();
    // The current version's own body damaged: the next fetch is kept whole (its base cannot be
    // read), and the damaged one is left as it is.
    scribble(cache.path, v4!.id);
    await expect(versions.compare(cache, v3!, v4!, { includeUnchanged: false })).rejects.toMatchObject({
      kind: 'damaged',
    });
    expect(marked()).toEqual([1, 2, 3, 4]);
    items = editedItems(items, 40, 2);
    const v5 = await fetched(versions, cache, items, 9_000);
    expect(v5).toMatchObject({ seq: 5, baseId: null, damaged: false });
    expect(cache.versions.get(v4!.id)).toMatchObject({ baseId: null, damaged: true });
    cache.close();
  });

  it('a damaged middle base marks every version stored as changes from it at once, each named with its cause', async () => {
    const cache = openCache(dir, 'ws-middle', silentLogger);
    const versions = new EstimateVersions(workers, silentLogger);
    let items = randomItems(17, 40, false);
    await fetched(versions, cache, items, 1_000);
    for (let k = 1; k <= 3; k++) {
      items = editedItems(items, k + 60, 2);
      await fetched(versions, cache, items, 1_000 + k * 1_000);
    }
    const [v1, v2, v3, v4] = cache.versions.list(P, E);
    expect([v1!.baseId, v2!.baseId, v3!.baseId]).toEqual([v2!.id, v3!.id, v4!.id]);
    scribble(cache.path, v3!.id);
    await expect(versions.compare(cache, v1!, v4!, { includeUnchanged: false })).rejects.toMatchObject({
      kind: 'damaged',
    });
    // Version 2 was never read, yet it is marked: it cannot be read either.
    const marked = versions
      .timeline(cache, P, E)
      .versions.filter((v) => v.damaged)
      .map((v) => v.seq);
    expect(marked.sort()).toEqual([1, 2, 3]);
    const v2now = cache.versions.get(v2!.id)!;
    await expect(versions.compare(cache, v2now, v4!, { includeUnchanged: false })).rejects.toMatchObject({
      kind: 'damaged',
      message: expect.stringMatching(/Version 2 .* changes from version 3, which is damaged/),
    });
    cache.close();
  });

  it('a damaged current version is repaired when the same content is fetched again', async () => {
    const cache = openCache(dir, 'ws-repair-current', silentLogger);
    const versions = new EstimateVersions(workers, silentLogger);
    const contents = chainOfContents(19);
    for (const [k, items] of contents.entries()) await fetched(versions, cache, items, 1_000 + k * 1_000);
    const [v1, , , v4] = cache.versions.list(P, E);
    scribble(cache.path, v4!.id);
    await expect(versions.compare(cache, v1!, v4!, { includeUnchanged: false })).rejects.toMatchObject({
      kind: 'damaged',
    });
    // Not a duplicate of the damaged row: its body is written again, whole.
    const again = await fetched(versions, cache, contents[3]!, 9_000);
    expect(again).toMatchObject({ id: v4!.id, seq: 4, baseId: null, damaged: false });
    await expect(versions.compare(cache, v1!, again!, { includeUnchanged: false })).resolves.toBeTruthy();
    expect(cache.versions.list(P, E)).toHaveLength(4);
    cache.close();
  });

  it('a damaged base repaired by its content fetched again: what is stored as changes from it reads again', async () => {
    const cache = openCache(dir, 'ws-repair-base', silentLogger);
    const versions = new EstimateVersions(workers, silentLogger);
    const contents = chainOfContents(23);
    for (const [k, items] of contents.entries()) await fetched(versions, cache, items, 1_000 + k * 1_000);
    const [v1, v2, v3, v4] = cache.versions.list(P, E);
    expect(v2!.baseId).toBe(v3!.id);
    scribble(cache.path, v3!.id);
    await expect(versions.compare(cache, v1!, v4!, { includeUnchanged: false })).rejects.toMatchObject({
      kind: 'damaged',
    });
    expect(
      cache.versions
        .list(P, E)
        .filter((v) => v.damaged)
        .map((v) => v.seq),
    ).toEqual([1, 2, 3]);
    const repaired = await fetched(versions, cache, contents[2]!, 9_000);
    expect(repaired).toMatchObject({ id: v3!.id, baseId: null, damaged: false });
    expect(cache.versions.list(P, E).filter((v) => v.damaged)).toEqual([]);
    const v1now = cache.versions.get(v1!.id)!;
    await expect(versions.compare(cache, v1now, v4!, { includeUnchanged: false })).resolves.toBeTruthy();
    expectReadBack(cache, contents);
    cache.close();
  });

  it('a body an older PlanDesk wrote (no checksum) is checked by its content, then given a checksum', async () => {
    const cache = openCache(dir, 'ws-older', silentLogger);
    const versions = new EstimateVersions(workers, silentLogger);
    let items = randomItems(13, 40, false);
    await fetched(versions, cache, items, 1_000);
    for (let k = 1; k <= 2; k++) {
      items = editedItems(items, k + 50, 2);
      await fetched(versions, cache, items, 1_000 + k * 1_000);
    }
    const [v1, v2, v3] = cache.versions.list(P, E);
    withRaw(cache.path, (db) => db.prepare('UPDATE estimate_versions SET body_sha256 = NULL').run());
    await versions.compare(cache, v2!, v3!, { includeUnchanged: false });
    const sums = () =>
      withRaw(cache.path, (db) =>
        db.prepare('SELECT body_sha256 FROM estimate_versions ORDER BY seq').pluck().all(),
      );
    expect((sums() as (string | null)[]).map((x) => x !== null)).toEqual([false, true, true]);
    scribble(cache.path, v1!.id);
    // A worker that has not read it: its bodies decoded and checked against the content hash.
    const pool = createWorkers(silentLogger, 1);
    try {
      const fresh = new EstimateVersions(pool, silentLogger);
      await expect(fresh.compare(cache, v1!, v2!, { includeUnchanged: false })).rejects.toMatchObject({
        kind: 'damaged',
        message: expect.stringMatching(/Version 1/),
      });
    } finally {
      await pool.close();
    }
    expect(cache.versions.get(v1!.id)?.damaged).toBe(true);
    cache.close();
  });
});

/** Each version of the estimate reads back as the content it was kept for (the seq-th). */
function expectReadBack(cache: CacheDb, contents: readonly ReturnType<typeof randomItems>[]): void {
  for (const v of cache.versions.list(P, E)) {
    const read = readChain(cache.versions.chain(v.id)!.map((c) => c.body));
    expect(contentHash(read)).toBe(contentHash(snapshot(contents[v.seq - 1]!)));
  }
}

function withRaw<T>(file: string, fn: (db: Database.Database) => T): T {
  const db = new Database(file);
  try {
    return fn(db);
  } finally {
    db.close();
  }
}

/** Four contents of one estimate, each an edit of the one before (kept as a chain of deltas). */
function chainOfContents(seed: number): ReturnType<typeof randomItems>[] {
  const contents = [randomItems(seed, 40, false)];
  for (let k = 1; k <= 3; k++) contents.push(editedItems(contents[k - 1]!, seed + k, 2));
  return contents;
}

/** One byte of a version's stored body changed, as a failing disk would. */
function scribble(file: string, id: number): void {
  withRaw(file, (db) => {
    const body = db.prepare('SELECT body FROM estimate_versions WHERE id = ?').pluck().get(id) as Buffer;
    const at = Math.floor(body.length / 2);
    body[at] = body[at]! ^ 0x55;
    db.prepare('UPDATE estimate_versions SET body = ? WHERE id = ?').run(body, id);
  });
}
