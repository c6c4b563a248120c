import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { toEstimateDocument } from '../../src-main/estimates/document';
import { deepJsonText } from '../../src-main/json/deep-json-text';
import { computeTotals } from '../../src-main/estimates/totals';
import { buildEstimateTree, preorder } from '../../src-main/estimates/tree';
import {
  COST_FIELDS,
  MONEY_FIELDS,
  TOTAL_FIELDS,
  type CostField,
  type EstimateNode,
  type EstimateTotals,
} from '../../src-shared/estimates/types';
import type { EstimateItem } from '../../src-main/api/schemas';
import { detail, item } from '../helpers/estimate-items';

const MONEY = /^-?\d+\.\d{12}$/;

/** The tree as nested ids, e.g. ['a', ['b', 'c']]: easy to read in an expectation. */
function shape(nodes: EstimateNode[]): unknown[] {
  return nodes.map((n) => (n.children.length ? [n.id, shape(n.children)] : n.id));
}

function codes(warnings: { code: string; item_id?: string }[]): string[] {
  return warnings.map((w) => `${w.code}:${w.item_id ?? ''}`);
}

describe('buildEstimateTree: hand-made lists', () => {
  it('an empty list is an empty tree', () => {
    expect(buildEstimateTree([])).toEqual({ tree: [], warnings: [] });
    const doc = toEstimateDocument(detail([]));
    expect(doc.tree).toEqual([]);
    expect(doc.warnings).toEqual([]);
    for (const f of TOTAL_FIELDS) expect(doc.computed_totals[f]).toBe('0.000000000000');
  });

  it('rebuilds the hierarchy and orders siblings by sort, then id', () => {
    const items = [
      item({ id: 'p2', parent_id: 'g1', sort: 2 }),
      item({ id: 'g1', type: 'group', sort: 1 }),
      item({ id: 'p1b', parent_id: 'g1', sort: 1 }),
      item({ id: 'p1a', parent_id: 'g1', sort: 1 }),
      item({ id: 'top', sort: 0 }),
      item({ id: 'g2', type: 'group', sort: 1 }),
      item({ id: 'p10', parent_id: 'g1', sort: 10 }),
    ];
    const { tree, warnings } = buildEstimateTree(items);
    expect(warnings).toEqual([]);
    expect(shape(tree)).toEqual(['top', ['g1', ['p1a', 'p1b', 'p2', 'p10']], 'g2']);
    expect(shape(buildEstimateTree([...items].reverse()).tree)).toEqual(shape(tree));
    expect(tree[1]).toMatchObject({ type: 'group', service_type: 'group', parent_id: null });
    expect(tree[1]!.children[0]).toMatchObject({ type: 'position', parent_id: 'g1' });
  });

  it('normalises every money value to exactly twelve fractional digits', () => {
    const { tree } = buildEstimateTree([
      item({
        id: 'p',
        quantity: '2.5',
        labor_cost: '1',
        tax: '0.190000000000',
        total: '1.0000000000005',
        markup: '-3.25000000000000',
      }),
    ]);
    expect(tree[0]).toMatchObject({
      quantity: '2.500000000000',
      labor_cost: '1.000000000000',
      tax: '0.190000000000',
      total: '1.000000000001',
      markup: '-3.250000000000',
      discount: null,
    });
  });

  it('orphan: a missing parent puts the item at the top level, with a warning', () => {
    const { tree, warnings } = buildEstimateTree([
      item({ id: 'a', sort: 2 }),
      item({ id: 'o', parent_id: 'missing', sort: 1 }),
      item({ id: 'oc', parent_id: 'o' }),
    ]);
    expect(shape(tree)).toEqual([['o', ['oc']], 'a']);
    expect(tree[0]!.parent_id).toBe('missing'); // as the service sent it
    expect(codes(warnings)).toEqual(['orphan:o']);
    expect(warnings[0]!.message).toContain('missing');
  });

  it('self-cycle: an item that is its own parent goes to the top level', () => {
    const { tree, warnings } = buildEstimateTree([
      item({ id: 's', parent_id: 's' }),
      item({ id: 'c', parent_id: 's' }),
    ]);
    expect(shape(tree)).toEqual([['s', ['c']]]);
    expect(codes(warnings)).toEqual(['cycle:s']);
    expect(warnings[0]!.message).toMatch(/own parent/);
  });

  it('2-cycle: cut at its first member in sibling order, whatever the input order', () => {
    const items = [
      item({ id: 'a', parent_id: 'b', sort: 5 }),
      item({ id: 'b', parent_id: 'a', sort: 3 }),
      item({ id: 'x', parent_id: 'a' }),
    ];
    for (const list of [items, [...items].reverse(), [items[2]!, items[0]!, items[1]!]]) {
      const { tree, warnings } = buildEstimateTree(list);
      expect(shape(tree)).toEqual([['b', [['a', ['x']]]]]);
      expect(codes(warnings)).toEqual(['cycle:b']);
      expect(warnings[0]!.message).toContain('b → a → b');
    }
  });

  it('3-cycle with a tail hanging off it, beside a healthy tree', () => {
    const items = [
      item({ id: 'r', type: 'group' }),
      item({ id: 'r1', parent_id: 'r' }),
      item({ id: 'c1', parent_id: 'c3', sort: 1 }),
      item({ id: 'c2', parent_id: 'c1', sort: 1 }),
      item({ id: 'c3', parent_id: 'c2', sort: 1 }),
      item({ id: 'tail', parent_id: 'c2', sort: 2 }),
    ];
    const { tree, warnings } = buildEstimateTree(items);
    expect(shape(tree)).toEqual([
      ['r', ['r1']],
      ['c1', [['c2', ['c3', 'tail']]]],
    ]);
    expect(codes(warnings)).toEqual(['cycle:c1']);
    expect(warnings[0]!.message).toContain('3 items');
    expect(shape(buildEstimateTree([...items].reverse()).tree)).toEqual(shape(tree));
  });

  it('two separate cycles are both broken', () => {
    const { tree, warnings } = buildEstimateTree([
      item({ id: 'a', parent_id: 'b' }),
      item({ id: 'b', parent_id: 'a' }),
      item({ id: 'c', parent_id: 'd' }),
      item({ id: 'd', parent_id: 'c' }),
    ]);
    expect(shape(tree)).toEqual([
      ['a', ['b']],
      ['c', ['d']],
    ]);
    expect(codes(warnings)).toEqual(['cycle:a', 'cycle:c']);
  });

  it('unknown type: shown and counted as a position, service type kept', () => {
    const { tree, warnings } = buildEstimateTree([
      item({ id: 'u', type: 'subtotal', total: '5.000000000000' }),
      item({ id: 'e', type: '' }),
    ]);
    expect(tree.map((n) => [n.id, n.type, n.service_type])).toEqual([
      ['e', 'position', ''],
      ['u', 'position', 'subtotal'],
    ]);
    expect(codes(warnings)).toEqual(['unknown-type:e', 'unknown-type:u']);
    expect(warnings[1]!.message).toContain('"subtotal"');
    expect(computeTotals(tree).totals.total).toBe('5.000000000000');
  });

  it('group with quantities: tolerated, warned, its own amounts not counted', () => {
    const items = [
      item({
        id: 'g',
        type: 'group',
        quantity: '3.000000000000',
        labor_unit_price: '10.000000000000',
        labor_cost: '30.000000000000',
        total: '7.000000000000',
      }),
      item({ id: 'p', parent_id: 'g', labor_cost: '2.000000000000', total: '7.000000000000' }),
      // Zeros instead of nulls are not worth a warning.
      item({ id: 'z', type: 'group', quantity: '0.000000000000', markup: '0.000000000000' }),
    ];
    const { tree, warnings } = buildEstimateTree(items);
    expect(codes(warnings)).toEqual(['group-with-quantities:g']);
    expect(warnings[0]!.message).toContain('quantity, labor_unit_price, labor_cost');
    expect(tree[0]).toMatchObject({ type: 'group', quantity: '3.000000000000' });
    const { totals, warnings: mismatches } = computeTotals(tree);
    expect(totals.labor_costs_total).toBe('2.000000000000');
    expect(mismatches).toEqual([]);
  });

  it('duplicate id: the first one wins, one warning per id', () => {
    const { tree, warnings } = buildEstimateTree([
      item({ id: 'd', name: 'first' }),
      item({ id: 'd', name: 'second' }),
      item({ id: 'd', name: 'third' }),
      item({ id: 'k', parent_id: 'd' }),
    ]);
    expect(shape(tree)).toEqual([['d', ['k']]]);
    expect(tree[0]!.name).toBe('first');
    expect(codes(warnings)).toEqual(['duplicate-id:d']);
    expect(warnings[0]!.message).toContain('3 times');
  });

  it('a position with children keeps its type and shows them; all positions count', () => {
    const { tree, warnings } = buildEstimateTree([
      item({ id: 'p', total: '10.000000000000' }),
      item({ id: 'c', parent_id: 'p', total: '1.000000000000' }),
    ]);
    expect(warnings).toEqual([]);
    expect(tree[0]).toMatchObject({ id: 'p', type: 'position', computed_total: null });
    expect(tree[0]!.children.map((n) => n.id)).toEqual(['c']);
    expect(computeTotals(tree).totals.total).toBe('11.000000000000');
  });

  it('warnings come in tree order, whatever the input order', () => {
    const items = [
      item({ id: 'z-orphan', parent_id: 'nope', sort: 1 }),
      item({ id: 'a-unknown', type: 'weird', sort: 2 }),
      item({ id: 'm', type: 'group', sort: 0, total: '1.000000000000' }),
    ];
    const forward = toEstimateDocument(detail(items, { total: '9.000000000000' })).warnings;
    const backward = toEstimateDocument(detail([...items].reverse(), { total: '9.000000000000' })).warnings;
    expect(backward).toEqual(forward);
    expect(codes(forward)).toEqual([
      'group-total-mismatch:m',
      'orphan:z-orphan',
      'unknown-type:a-unknown',
      'totals-mismatch:',
    ]);
  });
});

