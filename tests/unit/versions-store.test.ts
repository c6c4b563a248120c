import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
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
  it('one per content, chained as deltas, each read back exactly', async () => {
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
    expect(kept[0]).toMatchObject({ baseId: null });
    expect(kept[0]!.lastFetchedAt.getTime()).toBe(2_000);
    for (const [k, v] of kept.entries()) {
      if (k > 0) expect(v.baseId).toBe(kept[k - 1]!.id);
      const read = readChain(cache.versions.chain(v.id)!.map((c) => c.body));
      expect(contentHash(read)).toBe(contentHash(snapshot(contents[k]!)));
    }
    // Back to an earlier content: that version is current again, nothing new is kept.
    await fetched(versions, cache, contents[1]!, 10_000);
    const timeline = versions.timeline(cache, P, E);
    expect(timeline.versions).toHaveLength(5);
    expect(timeline.versions.find((v) => v.current)?.seq).toBe(2);
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
    const [v1, v2] = cache.versions.list(P, E);
    expect(v2!.baseId).toBe(v1!.id);
    versions.label(cache, v2!, 'sent to client', true);
    const before = cache.storage.figures().versionsBytes;
    expect(before).toBe(cache.versions.totalBytes());

    expect(cache.storage.clear(false)).toBe(true);
    expect(cache.versions.list(P, E).map((v) => v.seq)).toEqual([1, 2]);
    expect(cache.storage.figures().versionsBytes).toBeLessThan(before);
    // The mark of the version last opened went with it.
    expect(cache.versions.opened(P, E)).toBeNull();
    // Even a clear that removes the projects made available offline keeps what the user pinned.
    expect(cache.storage.clear(true)).toBe(true);
    const kept = cache.versions.list(P, E);
    expect(kept.map((v) => v.seq)).toEqual([1, 2]);
    const read = readChain(cache.versions.chain(kept[1]!.id)!.map((c) => c.body));
    expect(contentHash(read)).toBe(contentHash(snapshot(contents[1]!)));
    // Unpinned, it goes with the next clear.
    versions.label(cache, kept[1]!, null, false);
    expect(cache.storage.clear(false)).toBe(true);
    expect(cache.versions.list(P, E)).toEqual([]);
    cache.close();
  });
});
