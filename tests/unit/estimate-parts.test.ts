import { describe, expect, it } from 'vitest';
import { toEstimateDocument } from '../../src-main/estimates/document';
import { estimateParts, partsOf } from '../../src-main/estimates/estimate-parts';
import { flattenTree } from '../../src-main/estimates/flatten';
import { quoteTotals } from '../../src-shared/estimates/quote-totals';
import { detail, item } from '../helpers/estimate-items';

const estimate = (currency: string) =>
  toEstimateDocument({
    ...detail(
      [
        item({ id: 'g', type: 'group', name: 'Fliesen', sort: 0 }),
        item({
          id: 'a',
          parent_id: 'g',
          name: 'Boden',
          sort: 1,
          total_cost: '100.005000000000',
          tax: '0.190000000000',
          total: '119.010000000000',
        }),
        item({
          id: 'b',
          parent_id: 'g',
          name: 'Wand',
          sort: 2,
          total_cost: '50.000000000000',
          tax: '0.070000000000',
          total: '53.500000000000',
        }),
      ],
      { subtotal_without_tax: '150.005000000000', total: '172.510000000000' },
    ),
    currency,
  });

describe("an estimate's parts: the document, its rows and its client totals, worked out once", () => {
  it('are the rows in tree order and the totals in the currency’s digits', () => {
    const doc = estimate('EUR');
    const parts = estimateParts(doc);
    expect(parts.doc).toBe(doc);
    expect(parts.rows).toEqual(flattenTree(doc.tree));
    expect(parts.rows.map((r) => r.id)).toEqual(['g', 'a', 'b']);
    expect(parts.quote).toEqual(quoteTotals(parts.rows, doc.service_totals, 2));
    expect(parts.quote.digits).toBe(2);
    expect(estimateParts(estimate('JPY')).quote.digits).toBe(0);
  });

  it('are taken as they are when a writer is given them, and worked out when given a document', () => {
    const doc = estimate('EUR');
    const parts = estimateParts(doc);
    expect(partsOf(parts)).toBe(parts);
    const fromDoc = partsOf(doc);
    expect(fromDoc.doc).toBe(doc);
    expect(fromDoc.rows).toEqual(parts.rows);
    expect(fromDoc.quote).toEqual(parts.quote);
  });
});
