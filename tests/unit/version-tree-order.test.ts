/**
 * The hierarchy of a version's tree (versions/version-tree.ts) against a plain statement of its rule:
 * parents from `parent_id`, a missing parent makes a top-level item, a cycle is broken at its first
 * member in key order, and siblings are ordered by sort value, then key. Most lists are sorted by
 * numbers packed into doubles; lists with ties, fractions, huge or negative sort values take the
 * comparator, and both must give this order.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { itemKeys, type RawItem } from '../../src-main/versions/snapshot';
import { buildVersionTree } from '../../src-main/versions/version-tree';
import { random } from '../helpers/estimate-versions';

function sortValue(value: unknown): number {
  const n = typeof value === 'number' ? value : typeof value === 'string' ? Number(value) : NaN;
  return Number.isFinite(n) ? n : 0;
}

/** The rule, written as plainly as it reads (slow is fine). */
function reference(items: readonly RawItem[]) {
  const { keys, index } = itemKeys([...items]);
  const n = items.length;
  const parent = items.map((item, i) => {
    const p = item.parent_id;
    if (p === null || p === undefined) return -1;
    const at = index.get(String(p));
    return at === undefined || at === i ? -1 : at;
  });
  // Walk up from each item; a walk that comes back to itself found a cycle, cut at its first key.
  const reaches = new Array<boolean>(n).fill(false);
  for (let i = 0; i < n; i++) {
    const path: number[] = [];
    let at = i;
    while (at !== -1 && !reaches[at] && !path.includes(at)) {
      path.push(at);
      at = parent[at]!;
    }
    if (at !== -1 && !reaches[at]) {
      const members = path.slice(path.indexOf(at));
      const first = members.reduce((x, y) => (keys[x]! <= keys[y]! ? x : y));
      parent[first] = -1;
    }
    for (const p of path) reaches[p] = true;
  }
  const order = (x: number, y: number) => {
    const sx = sortValue(items[x]!.sort);
    const sy = sortValue(items[y]!.sort);
    if (sx !== sy) return sx - sy;
    return keys[x]! < keys[y]! ? -1 : keys[x]! > keys[y]! ? 1 : 0;
  };
  const children = (p: number) => [...Array(n).keys()].filter((i) => parent[i] === p).sort(order);
  return {
    parent,
    roots: children(-1),
    children: [...Array(n).keys()].map((p) => children(p)),
  };
}

/** Sort values of every kind: all different integers (the usual), ties, fractions, huge, negative, text. */
function sortOf(r: () => number, kind: number, i: number): unknown {
  switch (kind) {
    case 0:
      return i * 7 + Math.floor(r() * 5);
    case 1:
      return Math.floor(r() * 4);
    case 2:
      return Math.floor(r() * 100) / 8;
    case 3:
      return (r() < 0.5 ? -1 : 1) * Math.floor(r() * 2 ** 40);
    case 4:
      return r() < 0.5 ? -0 : -Math.floor(r() * 50);
    default:
      return r() < 0.3 ? undefined : String(Math.floor(r() * 9));
  }
}

function items(seed: number, count: number, kind: number, cycles: boolean): RawItem[] {
  const r = random(seed);
  const ids = [...Array(count).keys()].map((i) => (r() < 0.5 ? `id-${Math.floor(r() * 1e6)}-${i}` : i));
  const list: RawItem[] = ids.map((id, i) => {
    const roll = r();
    let parent: unknown = i === 0 || roll < 0.15 ? null : ids[Math.floor(r() * i)];
    if (cycles && roll > 0.7) parent = ids[Math.floor(r() * count)];
    if (cycles && roll > 0.95) parent = 'nowhere';
    return { id, parent_id: parent, type: r() < 0.3 ? 'group' : 'position', sort: sortOf(r, kind, i) };
  });
  // At least one cycle, with items below it.
  if (cycles && count >= 4) {
    list[1]!.parent_id = ids[3];
    list[3]!.parent_id = ids[2];
    list[2]!.parent_id = ids[1];
  }
  return list;
}

describe('the hierarchy of a version’s tree', () => {
  it('is the rule’s: parents, cycles cut at their first key, siblings by sort value then key', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 2 ** 31 - 1 }),
        fc.integer({ min: 0, max: 80 }),
        fc.integer({ min: 0, max: 5 }),
        fc.boolean(),
        (seed, count, kind, cycles) => {
          const list = items(seed, count, kind, cycles);
          const tree = buildVersionTree(list);
          const want = reference(list);
          expect([...tree.parent]).toEqual(want.parent);
          expect(tree.roots).toEqual(want.roots);
          for (let p = 0; p < list.length; p++) {
            expect([...tree.childList.subarray(tree.childStart[p]!, tree.childStart[p + 1]!)]).toEqual(
              want.children[p],
            );
          }
        },
      ),
      { numRuns: 600 },
    );
  });
});
