/**
 * The tree of a version built from another version's (versions/version-tree.ts `related`): whatever
 * the two versions are, it is the tree built from nothing, and it is taken from the other only when
 * no item moved.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { RawItem, Snapshot } from '../../src-main/versions/snapshot';
import { applyDelta, delta } from '../../src-main/versions/version-codec';
import { buildVersionTree, type VersionTree } from '../../src-main/versions/version-tree';
import { editedItems, random, randomItems, snapshot } from '../helpers/estimate-versions';

/** Everything a tree says, as plain values. */
function plain(tree: VersionTree) {
  const sums = (s: { net: { toText(): string }; gross: { toText(): string } }) => [
    s.net.toText(),
    s.gross.toText(),
  ];
  return {
    keys: [...tree.keys],
    parent: [...tree.parent],
    childStart: [...tree.childStart],
    childList: [...tree.childList],
    roots: [...tree.roots],
    below: [...tree.below.entries()].sort((x, y) => x[0] - y[0]).map(([i, s]) => [i, ...sums(s)]),
    total: sums(tree.total),
  };
}

/** The tree of `items` built from nothing (a copy of the list: the trees of lists are kept). */
function fresh(items: readonly RawItem[]): VersionTree {
  return buildVersionTree([...items]);
}

/**
 * Hostile lists too: ids repeated, items their own parent, parents that are not there, cycles of
 * groups, sort values as text or missing.
 */
function hostile(items: RawItem[], seed: number): RawItem[] {
  const r = random(seed + 5);
  const out = items.map((item) => ({ ...item }));
  for (const item of out) {
    const roll = r();
    if (roll < 0.05 && out.length > 0) item.id = out[Math.floor(r() * out.length)]!.id;
    else if (roll < 0.1) item.parent_id = item.id;
    else if (roll < 0.15) item.parent_id = 'nowhere';
    else if (roll < 0.2 && out.length > 1) item.parent_id = out[Math.floor(r() * out.length)]!.id;
    else if (roll < 0.25) item.sort = String(item.sort);
    else if (roll < 0.3) delete item.sort;
  }
  return out;
}

/** Some items replaced in place, as a delta's changes are applied: amounts, and sometimes a place. */
function replacedInPlace(items: readonly RawItem[], seed: number, moves: boolean): RawItem[] {
  const r = random(seed + 11);
  const out = items.slice();
  for (let i = 0; i < out.length; i++) {
    if (r() > 0.2) continue;
    const item = { ...out[i]! };
    item.total = `${Math.floor(r() * 100_000)}.25`;
    item.total_cost = Math.floor(r() * 10_000) / 100;
    if (moves && r() < 0.3) {
      const what = Math.floor(r() * 3);
      if (what === 0) item.parent_id = out[Math.floor(r() * out.length)]!.id;
      else if (what === 1) item.sort = Number(item.sort ?? 0) + 1;
      else item.type = item.type === 'group' ? 'position' : 'group';
    }
    out[i] = item;
  }
  return out;
}

const lists = fc.record({
  seed: fc.integer({ min: 1, max: 2 ** 31 - 1 }),
  count: fc.integer({ min: 0, max: 60 }),
  asNumber: fc.boolean(),
  rough: fc.boolean(),
});

function base({
  seed,
  count,
  asNumber,
  rough,
}: {
  seed: number;
  count: number;
  asNumber: boolean;
  rough: boolean;
}): RawItem[] {
  const items = randomItems(seed, count, asNumber);
  return rough ? hostile(items, seed) : items;
}

describe('a version’s tree built from another version’s', () => {
  it('is the tree built from nothing, for items replaced in place, moved or not', () => {
    let taken = 0;
    fc.assert(
      fc.property(lists, fc.boolean(), (list, moves) => {
        const a = base(list);
        const b = replacedInPlace(a, list.seed, moves);
        const older = buildVersionTree(a);
        const derived = buildVersionTree(b, older);
        expect(plain(derived)).toEqual(plain(fresh(b)));
        if (derived.parent === older.parent) taken++;
        // Taken from the other only when no item moved: then it is the same hierarchy.
        if (derived.parent === older.parent) expect(plain(fresh(b)).parent).toEqual([...older.parent]);
      }),
      { numRuns: 300 },
    );
    // The case it is for happens (most lists without moves).
    expect(taken).toBeGreaterThan(50);
  });

  it('moves only the sums above the few positions that differ, the other version’s sums left as they were', () => {
    // Amounts of every form: cents as numbers, the service's text, fewer or more digits, not a number.
    const amounts = [12.34, 12.345, '0.125', '-3.000000000000', 'n/a', null, '99999999999999999.99', 7, 1e21];
    let shared = 0;
    fc.assert(
      fc.property(lists, fc.integer({ min: 1, max: 3 }), (list, changes) => {
        const a = base(list);
        const older = buildVersionTree(a);
        const before = plain(older);
        const r = random(list.seed + 17);
        const b = a.slice();
        for (let c = 0; c < changes && b.length > 0; c++) {
          const i = Math.floor(r() * b.length);
          const pick = () => amounts[Math.floor(r() * amounts.length)];
          b[i] = { ...b[i]!, total_cost: pick(), markup: pick(), discount: pick(), total: pick() };
        }
        const derived = buildVersionTree(b, older);
        expect(plain(derived)).toEqual(plain(fresh(b)));
        expect(plain(older)).toEqual(before);
        // Groups above no change keep the other version's very sums.
        if ([...derived.below.keys()].some((g) => derived.below.get(g) === older.below.get(g))) shared++;
      }),
      { numRuns: 300 },
    );
    expect(shared).toBeGreaterThan(50);
  });

  it('is the tree built from nothing for versions read through a delta (added, removed, reordered)', () => {
    fc.assert(
      fc.property(lists, fc.integer({ min: 0, max: 12 }), (list, edits) => {
        const a: Snapshot = snapshot(base(list));
        const edited = snapshot(editedItems(a.items, list.seed, edits));
        const d = delta(a, edited);
        // A list with a repeated id is kept whole, never as a delta.
        const b = d ? applyDelta(a, d) : edited;
        const derived = buildVersionTree(b.items, buildVersionTree(a.items));
        expect(plain(derived)).toEqual(plain(fresh(b.items)));
      }),
      { numRuns: 300 },
    );
  });
});
