import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { minorUnitsText, quoteTotals } from '../../src-shared/estimates/quote-totals';
import { netUnitPrice } from '../../src-shared/estimates/net';
import type { EstimateRow, EstimateTotals } from '../../src-shared/estimates/types';
import { Decimal } from '../../src-shared/money/decimal';

const d = (v: string | number | bigint): Decimal => Decimal.of(v);
const twelve = (v: Decimal): string => v.toFixed(12);

/** A position as the service prices it: its tax is computed per item and rounded to the cent. */
function position(net: string, rate: string): EstimateRow {
  const n = d(net);
  const total = n.add(n.mul(d(rate)).round(2));
  return {
    type: 'position',
    net_amount: twelve(n),
    tax: twelve(d(rate)),
    total: twelve(total),
  } as EstimateRow;
}

function serviceTotals(rows: EstimateRow[]): Partial<EstimateTotals> {
  const net = Decimal.sum(rows.map((r) => d(r.net_amount!)));
  const gross = Decimal.sum(rows.map((r) => d(r.total!)));
  return { subtotal_without_tax: twelve(net), tax_total: twelve(gross.sub(net)), total: twelve(gross) };
}

const money = (v: bigint): Decimal => d(minorUnitsText(v, 2));

describe('quote totals', () => {
  it('prints VAT as the calculator gives it and a rounding line to reach the service total', () => {
    // The service rounded its tax per item: 19 % of 0.03 is 0.0057, so 0.01 on each of ten items,
    // 0.10 in all; a calculator gives 19 % of 0.30 = 0.057, printed 0.06. The rounding line takes 0.04.
    const rows = Array.from({ length: 10 }, () => position('0.03', '0.19'));
    const q = quoteTotals(rows, serviceTotals(rows), 2);
    expect(minorUnitsText(q.net, 2)).toBe('0.30');
    expect(q.vat).toHaveLength(1);
    expect(minorUnitsText(q.vat[0]!.amount, 2)).toBe('0.06');
    expect(minorUnitsText(q.rounding, 2)).toBe('0.04');
    expect(minorUnitsText(q.gross, 2)).toBe('0.40');
    expect(q.source).toBe('service');
    expect(q.mismatch).toBeNull();
  });

  it('has a line per rate, 0 % included, bases adding up to the net subtotal', () => {
    const rows = [
      position('100.00', '0.19'),
      position('40.00', '0.07'),
      position('12.34', '0'),
      position('0.01', '0.19'),
    ];
    const q = quoteTotals(rows, serviceTotals(rows), 2);
    expect(q.vat.map((v) => v.rate.toString())).toEqual(['0', '0.07', '0.19']);
    expect(q.vat.map((v) => minorUnitsText(v.base, 2))).toEqual(['12.34', '40.00', '100.01']);
    expect(q.vat.reduce((a, v) => a + v.base, 0n)).toBe(q.net);
  });

  it('shows the items\u2019 totals and says so when the service\u2019s differ', () => {
    const rows = [position('100.00', '0.19')];
    const q = quoteTotals(rows, { subtotal_without_tax: '90.000000000000', total: '107.100000000000' }, 2);
    expect(q.source).toBe('items');
    expect(minorUnitsText(q.net, 2)).toBe('100.00');
    expect(minorUnitsText(q.gross, 2)).toBe('119.00');
    expect(q.mismatch).toEqual({ serviceNet: 9000n, serviceGross: 10710n });
  });

  it('always adds up as printed and ends on the service totals (property)', () => {
    const rate = fc.constantFrom('0', '0.07', '0.19', '0.2', '0.21', '0.23', '0.055');
    const amount = fc.bigInt({ min: -100_000n, max: 10_000_000_000n }).map((c) => minorUnitsText(c, 2));
    fc.assert(
      fc.property(fc.array(fc.tuple(amount, rate), { minLength: 1, maxLength: 60 }), (specs) => {
        const rows = specs.map(([net, r]) => position(net, r));
        const service = serviceTotals(rows);
        const q = quoteTotals(rows, service, 2);
        expect(money(q.net).toFixed(2)).toBe(d(service.subtotal_without_tax!).toFixed(2));
        expect(money(q.gross).toFixed(2)).toBe(d(service.total!).toFixed(2));
        // Each VAT line is its printed base × its rate, rounded; the bases make the net.
        for (const v of q.vat) expect(v.amount).toBe(money(v.base).mul(v.rate).round(2).units);
        expect(q.vat.reduce((a, v) => a + v.base, 0n)).toBe(q.net);
        expect(q.net + q.vat.reduce((a, v) => a + v.amount, 0n) + q.rounding).toBe(q.gross);
        // The rounding line only ever takes what per-item rounding left: at most a cent per item.
        const r = q.rounding < 0n ? -q.rounding : q.rounding;
        expect(r <= BigInt(rows.length)).toBe(true);
      }),
    );
  });

  it('knows currencies without cents', () => {
    const rows = [position('1000', '0.1')];
    const q = quoteTotals(rows, serviceTotals(rows), 0);
    expect(minorUnitsText(q.gross, 0)).toBe('1100');
  });
});

describe('net unit price', () => {
  it('is the net amount over the quantity, exactly', () => {
    const row = {
      type: 'position',
      net_amount: '195.877500000000',
      quantity: '22.750000000000',
    } as EstimateRow;
    expect(netUnitPrice(row)).toBe('8.610000000000');
    expect(netUnitPrice({ ...row, quantity: '3.000000000000', net_amount: '10.000000000000' })).toBe(
      '3.333333333333',
    );
    expect(netUnitPrice({ ...row, quantity: '0.000000000000' })).toBeNull();
    expect(netUnitPrice({ ...row, type: 'group' })).toBeNull();
  });
});
