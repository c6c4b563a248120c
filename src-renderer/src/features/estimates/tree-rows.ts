/**
 * The estimate's item tree as a virtual list needs it: which of the flattened rows (pre-order, each
 * with `subtreeSize` descendants right after it) are visible for a set of expanded groups. Pure
 * functions over typed arrays, no React, no DOM: one linear pass that jumps over collapsed subtrees,
 * so 20,000 rows take well under a millisecond or two, and nothing is rebuilt while scrolling.
 */

/** The part of an `EstimateRow` the tree logic reads. */
export interface TreeShape {
  type: 'group' | 'position';
  depth: number;
  parentIndex: number;
  subtreeSize: number;
}

/** Below this many rows every group starts expanded; above it, only the top-level groups. */
export const EXPAND_ALL_BELOW = 500;

/** Expansion flags: 1 = the group at that row index is expanded. Positions are ignored. */
export type ExpansionFlags = Uint8Array;

/** A subtree size that cannot send the walk backwards or past the end. */
function skipOf(row: TreeShape, index: number, count: number): number {
  const size = Number.isInteger(row.subtreeSize) && row.subtreeSize > 0 ? row.subtreeSize : 0;
  return Math.min(size, count - index - 1);
}

/** Whether a row is a group with at least one descendant (something to expand). */
export function hasChildren(row: TreeShape): boolean {
  return row.type === 'group' && row.subtreeSize > 0;
}

/** The starting state: all groups expanded for small estimates, else the top level one level deep. */
export function initialExpansion(rows: readonly TreeShape[]): ExpansionFlags {
  const flags = new Uint8Array(rows.length);
  const all = rows.length < EXPAND_ALL_BELOW;
  for (let i = 0; i < rows.length; i++) {
    const row = rows[i]!;
    if (row.type === 'group' && (all || row.depth === 0)) flags[i] = 1;
  }
  return flags;
}

export function expandAll(rows: readonly TreeShape[]): ExpansionFlags {
  const flags = new Uint8Array(rows.length);
  for (let i = 0; i < rows.length; i++) if (rows[i]!.type === 'group') flags[i] = 1;
  return flags;
}

export function collapseAll(rows: readonly TreeShape[]): ExpansionFlags {
  return new Uint8Array(rows.length);
}

/**
 * The row indices shown, in display order: one pass that steps over the `subtreeSize` descendants of
 * every collapsed group without looking at them.
 */
export function computeVisibleRows(rows: readonly TreeShape[], expanded: ExpansionFlags): Int32Array {
  const count = rows.length;
  const out = new Int32Array(count);
  let shown = 0;
  let i = 0;
  while (i < count) {
    out[shown++] = i;
    const row = rows[i]!;
    i += row.type === 'group' && expanded[i] !== 1 ? skipOf(row, i, count) + 1 : 1;
  }
  return out.subarray(0, shown);
}

/** A copy with one group flipped (or set to `value`). */
export function setExpanded(flags: ExpansionFlags, index: number, value?: boolean): ExpansionFlags {
  if (index < 0 || index >= flags.length) return flags;
  const next = value === undefined ? flags[index] !== 1 : value;
  if ((flags[index] === 1) === next) return flags;
  const copy = flags.slice();
  copy[index] = next ? 1 : 0;
  return copy;
}

/** The indices of a row's ancestors, nearest first. Bounded, so a malformed parent chain cannot loop. */
export function ancestorsOf(rows: readonly TreeShape[], index: number): number[] {
  const out: number[] = [];
  let p = rows[index]?.parentIndex ?? -1;
  while (p >= 0 && p < rows.length && out.length < rows.length) {
    out.push(p);
    p = rows[p]!.parentIndex;
  }
  return out;
}

/** A copy with every ancestor of `index` expanded, so the row becomes visible. */
export function expandAncestors(
  rows: readonly TreeShape[],
  flags: ExpansionFlags,
  index: number,
): ExpansionFlags {
  const ancestors = ancestorsOf(rows, index);
  if (ancestors.every((a) => flags[a] === 1)) return flags;
  const copy = flags.slice();
  for (const a of ancestors) copy[a] = 1;
  return copy;
}

/** Where a row index sits in the visible list (binary search: visible indices ascend), or -1. */
export function visiblePosition(visible: Int32Array, index: number): number {
  let lo = 0;
  let hi = visible.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >> 1;
    const v = visible[mid]!;
    if (v === index) return mid;
    if (v < index) lo = mid + 1;
    else hi = mid - 1;
  }
  return -1;
}

/**
 * Keeps what the user expanded when the same estimate is loaded again (a refresh): groups are
 * matched by id; groups new to the estimate get the starting state.
 */
export function carryExpansion<R extends TreeShape & { id: string }>(
  oldRows: readonly R[],
  oldFlags: ExpansionFlags,
  newRows: readonly R[],
): ExpansionFlags {
  if (oldRows === newRows) return oldFlags;
  const known = new Map<string, boolean>();
  for (let i = 0; i < oldRows.length; i++) {
    const row = oldRows[i]!;
    if (row.type === 'group') known.set(row.id, oldFlags[i] === 1);
  }
  const fresh = initialExpansion(newRows);
  for (let i = 0; i < newRows.length; i++) {
    const row = newRows[i]!;
    if (row.type !== 'group') continue;
    const was = known.get(row.id);
    if (was !== undefined) fresh[i] = was ? 1 : 0;
  }
  return fresh;
}

/** The window of visible positions to render: what fits in the viewport plus `overscan` on each side. */
export function windowRange(
  scrollTop: number,
  viewportHeight: number,
  rowHeight: number,
  total: number,
  overscan: number,
): { start: number; end: number } {
  const first = Math.max(0, Math.floor(scrollTop / rowHeight));
  const fits = Math.ceil(Math.max(0, viewportHeight) / rowHeight) + 1;
  const start = Math.max(0, Math.min(first, total) - overscan);
  const end = Math.min(total, first + fits + overscan);
  return { start, end: Math.max(start, end) };
}
