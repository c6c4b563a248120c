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
import { Decimal } from '../../src-shared/money/decimal';
import {
  TOTAL_FIELDS,
  type EstimateNode,
  type EstimateTotals,
  type EstimateWarning,
} from '../../src-shared/estimates/types';
import { money, moneyOrZero, toText } from './money';
import { describeItem } from './tree';

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
  let labor = Decimal.ZERO;
  let equipment = Decimal.ZERO;
  let material = Decimal.ZERO;
  let other = Decimal.ZERO;
  let costs = Decimal.ZERO;
  let markup = Decimal.ZERO;
  let discount = Decimal.ZERO;
  let total = Decimal.ZERO;

  const { order, parentIndex } = preorderWithParents(tree);
  /** Per group (by pre-order index): the sum of its children's contributions so far. */
  const childSums: (Decimal | undefined)[] = new Array(order.length);
  const mismatches: EstimateWarning[] = [];

  // Reverse pre-order visits every child before its parent.
  for (let i = order.length - 1; i >= 0; i--) {
    const node = order[i]!;
    /** What this node adds to its parent group's computed_total. */
    let contribution: Decimal;
    if (node.type === 'position') {
      contribution = moneyOrZero(node.total);
      total = total.add(contribution);
      labor = plus(labor, node.labor_cost);
      equipment = plus(equipment, node.equipment_cost);
      material = plus(material, node.material_cost);
      other = plus(other, node.other_cost);
      costs = plus(costs, node.total_cost);
      markup = plus(markup, node.markup);
      discount = plus(discount, node.discount);
    } else {
      const sum = childSums[i] ?? Decimal.ZERO;
      node.computed_total = toText(sum);
      if (node.total === null) {
        contribution = sum;
      } else {
        contribution = money(node.total);
        if (!contribution.eq(sum)) {
          mismatches.push({
            code: 'group-total-mismatch',
            item_id: node.id,
            message: `Group ${describeItem(node)}: the service's total is ${node.total}, but its items add up to ${node.computed_total}.`,
          });
        }
      }
    }
    const p = parentIndex[i]!;
    if (p >= 0 && order[p]!.type === 'group') {
      const acc = childSums[p];
      childSums[p] = acc === undefined ? contribution : acc.add(contribution);
    }
  }

  // Σ (total − total_cost − markup + discount) equals Σ total − Σ total_cost − Σ markup + Σ discount
  // exactly; summing once per field is the same number with a quarter of the work.
  const tax = total.sub(costs).sub(markup).add(discount);
  return {
    totals: {
      labor_costs_total: toText(labor),
      equipment_costs_total: toText(equipment),
      material_costs_total: toText(material),
      other_costs_total: toText(other),
      costs_total: toText(costs),
      markup_total: toText(markup),
      discount_total: toText(discount),
      subtotal_without_tax: toText(total.sub(tax)),
      tax_total: toText(tax),
      total: toText(total),
    },
    warnings: mismatches.reverse(),
  };
}

/** The canonical zero; a third of a typical estimate's amounts, and nothing to add. */
const ZERO_TEXT = '0.000000000000';

function plus(acc: Decimal, text: string | null): Decimal {
  return text === null || text === ZERO_TEXT ? acc : acc.add(moneyOrZero(text));
}

/** Pre-order of the tree with each node's parent index (−1 at the top level); no recursion. */
function preorderWithParents(tree: readonly EstimateNode[]): {
  order: EstimateNode[];
  parentIndex: number[];
} {
  const order: EstimateNode[] = [];
  const parentIndex: number[] = [];
  const stack: [EstimateNode, number][] = [];
  for (let i = tree.length - 1; i >= 0; i--) stack.push([tree[i]!, -1]);
  while (stack.length > 0) {
    const [node, parent] = stack.pop()!;
    const index = order.length;
    order.push(node);
    parentIndex.push(parent);
    for (let i = node.children.length - 1; i >= 0; i--) stack.push([node.children[i]!, index]);
  }
  return { order, parentIndex };
}

/** One `totals-mismatch` per field the service sent that differs from the computed value. */
export function compareTotals(service: Partial<EstimateTotals>, computed: EstimateTotals): EstimateWarning[] {
  const warnings: EstimateWarning[] = [];
  for (const field of TOTAL_FIELDS) {
    const sent = service[field];
    if (sent === undefined || sent === null) continue;
    if (money(sent).eq(money(computed[field]))) continue;
    warnings.push({
      code: 'totals-mismatch',
      message: `Estimate ${field}: the service says ${sent}, but the items add up to ${computed[field]}.`,
    });
  }
  return warnings;
}
