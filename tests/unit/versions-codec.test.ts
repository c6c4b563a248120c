import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  MAX_CHAIN_DEPTH,
  applyDelta,
  contentHash,
  delta,
  encodeDelta,
  encodeFull,
  encodeVersion,
  readChain,
} from '../../src-main/versions/version-codec';
import { itemKeys } from '../../src-main/versions/snapshot';
import { editedItems, randomItems, reordered, snapshot, versionPairs } from '../helpers/estimate-versions';

describe('version storage', () => {
  it('a whole copy and a delta read back exactly (header, items, their order)', () => {
    fc.assert(
      fc.property(versionPairs, ({ seed, count, edits, asNumber }) => {
        const a = snapshot(randomItems(seed, count, asNumber));
        const b = snapshot(editedItems(a.items, seed, edits), {
          modified: '2026-05-13 08:00:00',
          status: 'final',
        });
        const d = delta(a, b)!;
        const read = readChain([encodeFull(a), encodeDelta(d)]);
        expect(read).toEqual(b);
        expect(applyDelta(a, d)).toEqual(b);
        expect(contentHash(read)).toBe(contentHash(b));
      }),
      { numRuns: 200 },
    );
  });

  it('the content hash is the same for any order of items and fields, and differs for any change', () => {
    fc.assert(
      fc.property(versionPairs, ({ seed, count, edits, asNumber }) => {
        const items = randomItems(seed, count, asNumber);
        expect(contentHash(snapshot(reordered(items, seed)))).toBe(contentHash(snapshot(items)));
        const changed = editedItems(items, seed, edits);
        const same =
          JSON.stringify([...changed].sort((x, y) => (String(x.id) < String(y.id) ? -1 : 1))) ===
          JSON.stringify([...items].sort((x, y) => (String(x.id) < String(y.id) ? -1 : 1)));
        if (!same) expect(contentHash(snapshot(changed))).not.toBe(contentHash(snapshot(items)));
      }),
      { numRuns: 200 },
    );
  });

  it('a chain of deltas reads back each version, an item removed and later back included', () => {
    fc.assert(
      fc.property(versionPairs, ({ seed, count, edits, asNumber }) => {
        const versions = [snapshot(randomItems(seed, count, asNumber))];
        for (let k = 1; k <= 4; k++)
          versions.push(snapshot(editedItems(versions[k - 1]!.items, seed + k, edits)));
        // Version 5 brings back an item version 1 had and a later one removed.
        const gone = versions[0]!.items.find((i) => !versions[4]!.items.some((j) => j.id === i.id));
        versions.push(snapshot(gone ? [...versions[4]!.items, gone] : versions[4]!.items));
        const bodies = [encodeFull(versions[0]!)];
        for (let k = 1; k < versions.length; k++)
          bodies.push(encodeDelta(delta(versions[k - 1]!, versions[k]!)!));
        for (let k = 0; k < versions.length; k++) {
          const read = readChain(bodies.slice(0, k + 1));
          expect(read).toEqual(versions[k]);
          // The keys a read hands on (kept from the version it started from where they did not
          // change) are those of its items, as worked out afresh.
          expect(itemKeys(read.items)).toEqual(itemKeys([...read.items]));
        }
        // Read on from a version already read (what a comparison of two versions of one chain does).
        const shared = readChain(bodies.slice(0, 2));
        expect(readChain(bodies.slice(2), shared)).toEqual(versions[versions.length - 1]);
        expect(readChain(bodies.slice(2, 3), shared)).toEqual(versions[2]);
      }),
      { numRuns: 100 },
    );
  });

  it('items a delta does not touch are shared, not copied', () => {
    const a = snapshot(randomItems(7, 40, false));
    const b = snapshot(a.items.map((i, k) => (k === 3 ? { ...i, quantity: '1.000000000000' } : i)));
    const read = applyDelta(a, delta(a, b)!);
    expect(read.items.filter((item, k) => item === a.items[k])).toHaveLength(39);
  });

  it('keeps a delta when it is smaller, a whole copy when an id repeats or the chain is deep', () => {
    const a = snapshot(randomItems(11, 300, false));
    const b = snapshot(a.items.map((i, k) => (k === 5 ? { ...i, name: 'Changed' } : i)));
    const small = encodeVersion(b, { snapshot: a, depth: 0 });
    expect(small.isDelta).toBe(true);
    expect(small.body.length).toBeLessThan(encodeFull(b).length / 20);
    expect(encodeVersion(b, { snapshot: a, depth: MAX_CHAIN_DEPTH }).isDelta).toBe(false);
    const repeated = snapshot([...b.items, { ...b.items[0]! }]);
    expect(encodeVersion(repeated, { snapshot: a, depth: 0 }).isDelta).toBe(false);
    expect(readChain([encodeVersion(repeated, null).body])).toEqual(repeated);
    // Everything different: the whole copy is smaller than the delta would be.
    const other = snapshot(randomItems(12, 300, false));
    expect(encodeVersion(other, { snapshot: a, depth: 0 }).isDelta).toBe(false);
  });
});