describe('buildEstimateTree: 20,000 deep', () => {
  const N = 20_000;
  const chain = (): EstimateItem[] => {
    const items: EstimateItem[] = [];
    for (let i = 0; i < N; i++) {
      items.push(
        item({
          id: `n${i}`,
          parent_id: i === 0 ? null : `n${i - 1}`,
          type: i === N - 1 ? 'position' : 'group',
          total: i === N - 1 ? '1.250000000000' : null,
          labor_cost: i === N - 1 ? '1.000000000000' : null,
        }),
      );
    }
    return items;
  };

  function depthOf(tree: EstimateNode[]): number {
    let depth = 0;
    let level = tree;
    while (level.length > 0) {
      depth++;
      level = level[0]!.children;
    }
    return depth;
  }

  it('a chain of 20,000 builds, sums and serialises without overflowing the stack', () => {
    const items = chain().reverse();
    const doc = toEstimateDocument(detail(items));
    expect(doc.warnings).toEqual([]);
    expect(depthOf(doc.tree)).toBe(N);
    expect(preorder(doc.tree)).toHaveLength(N);
    expect(doc.computed_totals.total).toBe('1.250000000000');
    expect(doc.computed_totals.labor_costs_total).toBe('1.000000000000');
    // Every group on the chain sums to the one position below it.
    expect(doc.tree[0]!.computed_total).toBe('1.250000000000');

    const text = deepJsonText(doc);
    const back = JSON.parse(text) as { tree: EstimateNode[] };
    expect(depthOf(back.tree)).toBe(N);
  });

  it('a cycle of 20,000 items is broken once, without hanging', () => {
    const items = chain();
    items[0] = { ...items[0]!, parent_id: `n${N - 1}` };
    const { tree, warnings } = buildEstimateTree(items);
    expect(codes(warnings)).toEqual(['cycle:n0']);
    expect(warnings[0]!.message).toContain(`(${N} items)`);
    expect(depthOf(tree)).toBe(N);
  });
});

