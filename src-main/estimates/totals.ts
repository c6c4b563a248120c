/**
 * Totals computed from an estimate's items, beside the service's own, exactly (Decimal, never a
 * float). The formulas (the service's, as documented for estimate_totals):
 *
 *   over every node of type `position` (unknown types included; groups never count):
 *   labor_costs_total     = Σ labor_cost          equipment_costs_total = Σ equipment_cost
 *   material_costs_total  = Σ material_cost       other_costs_total     = Σ other_cost
 *   costs_total           = Σ total_cost          markup_total          = Σ markup
 *   discount_total        = Σ discount            total                 = Σ total
 *   tax_total             = Σ (total − total_cost − markup + discount)
 *   subtotal_without_tax  = total − tax_total
 *
 *   null counts as zero; results have exactly twelve fractional digits.
 *
 * A group's computed_total is the sum of its children's totals, where a child group contributes the
 * service's total if it sent one, else its own computed_total. The service's numbers are never
 * replaced: mismatches become warnings.
 */
import {
  TOTAL_FIELDS,
  type EstimateNode,
  type EstimateTotals,
  type EstimateWarning,
} from '../../src-shared/estimates/types';
import { ZERO_TEXT, amountText, parseAmount } from '../../src-shared/money/amounts';
import { AMOUNT, AMOUNT_FIELDS } from './amount-texts';
import { PicoSum } from '../../src-shared/money/pico-sum';
import type { IndexedTree } from './tree';
import { describeItem } from './tree-start';

export interface ComputedTotals {
  totals: EstimateTotals;
  /** `group-total-mismatch`, in tree order. */
  warnings: EstimateWarning[];
}

/**
 * Sums the positions of a tree and fills in every group's `computed_total` (the only change it makes
 * to the nodes). Iterative: any depth.
 */
export function computeTotals(tree: readonly EstimateNode[]): ComputedTotals {
  const { order, parentIndex } = preorderWithParents(tree);
  return totalsInOrder(order, parentIndex, (sum, at, slot) => {
    const text = order[at]![AMOUNT_FIELDS[slot]!];
    if (text !== null && text !== ZERO_TEXT) sum.add(text);
  });
}

/**
 * The same for a tree buildIndexedTree made, in the order it worked out, adding each amount from the
 * number its text was written from (the same sum, without reading 160,000 texts back).
 */
export function computeIndexedTotals(built: IndexedTree): ComputedTotals {
  const { amounts, itemAt } = built;
  return totalsInOrder(built.order, built.parentAt, (sum, at, slot) => amounts.addTo(sum, itemAt[at]!, slot));
}

/** Adds the amount in `slot` (estimates/amount-texts.ts AMOUNT) of the node at pre-order `at`. */
type AddAmount = (sum: PicoSum, at: number, slot: number) => void;

/** The totals over nodes in pre-order, each with the pre-order position of its parent (−1: none). */
function totalsInOrder(
  order: readonly EstimateNode[],
  parentIndex: ArrayLike<number>,
  add: AddAmount,
): ComputedTotals {
  const labor = new PicoSum();
  const equipment = new PicoSum();
  const material = new PicoSum();
  const other = new PicoSum();
  const costs = new PicoSum();
  const markup = new PicoSum();
  const discount = new PicoSum();
  const total = new PicoSum();

  /** Per group (by pre-order index): the sum of its children's contributions so far. */
  const childSums: (PicoSum | undefined)[] = new Array(order.length);
  const mismatches: EstimateWarning[] = [];

  // Reverse pre-order visits every child before its parent.
  for (let i = order.length - 1; i >= 0; i--) {
    const node = order[i]!;
    const p = parentIndex[i]!;
    /** Where this node's contribution to its parent group's computed_total goes, if anywhere. */
    const parentSum = p >= 0 && order[p]!.type === 'group' ? (childSums[p] ??= new PicoSum()) : null;
    if (node.type === 'position') {
      add(total, i, AMOUNT.total);
      if (parentSum !== null) add(parentSum, i, AMOUNT.total);
      add(labor, i, AMOUNT.labor_cost);
      add(equipment, i, AMOUNT.equipment_cost);
      add(material, i, AMOUNT.material_cost);
      add(other, i, AMOUNT.other_cost);
      add(costs, i, AMOUNT.total_cost);
      add(markup, i, AMOUNT.markup);
      add(discount, i, AMOUNT.discount);
      continue;
    }
    const sum = childSums[i];
    node.computed_total = sum === undefined ? ZERO_TEXT : sum.toText();
    if (node.total === null) {
      if (sum !== undefined) parentSum?.addSum(sum);
      continue;
    }
    if (parentSum !== null) add(parentSum, i, AMOUNT.total);
    if (!sameAmount(node.total, node.computed_total)) {
      mismatches.push({
        code: 'group-total-mismatch',
        item_id: node.id,
        message: `Group ${describeItem(node)}: the service's total is ${node.total}, but its items add up to ${node.computed_total}.`,
      });
    }
  }

  // Σ (total − total_cost − markup + discount) equals Σ total − Σ total_cost − Σ markup + Σ discount
  // exactly; summing once per field is the same number with a quarter of the work.
  const totalSum = total.toDecimal();
  const tax = totalSum.sub(costs.toDecimal()).sub(markup.toDecimal()).add(discount.toDecimal());
  return {
    totals: {
      labor_costs_total: labor.toText(),
      equipment_costs_total: equipment.toText(),
      material_costs_total: material.toText(),
      other_costs_total: other.toText(),
      costs_total: costs.toText(),
      markup_total: markup.toText(),
      discount_total: discount.toText(),
      subtotal_without_tax: amountText(totalSum.sub(tax)),
      tax_total: amountText(tax),
      total: total.toText(),
    },
    warnings: mismatches.reverse(),
  };
}

/** Equal amounts; the same text is the common case, anything else is compared exactly. */
function sameAmount(a: string, b: string): boolean {
  return a === b || parseAmount(a).eq(parseAmount(b));
}

/** Pre-order of the tree with each node's parent index (−1 at the top level); no recursion. */
function preorderWithParents(tree: readonly EstimateNode[]): {
  order: EstimateNode[];
  parentIndex: number[];
} {
  const order: EstimateNode[] = [];
  const parentIndex: number[] = [];
  // Two parallel stacks: a node, and the pre-order index of its parent.
  const stack: EstimateNode[] = [];
  const stackParent: number[] = [];
  for (let i = tree.length - 1; i >= 0; i--) {
    stack.push(tree[i]!);
    stackParent.push(-1);
  }
  while (stack.length > 0) {
    const node = stack.pop()!;
    const index = order.length;
    order.push(node);
    parentIndex.push(stackParent.pop()!);
    for (let i = node.children.length - 1; i >= 0; i--) {
      stack.push(node.children[i]!);
      stackParent.push(index);
    }
  }
  return { order, parentIndex };
}

/** One `totals-mismatch` per field the service sent that differs from the computed value. */
export function compareTotals(service: Partial<EstimateTotals>, computed: EstimateTotals): EstimateWarning[] {
  const warnings: EstimateWarning[] = [];
  for (const field of TOTAL_FIELDS) {
    const sent = service[field];
    if (sent === undefined || sent === null) continue;
    if (parseAmount(sent).eq(parseAmount(computed[field]))) continue;
    warnings.push({
      code: 'totals-mismatch',
      message: `Estimate ${field}: the service says ${sent}, but the items add up to ${computed[field]}.`,
    });
  }
  return warnings;
}
