import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import type { EstimateNode } from '../../src-shared/estimates/types';
import { Decimal } from '../../src-shared/money/decimal';
import { formatDate, QuantityFormat, RateFormat, serviceDate } from '../../src-main/exports/formats';
import { MoneyFormat } from '../../src-shared/money/format';
import { rootSum, subtreeSums } from '../../src-main/exports/sums';
import { flattenTree, outlinePaths } from '../../src-main/estimates/flatten';
import { roundedText, unitsText } from '../../src-shared/money/amounts';
import { allNodes, sampleDocument } from '../helpers/export-fixture';

describe('exact rounding for cells', () => {
  it('rounds half away from zero, on the digits', () => {
    expect(roundedText('1234.500000000000', 2)).toBe('1234.50');
    expect(roundedText('2.345000000000', 2)).toBe('2.35');
    expect(roundedText('-2.345000000000', 2)).toBe('-2.35');
    expect(roundedText('2.344999999999', 2)).toBe('2.34');
    expect(roundedText('-0.001000000000', 2)).toBe('0.00');
    expect(roundedText('99.995', 2)).toBe('100.00');
    expect(roundedText('007', 2)).toBe('7.00');
    expect(roundedText('123456789012.123456789012', 2)).toBe('123456789012.12');
    expect(roundedText('1e3', 2)).toBe('1000.00');
    expect(roundedText('abc', 2)).toBeNull();
    expect(roundedText(null, 2)).toBeNull();
    expect(roundedText('', 2)).toBeNull();
  });

  it('agrees with Decimal for any twelve-digit value', () => {
    const twelve = fc
      .tuple(
        fc.boolean(),
        fc.bigInt({ min: 0n, max: 10n ** 15n }),
        fc.bigInt({ min: 0n, max: 10n ** 12n - 1n }),
      )
      .map(([neg, i, f]) => `${neg ? '-' : ''}${i}.${f.toString().padStart(12, '0')}`);
    fc.assert(
      fc.property(twelve, fc.integer({ min: 0, max: 6 }), (text, scale) => {
        expect(roundedText(text, scale)).toBe(Decimal.parse(text).toFixed(scale));
      }),
    );
  });

  it('Number() of the rounded text is the cent value exactly', () => {
    for (const s of ['0.1', '0.2', '0.3', '1234567890.07', '-999999999999.99']) {
      expect(String(Number(roundedText(s, 2)))).toBe(Decimal.parse(s).toString());
    }
  });
});

describe('tree walk and subtotals', () => {
  it('lists items depth first with outline paths and subtree ends', () => {
    const doc = sampleDocument();
    const rows = flattenTree(doc.tree);
    expect(rows.map((r) => r.id)).toEqual(allNodes(doc).map((n) => n.id));
    expect(rows.every((r) => !('children' in r))).toBe(true);
    expect(outlinePaths(rows)).toEqual([
      '1',
      '1.1',
      '1.1.1',
      '1.1.1.1',
      '1.1.1.2',
      '1.1.2',
      '1.2',
      '2',
      '2.1',
      '2.1.1',
      '2.2',
      '3',
    ]);
    expect(rows.map((r) => r.depth)).toEqual([0, 1, 2, 3, 3, 2, 1, 0, 1, 2, 1, 0]);
    // Where each subtree ends: the row's index plus its subtree size.
    expect(rows[0]?.subtreeSize).toBe(6);
    expect(2 + rows[2]!.subtreeSize).toBe(4);
    expect(rows[11]?.subtreeSize).toBe(0);
  });

  it('sums exactly: each group the positions below it, the root the whole estimate', () => {
    const doc = sampleDocument();
    const rows = flattenTree(doc.tree);
    const sums = subtreeSums(rows, ['total', 'discount'], 2);
    const total = sums.get('total') as bigint[];
    expect(unitsText(total[0] as bigint, 2)).toBe('1798.27');
    expect(unitsText(total[7] as bigint, 2)).toBe('4122.19');
    expect(unitsText(rootSum(rows, total), 2)).toBe('6195.35');
    expect(unitsText(rootSum(rows, sums.get('discount') as bigint[]), 2)).toBe('25.00');
    const exact = subtreeSums(rows, ['total'], 12).get('total') as bigint[];
    expect(unitsText(rootSum(rows, exact), 12)).toBe('6195.350000000000');
  });

  it('survives a 100,000-deep chain, a repeated node and junk children', () => {
    const leaf = (id: string): EstimateNode =>
      ({ id, type: 'position', children: [], total: '1.000000000000' }) as unknown as EstimateNode;
    let top = leaf('leaf');
    for (let i = 0; i < 100_000; i++) {
      top = { id: `g${i}`, type: 'group', children: [top], total: null } as unknown as EstimateNode;
    }
    const rows = flattenTree([top, top, null as unknown as EstimateNode]);
    expect(rows).toHaveLength(100_001);
    expect(rows[100_000]?.depth).toBe(100_000);
    expect(unitsText(rootSum(rows, subtreeSums(rows, ['total'], 2).get('total') as bigint[]), 2)).toBe(
      '1.00',
    );
    expect(flattenTree(null)).toEqual([]);
  });
});

describe('formats', () => {
  it('formats money from the exact decimal string', () => {
    const nbsp = (s: string): string => s.replace(/[\u00a0\u202f]/g, ' ');
    expect(nbsp(new MoneyFormat('de-DE', 'EUR').format(Decimal.parse('1234.565')))).toBe('1.234,57 €');
    expect(nbsp(new MoneyFormat('en-US', 'EUR').format(Decimal.parse('-0.5')))).toBe('-€0.50');
    // More digits than a double holds: still exact.
    expect(nbsp(new MoneyFormat('en-US', 'USD').format(Decimal.parse('12345678901234567.125')))).toBe(
      '$12,345,678,901,234,567.13',
    );
    expect(nbsp(new MoneyFormat('fr-FR', null).format(Decimal.parse('6195.35')))).toBe('6 195,35');
    expect(new MoneyFormat('de-DE', 'EUR').format(null)).toBe('');
    expect(new QuantityFormat('de-DE').format(Decimal.parse('12.500000000000'))).toBe('12,5');
    expect(nbsp(new RateFormat('de-DE').format(Decimal.parse('0.190000000000')))).toBe('19 %');
  });

  it('reads service dates and prints them per language', () => {
    expect(serviceDate('2025-11-03 09:00:00')?.toISOString()).toBe('2025-11-03T00:00:00.000Z');
    expect(serviceDate('2025-02-30 00:00:00')).toBeNull();
    expect(formatDate('de-DE', '2025-11-03 09:00:00')).toBe('03.11.2025');
    expect(formatDate('en-US', '2025-11-03T23:30:00+05:00')).toBe('11/03/2025');
    expect(formatDate('fr-FR', '2025-11-03')).toBe('03/11/2025');
    expect(formatDate('de-DE', 'soon')).toBe('soon');
    expect(formatDate('de-DE', null)).toBe('');
  });
});
