/** A priced estimate of any size, as the service sends it: the worker and cancel tests' load. */
import type { EstimateItem } from '../../src-main/api/schemas';
import { detail, item } from './estimate-items';

const money = (n: number): string => `${n.toFixed(2)}0000000000`;

/** An estimate of `count` priced positions in groups of fifty, as the service sends it. */
export function pricedEstimate(count: number) {
  const items: EstimateItem[] = [];
  for (let g = 0; g * 50 < count; g++) {
    items.push(item({ id: `g${g}`, type: 'group', name: `Gewerk ${g + 1}`, sort: g }));
    for (let i = g * 50; i < Math.min(count, (g + 1) * 50); i++) {
      items.push(
        item({
          id: `p${i}`,
          parent_id: `g${g}`,
          name: `Position ${i + 1}: Fliesen verlegen, Fugen, Silikon`,
          quantity: money(2 + (i % 7)),
          unit: 'm2',
          sort: i,
          labor_unit_price: money(30),
          labor_cost: money(30 * (2 + (i % 7))),
          total_cost: money(30 * (2 + (i % 7))),
          tax: '0.190000000000',
          total: money(30 * (2 + (i % 7)) * 1.19),
        }),
      );
    }
  }
  return { ...detail(items), currency: 'EUR', unique_identifier: 'E-1', modified: '2026-11-01 10:00:00' };
}
