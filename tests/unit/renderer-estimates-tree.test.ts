import { beforeAll, describe, expect, it } from 'vitest';

/* Loaded at run time for the reason given in renderer-i18n.test.ts (tsconfig.node.json does not include src-renderer). */
interface Shape {
  id: string;
  type: 'group' | 'position';
  depth: number;
  parentIndex: number;
  subtreeSize: number;
}
interface TreeRowsModule {
  EXPAND_ALL_BELOW: number;
  initialExpansion: (rows: readonly Shape[]) => Uint8Array;
  expandAll: (rows: readonly Shape[]) => Uint8Array;
  collapseAll: (rows: readonly Shape[]) => Uint8Array;
  computeVisibleRows: (rows: readonly Shape[], expanded: Uint8Array) => Int32Array;
  setExpanded: (flags: Uint8Array, index: number, value?: boolean) => Uint8Array;
  ancestorsOf: (rows: readonly Shape[], index: number) => number[];
  expandAncestors: (rows: readonly Shape[], flags: Uint8Array, index: number) => Uint8Array;
  visiblePosition: (visible: Int32Array, index: number) => number;
  carryExpansion: (oldRows: readonly Shape[], oldFlags: Uint8Array, newRows: readonly Shape[]) => Uint8Array;
  windowRange: (
    scrollTop: number,
    viewportHeight: number,
    rowHeight: number,
    total: number,
    overscan: number,
  ) => { start: number; end: number };
}

const RENDERER = '../../src-renderer/src';
async function load<T>(path: string): Promise<T> {
  const specifier = `${RENDERER}/${path}`;
  return (await import(/* @vite-ignore */ specifier)) as T;
}

let m: TreeRowsModule;
beforeAll(async () => {
  m = await load<TreeRowsModule>('features/estimates/tree-rows.ts');
});

interface Spec {
  id: string;
  children?: Spec[];
}

/** Flattens a nested spec the way main does: pre-order, depth, parentIndex, subtreeSize. */
function flatten(specs: Spec[]): Shape[] {
  const out: Shape[] = [];
  const visit = (spec: Spec, depth: number, parentIndex: number): number => {
    const index = out.length;
    const row: Shape = {
      id: spec.id,
      type: spec.children ? 'group' : 'position',
      depth,
      parentIndex,
      subtreeSize: 0,
    };
    out.push(row);
    let size = 0;
    for (const child of spec.children ?? []) size += visit(child, depth + 1, index) + 1;
    row.subtreeSize = size;
    return size;
  };
  for (const spec of specs) visit(spec, 0, -1);
  return out;
}

const ids = (rows: Shape[], visible: Int32Array) => Array.from(visible, (i) => rows[i]!.id);

/*
 * A            group
 *   A1         group
 *     a1x      position
 *     a1y      position
 *   a2         position
 * B            group
 *   B1         group (empty)
 * c            position
 */
const sample = () =>
  flatten([
    {
      id: 'A',
      children: [{ id: 'A1', children: [{ id: 'a1x' }, { id: 'a1y' }] }, { id: 'a2' }],
    },
    { id: 'B', children: [{ id: 'B1', children: [] }] },
    { id: 'c' },
  ]);

/** A big estimate: `groups` top-level groups, each with subgroups of positions. */
function bigEstimate(total: number): Shape[] {
  const specs: Spec[] = [];
  let count = 0;
  let g = 0;
  while (count < total) {
    const sub: Spec[] = [];
    count += 1;
    for (let s = 0; s < 10 && count < total; s++) {
      const positions: Spec[] = [];
      count += 1;
      for (let p = 0; p < 18 && count < total; p++) {
        positions.push({ id: `p${g}-${s}-${p}` });
        count += 1;
      }
      sub.push({ id: `g${g}-${s}`, children: positions });
    }
    specs.push({ id: `g${g}`, children: sub });
    g += 1;
  }
  return flatten(specs);
}

