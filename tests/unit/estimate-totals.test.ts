import { describe, expect, it } from 'vitest';
import { toEstimateDocument } from '../../src-main/estimates/document';
import { compareTotals, computeTotals } from '../../src-main/estimates/totals';
import { buildEstimateTree } from '../../src-main/estimates/tree';
import type { EstimateTotals } from '../../src-shared/estimates/types';
import { detail, item } from '../helpers/estimate-items';

/** `12.5` → `12.500000000000`: keeps the hand-written numbers below readable. */
const m = (text: string): string => {
  const [int, frac = ''] = text.split('.');
  return `${int}.${frac.padEnd(12, '0')}`;
};

/*
 * A small estimate, worked out by hand:
 *
 *   G1 group "Painting" (service total 279.65)
 *     P1  labor 100.00  equipment 10.00  material 50.00  other –      costs 160.00  markup 16.00  discount 6.00  total 202.30  (19 % on 170.00)
 *     P2  labor  40.00  equipment –      material 20.00  other 5.00   costs  65.00  markup  0.00  discount –     total  77.35  (19 % on  65.00)
 *   P3    labor  10.10  equipment 0.00   material  0.00  other 0.00   costs  10.10  markup  1.01  discount 0.11  total  11.77  ( 7 % on  11.00)
 *
 *   labor 150.10, equipment 10.00, material 70.00, other 5.00, costs 235.10, markup 17.01, discount 6.11,
 *   total 291.42; tax per position 32.30 + 12.35 + 0.77 = 45.42; subtotal without tax 291.42 − 45.42 = 246.00
 *   (= 170.00 + 65.00 + 11.00, the taxable bases).
 */
const handMade = [
  item({ id: 'G1', type: 'group', name: 'Painting', sort: 1, total: m('279.65') }),
  item({
    id: 'P1',
    parent_id: 'G1',
    sort: 1,
    quantity: m('10'),
    labor_cost: m('100.00'),
    equipment_cost: m('10.00'),
    material_cost: m('50.00'),
    total_cost: m('160.00'),
    markup: m('16.00'),
    discount: m('6.00'),
    tax: m('0.19'),
    total: m('202.30'),
  }),
  item({
    id: 'P2',
    parent_id: 'G1',
    sort: 2,
    labor_cost: m('40.00'),
    material_cost: m('20.00'),
    other_cost: m('5.00'),
    total_cost: m('65.00'),
    markup: m('0.00'),
    tax: m('0.19'),
    total: m('77.35'),
  }),
  item({
    id: 'P3',
    sort: 2,
    labor_cost: m('10.10'),
    equipment_cost: m('0'),
    material_cost: m('0'),
    other_cost: m('0'),
    total_cost: m('10.10'),
    markup: m('1.01'),
    discount: m('0.11'),
    tax: m('0.07'),
    total: m('11.77'),
  }),
];

const handTotals: EstimateTotals = {
  labor_costs_total: '150.100000000000',
  equipment_costs_total: '10.000000000000',
  material_costs_total: '70.000000000000',
  other_costs_total: '5.000000000000',
  costs_total: '235.100000000000',
  markup_total: '17.010000000000',
  discount_total: '6.110000000000',
  subtotal_without_tax: '246.000000000000',
  tax_total: '45.420000000000',
  total: '291.420000000000',
};