// ---- property-based ---------------------------------------------------------------------------

/** Money as an integer count of 10^-12 units; written out without Decimal. */
function unitsText(u: bigint): string {
  const neg = u < 0n;
  const digits = (neg ? -u : u).toString().padStart(13, '0');
  return `${neg ? '-' : ''}${digits.slice(0, -12)}.${digits.slice(-12)}`;
}

const unitsArb = fc.oneof(
  // whole cents, as the service's amounts usually are
  fc.bigInt({ min: -(10n ** 8n), max: 10n ** 10n }).map((cents) => cents * 10n ** 10n),
  // anything with twelve fractional digits
  fc.bigInt({ min: -(10n ** 16n), max: 10n ** 20n }),
);
const optionalUnits = fc.option(unitsArb, { nil: null, freq: 5 });

interface Spec {
  parent: 'root' | 'previous' | number;
  group: boolean;
  sort: number;
  costs: Record<CostField, bigint | null>;
  /** Groups: no total, the right total, or some other number. */
  groupTotal: 'none' | 'right' | bigint;
}

const specArb: fc.Arbitrary<Spec> = fc.record({
  parent: fc.oneof(fc.constant('root' as const), fc.constant('previous' as const), fc.nat()),
  group: fc.boolean(),
  sort: fc.integer({ min: -2, max: 4 }), // few values: ties are common
  costs: fc.record(
    Object.fromEntries(COST_FIELDS.map((f) => [f, optionalUnits])) as Record<
      CostField,
      fc.Arbitrary<bigint | null>
    >,
  ),
  groupTotal: fc.oneof(fc.constant('none' as const), fc.constant('right' as const), unitsArb),
});

