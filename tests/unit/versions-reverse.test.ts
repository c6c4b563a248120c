import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cacheKeys, openCache, type CacheDb } from '../../src-main/cache/cache-db';
import { sha256Of } from '../../src-main/cache/version-rows';
import { silentLogger } from '../../src-main/log/logger';
import { EstimateVersions } from '../../src-main/versions/estimate-versions';
import { summaryOf } from '../../src-main/versions/snapshot';
import {
  contentHash,
  encodeDelta,
  encodeFull,
  encodeOnTop,
  encodeVersion,
  delta,
  MAX_CHAIN_DEPTH,
  readChain,
} from '../../src-main/versions/version-codec';
import { deepestBelow } from '../../src-main/versions/version-recorder';
import { createWorkers, type Workers } from '../../src-main/workers/pool';
import { editedItems, randomItems, snapshot } from '../helpers/estimate-versions';

// Reverse deltas (versions/version-codec.ts): the newest version whole, the one before it the changes
// from it; in a real SQLite cache, encoded in the real worker pool.

let workers: Workers;
let dir: string;

beforeAll(async () => {
  workers = createWorkers(silentLogger, 1);
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'plandesk-versions-reverse-'));
});
afterAll(async () => {
  await workers.close();
  await fs.rm(dir, { recursive: true, force: true });
});

const P = 'project-1';
const E = 'estimate-1';
type Items = ReturnType<typeof randomItems>;

async function fetched(versions: EstimateVersions, cache: CacheDb, items: Items, at: number) {
  const detail = { ...snapshot(items).header, items };
  const key = cacheKeys.estimate(P, E);
  cache.put('estimate', key, detail, new Date(at));
  return versions.record(cache, { projectId: P, estimateId: E, ...cache.getBytes('estimate', key)! });
}

/** Each version reads back as the content it was kept for (the seq-th), and no chain is too deep. */
function expectReadBack(cache: CacheDb, contents: readonly Items[]): void {
  for (const v of cache.versions.list(P, E)) {
    const chain = cache.versions.chain(v.id)!;
    expect(chain.length - 1).toBeLessThanOrEqual(MAX_CHAIN_DEPTH);
    expect(contentHash(readChain(chain.map((c) => c.body)))).toBe(
      contentHash(snapshot(contents[v.seq - 1]!)),
    );
  }
}

