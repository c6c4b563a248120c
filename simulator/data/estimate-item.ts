/**
 * One estimate item as the service builds it: its blank form and the service's pricing rule. The
 * data generator (build/estimate-items.ts) and the tests' hand-made estimates (tests/helpers) build
 * their items from here, so the rule is written once and the tests price as the simulator does.
 */
import { Decimal } from '../../src-shared/money/decimal';
import { fx, ONE } from './numbers';
import type { SimEstimateItem } from './types';

/** The quantity, unit and money fields of an item nobody priced (a group): all null. */
export const UNPRICED = {
  quantity: null,
  unit: null,
  labor_unit_price: null,
  equipment_unit_price: null,
  material_unit_price: null,
  other_unit_price: null,
  labor_cost: null,
  equipment_cost: null,
  material_cost: null,
  other_cost: null,
  total_cost: null,
  markup: null,
  discount: null,
  tax: null,
} as const;

/** An item's texts, all empty (as the service sends a field nobody filled in). */
const NO_TEXT = { code: '', name: '', description: '', category: '', location: '', internal_notes: '' };

/** A simulator item: empty texts, unpriced, total zero, unless `fields` says otherwise. */
export function simItem(
  fields: Pick<SimEstimateItem, 'id' | 'parent_id' | 'type' | 'sort' | 'created' | 'modified'> &
    Partial<SimEstimateItem>,
): SimEstimateItem {
  // The service's field order (quantity and unit before sort, the money after it).
  const { quantity, unit, ...money } = UNPRICED;
  const { id, parent_id, type, sort, ...rest } = fields;
  return {
    id,
    parent_id,
    type,
    ...NO_TEXT,
    quantity,
    unit,
    sort,
    ...money,
    total: fx(Decimal.ZERO),
    ...rest,
  };
}

export interface PositionPricing {
  quantity: Decimal;
  /** Unit prices; a missing one is zero. */
  labor?: Decimal;
  equipment?: Decimal;
  material?: Decimal;
  other?: Decimal;
  /** Markup as a fraction of the cost (none when missing). */
  markupRate?: Decimal;
  /** The discount: a fraction of the cost or an amount (none when missing). */
  discount?: { rate: Decimal } | { amount: Decimal };
  /** The tax rate as a fraction (0.19). */
  tax: Decimal;
  /** The currency's minor-unit digits the service prices at: 2 (EUR) unless given (0 for JPY, 3 for KWD). */
  digits?: number;
}

/** The quantity and money fields of a priced position, as the service's twelve-digit text. */
export type PricedFields = { [K in Exclude<keyof typeof UNPRICED, 'unit'> | 'total']: string };

/**
 * A position priced the way the service prices it: each cost = quantity × its unit price, rounded
 * to the currency's digits; markup and discount on the summed cost, rounded the same; total =
 * (cost + markup − discount) × (1 + tax), rounded the same.
 */
export function pricePosition(p: PositionPricing): { fields: PricedFields; total: Decimal } {
  const digits = p.digits ?? 2;
  const zero = Decimal.ZERO;
  const [labor, equipment, material, other] = [p.labor, p.equipment, p.material, p.other].map((price) =>
    p.quantity.mul(price ?? zero).round(digits),
  ) as [Decimal, Decimal, Decimal, Decimal];
  const cost = labor.add(equipment).add(material).add(other);
  const markup = cost.mul(p.markupRate ?? zero).round(digits);
  const discount = (
    p.discount === undefined ? zero : 'rate' in p.discount ? cost.mul(p.discount.rate) : p.discount.amount
  ).round(digits);
  const total = cost.add(markup).sub(discount).mul(ONE.add(p.tax)).round(digits);
  return {
    fields: {
      quantity: fx(p.quantity),
      labor_unit_price: fx(p.labor ?? zero),
      equipment_unit_price: fx(p.equipment ?? zero),
      material_unit_price: fx(p.material ?? zero),
      other_unit_price: fx(p.other ?? zero),
      labor_cost: fx(labor),
      equipment_cost: fx(equipment),
      material_cost: fx(material),
      other_cost: fx(other),
      total_cost: fx(cost),
      markup: fx(markup),
      discount: fx(discount),
      tax: fx(p.tax),
      total: fx(total),
    },
    total,
  };
}
