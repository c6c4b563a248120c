/**
 * The tree's first step taken while an answer arrives (src-main/estimates/tree-start.ts): nodes made
 * batch by batch from the items as parsed, and the tree then built from them. Whatever the items
 * and wherever the batches end, the document is the one built from nothing; a start made from other
 * objects, or one that broke on an item, is never used.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { EstimateItem } from '../../src-main/api/schemas';
import { toEstimateDocument } from '../../src-main/estimates/document';
import { startedTreeOf, TreeStart, treeStartedFor } from '../../src-main/estimates/tree-start';
import { detail, item } from '../helpers/estimate-items';

/**
 * Items as a checked answer may hold them: repeated ids, missing and circular parents, odd types,
 * amounts as numbers and as text.
 */
const amountArb = fc.oneof(
  fc.constant(null),
  fc.constant(0),
  fc.integer({ min: -10_000_000, max: 10_000_000 }).map((c) => c / 100),
  fc.integer({ min: -1e9, max: 1e9 }).map((n) => n / 1000),
  fc.constantFrom('12.500000000000', '-0.010000000000', '1234567890123.123456789012', '7'),
);
const itemsArb: fc.Arbitrary<EstimateItem[]> = fc
  .array(
    fc.record({
      id: fc.oneof(fc.constantFrom('a', 'b', 'c', 'd', 'e', 'f', 'g', 'h'), fc.nat({ max: 30 })),
      parent: fc.oneof(fc.constant(null), fc.constantFrom('a', 'b', 'c', 'd', 'x'), fc.nat({ max: 30 })),
      type: fc.constantFrom('group', 'position', 'other', undefined),
      sort: fc.oneof(fc.integer({ min: -2, max: 3 }), fc.constant('2'), fc.constant(null)),
      total: amountArb,
      total_cost: amountArb,
      quantity: amountArb,
    }),
    { maxLength: 60 },
  )
  .map((specs) =>
    specs.map((s, i) =>
      item({
        id: String(s.id),
        parent_id: s.parent === null ? null : String(s.parent),
        ...(s.type === undefined ? {} : { type: s.type }),
        sort: s.sort,
        name: `Item ${i}`,
        code: `0${i}`,
        total: s.total,
        total_cost: s.total_cost,
        quantity: s.quantity,
      } as unknown as Partial<EstimateItem> & { id: string }),
    ),
  );

/** The items cut into batches at `cuts`, each given to a start as an answer's batch would be. */
function startFrom(items: EstimateItem[], cuts: number[]): TreeStart {
  const start = new TreeStart();
  let from = 0;
  for (const cut of [...new Set(cuts.map((c) => c % (items.length + 1)))].sort((x, y) => x - y)) {
    start.addUnchecked(items.slice(from, cut));
    from = cut;
  }
  return start;
}

describe('the tree started while the items arrive', () => {
  it('gives the document built from nothing, whatever the items and the batches (property)', () => {
    let used = 0;
    fc.assert(
      fc.property(itemsArb, fc.array(fc.nat(), { maxLength: 6 }), (items, cuts) => {
        const whole = toEstimateDocument(detail(structuredClone(items)));
        const start = startFrom(items, cuts);
        const streamed = detail(items);
        treeStartedFor(streamed.items, start);
        const doc = toEstimateDocument(streamed);
        expect(doc).toEqual(whole);
        // Built from the start: the rest of the items added to it, its nodes in the tree.
        expect(start.items).toHaveLength(items.length);
        if (doc.tree.length > 0) expect(start.nodes).toContain(doc.tree[0]);
        if (cuts.some((c) => c % (items.length + 1) > 0)) used++;
      }),
      { numRuns: 400 },
    );
    // Most runs gave the start some of the items before the tree was built.
    expect(used).toBeGreaterThan(200);
  });

  it('is used only once, and only by the very items it was made from', () => {
    const items = [
      item({ id: 'g', type: 'group', name: 'Group' }),
      item({ id: 'p', parent_id: 'g', total: '1.000000000000', name: 'Position' }),
    ];
    const start = startFrom(items, [1, 2]);
    expect(start.items).toHaveLength(2);
    expect(start.startOf(items)).toBe(true);
    // The same content, other objects (what zod's copy of an item is): not its start.
    expect(start.startOf(structuredClone(items))).toBe(false);
    expect(start.startOf([items[0]!, { ...items[1]! }])).toBe(false);
    expect(start.startOf(items.slice(0, 0))).toBe(false);

    const given = detail(items);
    treeStartedFor(given.items, start);
    expect(startedTreeOf(given.items)).toBe(start);
    expect(startedTreeOf(given.items)).toBeUndefined();
  });

  it('is dropped after an item it cannot make a node of, and the tree is built from nothing', () => {
    const start = new TreeStart();
    start.addUnchecked([item({ id: 'a', name: 'A as it arrived' })]);
    start.addUnchecked([null, 7]);
    const items = [item({ id: 'a', name: 'A as checked' }), item({ id: 'b', name: 'B' })];
    expect(start.startOf(items)).toBe(false);
    const given = detail(items);
    treeStartedFor(given.items, start);
    const doc = toEstimateDocument(given);
    expect(doc.tree.map((n) => n.name)).toEqual(['A as checked', 'B']);
  });

  it('is not used for other objects, as zod’s copies of the items are', () => {
    const arrived = [item({ id: 'a', name: 'A' }), item({ id: 'b', name: 'B' })];
    const start = new TreeStart();
    start.addUnchecked(arrived);
    // What the check gave back: copies (here with other names, to see which were used).
    const checked = arrived.map((i) => ({ ...i, name: `${i.name} (checked)` }));
    const given = detail(checked);
    treeStartedFor(given.items, start);
    expect(toEstimateDocument(given).tree.map((n) => n.name)).toEqual(['A (checked)', 'B (checked)']);
    expect(start.items).toHaveLength(2);
  });
});