describe('versions stored as reverse deltas', () => {
  it('never lets a chain grow deeper than allowed: a whole copy is kept again when it would', async () => {
    const cache = openCache(dir, 'ws-deep', silentLogger);
    const versions = new EstimateVersions(workers, silentLogger, 1_000);
    const contents = [randomItems(31, 60, false)];
    // Each next one an item re-measured (so every delta is far smaller than a whole copy).
    for (let k = 1; k <= MAX_CHAIN_DEPTH + 3; k++) {
      const items = [...contents[k - 1]!];
      const at = (k * 7) % items.length;
      items[at] = { ...items[at]!, quantity: `${k}.500000000000` };
      contents.push(items);
    }
    for (const [k, items] of contents.entries()) await fetched(versions, cache, items, 1_000 + k * 1_000);
    const kept = cache.versions.list(P, E);
    expect(kept).toHaveLength(contents.length);
    expectReadBack(cache, contents);
    // The first chain reached the limit, so a second whole copy began another; the newest is whole.
    expect(kept.filter((v) => v.baseId === null).length).toBe(2);
    expect(kept[kept.length - 1]!.baseId).toBeNull();
    expect(Math.max(...kept.map((v) => cache.versions.chain(v.id)!.length - 1))).toBe(MAX_CHAIN_DEPTH);
    cache.close();
  });

  it('goes on from a store an older PlanDesk kept as forward deltas', async () => {
    const cache = openCache(dir, 'ws-forward', silentLogger);
    const contents = [randomItems(37, 40, false)];
    for (let k = 1; k <= 3; k++) contents.push(editedItems(contents[k - 1]!, 200 + k, 2));
    // As PlanDesk kept versions before: the first whole, each next the changes from the one before.
    let baseId: number | null = null;
    for (const [k, items] of contents.entries()) {
      const s = snapshot(items);
      const encoded =
        k === 0
          ? encodeFull(s)
          : encodeVersion(s, { snapshot: snapshot(contents[k - 1]!), depth: k - 1 }).body;
      const added = cache.versions.add({
        projectId: P,
        estimateId: E,
        hash: contentHash(s),
        fetchedAt: new Date(1_000 + k * 1_000),
        modified: null,
        baseId,
        body: encoded,
        rawSize: 1,
        summary: summaryOf(s),
      });
      baseId = added!.version.id;
    }
    const [, , v3, v4] = cache.versions.list(P, E);
    expect(v4!.baseId).toBe(v3!.id);
    const versions = new EstimateVersions(workers, silentLogger);
    contents.push(editedItems(contents[3]!, 300, 2));
    const v5 = await fetched(versions, cache, contents[4]!, 9_000);
    // The new one whole; the one current before it the changes from it; the older chain as it was.
    expect(v5).toMatchObject({ seq: 5, baseId: null });
    expect(cache.versions.get(v4!.id)!.baseId).toBe(v5!.id);
    expect(cache.versions.get(v3!.id)!.baseId).toBe(v3!.baseId);
    expect(deepestBelow(cache.versions.list(P, E), v5!.id)).toBe(1);
    expectReadBack(cache, contents);
    cache.close();
  });

  it('changes the version under a new one only while its body is the one it was encoded from', () => {
    const cache = openCache(dir, 'ws-guard', silentLogger);
    const a = snapshot(randomItems(41, 20, false));
    const b = snapshot(editedItems(a.items as Items, 42, 2));
    const c = snapshot(editedItems(b.items as Items, 43, 2));
    const row = (s: typeof a, at: number, was?: { id: number; was: string | null; from: typeof a }) =>
      cache.versions.add(
        {
          projectId: P,
          estimateId: E,
          hash: contentHash(s),
          fetchedAt: new Date(at),
          modified: null,
          baseId: null,
          body: encodeFull(s),
          rawSize: 1,
          summary: summaryOf(s),
        },
        was && { id: was.id, body: encodeDelta(delta(s, was.from)!), was: was.was },
      )!.version;
    const v1 = row(a, 1_000);
    const whole1 = cache.versions.chain(v1.id)![0]!;
    // Encoded from a body it no longer has: left as it is.
    const v2 = row(b, 2_000, { id: v1.id, was: sha256Of(Buffer.from('another body')), from: a });
    expect(cache.versions.get(v1.id)).toMatchObject({ baseId: null, bytes: whole1.body.length });
    // Encoded from the body it has: the changes from the new one, and it reads as before.
    const v3 = row(c, 3_000, { id: v2.id, was: cache.versions.chain(v2.id)![0]!.sha256, from: b });
    expect(cache.versions.get(v2.id)!.baseId).toBe(v3.id);
    expect(contentHash(readChain(cache.versions.chain(v2.id)!.map((x) => x.body)))).toBe(contentHash(b));
    cache.close();
  });
  it('a damaged newest whole copy is repaired by the first fetch of its content, and all it held reads again', async () => {
    const cache = openCache(dir, 'ws-damaged-newest', silentLogger);
    const versions = new EstimateVersions(workers, silentLogger);
    const contents = [randomItems(47, 40, false)];
    for (let k = 1; k <= 3; k++) contents.push(editedItems(contents[k - 1]!, 400 + k, 2));
    for (const [k, items] of contents.entries()) await fetched(versions, cache, items, 1_000 + k * 1_000);
    const v4 = cache.versions.list(P, E)[3]!;
    expect(v4.baseId).toBeNull();
    // The disk damages it; nothing has read it since. The same content fetched again finds it then.
    flipByte(cache, v4.id);
    const again = await fetched(versions, cache, contents[3]!, 9_000);
    expect(again).toMatchObject({ id: v4.id, baseId: null, damaged: false });
    expect(cache.versions.list(P, E).filter((v) => v.damaged)).toEqual([]);
    expectReadBack(cache, contents);
    cache.close();
  });

  it('a recording under way when "Clear cached data" removes the version it was encoded against is dropped', async () => {
    const cache = openCache(dir, 'ws-clear-during', silentLogger);
    // The clear comes while the worker encodes the new version.
    let duringEncode = (): void => undefined;
    const watched = Object.assign(Object.create(workers) as Workers, {
      run: ((task, input, options) => {
        if (task === 'versions-encode') duringEncode();
        return workers.run(task, input, options);
      }) as Workers['run'],
    });
    const versions = new EstimateVersions(watched, silentLogger);
    const first = randomItems(53, 40, false);
    await fetched(versions, cache, first, 1_000);
    duringEncode = () => expect(cache.storage.clear(false)).toBe(true);
    await expect(fetched(versions, cache, editedItems(first, 500, 2), 2_000)).resolves.toBeNull();
    expect(cache.versions.list(P, E)).toEqual([]);
    cache.close();
  });

  it('when the version before would not be smaller as the changes from the new one, the new one is the changes from it if those are', async () => {
    const many = snapshot(randomItems(59, 400, false));
    // Most items gone: backwards, each would be added whole; forwards, only their ids are removed.
    const few = snapshot(many.items.slice(0, 40));
    const onTop = encodeOnTop(few, many);
    expect(onTop.previous).toBeNull();
    const cache = openCache(dir, 'ws-fallback', silentLogger);
    const versions = new EstimateVersions(workers, silentLogger);
    await fetched(versions, cache, many.items as Items, 1_000);
    const v2 = await fetched(versions, cache, few.items as Items, 2_000);
    const [v1] = cache.versions.list(P, E);
    expect(v1!.baseId).toBeNull();
    expect(v2!.baseId).toBe(v1!.id);
    expect(v2!.bytes).toBeLessThan(onTop.next.body.length);
    expectReadBack(cache, [many.items as Items, few.items as Items]);
    cache.close();
  });
});

/** One byte of a version's stored body changed, as a failing disk would. */
function flipByte(cache: CacheDb, id: number): void {
  const db = new Database(cache.path);
  try {
    const body = db.prepare('SELECT body FROM estimate_versions WHERE id = ?').pluck().get(id) as Buffer;
    body[body.length >> 1] = body[body.length >> 1]! ^ 0x55;
    db.prepare('UPDATE estimate_versions SET body = ? WHERE id = ?').run(body, id);
  } finally {
    db.close();
  }
}
