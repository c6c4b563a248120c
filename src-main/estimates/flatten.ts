import type { EstimateRow } from '../../src-shared/ipc/contract';
import type { EstimateNode } from '../../src-shared/estimates/types';

/**
 * The tree in display order (preorder) without children, for a virtual list: each row knows its
 * depth, its parent's index and how many rows below it are its descendants, so the renderer can
 * collapse a subtree by skipping `subtreeSize` rows — no rebuilding, no recursion. Iterative, so a
 * 20,000-deep chain is as safe as a flat list.
 */
export function flattenTree(tree: readonly EstimateNode[]): EstimateRow[] {
  const rows: EstimateRow[] = [];
  // Each frame: a node still to emit, with its depth and parent's row index.
  const stack: { node: EstimateNode; depth: number; parentIndex: number }[] = [];
  for (let i = tree.length - 1; i >= 0; i--) stack.push({ node: tree[i]!, depth: 0, parentIndex: -1 });
  const open: number[] = []; // indices of rows whose subtree is still being emitted
  while (stack.length > 0) {
    const { node, depth, parentIndex } = stack.pop()!;
    // Close the subtrees that this row is not part of.
    while (open.length > depth) {
      const done = open.pop()!;
      rows[done]!.subtreeSize = rows.length - done - 1;
    }
    const { children, ...fields } = node;
    const index = rows.length;
    rows.push({ ...fields, depth, parentIndex, subtreeSize: 0 });
    open.push(index);
    for (let c = children.length - 1; c >= 0; c--)
      stack.push({ node: children[c]!, depth: depth + 1, parentIndex: index });
  }
  while (open.length > 0) {
    const done = open.pop()!;
    rows[done]!.subtreeSize = rows.length - done - 1;
  }
  return rows;
}
