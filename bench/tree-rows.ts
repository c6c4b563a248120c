/**
 * The estimate tree's visible rows (src-renderer/src/features/estimates/tree-rows.ts) for 20,000
 * rows: every group expanded (the worst case), and the initial view (top-level groups open). The
 * renderer runs this pass on every expand, collapse and reload; the unit tests check what it gives,
 * this measures how long it takes. Medians after a warm-up.
 */

import { createRequire } from 'node:module';
import { join } from 'node:path';
import { buildSync } from 'esbuild';
import { checkoutRoot } from './checkout';

interface Shape {
  type: 'group' | 'position';
  depth: number;
  parentIndex: number;
  subtreeSize: number;
}

interface TreeRowsModule {
  initialExpansion: (rows: readonly Shape[]) => Uint8Array;
  expandAll: (rows: readonly Shape[]) => Uint8Array;
  computeVisibleRows: (rows: readonly Shape[], expanded: Uint8Array) => Int32Array;
}

const ROWS = 20_000;
const RUNS = 21;
const TARGET_MS = 50;

function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

/** Pre-order rows: top-level groups of ten subgroups of eighteen positions, `total` rows in all. */
function rowsOf(total: number): Shape[] {
  const rows: Shape[] = [];
  const add = (type: Shape['type'], depth: number, parentIndex: number): number => {
    rows.push({ type, depth, parentIndex, subtreeSize: 0 });
    return rows.length - 1;
  };
  while (rows.length < total) {
    const top = add('group', 0, -1);
    for (let s = 0; s < 10 && rows.length < total; s++) {
      const sub = add('group', 1, top);
      for (let p = 0; p < 18 && rows.length < total; p++) add('position', 2, sub);
      rows[sub]!.subtreeSize = rows.length - sub - 1;
    }
    rows[top]!.subtreeSize = rows.length - top - 1;
  }
  return rows;
}

/**
 * The renderer's module, bundled for Node as the benchmarks themselves are (bench/run.ts): the
 * benchmarks' type check (tsconfig.node.json) does not include src-renderer, so it is not imported.
 */
function treeRowsModule(): TreeRowsModule {
  const root = checkoutRoot();
  const outfile = join(root, 'out', 'bench', 'tree-rows.cjs');
  buildSync({
    entryPoints: [join(root, 'src-renderer', 'src', 'features', 'estimates', 'tree-rows.ts')],
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'cjs',
    outfile,
    logLevel: 'warning',
  });
  return createRequire(__filename)(outfile) as TreeRowsModule;
}

export async function benchTreeRows(): Promise<Record<string, string | number>> {
  const m = treeRowsModule();
  const rows = rowsOf(ROWS);
  const all = m.expandAll(rows);
  const initial = m.initialExpansion(rows);
  // Warm-up (the JIT), then the measured runs.
  for (let i = 0; i < 5; i++) m.computeVisibleRows(rows, all);
  const both: number[] = [];
  const expanded: number[] = [];
  let visible = 0;
  for (let run = 0; run < RUNS; run++) {
    const t0 = performance.now();
    visible = m.computeVisibleRows(rows, all).length;
    const t1 = performance.now();
    m.computeVisibleRows(rows, initial);
    const t2 = performance.now();
    expanded.push(t1 - t0);
    both.push(t2 - t0);
  }
  const t = median(both);
  return {
    rows: ROWS,
    'visible, all expanded': visible,
    'all expanded (ms)': median(expanded).toFixed(2),
    'all expanded + initial view (ms)': t.toFixed(2),
    'target (ms)': `< ${TARGET_MS}`,
    'within target': t < TARGET_MS ? 'yes' : 'no',
  };
}
