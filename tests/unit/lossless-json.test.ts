import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { JsonSyntaxError, JsonTextReader, parseJsonLossless } from '../../src-main/api/lossless-json';
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

/** Significant digits of a literal's mantissa: the reference the scans are held to. */
function significant(literal: string): number {
  const mantissa = literal
    .replace(/^-/, '')
    .replace(/[eE].*$/, '')
    .replace('.', '');
  return mantissa.replace(/^0+/, '').replace(/0+$/, '').length;
}

/** Every number literal outside strings, by a plain tokenizer (no regular expression on numbers). */
function literalsOf(text: string): string[] {
  const out: string[] = [];
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === '"') {
      for (i++; text[i] !== '"'; i++) if (text[i] === '\\') i++;
    } else if (c === '-' || (c >= '0' && c <= '9')) {
      let j = i + 1;
      while (j < text.length && /[0-9.eE+-]/.test(text[j]!)) j++;
      out.push(text.slice(i, j));
      i = j - 1;
    }
  }
  return out;
}

const digitsArb = (min: number, max: number) =>
  fc.string({ unit: fc.constantFrom('0', '1', '2', '5', '9'), minLength: min, maxLength: max });
/** Number literals of every length, with and without leading zeros, fractions and exponents. */
const literalArb = fc
  .tuple(
    fc.boolean(),
    fc.oneof(
      fc.constant('0'),
      digitsArb(1, 12).map((d) => `1${d}`),
    ),
    fc.option(digitsArb(1, 20), { nil: undefined }),
    fc.option(fc.constantFrom('e5', 'E-3', 'e+2'), { nil: undefined, freq: 4 }),
  )
  .map(([neg, int, frac, exp]) => `${neg ? '-' : ''}${int}${frac ? `.${frac}` : ''}${exp ?? ''}`);
/** Text in strings: umlauts, dashes beyond Latin-1, emoji, escapes, and separators followed by digits. */
const stringArb = fc
  .array(
    fc.constantFrom('a', 'ä', 'ß', '—', '😀', '\\"', '\\\\', ': 1234567890123456789', ', 0.1', '[', ' '),
    {
      maxLength: 8,
    },
  )
  .map((parts) => `"${parts.join('')}"`);
const blank = fc.constantFrom('', ' ', '\n  ', '\t');
const valueArb: fc.Arbitrary<string> = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small', withCrossShrink: true },
    literalArb,
    stringArb,
    fc.constantFrom('null', 'true'),
    fc
      .array(fc.tuple(blank, tie('value') as fc.Arbitrary<string>), { maxLength: 4 })
      .map((xs) => `[${xs.map(([b, v]) => `${b}${v}`).join(',')}]`),
    fc
      .array(fc.tuple(stringArb, blank, tie('value') as fc.Arbitrary<string>), { maxLength: 4 })
      .map((xs) => `{${xs.map(([k, b, v]) => `${k}:${b}${v}`).join(',')}}`),
  ),
})).value;

/** Feeds the UTF-8 bytes in chunks cut at the given points (through characters, too). */
function readInChunks(text: string, cuts: number[]): { text: string; mayLoseDigits: boolean } {
  const bytes = Buffer.from(text, 'utf8');
  const points = [...new Set(cuts.map((c) => c % (bytes.length + 1)))].sort((a, b) => a - b);
  const reader = new JsonTextReader();
  let from = 0;
  for (const p of [...points, bytes.length]) {
    reader.push(bytes.subarray(from, p));
    from = p;
  }
  return reader.finish();
}

describe('the scan for digits a double would lose', () => {
  it('finds a long literal wherever JSON allows a number', () => {
    const long = '1234567890.1234567';
    for (const text of [
      long,
      `  ${long}`,
      `{"a": ${long}}`,
      `{"a":\n\t${long}}`,
      `[1, 2,${long}]`,
      `[${long}]`,
      `{"a": -0.000${long.replace('.', '')}}`,
      `{"a": ${long}e-7}`,
    ]) {
      const literal = literalsOf(text).find((l) => significant(l) > 15)!;
      expect(parseJsonLossless(text), text).toEqual(JSON.parse(text.replace(literal, `"${literal}"`)));
    }
    // Fifteen significant digits, however many characters, stay native.
    expect(parseJsonLossless('{"a": 1234567890.12345000000000, "b": 0.000000000000001}')).toEqual({
      a: 1234567890.12345,
      b: 1e-15,
    });
  });

  it('reads a body in chunks exactly as the whole text, and flags every long literal (property)', () => {
    fc.assert(
      fc.property(valueArb, fc.array(fc.nat(), { maxLength: 6 }), (text, cuts) => {
        const read = readInChunks(text, cuts);
        // The same JSON: characters beyond Latin-1 are escapes now, nothing else changed.
        expect(JSON.parse(read.text)).toEqual(JSON.parse(text));
        const long = literalsOf(text).some((l) => significant(l) > 15);
        if (long) expect(read.mayLoseDigits).toBe(true);
        // Without a false alarm from a string, both scans agree with the reference.
        if (!text.includes('1234567890123456789')) {
          expect(read.mayLoseDigits).toBe(long);
        }
        // And the result is exact either way.
        expect(parseJsonLossless(read.text, read)).toEqual(parseJsonLossless(text));
      }),
      { numRuns: 500 },
    );
  });

  it('keeps the text one byte per character, and escapes only what is beyond Latin-1', () => {
    const text = '{"a":"Größe — 5 m² 😀","b":"\\\\—","c":1.5}';
    const read = readInChunks(text, [3, 9, 10, 11, 25]);
    expect(read.text).toBe('{"a":"Größe \\u2014 5 m² \\ud83d\\ude00","b":"\\\\—","c":1.5}');
    expect(JSON.parse(read.text)).toEqual(JSON.parse(text));
  });

  it('decodes like Response.text(): a BOM dropped, broken bytes replaced', () => {
    const bytes = Buffer.concat([
      Buffer.from([0xef, 0xbb, 0xbf]),
      Buffer.from('{"a":"x'),
      Buffer.from([0xff, 0xc3]),
      Buffer.from('"}'),
    ]);
    const reader = new JsonTextReader();
    for (const b of bytes) reader.push(Uint8Array.of(b));
    // The same JSON as the whole body decoded at once (U+FFFD is beyond Latin-1: now an escape).
    expect(JSON.parse(reader.finish().text)).toEqual(JSON.parse(new TextDecoder().decode(bytes)));
  });

  it('gives up scanning, safely, on megabytes of digits after a separator', () => {
    const reader = new JsonTextReader();
    reader.push(Buffer.from('{"a":0.'));
    for (let i = 0; i < 20; i++) reader.push(Buffer.from('0'.repeat(100_000)));
    reader.push(Buffer.from('1}'));
    const read = reader.finish();
    expect(read.mayLoseDigits).toBe(true);
    expect((parseJsonLossless(read.text, read) as { a: string }).a).toBe(`0.${'0'.repeat(2_000_000)}1`);
  });
});
