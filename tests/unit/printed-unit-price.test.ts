/**
 * The unit price a client document prints (estimates/net.ts `printedUnitPrice`): every line checks on
 * a calculator — quantity as printed × unit price, rounded at the currency's digits, less the
 * discount on a list price, is the amount printed — at the fewest digits that do it.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { printedUnitPrice, UNIT_PRICE_EXTRA_DIGITS } from '../../src-shared/estimates/net';
import type { EstimateRow } from '../../src-shared/estimates/types';
import { Decimal } from '../../src-shared/money/decimal';

const QUANTITY_DIGITS = 6;

function row(quantity: string, net: string, discount: string | null = null): EstimateRow {
  return { type: 'position', quantity, net_amount: net, discount } as EstimateRow;
}

/** What a client's calculator says the line comes to, at the currency's digits. */
function checks(r: EstimateRow, price: string, digits: number, list: boolean): boolean {
  const q = Decimal.parse(r.quantity!).round(QUANTITY_DIGITS);
  const discount = list && r.discount ? Decimal.parse(r.discount).round(digits) : Decimal.ZERO;
  const amount = Decimal.parse(r.net_amount!).round(digits);
  return q.mul(Decimal.parse(price)).round(digits).sub(discount).eq(amount);
}

const fraction = (text: string): number => (text.includes('.') ? text.length - text.indexOf('.') - 1 : 0);

describe('the unit price a client document prints', () => {
  it('is the currency’s own when that checks, more digits only when it does not', () => {
    // 37 m² for 1.931,10 €: 52,19 € gives 1.931,03 € on a calculator; 52,192 € gives 1.931,104 €.
    expect(printedUnitPrice(row('37', '1931.100000000000'), 'net', 2, QUANTITY_DIGITS)).toBe('52.192');
    // 3,5 m for 32,89 €: 9,40 € gives 32,90 €; 9,397 € gives 32,8895 → 32,89 €.
    expect(printedUnitPrice(row('3.5', '32.890000000000'), 'net', 2, QUANTITY_DIGITS)).toBe('9.397');
    expect(printedUnitPrice(row('10', '52.100000000000'), 'net', 2, QUANTITY_DIGITS)).toBe('5.21');
    // A list price: 4 × 25,00 € − 10,00 € discount = 90,00 €.
    expect(printedUnitPrice(row('4', '90.000000000000', '10.000000000000'), 'list', 2, QUANTITY_DIGITS)).toBe(
      '25.00',
    );
    // Yen (no minor unit), dinar (three digits).
    expect(printedUnitPrice(row('3', '1000'), 'net', 0, QUANTITY_DIGITS)).toBe('333.3');
    expect(printedUnitPrice(row('7', '10.000'), 'net', 3, QUANTITY_DIGITS)).toBe('1.4286');
    // Nothing to print for a group, or without a quantity.
    expect(printedUnitPrice({ ...row('1', '5'), type: 'group' }, 'net', 2, QUANTITY_DIGITS)).toBeNull();
    expect(printedUnitPrice(row('0', '5'), 'net', 2, QUANTITY_DIGITS)).toBeNull();
    expect(printedUnitPrice({ ...row('1', '5'), quantity: null }, 'net', 2, QUANTITY_DIGITS)).toBeNull();
  });

  it('checks on a calculator at the fewest digits, for any quantity, amount and discount', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 1, max: 99_999_999 }),
        fc.integer({ min: -1_000_000_000, max: 1_000_000_000 }),
        fc.integer({ min: 0, max: 100_000 }),
        fc.integer({ min: 0, max: 3 }),
        fc.constantFrom(0, 2, 3),
        fc.boolean(),
        (qUnits, netUnits, discountUnits, qScale, digits, list) => {
          // Quantities from 0,001 to 99.999.999; amounts with up to four more digits than printed.
          const quantity = Decimal.fromInteger(BigInt(qUnits))
            .mul(Decimal.parse(`1e-${qScale}`))
            .toFixed(6);
          const net = Decimal.fromInteger(BigInt(netUnits)).mul(Decimal.parse('0.0001')).toFixed(12);
          const discount = Decimal.fromInteger(BigInt(discountUnits)).mul(Decimal.parse('0.01')).toFixed(12);
          const r = row(quantity, net, discount);
          const price = printedUnitPrice(r, list ? 'list' : 'net', digits, QUANTITY_DIGITS)!;
          const d = fraction(price);
          expect(d).toBeGreaterThanOrEqual(digits);
          expect(d).toBeLessThanOrEqual(digits + UNIT_PRICE_EXTRA_DIGITS);
          // More digits only when the nearest price at fewer did not check; then its last is not 0.
          const before = Decimal.parse(net)
            .round(digits)
            .add(list ? Decimal.parse(discount).round(digits) : Decimal.ZERO);
          for (let k = digits; k < d; k++) {
            const nearest = before.divRound(Decimal.parse(quantity), k)!.toFixed(k);
            expect(checks(r, nearest, digits, list), `${nearest} at ${k} digits`).toBe(false);
          }
          const checked = checks(r, price, digits, list);
          if (d > digits && checked) expect(price.endsWith('0')).toBe(false);
          // It checks, whenever the quantity is below 10.000 (four more digits are enough for those);
          // a larger one gets the nearest price at the most digits when none does.
          if (!checked) {
            expect(d).toBe(digits + UNIT_PRICE_EXTRA_DIGITS);
            expect(Decimal.parse(quantity).cmp(Decimal.parse('10000'))).toBeGreaterThanOrEqual(0);
          }
        },
      ),
      { numRuns: 2000 },
    );
  });
});