interface Forest {
  items: EstimateItem[];
  /** The reference: computed with BigInt, independently of the code under test. */
  expectedTotals: EstimateTotals;
  expectedGroupTotals: Map<string, string>;
  mismatchedGroups: Set<string>;
}

/** A valid forest: every parent is an earlier item, so there are no cycles and no orphans. */
const forestArb: fc.Arbitrary<Forest> = fc
  .uniqueArray(fc.string({ minLength: 1, maxLength: 4 }), { maxLength: 40 })
  .chain((ids) =>
    fc.array(specArb, { minLength: ids.length, maxLength: ids.length }).map((specs) => build(ids, specs)),
  );

function build(ids: string[], specs: Spec[]): Forest {
  const parentOf = specs.map((s, i) =>
    i === 0 || s.parent === 'root' ? -1 : s.parent === 'previous' ? i - 1 : (s.parent % (i + 1)) - 1,
  );
  // Children come after their parents, so walking backwards finishes every child first.
  const contribution: bigint[] = new Array(ids.length).fill(0n);
  const childSum: bigint[] = new Array(ids.length).fill(0n);
  const serviceTotal: (bigint | null)[] = new Array(ids.length).fill(null);
  const expectedGroupTotals = new Map<string, string>();
  const mismatchedGroups = new Set<string>();
  for (let i = ids.length - 1; i >= 0; i--) {
    const s = specs[i]!;
    if (s.group) {
      const computed = childSum[i]!;
      const sent = s.groupTotal === 'none' ? null : s.groupTotal === 'right' ? computed : s.groupTotal;
      serviceTotal[i] = sent;
      contribution[i] = sent ?? computed;
      expectedGroupTotals.set(ids[i]!, unitsText(computed));
      if (sent !== null && sent !== computed) mismatchedGroups.add(ids[i]!);
    } else {
      contribution[i] = s.costs.total ?? 0n;
    }
    const p = parentOf[i]!;
    if (p >= 0) childSum[p] = childSum[p]! + contribution[i]!;
  }

  const sums = Object.fromEntries(COST_FIELDS.map((f) => [f, 0n])) as Record<CostField, bigint>;
  let tax = 0n;
  specs.forEach((s) => {
    if (s.group) return;
    for (const f of COST_FIELDS) sums[f] += s.costs[f] ?? 0n;
    tax +=
      (s.costs.total ?? 0n) - (s.costs.total_cost ?? 0n) - (s.costs.markup ?? 0n) + (s.costs.discount ?? 0n);
  });
  const expectedTotals: EstimateTotals = {
    labor_costs_total: unitsText(sums.labor_cost),
    equipment_costs_total: unitsText(sums.equipment_cost),
    material_costs_total: unitsText(sums.material_cost),
    other_costs_total: unitsText(sums.other_cost),
    costs_total: unitsText(sums.total_cost),
    markup_total: unitsText(sums.markup),
    discount_total: unitsText(sums.discount),
    subtotal_without_tax: unitsText(sums.total - tax),
    tax_total: unitsText(tax),
    total: unitsText(sums.total),
  };

  const items = ids.map((id, i) => {
    const s = specs[i]!;
    const p = parentOf[i]!;
    const base = { id, parent_id: p === -1 ? null : ids[p]!, sort: s.sort, code: `c${i}`, name: `item ${i}` };
    if (s.group) {
      const t = serviceTotal[i];
      return item({ ...base, type: 'group', total: t === null || t === undefined ? null : unitsText(t) });
    }
    const money = Object.fromEntries(
      COST_FIELDS.map((f) => [f, s.costs[f] === null ? null : unitsText(s.costs[f])]),
    );
    return item({ ...base, type: 'position', quantity: '1.500000000000', tax: '0.190000000000', ...money });
  });
  return { items, expectedTotals, expectedGroupTotals, mismatchedGroups };
}

