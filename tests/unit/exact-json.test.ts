import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  dataObject,
  EXACT_NUMBER,
  exactJsonText,
  InternalMarkerError,
  isExactNumber,
  jsonDepth,
  jsonEqual,
  parseExactJson,
  type JsonObject,
} from '../../src-shared/json/exact-json';
import { wholeForm, withoutManagedFields } from '../../src-main/forms/form-documents';
import { changedTopFields } from '../../src-shared/forms/changes';

describe('exact JSON', () => {
  it('keeps number literals a double would change, and writes them back as they were', () => {
    const text =
      '{"big":12345678901234567890,"huge":1e400,"negZero":-0,"money":1234567.123456789012,"small":0.1,"int":42,"list":[9007199254740993,1.5]}';
    const value = parseExactJson(text) as Record<string, unknown>;
    expect(value.big).toEqual({ [EXACT_NUMBER]: '12345678901234567890' });
    expect(value.huge).toEqual({ [EXACT_NUMBER]: '1e400' });
    expect(value.negZero).toEqual({ [EXACT_NUMBER]: '-0' });
    expect(value.money).toEqual({ [EXACT_NUMBER]: '1234567.123456789012' });
    expect(value.small).toBe(0.1);
    expect(value.int).toBe(42);
    expect(exactJsonText(value, 0)).toBe(text);
  });

  it('leaves digits inside strings alone, even ones that look like big numbers', () => {
    const text = '{"s":"12345678901234567890","t":"say \\"1e400\\"","n":12345678901234567890}';
    const value = parseExactJson(text) as Record<string, unknown>;
    expect(value.s).toBe('12345678901234567890');
    expect(value.t).toBe('say "1e400"');
    expect(isExactNumber(value.n)).toBe(true);
    expect(exactJsonText(value, 0)).toBe(text);
  });

  it('keeps a number JSON.stringify would write differently as it was written', () => {
    expect(exactJsonText(parseExactJson('[1.50,1E5,119209289550781250000000,1.0]'), 0)).toBe(
      '[1.50,1E5,119209289550781250000000,1.0]',
    );
  });

  it('treats the same value written differently as equal (1.50 is 1.5), but not a rounded big number', () => {
    const a = parseExactJson('{"x":1.50,"y":12345678901234567890}');
    const b = parseExactJson('{"y":12345678901234567890,"x":1.5}');
    const c = parseExactJson('{"x":1.5,"y":12345678901234567000}');
    expect(jsonEqual(a, b)).toBe(true);
    expect(jsonEqual(a, c)).toBe(false);
    expect(jsonEqual({ a: [1, { b: null }] }, { a: [1, { b: null }] })).toBe(true);
    expect(jsonEqual({ a: [1] }, { a: [1, 2] })).toBe(false);
    expect(jsonEqual({ a: 1 }, { b: 1 })).toBe(false);
  });

  it('survives structured cloning (IPC) and a JSON round trip (the cache)', () => {
    const value = parseExactJson('{"id":98765432109876543210}');
    expect(exactJsonText(structuredClone(value), 0)).toBe('{"id":98765432109876543210}');
    expect(exactJsonText(JSON.parse(JSON.stringify(value)), 0)).toBe('{"id":98765432109876543210}');
  });

  it('refuses malformed text like JSON.parse', () => {
    expect(() => parseExactJson('{"a":')).toThrow(SyntaxError);
    expect(() => parseExactJson('{"a":12345678901234567890')).toThrow(SyntaxError);
  });

  it('measures depth without recursion, stopping early when asked', () => {
    expect(jsonDepth(5)).toBe(0);
    expect(jsonDepth({ a: [1, { b: [] }] })).toBe(4);
    const deep = JSON.parse('['.repeat(100_000) + ']'.repeat(100_000));
    expect(jsonDepth(deep, 300)).toBeGreaterThan(300);
  });

  it('writes any JSON value exactly as JSON.stringify would when nothing needs keeping', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (v) => {
        const text = JSON.stringify(v);
        expect(exactJsonText(parseExactJson(text), 0)).toBe(text);
      }),
      { numRuns: 300 },
    );
  });

  it('keeps arbitrary big integers and long decimals exactly', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n }), fc.nat(), (big, frac) => {
        const text = `{"a":${big},"b":[${big}.${frac}1]}`;
        expect(exactJsonText(parseExactJson(text), 0)).toBe(text);
      }),
      { numRuns: 300 },
    );
  });
});

describe('every key is data (issue 23, item 4)', () => {
  it('reads `__proto__` as a field, into objects without a prototype, and writes it back', () => {
    const text = '{"__proto__":{"polluted":true},"constructor":1,"children":[{"__proto__":"x"}]}';
    const doc = parseExactJson(text) as JsonObject;
    expect(Object.getPrototypeOf(doc)).toBeNull();
    expect(Object.keys(doc)).toEqual(['__proto__', 'constructor', 'children']);
    expect(exactJsonText(doc, 0)).toBe(text);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it('refuses an object shaped like its own number marker, however the key is spelled', () => {
    expect(() => parseExactJson('{"x":{"\\u0000plandesk:number":"7"}}')).toThrow(InternalMarkerError);
    expect(() => parseExactJson('[{"\\u0000plandesk\\u003anumber":"7","y":1}]')).toThrow(InternalMarkerError);
    // Its own markers are still made, and still written back as the literal.
    const doc = parseExactJson('{"n":12345678901234567890}') as JsonObject;
    expect(isExactNumber(doc.n)).toBe(true);
    expect(exactJsonText(doc, 0)).toBe('{"n":12345678901234567890}');
  });

  it('copies keep it too: a create’s body, a changed field, the whole form of an update', () => {
    const current = parseExactJson('{"id":"f","name":"A","__proto__":{"p":1},"children":[]}') as JsonObject;
    expect(Object.keys(withoutManagedFields(current))).toEqual(['name', '__proto__', 'children']);
    const edited = dataObject([...Object.entries(current), ['name', 'B']]);
    expect(Object.keys(changedTopFields(current, edited))).toEqual(['name']);
    expect(exactJsonText(wholeForm(current, changedTopFields(current, edited)), 0)).toBe(
      '{"name":"B","__proto__":{"p":1},"children":[]}',
    );
  });
});
