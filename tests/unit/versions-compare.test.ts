import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  applyChangeSet,
  buildChangeSet,
  changeSetItem,
  type ChangeSetItem,
} from '../../src-main/versions/change-set';
import { compareSnapshots } from '../../src-main/versions/compare';
import { amountTextOf, type RawItem, type Snapshot } from '../../src-main/versions/snapshot';
import { buildVersionTree } from '../../src-main/versions/version-tree';
import { Decimal } from '../../src-shared/money/decimal';
import { computeEstimateTotals } from '../../simulator/data/estimate-totals';
import { delta, encodeDelta, encodeFull, readChain } from '../../src-main/versions/version-codec';
import {
  editedItems,
  random,
  randomItems,
  ref,
  reordered,
  snapshot,
  versionPairs,
} from '../helpers/estimate-versions';

function diff(a: Snapshot, b: Snapshot, includeUnchanged = false) {
  const result = compareSnapshots(a, b, { from: ref('e1'), to: ref('e1'), includeUnchanged });
  const set = buildChangeSet(
    result.matching,
    { from: { id: 'e1', modified: null }, to: { id: 'e1', modified: null } },
    result.comparison.totals.delta,
  );
  return { ...result, set };
}

/** The items as the change set writes them (parents as the tree reads them), by id, `sort` aside. */
function normalized(items: readonly RawItem[]): Map<string, Omit<ChangeSetItem, 'sort'>> {
  const tree = buildVersionTree(items);
  const out = new Map<string, Omit<ChangeSetItem, 'sort'>>();
  items.forEach((item, i) => {
    const p = tree.parent[i]!;
    const { sort: _sort, ...rest } = changeSetItem(item, tree.keys[i]!, p < 0 ? null : tree.keys[p]!);
    out.set(rest.id, rest);
  });
  return out;
}

/**
 * The totals as the service computes them (the simulator's rule, not PlanDesk's): over positions,
 * net = cost + markup − discount (the subtotal without tax), gross = Σ total.
 */
function totalsOf(items: readonly RawItem[]): { net: Decimal; gross: Decimal } {
  const totals = computeEstimateTotals(
    items.map((item) => ({
      type: String(item.type),
      total_cost: amountTextOf(item.total_cost),
      markup: amountTextOf(item.markup),
      discount: amountTextOf(item.discount),
      total: amountTextOf(item.total),
    })),
  );
  return { net: Decimal.parse(totals.subtotal_without_tax), gross: Decimal.parse(totals.total) };
}

describe('comparing versions (property tests)', () => {
  it('diff(a, a) is empty', () => {
    fc.assert(
      fc.property(versionPairs, ({ seed, count, asNumber }) => {
        const a = snapshot(randomItems(seed, count, asNumber));
        const { comparison, set } = diff(a, a);
        expect(comparison.counts).toMatchObject({ added: 0, removed: 0, moved: 0, changed: 0 });
        expect(comparison.rows).toEqual([]);
        expect([set.added, set.removed, set.moved, set.changed]).toEqual([[], [], [], []]);
        for (const v of Object.values(set.totals_delta)) expect(Decimal.parse(v).isZero()).toBe(true);
      }),
      { numRuns: 200 },
    );
  });

  it('applying the diff to a gives b', () => {
    fc.assert(
      fc.property(versionPairs, ({ seed, count, edits, asNumber }) => {
        const before = randomItems(seed, count, asNumber);
        const after = editedItems(before, seed, edits);
        const { set } = diff(snapshot(before), snapshot(after));
        const older = [...normalized(before).values()] as ChangeSetItem[];
        const applied = new Map(
          applyChangeSet(set, older).map(({ sort: _sort, ...rest }) => [rest.id, rest]),
        );
        expect(applied).toEqual(normalized(after));
      }),
      { numRuns: 300 },
    );
  });

  it('totals_delta is total(b) − total(a), exactly', () => {
    fc.assert(
      fc.property(versionPairs, ({ seed, count, edits, asNumber }) => {
        const before = randomItems(seed, count, asNumber);
        const after = editedItems(before, seed, edits);
        const { set, comparison } = diff(snapshot(before), snapshot(after));
        const a = totalsOf(before);
        const b = totalsOf(after);
        expect(Decimal.parse(set.totals_delta.net).eq(b.net.sub(a.net))).toBe(true);
        expect(Decimal.parse(set.totals_delta.gross).eq(b.gross.sub(a.gross))).toBe(true);
        expect(Decimal.parse(set.totals_delta.tax).eq(b.gross.sub(b.net).sub(a.gross.sub(a.net)))).toBe(true);
        expect(Decimal.parse(comparison.totals.to.gross).eq(b.gross)).toBe(true);
      }),
      { numRuns: 300 },
    );
  });

  it('any order of the items (and of their fields) gives the same diff', () => {
    fc.assert(
      fc.property(versionPairs, ({ seed, count, edits, asNumber }) => {
        const before = randomItems(seed, count, asNumber);
        const after = editedItems(before, seed, edits);
        const one = diff(snapshot(before), snapshot(after), true);
        const other = diff(snapshot(reordered(before, seed)), snapshot(reordered(after, seed + 1)), true);
        expect(other.set).toEqual(one.set);
        expect(other.comparison).toEqual(one.comparison);
      }),
      { numRuns: 200 },
    );
  });

  it('two versions read from one chain compare as the same versions read apart', () => {
    // Read from one chain, the items a delta did not touch, the key list and the groups' sums are
    // shared by both versions, and the comparison takes them as the same at once: it must come to
    // what comparing two copies that share nothing comes to.
    let sharing = 0;
    fc.assert(
      fc.property(versionPairs, fc.boolean(), ({ seed, count, asNumber }, moves) => {
        const a = snapshot(randomItems(seed, count, asNumber));
        const r = random(seed + 29);
        const groups = a.items.filter((i) => i.type === 'group').map((i) => i.id);
        const b = snapshot(
          a.items.map((item) => {
            if (r() > 0.15) return item;
            const changed: RawItem = {
              ...item,
              total: `${Math.floor(r() * 9_999)}.50`,
              total_cost: r() < 0.5 ? 12.3 : null,
            };
            if (r() < 0.3) changed.name = `${String(item.name)} (revised)`;
            if (moves && r() < 0.3 && groups.length > 0)
              changed.parent_id = groups[Math.floor(r() * groups.length)];
            return changed;
          }),
        );
        const d = delta(a, b);
        if (!d) return;
        const older = readChain([encodeFull(a)]);
        const newer = readChain([encodeDelta(d)], older);
        if (newer.items.some((item, i) => item === older.items[i])) sharing++;
        for (const includeUnchanged of [false, true]) {
          const options = { from: ref('e1'), to: ref('e1'), includeUnchanged };
          const chained = compareSnapshots(older, newer, options).comparison;
          const apart = compareSnapshots(structuredClone(older), structuredClone(newer), options).comparison;
          expect(chained).toEqual(apart);
        }
      }),
      { numRuns: 300 },
    );
    expect(sharing).toBeGreaterThan(100);
  });
});

