import { describe, expect, it } from 'vitest';
import { flattenTree } from '../../src-main/estimates/flatten';
import { node } from '../helpers/estimate-items';

describe('flattenTree', () => {
  it('lists rows in preorder with depth, parent index and subtree size', () => {
    const rows = flattenTree([node('a', [node('a1', [node('a1x'), node('a1y')]), node('a2')]), node('b')]);
    expect(rows.map((r) => [r.id, r.depth, r.parentIndex, r.subtreeSize])).toEqual([
      ['a', 0, -1, 4],
      ['a1', 1, 0, 2],
      ['a1x', 2, 1, 0],
      ['a1y', 2, 1, 0],
      ['a2', 1, 0, 0],
      ['b', 0, -1, 0],
    ]);
    expect(rows[0]).not.toHaveProperty('children');
  });

  it('handles a 20,000-deep chain without recursion', () => {
    let chain = node('n19999');
    for (let i = 19998; i >= 0; i--) chain = node(`n${i}`, [chain]);
    const rows = flattenTree([chain]);
    expect(rows).toHaveLength(20_000);
    expect(rows[0]!.subtreeSize).toBe(19_999);
    expect(rows[19_999]!.depth).toBe(19_999);
  });

  it('an empty tree gives no rows', () => {
    expect(flattenTree([])).toEqual([]);
  });
});

describe("an export's file name", () => {
  it('makes a safe file name from the number and name, through the one rule (safeFileName)', async () => {
    const { estimatesFileName } = await import('../../src-main/exports/file-names');
    const label = {
      uniqueIdentifier: 'E2026/7',
      name: 'Küche: Weiß?\u0001 <neu>',
      projectName: null,
      companyCountry: null,
    };
    expect(estimatesFileName([label], { estimateId: 'x', format: 'pdf' })).toBe(
      'E2026_7 Küche_ Weiß_ _neu_.pdf',
    );
    // The project's workbook is named for the project.
    const project = { uniqueIdentifier: null, name: 'A', projectName: 'Haus / Süd', companyCountry: null };
    expect(estimatesFileName([project], { format: 'xlsx' })).toBe('Haus _ Süd estimates.xlsx');
  });
});
