import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { JsonSyntaxError, parseJsonLossless } from '../../src-main/api/lossless-json';
import { Decimal } from '../../src-shared/money/decimal';

/** What a parsed value means as an exact decimal, whichever form it came in. */
const exact = (v: unknown) => Decimal.of(v as string | number).toFixed(12);

describe('parseJsonLossless', () => {
  it('keeps the exact text of numbers a double cannot hold', () => {
    const v = parseJsonLossless(
      '{"total": 1234567890123.123456789012, "tax": 0.190000000000, "sort": 3}',
    ) as Record<string, unknown>;
    expect(v.total).toBe('1234567890123.123456789012');
    expect(exact(v.tax)).toBe('0.190000000000');
    expect(v.sort).toBe(3);
  });

  it('uses the fast native path when every number fits a double exactly', () => {
    const v = parseJsonLossless(
      '{"total": 1234.500000000000, "lat": 48.14261, "big": 1000000000000000000}',
    ) as Record<string, unknown>;
    expect(v).toEqual({ total: 1234.5, lat: 48.14261, big: 1e18 });
    expect(exact(v.total)).toBe('1234.500000000000');
  });

  it('keeps unsafe integers exact', () => {
    expect(parseJsonLossless('[9007199254740993, -0.5]')).toEqual(['9007199254740993', '-0.5']);
  });

  it('never touches digits inside strings, including escaped quotes', () => {
    const v = parseJsonLossless(
      '{"a": "x\\" 1.5 \\"", "b": "12.50", "c": [1, 2.0], "d": 0.1234567890123456789}',
    );
    expect(v).toEqual({ a: 'x" 1.5 "', b: '12.50', c: [1, '2.0'], d: '0.1234567890123456789' });
  });

  it('loses no digit of any twelve-fractional-digit amount (property)', () => {
    const amount = fc
      .tuple(
        fc.bigInt({ min: 0n, max: 10n ** 13n }),
        fc.bigInt({ min: 0n, max: 10n ** 12n - 1n }),
        fc.boolean(),
      )
      .map(([i, f, neg]) => `${neg ? '-' : ''}${i}.${f.toString().padStart(12, '0')}`);
    fc.assert(
      fc.property(fc.array(amount, { minLength: 1, maxLength: 30 }), (amounts) => {
        const parsed = parseJsonLossless(`{"items":[${amounts.map((a) => `{"total":${a}}`).join(',')}]}`) as {
          items: { total: unknown }[];
        };
        return parsed.items.every((it, i) =>
          Decimal.of(it.total as string | number).eq(Decimal.parse(amounts[i]!)),
        );
      }),
    );
  });

  it('throws a JsonSyntaxError on malformed text', () => {
    expect(() => parseJsonLossless('{"data": [')).toThrow(JsonSyntaxError);
    expect(() => parseJsonLossless('<html>')).toThrow(JsonSyntaxError);
    expect(() => parseJsonLossless('{"x": 0.12345678901234567890, "y": [')).toThrow(JsonSyntaxError);
  });
});
