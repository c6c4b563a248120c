import { describe, expect, it } from 'vitest';
import { JsonSyntaxError, parseJsonLossless } from '../../src-main/api/lossless-json';

describe('parseJsonLossless', () => {
  it('keeps the exact text of non-integer numbers', () => {
    const v = parseJsonLossless(
      '{"total": 1234567890123.123456789012, "tax": 0.190000000000, "sort": 3}',
    ) as Record<string, unknown>;
    expect(v.total).toBe('1234567890123.123456789012');
    expect(v.tax).toBe('0.190000000000');
    expect(v.sort).toBe(3);
  });

  it('keeps unsafe integers and exponents as text', () => {
    expect(parseJsonLossless('[9007199254740993, 1e5, -0.5]')).toEqual(['9007199254740993', '1e5', '-0.5']);
  });

  it('never touches digits inside strings, including escaped quotes', () => {
    const v = parseJsonLossless('{"a": "x\\" 1.5 \\"", "b": "12.50", "c": [1, 2.0]}');
    expect(v).toEqual({ a: 'x" 1.5 "', b: '12.50', c: [1, '2.0'] });
  });

  it('throws a JsonSyntaxError on malformed text', () => {
    expect(() => parseJsonLossless('{"data": [')).toThrow(JsonSyntaxError);
    expect(() => parseJsonLossless('<html>')).toThrow(JsonSyntaxError);
  });
});