describe('estimate totals', () => {
  it('follow the formulas on a hand-computed example', () => {
    const { tree } = buildEstimateTree(handMade);
    const { totals, warnings } = computeTotals(tree);
    expect(totals).toEqual(handTotals);
    expect(warnings).toEqual([]);
    expect(tree[0]!.computed_total).toBe('279.650000000000');
    expect(tree[0]!.total).toBe('279.650000000000');
  });

  it('agree with the service: no warnings, service totals kept as sent', () => {
    const doc = toEstimateDocument(detail(handMade, { ...handTotals }));
    expect(doc.computed_totals).toEqual(handTotals);
    expect(doc.service_totals).toEqual(handTotals);
    expect(doc.warnings).toEqual([]);
  });

  it('only count positions: a group with its own amounts adds nothing', () => {
    const withAmounts = handMade.map((i) =>
      i.id === 'G1' ? { ...i, labor_cost: m('999'), total_cost: m('999'), markup: m('1') } : i,
    );
    const doc = toEstimateDocument(detail(withAmounts));
    expect(doc.computed_totals).toEqual(handTotals);
    expect(doc.warnings.map((w) => w.code)).toEqual(['group-with-quantities']);
  });

  it('report every estimate field that differs, naming it and both values', () => {
    const sent = {
      ...handTotals,
      total: m('291.43'),
      tax_total: m('45.420000000001'),
      labor_costs_total: null, // not sent: nothing to compare
    };
    const doc = toEstimateDocument(detail(handMade, sent));
    expect(doc.warnings).toEqual([
      {
        code: 'totals-mismatch',
        message:
          'Estimate tax_total: the service says 45.420000000001, but the items add up to 45.420000000000.',
      },
      {
        code: 'totals-mismatch',
        message:
          'Estimate total: the service says 291.430000000000, but the items add up to 291.420000000000.',
      },
    ]);
    // Never replaced, and what was not sent is absent.
    expect(doc.service_totals.total).toBe('291.430000000000');
    expect('labor_costs_total' in doc.service_totals).toBe(false);
    expect(doc.computed_totals.total).toBe('291.420000000000');
  });

  it('compare values, not text', () => {
    expect(compareTotals({ total: '291.42' }, handTotals)).toEqual([]);
    expect(compareTotals({}, handTotals)).toEqual([]);
  });

  it('report a group whose total differs from its items; a child group counts with its own total', () => {
    const items = [
      // G has: P (10.00), G1 (service 50.00, items 40.00), G2 (no total, items 7.00) → 67.00; G says 68.00
      item({ id: 'G', type: 'group', code: '01', name: 'Walls', total: m('68.00') }),
      item({ id: 'P', parent_id: 'G', sort: 1, total: m('10.00') }),
      item({ id: 'G1', parent_id: 'G', type: 'group', sort: 2, total: m('50.00') }),
      item({ id: 'G1a', parent_id: 'G1', total: m('40.00') }),
      item({ id: 'G2', parent_id: 'G', type: 'group', sort: 3, total: null }),
      item({ id: 'G2a', parent_id: 'G2', total: m('3.00') }),
      item({ id: 'G2b', parent_id: 'G2', total: m('4.00') }),
    ];
    const doc = toEstimateDocument(detail(items));
    const [g] = doc.tree;
    expect(g!.computed_total).toBe('67.000000000000');
    expect(g!.total).toBe('68.000000000000'); // the service's figure, unchanged
    expect(g!.children.map((c) => [c.id, c.computed_total])).toEqual([
      ['P', null],
      ['G1', '40.000000000000'],
      ['G2', '7.000000000000'],
    ]);
    expect(doc.warnings).toEqual([
      {
        code: 'group-total-mismatch',
        item_id: 'G',
        message:
          'Group "01 Walls" (G): the service\'s total is 68.000000000000, but its items add up to 67.000000000000.',
      },
      {
        code: 'group-total-mismatch',
        item_id: 'G1',
        message: "Group G1: the service's total is 50.000000000000, but its items add up to 40.000000000000.",
      },
    ]);
    // The estimate's totals count positions only: 10 + 40 + 3 + 4.
    expect(doc.computed_totals.total).toBe('57.000000000000');
  });

  it('never go through floats', () => {
    const three = ['a', 'b', 'c'].map((id) =>
      item({ id, total: '0.100000000001', labor_cost: '0.1', material_cost: '0.2' }),
    );
    const { totals } = computeTotals(buildEstimateTree(three).tree);
    expect(totals.total).toBe('0.300000000003');
    expect(totals.labor_costs_total).toBe('0.300000000000'); // 0.1 + 0.1 + 0.1 = 0.30000000000000004
    expect(totals.material_costs_total).toBe('0.600000000000'); // 0.2 + 0.2 + 0.2 = 0.6000000000000001
    expect(totals.tax_total).toBe('0.300000000003');

    const big = ['x', 'y', 'z'].map((id) => item({ id, total: '123456789012.123456789012' }));
    expect(computeTotals(buildEstimateTree(big).tree).totals.total).toBe('370370367036.370370367036');

    // 2^52 + 0.100000000001: as a double the fraction is gone (4503599627370496.0).
    const huge = ['x', 'y', 'z'].map((id) => item({ id, total: '4503599627370496.100000000001' }));
    expect(computeTotals(buildEstimateTree(huge).tree).totals.total).toBe('13510798882111488.300000000003');

    const cancel = [
      item({ id: 'p', total: '9007199254740993.000000000001' }), // 2^53 + 1: not a double
      item({ id: 'q', total: '-9007199254740992.000000000000' }),
    ];
    expect(computeTotals(buildEstimateTree(cancel).tree).totals.total).toBe('1.000000000001');
  });

  it('treat null as zero and give exactly twelve digits', () => {
    const { totals } = computeTotals(buildEstimateTree([item({ id: 'empty' })]).tree);
    for (const v of Object.values(totals)) expect(v).toBe('0.000000000000');
  });
});
