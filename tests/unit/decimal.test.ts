import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { Decimal } from '../../src-shared/money/decimal';
import { amountText, centsOf, decimalTextOfNumber } from '../../src-shared/money/amounts';

describe('Decimal', () => {
  it('adds what floats cannot', () => {
    expect(0.1 + 0.2).not.toBe(0.3);
    expect(Decimal.parse('0.1').add(Decimal.parse('0.2')).toString()).toBe('0.3');
  });

  it('keeps every digit of twelve-fractional-digit money', () => {
    const a = Decimal.parse('1234567890123.123456789012');
    const b = Decimal.parse('0.000000000001');
    expect(a.add(b).toFixed(12)).toBe('1234567890123.123456789013');
  });

  it('parses signs, exponents and integers', () => {
    expect(Decimal.parse('-12.500000000000').toFixed(2)).toBe('-12.50');
    expect(Decimal.parse('1e-3').toFixed(12)).toBe('0.001000000000');
    expect(Decimal.parse('2.5E2').toString()).toBe('250');
    expect(Decimal.parse('.5').toString()).toBe('0.5');
    expect(Decimal.fromInteger(42).toFixed(12)).toBe('42.000000000000');
  });

  it('refuses what is not a number', () => {
    for (const bad of ['', 'abc', '1.2.3', '--1', '1e99999', 'NaN', '0x10']) {
      expect(Decimal.tryParse(bad)).toBeNull();
    }
    expect(() => Decimal.parse('x')).toThrow(RangeError);
    expect(() => Decimal.fromInteger(0.5)).toThrow(RangeError);
  });

  it('rounds half away from zero', () => {
    expect(Decimal.parse('2.345').toFixed(2)).toBe('2.35');
    expect(Decimal.parse('-2.345').toFixed(2)).toBe('-2.35');
    expect(Decimal.parse('2.344999').toFixed(2)).toBe('2.34');
  });

  it('multiplies exactly and compares across scales', () => {
    expect(Decimal.parse('12.5').mul(Decimal.parse('0.19')).toString()).toBe('2.375');
    expect(Decimal.parse('1.50').eq(Decimal.parse('1.5'))).toBe(true);
    expect(Decimal.parse('1.5').cmp(Decimal.parse('1.49'))).toBe(1);
    expect(amountText('3')).toBe('3.000000000000');
  });

  it('sums in any order to the same exact value (property)', () => {
    const cents = fc.array(fc.bigInt({ min: -(10n ** 15n), max: 10n ** 15n }), { maxLength: 60 });
    fc.assert(
      fc.property(cents, (values) => {
        const decimals = values.map((v) =>
          Decimal.parse(
            `${v < 0n ? '-' : ''}${(v < 0n ? -v : v) / 100n}.${((v < 0n ? -v : v) % 100n).toString().padStart(2, '0')}0000000000`,
          ),
        );
        const forward = Decimal.sum(decimals);
        const backward = Decimal.sum([...decimals].reverse());
        const expected = values.reduce((a, b) => a + b, 0n);
        return (
          forward.eq(backward) && forward.mul(Decimal.fromInteger(100)).eq(Decimal.fromInteger(expected))
        );
      }),
    );
  });
});

describe('decimalTextOfNumber', () => {
  it('equals the exact Decimal conversion for any finite number (property)', () => {
    fc.assert(
      fc.property(
        fc.double({ min: -1e15, max: 1e15, noNaN: true }).filter((n) => n === 0 || Math.abs(n) > 1e-30),
        (n) => {
          const d = Decimal.of(n);
          return decimalTextOfNumber(n) === d.toFixed(Math.max(12, d.scale));
        },
      ),
    );
    expect(decimalTextOfNumber(1234.5)).toBe('1234.500000000000');
    expect(decimalTextOfNumber(-0.19)).toBe('-0.190000000000');
    expect(decimalTextOfNumber(7)).toBe('7.000000000000');
    expect(decimalTextOfNumber(1e-7)).toBe('0.000000100000');
  });

  it('takes the whole-cents path for money and still equals the exact conversion (property)', () => {
    // Whole cents up to 10^15 (the fast path's edge), and numbers a hair away from them.
    const cents = fc.oneof(
      fc.integer({ min: -1e9, max: 1e9 }),
      fc.constantFrom(1e15 - 1, -(1e15 - 1), 1e15, 2 ** 53 - 1, 5, -5, 1),
    );
    fc.assert(
      fc.property(cents, fc.constantFrom(0, 1e-9, -3e-7, 0.001), (c, nudge) => {
        const n = c / 100 + nudge;
        const d = Decimal.of(n);
        expect(decimalTextOfNumber(n)).toBe(d.toFixed(Math.max(12, d.scale)));
        if (nudge === 0 && Math.abs(c) < 1e15) expect(centsOf(n)).toBe(c);
      }),
      { numRuns: 2000 },
    );
    expect(decimalTextOfNumber(-0)).toBe('0.000000000000');
    expect(decimalTextOfNumber(729.16)).toBe('729.160000000000');
    expect(decimalTextOfNumber(-0.05)).toBe('-0.050000000000');
    expect(centsOf(0.001)).toBeNull();
    expect(centsOf(1e13)).toBeNull(); // 10^15 cents: past the fast path
  });
});
