/**
 * The estimate totals, exactly as the service computes them: sums over positions only (group
 * totals repeat their children's), tax_total = Σ (total − total_cost − markup + discount),
 * subtotal_without_tax = total − tax_total. All with twelve fractional digits. The simulator's
 * answers and the tests' hand-made estimates (tests/helpers) take their totals from here.
 */
import { Decimal } from '../../src-shared/money/decimal';
import { fx, parseDecimal } from './numbers';
import type { SimEstimateItem, SimEstimateTotals } from './types';

type Figure =
  | 'labor_cost'
  | 'equipment_cost'
  | 'material_cost'
  | 'other_cost'
  | 'total_cost'
  | 'markup'
  | 'discount'
  | 'total';

/** What the totals read of an item: its type and its figures as decimal text (missing or null: zero). */
export type TotalsInput = { type: string } & { [K in Figure]?: SimEstimateItem[K] | null };

export function computeEstimateTotals(items: Iterable<TotalsInput>): SimEstimateTotals {
  let labor = Decimal.ZERO;
  let equipment = Decimal.ZERO;
  let material = Decimal.ZERO;
  let other = Decimal.ZERO;
  let costs = Decimal.ZERO;
  let markup = Decimal.ZERO;
  let discount = Decimal.ZERO;
  let total = Decimal.ZERO;
  let tax = Decimal.ZERO;
  const d = (s: string | null | undefined): Decimal => (s == null ? Decimal.ZERO : parseDecimal(s));
  for (const item of items) {
    if (item.type !== 'position') continue;
    const itemTotal = d(item.total);
    const itemCost = d(item.total_cost);
    const itemMarkup = d(item.markup);
    const itemDiscount = d(item.discount);
    labor = labor.add(d(item.labor_cost));
    equipment = equipment.add(d(item.equipment_cost));
    material = material.add(d(item.material_cost));
    other = other.add(d(item.other_cost));
    costs = costs.add(itemCost);
    markup = markup.add(itemMarkup);
    discount = discount.add(itemDiscount);
    total = total.add(itemTotal);
    tax = tax.add(itemTotal.sub(itemCost).sub(itemMarkup).add(itemDiscount));
  }
  return {
    equipment_costs_total: fx(equipment),
    material_costs_total: fx(material),
    labor_costs_total: fx(labor),
    other_costs_total: fx(other),
    costs_total: fx(costs),
    markup_total: fx(markup),
    discount_total: fx(discount),
    subtotal_without_tax: fx(total.sub(tax)),
    tax_total: fx(tax),
    total: fx(total),
  };
}
