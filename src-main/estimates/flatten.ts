import type { EstimateNode, EstimateRow } from '../../src-shared/estimates/types';
import { PicoSum } from '../../src-shared/money/pico-sum';

/**
 * The one flattened shape of an estimate tree, used by the screen (a virtual list), the exports and
 * the CLI: the tree in display order (preorder) without children, each row knowing its depth, its
 * parent's index and how many rows below it are its descendants. A subtree is collapsed by skipping
 * `subtreeSize` rows, and a group's subtree ends at `index + subtreeSize`, with no rebuilding and no
 * recursion. Iterative, so a 20,000-deep chain is as safe as a flat list; a node object met twice
 * (only possible in a hand-made tree) is listed once, and anything that is not a node is skipped.
 */
export function flattenTree(tree: readonly EstimateNode[] | null | undefined): EstimateRow[] {
  const rows: EstimateRow[] = [];
  const seen = new Set<EstimateNode>();
  // Each frame: a node still to emit, with its depth and parent's row index.
  const stack: { node: EstimateNode; depth: number; parentIndex: number }[] = [];
  const pushChildren = (children: unknown, depth: number, parentIndex: number): void => {
    if (!Array.isArray(children)) return;
    for (let c = children.length - 1; c >= 0; c--) {
      const node: unknown = children[c];
      if (node !== null && typeof node === 'object')
        stack.push({ node: node as EstimateNode, depth, parentIndex });
    }
  };
  pushChildren(tree, 0, -1);
  const open: number[] = []; // indices of rows whose subtree is still being emitted
  while (stack.length > 0) {
    const { node, depth, parentIndex } = stack.pop()!;
    if (seen.has(node)) continue;
    seen.add(node);
    // Close the subtrees that this row is not part of.
    while (open.length > depth) {
      const done = open.pop()!;
      rows[done]!.subtreeSize = rows.length - done - 1;
    }
    const index = rows.length;
    rows.push(rowOf(node, depth, parentIndex));
    open.push(index);
    pushChildren(node.children, depth + 1, index);
  }
  while (open.length > 0) {
    const done = open.pop()!;
    rows[done]!.subtreeSize = rows.length - done - 1;
  }
  fillNetAmounts(rows);
  return rows;
}

/**
 * A node's fields without its children, and its place in the list: one object literal with every
 * field, so that all rows share one shape with the fields inside the object. Built up key by key,
 * 20,000 rows took twice as long to make and to write as JSON.
 */
function rowOf(node: EstimateNode, depth: number, parentIndex: number): EstimateRow {
  return {
    id: node.id,
    parent_id: node.parent_id,
    type: node.type,
    service_type: node.service_type,
    code: node.code,
    name: node.name,
    description: node.description,
    category: node.category,
    location: node.location,
    internal_notes: node.internal_notes,
    quantity: node.quantity,
    unit: node.unit,
    sort: node.sort,
    labor_unit_price: node.labor_unit_price,
    equipment_unit_price: node.equipment_unit_price,
    material_unit_price: node.material_unit_price,
    other_unit_price: node.other_unit_price,
    labor_cost: node.labor_cost,
    equipment_cost: node.equipment_cost,
    material_cost: node.material_cost,
    other_cost: node.other_cost,
    total_cost: node.total_cost,
    markup: node.markup,
    discount: node.discount,
    tax: node.tax,
    total: node.total,
    computed_total: node.computed_total,
    depth,
    parentIndex,
    subtreeSize: 0,
    net_amount: null,
  };
}

/**
 * Every row's net amount: a position's total cost + markup − discount, a group's the sum over its
 * positions (exact; in one pass from the last row up, children before parents).
 */
function fillNetAmounts(rows: EstimateRow[]): void {
  const line = new PicoSum();
  const groupSums: (PicoSum | undefined)[] = new Array<PicoSum | undefined>(rows.length);
  for (let i = rows.length - 1; i >= 0; i--) {
    const row = rows[i]!;
    let text: string | null;
    let sum: PicoSum | undefined;
    if (row.type === 'group') {
      sum = groupSums[i];
      text = sum === undefined ? null : sum.toText();
    } else if (row.total_cost === null && row.markup === null && row.discount === null) {
      text = null;
    } else {
      line.reset();
      line.add(row.total_cost);
      line.add(row.markup);
      line.subtract(row.discount);
      text = line.toText();
    }
    row.net_amount = text;
    const parent = row.parentIndex;
    if (text === null || parent < 0 || rows[parent]!.type !== 'group') continue;
    const into = (groupSums[parent] ??= new PicoSum());
    if (sum !== undefined) into.addSum(sum);
    else into.add(text);
  }
}

/** Outline numbers per row: "2.1.3" is the third child of the first child of the second top item. */
export function outlinePaths(rows: readonly EstimateRow[]): string[] {
  const paths: string[] = new Array<string>(rows.length);
  const childCount: number[] = new Array<number>(rows.length).fill(0);
  let topCount = 0;
  for (let i = 0; i < rows.length; i++) {
    const parent = rows[i]!.parentIndex;
    if (parent < 0) paths[i] = String(++topCount);
    else paths[i] = `${paths[parent]}.${++childCount[parent]!}`;
  }
  return paths;
}

export function isGroupRow(row: EstimateRow): boolean {
  return row.type === 'group';
}