describe('visible rows', () => {
  it('shows everything when every group is expanded', () => {
    const rows = sample();
    expect(ids(rows, m.computeVisibleRows(rows, m.expandAll(rows)))).toEqual([
      'A',
      'A1',
      'a1x',
      'a1y',
      'a2',
      'B',
      'B1',
      'c',
    ]);
  });

  it('shows only the top level when everything is collapsed', () => {
    const rows = sample();
    expect(ids(rows, m.computeVisibleRows(rows, m.collapseAll(rows)))).toEqual(['A', 'B', 'c']);
  });

  it('skips a collapsed subtree by its subtreeSize, even when groups inside it are expanded', () => {
    const rows = sample();
    let flags = m.expandAll(rows);
    flags = m.setExpanded(flags, 0, false); // A collapsed, A1 still expanded inside it
    expect(ids(rows, m.computeVisibleRows(rows, flags))).toEqual(['A', 'B', 'B1', 'c']);
    flags = m.setExpanded(flags, 0); // A again: A1's children come back as they were
    flags = m.setExpanded(flags, 1); // A1 collapsed
    expect(ids(rows, m.computeVisibleRows(rows, flags))).toEqual(['A', 'A1', 'a2', 'B', 'B1', 'c']);
  });

  it('toggles without changing the flags it was given', () => {
    const rows = sample();
    const flags = m.collapseAll(rows);
    const next = m.setExpanded(flags, 0);
    expect(flags[0]).toBe(0);
    expect(next[0]).toBe(1);
    expect(m.setExpanded(next, 0, true)).toBe(next);
  });

  it('ignores positions in the flags and copes with malformed subtree sizes', () => {
    const rows = sample();
    const flags = m.collapseAll(rows);
    flags[7] = 1; // 'c' is a position: nothing to expand
    expect(ids(rows, m.computeVisibleRows(rows, flags))).toEqual(['A', 'B', 'c']);
    const broken = sample();
    broken[5]!.subtreeSize = 1_000; // B claims more rows than exist
    expect(ids(broken, m.computeVisibleRows(broken, m.collapseAll(broken)))).toEqual(['A', 'B']);
    broken[5]!.subtreeSize = -3;
    expect(ids(broken, m.computeVisibleRows(broken, m.collapseAll(broken)))).toEqual(['A', 'B', 'B1', 'c']);
  });

  it('starts with everything open for small estimates, else the top level one level deep', () => {
    const small = sample();
    expect(m.computeVisibleRows(small, m.initialExpansion(small)).length).toBe(small.length);

    const big = bigEstimate(m.EXPAND_ALL_BELOW + 100);
    const visible = m.computeVisibleRows(big, m.initialExpansion(big));
    const depths = new Set(Array.from(visible, (i) => big[i]!.depth));
    expect([...depths].sort()).toEqual([0, 1]);
    const topLevel = big.filter((r) => r.depth === 0).length;
    const secondLevel = big.filter((r) => r.depth === 1).length;
    expect(visible.length).toBe(topLevel + secondLevel);
  });

  it('expands the ancestors of a row to reveal it, and finds its position', () => {
    const rows = sample();
    const flags = m.expandAncestors(rows, m.collapseAll(rows), 3); // a1y
    expect(m.ancestorsOf(rows, 3)).toEqual([1, 0]);
    const visible = m.computeVisibleRows(rows, flags);
    expect(ids(rows, visible)).toEqual(['A', 'A1', 'a1x', 'a1y', 'a2', 'B', 'c']);
    expect(m.visiblePosition(visible, 3)).toBe(3);
    expect(m.visiblePosition(visible, 7)).toBe(6);
    expect(m.visiblePosition(visible, 6)).toBe(-1); // B1 is inside the collapsed B
  });

  it('keeps what was expanded when the estimate is loaded again', () => {
    const rows = sample();
    const flags = m.setExpanded(m.collapseAll(rows), 5); // only B open
    const reloaded = sample();
    const carried = m.carryExpansion(rows, flags, reloaded);
    expect(ids(reloaded, m.computeVisibleRows(reloaded, carried))).toEqual(['A', 'B', 'B1', 'c']);
    expect(m.carryExpansion(rows, flags, rows)).toBe(flags);
  });

  it('gives the window of positions to render, with overscan, clamped to the list', () => {
    expect(m.windowRange(0, 280, 28, 1000, 5)).toEqual({ start: 0, end: 16 });
    expect(m.windowRange(2800, 280, 28, 1000, 5)).toEqual({ start: 95, end: 116 });
    expect(m.windowRange(28_000, 280, 28, 1000, 5)).toEqual({ start: 995, end: 1000 });
    expect(m.windowRange(0, 280, 28, 0, 5)).toEqual({ start: 0, end: 0 });
  });

  // How long the pass takes for 20,000 rows is a benchmark's figure (bench/tree-rows.ts, target
  // < 50 ms), not a test's: a test on the clock fails on a busy machine, not on a slow pass.
  it('computes the visible rows of 20,000, and a window stays a few hundred rows at most', () => {
    const rows = bigEstimate(20_000);
    expect(rows.length).toBe(20_000);
    const visible = m.computeVisibleRows(rows, m.expandAll(rows));
    const collapsed = m.computeVisibleRows(rows, m.initialExpansion(rows));
    expect(visible.length).toBe(20_000);
    expect(collapsed.length).toBeLessThan(20_000);

    const { start, end } = m.windowRange(300_000, 900, 28, visible.length, 12);
    expect(end - start).toBeLessThan(300);
  });
});
