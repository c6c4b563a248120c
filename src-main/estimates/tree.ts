/**
 * The service sends an estimate's items as a flat list; `parent_id`, `type` and `sort` give the
 * hierarchy. This module rebuilds the tree in one linear pass (plus sorting each sibling list), for
 * any input order, and never crashes or hangs on a bad list: missing parents, cycles, duplicate ids
 * and unknown types are repaired and reported. No recursion anywhere: chains 20,000 deep are fine.
 */
import type { EstimateItem } from '../api/schemas';
import type { EstimateNode, EstimateWarning } from '../../src-shared/estimates/types';
import type { AmountTexts } from './amount-texts';
import { describeItem, startedTreeOf, TreeStart } from './tree-start';

export interface EstimateTree {
  /** Top-level nodes; every sibling list ordered by (sort, id). */
  tree: EstimateNode[];
  /** In tree order (pre-order of the item they concern). */
  warnings: EstimateWarning[];
}

/** How many cycle members a warning names before it abbreviates. */
const CYCLE_NAMES_SHOWN = 8;

/** Sibling order: `sort`, then id (code-unit order, so the order is total and locale-independent). */
export function compareNodes(a: EstimateNode, b: EstimateNode): number {
  if (a.sort !== b.sort) return a.sort < b.sort ? -1 : 1;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/** A tree and what building it worked out: the totals (totals.ts) and the warnings' order use it. */
export interface IndexedTree extends EstimateTree {
  /** Every node in pre-order: parents before their children, siblings in order. */
  order: EstimateNode[];
  /** By pre-order position: the position of the node's parent, −1 at the top level. */
  parentAt: Int32Array;
  /** By pre-order position: the index of the item the node was made from (into `amounts`). */
  itemAt: Int32Array;
  /** The items' amounts, as the nodes' texts and as the numbers they were written from. */
  amounts: AmountTexts;
}

/** Rebuilds the hierarchy. The same items in any order give the same tree and the same warnings. */
export function buildEstimateTree(items: readonly EstimateItem[]): EstimateTree {
  const { tree, warnings } = buildIndexedTree(items);
  return { tree, warnings };
}

/** buildEstimateTree, keeping what it worked out on the way (see IndexedTree). */
export function buildIndexedTree(items: readonly EstimateItem[]): IndexedTree {
  // 1. Each item's node, indexed by id; the first occurrence of an id wins. Items made into nodes
  // while they arrived are not made again.
  const given = startedTreeOf(items);
  const start = given?.startOf(items) ? given : new TreeStart();
  start.add(items, start.items.length);
  const { nodes, nodeItem, indexById, duplicates, amounts } = start;
  const warnings = start.warnings.slice();
  for (const [id, count] of duplicates) {
    warnings.push({
      code: 'duplicate-id',
      item_id: id,
      message: `The id ${id} appears ${count} times; only the first item with it is shown.`,
    });
  }

  // 2. Resolve parents (-1: top level).
  const n = nodes.length;
  const parent = new Int32Array(n);
  for (let i = 0; i < n; i++) {
    const node = nodes[i]!;
    const pid = node.parent_id;
    if (pid === null) {
      parent[i] = -1;
    } else if (pid === node.id) {
      parent[i] = -1;
      warnings.push({
        code: 'cycle',
        item_id: node.id,
        message: `Item ${describeItem(node)} is its own parent; it is shown at the top level.`,
      });
    } else {
      const p = indexById.get(pid);
      if (p === undefined) {
        parent[i] = -1;
        warnings.push({
          code: 'orphan',
          item_id: node.id,
          message: `Item ${describeItem(node)} refers to the parent ${pid}, which is not in the estimate; it is shown at the top level.`,
        });
      } else {
        parent[i] = p;
      }
    }
  }

  breakCycles(nodes, parent, warnings);

  // 4. Every sibling list in order, the children attached, and the pre-order, by index.
  const { roots, childStart, childList } = siblingLists(nodes, parent);
  for (let i = 0; i < n; i++) {
    const children = nodes[i]!.children;
    for (let k = childStart[i]!; k < childStart[i + 1]!; k++) children.push(nodes[childList[k]!]!);
  }
  const order: EstimateNode[] = [];
  const parentAt = new Int32Array(n);
  const itemAt = new Int32Array(n);
  const stack: number[] = [];
  const stackParent: number[] = [];
  for (let k = roots.length - 1; k >= 0; k--) {
    stack.push(roots[k]!);
    stackParent.push(-1);
  }
  while (stack.length > 0) {
    const i = stack.pop()!;
    const at = order.length;
    order.push(nodes[i]!);
    parentAt[at] = stackParent.pop()!;
    itemAt[at] = nodeItem[i]!;
    for (let k = childStart[i + 1]! - 1; k >= childStart[i]!; k--) {
      stack.push(childList[k]!);
      stackParent.push(at);
    }
  }
  const tree = roots.map((i) => nodes[i]!);
  return { tree, warnings: sortWarnings(tree, warnings, order), order, parentAt, itemAt, amounts };
}

/**
 * 3. Breaks cycles. Each item has at most one parent, so walking up from any item either reaches
 *    the top level, an item already checked, or loops. Every item is walked over once.
 */
function breakCycles(nodes: EstimateNode[], parent: Int32Array, warnings: EstimateWarning[]): void {
  const UNSEEN = 0;
  const ON_PATH = 1;
  const DONE = 2;
  const n = nodes.length;
  const state = new Uint8Array(n);
  const pathPos = new Int32Array(n);
  const path: number[] = [];
  for (let start = 0; start < n; start++) {
    if (state[start] !== UNSEEN) continue;
    path.length = 0;
    let v = start;
    while (v !== -1 && state[v] === UNSEEN) {
      state[v] = ON_PATH;
      pathPos[v] = path.length;
      path.push(v);
      v = parent[v]!;
    }
    if (v !== -1 && state[v] === ON_PATH) breakCycle(path.slice(pathPos[v]), nodes, parent, warnings);
    for (const p of path) state[p] = DONE;
  }
}

/**
 * The top-level nodes and each node's children (childList[childStart[i]] … childList[childStart[i
 * + 1] − 1]), by index, every list in sibling order.
 */
function siblingLists(
  nodes: readonly EstimateNode[],
  parent: Int32Array,
): { roots: number[]; childStart: Int32Array; childList: Int32Array } {
  const n = nodes.length;
  const childStart = new Int32Array(n + 1);
  for (let i = 0; i < n; i++) if (parent[i]! >= 0) childStart[parent[i]! + 1]!++;
  for (let i = 0; i < n; i++) childStart[i + 1]! += childStart[i]!;
  const fill = childStart.slice(0, n);
  const childList = new Int32Array(childStart[n]!);
  const roots: number[] = [];
  for (let i = 0; i < n; i++) {
    const p = parent[i]!;
    if (p < 0) roots.push(i);
    else childList[fill[p]!++] = i;
  }
  const bySiblingOrder = (x: number, y: number): number => compareNodes(nodes[x]!, nodes[y]!);
  roots.sort(bySiblingOrder);
  for (let i = 0; i < n; i++) {
    if (childStart[i + 1]! - childStart[i]! > 1)
      childList.subarray(childStart[i]!, childStart[i + 1]!).sort(bySiblingOrder);
  }
  return { roots, childStart, childList };
}

/**
 * Cuts a cycle at its first member in sibling order (so the cut does not depend on the input order)
 * and puts that member at the top level; the rest of the cycle hangs below it.
 */
function breakCycle(
  members: number[],
  nodes: EstimateNode[],
  parent: Int32Array,
  warnings: EstimateWarning[],
): void {
  let entry = members[0]!;
  for (const m of members) if (compareNodes(nodes[m]!, nodes[entry]!) < 0) entry = m;
  const names: string[] = [];
  let v = entry;
  do {
    if (names.length < CYCLE_NAMES_SHOWN) names.push(nodes[v]!.id);
    v = parent[v]!;
  } while (v !== entry);
  const chain =
    members.length > CYCLE_NAMES_SHOWN
      ? `${names.join(' → ')} → … (${members.length} items)`
      : `${names.join(' → ')} → ${nodes[entry]!.id}`;
  parent[entry] = -1;
  warnings.push({
    code: 'cycle',
    item_id: nodes[entry]!.id,
    message: `The parents of ${members.length} items form a cycle (${chain}); ${describeItem(nodes[entry]!)} is shown at the top level.`,
  });
}

/** Pre-order of the whole tree, without recursion. */
export function preorder(tree: readonly EstimateNode[]): EstimateNode[] {
  const out: EstimateNode[] = [];
  const stack: EstimateNode[] = [];
  for (let i = tree.length - 1; i >= 0; i--) stack.push(tree[i]!);
  while (stack.length > 0) {
    const node = stack.pop()!;
    out.push(node);
    for (let i = node.children.length - 1; i >= 0; i--) stack.push(node.children[i]!);
  }
  return out;
}

const CODE_ORDER: Record<EstimateWarning['code'], number> = {
  'duplicate-id': 0,
  orphan: 1,
  cycle: 2,
  'unknown-type': 3,
  'group-with-quantities': 4,
  'group-total-mismatch': 5,
  'totals-mismatch': 6,
};

/**
 * Warnings in tree order (the item's pre-order position, then the code); warnings about no item, or
 * an item not in the tree, come last. Stable, so input order never shows through.
 */
export function sortWarnings(
  tree: readonly EstimateNode[],
  warnings: EstimateWarning[],
  /** The tree's pre-order, when known. */
  order: readonly EstimateNode[] = warnings.length < 2 ? [] : preorder(tree),
): EstimateWarning[] {
  if (warnings.length < 2) return warnings.slice();
  const position = new Map<string, number>();
  for (let i = 0; i < order.length; i++) position.set(order[i]!.id, i);
  const rank = (w: EstimateWarning) =>
    w.item_id === undefined ? Infinity : (position.get(w.item_id) ?? Infinity);
  return warnings
    .map((w, i) => ({ w, i, r: rank(w) }))
    .sort((a, b) => a.r - b.r || CODE_ORDER[a.w.code] - CODE_ORDER[b.w.code] || a.i - b.i)
    .map((x) => x.w);
}