describe('comparing versions', () => {
  const items = (): RawItem[] => [
    {
      id: 'g1',
      parent_id: null,
      type: 'group',
      code: '01',
      name: 'Kitchen',
      sort: 1,
      total: '238.000000000000',
    },
    { id: 'g2', parent_id: null, type: 'group', code: '02', name: 'Bath', sort: 2, total: '0.000000000000' },
    {
      id: 'p1',
      parent_id: 'g1',
      type: 'position',
      code: '01.001',
      name: 'Tiles',
      quantity: '10.000000000000',
      unit: 'm²',
      total_cost: '200.000000000000',
      markup: '0.000000000000',
      discount: '0.000000000000',
      tax: '0.190000000000',
      total: '238.000000000000',
      sort: 1,
    },
  ];

  it('matches an item whose id changed by its code and name, and says so', () => {
    const before = items();
    const after = items().map((i) =>
      i.id === 'p1' ? { ...i, id: 'p1-new', quantity: '12.000000000000' } : i,
    );
    const { comparison, set } = diff(snapshot(before), snapshot(after));
    const row = comparison.rows.find((r) => r.id === 'p1-new')!;
    expect(row).toMatchObject({ kind: 'changed', matchedBy: 'code-name', fromId: 'p1' });
    expect(comparison.counts).toMatchObject({ added: 0, removed: 0, matchedByCodeName: 1 });
    expect(set.changed).toEqual([
      {
        id: 'p1-new',
        from_id: 'p1',
        matched_by: 'code+name',
        name: 'Tiles',
        fields: { quantity: { from: '10.000000000000', to: '12.000000000000' } },
      },
    ]);
  });

  it('a move to another group: its path before and after, and both groups’ subtotal deltas', () => {
    const after = items().map((i) => (i.id === 'p1' ? { ...i, parent_id: 'g2' } : i));
    const { comparison, set } = diff(snapshot(items()), snapshot(after));
    expect(set.moved).toEqual([{ id: 'p1', from_parent: 'g1', to_parent: 'g2' }]);
    const row = comparison.rows.find((r) => r.id === 'p1')!;
    expect(row.kind).toBe('moved');
    expect(row.moved).toMatchObject({ fromPath: 'Kitchen', toPath: 'Bath' });
    const kitchen = comparison.rows.find((r) => r.id === 'g1')!;
    const bath = comparison.rows.find((r) => r.id === 'g2')!;
    expect(kitchen.net).toEqual({
      from: '200.000000000000',
      to: '0.000000000000',
      delta: '-200.000000000000',
    });
    expect(bath.net.delta).toBe('200.000000000000');
    expect(Decimal.parse(comparison.totals.delta.gross).isZero()).toBe(true);
  });

  it('amounts that are the same number are the same, whatever their text', () => {
    const after = items().map((i) => (i.id === 'p1' ? { ...i, quantity: 10, total: '238.0' } : i));
    expect(diff(snapshot(items()), snapshot(after)).set.changed).toEqual([]);
  });

  it('hides unchanged rows unless asked, keeping the groups above a change', () => {
    const before = randomItems(42, 30, false);
    const target = before.find((i) => i.type === 'position' && i.parent_id !== null)!;
    const after = before.map((i) => (i === target ? { ...i, quantity: '999.000000000000' } : i));
    const shown = diff(snapshot(before), snapshot(after)).comparison.rows;
    const all = diff(snapshot(before), snapshot(after), true).comparison.rows;
    expect(all).toHaveLength(before.length);
    expect(shown.map((r) => r.id)).toContain(String(target.id));
    expect(shown.filter((r) => r.type === 'position')).toHaveLength(1);
    // Every shown row's parent is shown, and sizes add up.
    for (const [i, r] of shown.entries()) {
      if (r.parentIndex >= 0) expect(i).toBeGreaterThan(r.parentIndex);
      expect(r.subtreeSize).toBe(
        shown.slice(i + 1).findIndex((x) => x.depth <= r.depth) === -1
          ? shown.length - i - 1
          : shown.slice(i + 1).findIndex((x) => x.depth <= r.depth),
      );
    }
  });
});