const permutedForestArb = forestArb.chain((forest) =>
  fc
    .shuffledSubarray(forest.items, { minLength: forest.items.length, maxLength: forest.items.length })
    .map((permuted) => ({ forest, permuted })),
);

describe('buildEstimateTree: properties', () => {
  it('any permutation of a valid forest gives the identical tree, totals and warnings', () => {
    fc.assert(
      fc.property(permutedForestArb, ({ forest, permuted }) => {
        const a = toEstimateDocument(detail(forest.items, forest.expectedTotals));
        const b = toEstimateDocument(detail(permuted, forest.expectedTotals));
        expect(b).toEqual(a);
        expect(buildEstimateTree(permuted)).toEqual(buildEstimateTree(forest.items));
      }),
      { numRuns: 300 },
    );
  });

  it('totals equal an independent BigInt computation; group sums too', () => {
    fc.assert(
      fc.property(permutedForestArb, ({ forest, permuted }) => {
        const doc = toEstimateDocument(detail(permuted, forest.expectedTotals));
        expect(doc.computed_totals).toEqual(forest.expectedTotals);
        expect(doc.service_totals).toEqual(forest.expectedTotals);
        const nodes = preorder(doc.tree);
        expect(nodes).toHaveLength(forest.items.length);
        for (const n of nodes) {
          if (n.type === 'group') expect(n.computed_total).toBe(forest.expectedGroupTotals.get(n.id));
          else expect(n.computed_total).toBeNull();
        }
        // A valid forest: the only warnings are the groups whose service total is off.
        expect(doc.warnings.every((w) => w.code === 'group-total-mismatch')).toBe(true);
        expect(new Set(doc.warnings.map((w) => w.item_id))).toEqual(forest.mismatchedGroups);
      }),
      { numRuns: 300 },
    );
  });

  it('items as the lossless parser hands them over (numbers where a double is exact) give the same document', () => {
    // What JSON.parse makes of "1234.500000000000": the number 1234.5, exact since it has at most
    // 15 significant digits; longer amounts stay text.
    const asParsed = (items: EstimateItem[]): EstimateItem[] =>
      items.map((it) => {
        const out: Record<string, unknown> = { ...it };
        for (const [k, v] of Object.entries(it)) {
          if (typeof v !== 'string' || !MONEY.test(v)) continue;
          const significant = v.replace(/^-/, '').replace('.', '').replace(/^0+/, '').replace(/0+$/, '');
          if (significant.length <= 15) out[k] = Number(v);
        }
        return out as EstimateItem;
      });
    let numbers = 0;
    fc.assert(
      fc.property(permutedForestArb, ({ forest, permuted }) => {
        const parsed = asParsed(permuted);
        numbers += parsed.filter((i) => typeof i.total === 'number').length;
        const a = toEstimateDocument(detail(forest.items, forest.expectedTotals));
        const b = toEstimateDocument(detail(parsed, forest.expectedTotals));
        expect(b).toEqual(a);
        expect(b.computed_totals).toEqual(a.computed_totals);
        expect(b.warnings).toEqual(a.warnings);
        // The document adds whole cents as integers; the general sum over a tree reads the texts.
        const { tree } = buildEstimateTree(parsed);
        expect(computeTotals(tree).totals).toEqual(b.computed_totals);
        expect(preorder(tree).map((n) => n.computed_total)).toEqual(
          preorder(b.tree).map((n) => n.computed_total),
        );
      }),
      { numRuns: 200 },
    );
    expect(numbers).toBeGreaterThan(100);
  });

  it('numeric ids and parents are the same ids as their text', () => {
    const { tree, warnings } = buildEstimateTree([
      item({ id: 'g', type: 'group', sort: 1 }),
      { ...item({ id: 'x', parent_id: 'g', sort: 2 }), id: 7 } as unknown as EstimateItem,
      { ...item({ id: '8', sort: 3 }), parent_id: 7 } as unknown as EstimateItem,
      { ...item({ id: 'y' }), id: 8, code: 12, name: 3.5 } as unknown as EstimateItem,
    ]);
    expect(tree.map((n) => n.id)).toEqual(['g']);
    expect(tree[0]!.children.map((n) => n.id)).toEqual(['7']);
    expect(tree[0]!.children[0]!.children.map((n) => [n.id, n.parent_id])).toEqual([['8', '7']]);
    expect(warnings.map((w) => w.code)).toEqual(['duplicate-id']);
    const { tree: alone } = buildEstimateTree([
      { ...item({ id: 'y' }), id: 8, code: 12, name: 3.5, sort: '4' } as unknown as EstimateItem,
    ]);
    expect(alone[0]).toMatchObject({ id: '8', code: '12', name: '3.5', sort: 4 });
  });

  it('siblings are ordered by (sort, id) and every money value has twelve digits', () => {
    fc.assert(
      fc.property(forestArb, (forest) => {
        const { tree } = buildEstimateTree(forest.items);
        const lists = [tree, ...preorder(tree).map((n) => n.children)];
        for (const list of lists) {
          for (let i = 1; i < list.length; i++) {
            const [a, b] = [list[i - 1]!, list[i]!];
            expect(a.sort < b.sort || (a.sort === b.sort && a.id < b.id)).toBe(true);
          }
        }
        for (const n of preorder(tree)) {
          for (const f of [...MONEY_FIELDS, 'quantity', 'tax', 'computed_total'] as const) {
            const v = n[f];
            if (v !== null) expect(v).toMatch(MONEY);
          }
        }
      }),
      { numRuns: 200 },
    );
  });

  it('a service total that is off by one unit is reported for that field only', () => {
    fc.assert(
      fc.property(forestArb, fc.constantFrom(...TOTAL_FIELDS), (forest, field) => {
        const sent: Record<string, string> = { ...forest.expectedTotals };
        sent[field] = unitsText(BigInt(sent[field]!.replace('.', '')) + 1n);
        const doc = toEstimateDocument(detail(forest.items, sent));
        const mismatches = doc.warnings.filter((w) => w.code === 'totals-mismatch');
        expect(mismatches).toHaveLength(1);
        expect(mismatches[0]!.message).toContain(field);
        expect(mismatches[0]!.message).toContain(sent[field]);
        expect(mismatches[0]!.message).toContain(forest.expectedTotals[field]);
        expect(doc.service_totals[field]).toBe(sent[field]); // never replaced
      }),
      { numRuns: 100 },
    );
  });
});
