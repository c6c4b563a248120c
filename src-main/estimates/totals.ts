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
import { describeItem, preorder } from './tree';

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

  /** What each node adds to its parent group's computed_total. */
  const contribution = new Map<EstimateNode, Decimal>();
  const mismatches: EstimateWarning[] = [];
  const order = preorder(tree);

  // Reverse pre-order visits every child before its parent.
  for (let i = order.length - 1; i >= 0; i--) {
    const node = order[i]!;
    if (node.type === 'position') {
      const own = moneyOrZero(node.total);
      labor = labor.add(moneyOrZero(node.labor_cost));
      equipment = equipment.add(moneyOrZero(node.equipment_cost));
      material = material.add(moneyOrZero(node.material_cost));
      other = other.add(moneyOrZero(node.other_cost));
      costs = costs.add(moneyOrZero(node.total_cost));
      markup = markup.add(moneyOrZero(node.markup));
      discount = discount.add(moneyOrZero(node.discount));
      total = total.add(own);
      contribution.set(node, own);
      continue;
    }
    let sum = Decimal.ZERO;
    for (const child of node.children) sum = sum.add(contribution.get(child) ?? Decimal.ZERO);
    node.computed_total = toText(sum);
    if (node.total === null) {
      contribution.set(node, sum);
    } else {
      const service = money(node.total);
      contribution.set(node, service);
      if (!service.eq(sum)) {
        mismatches.push({
          code: 'group-total-mismatch',
          item_id: node.id,
          message: `Group ${describeItem(node)}: the service's total is ${node.total}, but its items add up to ${node.computed_total}.`,
        });
      }
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

/** One `totals-mismatch` per field the service sent that differs from the computed value. */
export function compareTotals(
  service: Partial<EstimateTotals>,
  computed: EstimateTotals,
): EstimateWarning[] {
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
