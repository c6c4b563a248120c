import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { JsonSyntaxError, JsonTextReader, parseJsonLossless } from '../../src-main/api/lossless-json';
import { StreamedArray } from '../../src-main/api/streamed-array';
import { detailOfAnswer } from '../../src-main/api/estimate-parse';
import { ESTIMATE_ITEMS as ITEMS } from '../../src-main/estimates/estimate-body';
import { Decimal } from '../../src-shared/money/decimal';

/** The text in pieces of `size` characters, through a StreamedArray cutting every `batch` characters. */
function streamed(text: string, size: number, batch: number): unknown {
  const elements = new StreamedArray('items', { depth: 3, batchChars: batch });
  for (let i = 0; i < text.length; i += size) elements.take(text.slice(i, i + size));
  return elements.finish(detailOfAnswer);
}

/** The text's UTF-8 bytes in pieces of `size` bytes, read by the reader the estimate tasks use. */
function read(text: string, size: number, batch: number): { json: unknown; streamed: boolean } {
  const bytes = Buffer.from(text, 'utf8');
  const reader = new JsonTextReader({ streamArray: ITEMS, batchChars: batch });
  for (let i = 0; i < bytes.length; i += size) reader.push(bytes.subarray(i, i + size));
  return { json: reader.parse(detailOfAnswer), streamed: reader.streamed };
}

/** A literal a double cannot hold, and a stand-in JSON.stringify writes for it ("inexact"). */
const INEXACT = '1234567890123.123456789012';
class Inexact {
  toJSON(): string {
    return 'inexact';
  }
}

/**
 * A parsed value with every number as its exact decimal text: the lossless reader keeps a literal a
 * double cannot hold as text, and may give other numbers as numbers or as text (the schemas take
 * both), so values are compared by what they mean.
 */
function exactly(value: unknown): unknown {
  if (typeof value === 'number') return Decimal.of(value).toFixed(12);
  if (typeof value === 'string' && /^-?\d+(\.\d+)?$/.test(value)) {
    return Decimal.parse(value).toFixed(12);
  }
  if (Array.isArray(value)) return value.map(exactly);
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, exactly(v)]));
  }
  return value;
}

const item = (i: number, extra: Record<string, unknown> = {}) => ({
  id: `i${i}`,
  parent_id: i > 0 ? 'i0' : null,
  name: `Item ${i}`,
  total: i * 1.25,
  ...extra,
});

const answer = (
  items: unknown[],
  header: Record<string, unknown> = {},
  after: Record<string, unknown> = {},
) =>
  JSON.stringify({ data: [{ id: 'e1', name: 'Estimate', ...header, items, ...after }], meta: { page: 1 } });

describe('StreamedArray: the items parsed while the text arrives', () => {
  it('gives exactly what JSON.parse of the whole text gives, the items parsed in batches', () => {
    const items = Array.from({ length: 300 }, (_, i) => item(i));
    const text = answer(
      items,
      { currency: 'EUR' },
      { estimate_totals: { total: 1 }, tail: [1, [2, { a: 3 }]] },
    );
    for (const [size, batch] of [
      [7, 300],
      [1000, 500],
      [text.length, 1],
    ] as const) {
      const json = streamed(text, size, batch);
      expect(json, `${size}/${batch}`).not.toBeNull();
      expect(json).toEqual(JSON.parse(text));
    }
  });

  it('never cuts inside a string or a nested value, whatever the items hold (property)', () => {
    const hostileText = fc.oneof(
      fc.string(),
      fc.constantFrom('},{', '"},{"', '\\', '\\"},{\\"', '"items":[', ']}', '{"items":[{},{}]}', '€ 北 👨‍👩‍👧'),
    );
    const hostileItem = fc.record({
      id: fc.string(),
      name: hostileText,
      nested: fc.oneof(
        fc.constant(null),
        fc.array(fc.record({ a: hostileText, b: fc.integer() }), { maxLength: 3 }),
      ),
      total: fc.oneof(
        fc.integer(),
        fc.integer().map((c) => c / 100),
        hostileText,
      ),
      // Now and then a literal a double cannot hold.
      exact: fc.oneof(fc.constant(null), fc.constant(null), fc.constant(new Inexact())),
    });
    let usedBatches = 0;
    fc.assert(
      fc.property(
        fc.array(hostileItem, { maxLength: 80 }),
        fc.integer({ min: 1, max: 97 }),
        fc.integer({ min: 150, max: 800 }),
        (items, size, batch) => {
          const text = answer(items, { customer: { name: 'C', items: [{ x: '},{' }, { y: 1 }] } }).replaceAll(
            '"inexact"',
            INEXACT,
          );
          const result = read(text, size, batch);
          expect(exactly(result.json)).toEqual(exactly(parseJsonLossless(text)));
          if (result.streamed) usedBatches++;
        },
      ),
      { numRuns: 300 },
    );
    // Not only the whole parse's fallback was tried: over a quarter of the answers were read from batches.
    expect(usedBatches).toBeGreaterThan(75);
  });

  it("uses the batches only for the estimate's own items, never a same-named array elsewhere", () => {
    const many = Array.from({ length: 50 }, (_, i) => item(i));
    // A customer with an "items" array of its own, before the estimate's: passed over.
    const decoy = answer(many, { customer: { items: [item(1), { x: '},{' }, item(2)] } });
    expect(streamed(decoy, 100, 200)).toEqual(JSON.parse(decoy));
    expect(read(decoy, 100, 200)).toEqual({ json: JSON.parse(decoy), streamed: true });
    // "items" twice in the estimate: JSON.parse keeps the last, so the first is not used.
    const twice = `{"data":[{"items":${JSON.stringify(many)},"items":[{"id":"last"}]}]}`;
    expect(streamed(twice, 100, 200)).toBeNull();
    expect(read(twice, 100, 200).json).toEqual(JSON.parse(twice));
    // The estimate at data[1]: the estimate tasks read data[0].
    const second = JSON.stringify({ data: [{ id: 'a' }, { id: 'b', items: many }] });
    expect(streamed(second, 100, 200)).toBeNull();
    expect(read(second, 100, 200).json).toEqual(JSON.parse(second));
    // `data` an object: the depth differs, nothing is cut.
    const flat = JSON.stringify({ data: { id: 'b', items: many } });
    expect(streamed(flat, 100, 200)).toBeNull();
  });

  it('finds the key split across pieces anywhere, with blanks before its array', () => {
    const many = Array.from({ length: 50 }, (_, i) => item(i));
    const text = answer(many).replace('"items":[', '"items" :\n [');
    for (let size = 1; size <= 12; size++)
      expect(streamed(text, size, 200), `${size}`).toEqual(JSON.parse(text));
  });

  it('leaves to the whole parse what it cannot cut: pretty-printed text, too few items, a late array', () => {
    const items = Array.from({ length: 50 }, (_, i) => item(i));
    const pretty = JSON.stringify(JSON.parse(answer(items)), null, 2);
    expect(streamed(pretty, 100, 200)).toBeNull();
    expect(read(pretty, 100, 200)).toEqual({ json: JSON.parse(pretty), streamed: false });
    expect(streamed(answer([item(1)]), 5, 10)).toBeNull();
    // The array's key beyond the head's limit.
    const late = new StreamedArray('items', { depth: 3, batchChars: 200, maxHeadChars: 1000 });
    const text = answer(items, { statement: 'x'.repeat(5000) });
    for (let i = 0; i < text.length; i += 100) late.take(text.slice(i, i + 100));
    expect(late.finish(detailOfAnswer)).toBeNull();
  });

  it('gives up cutting after a few failed cuts, and the whole parse still reads the text', () => {
    // Every item's text is full of "},{" and larger than a batch: each cut lands inside a string.
    const items = Array.from({ length: 20 }, (_, i) => item(i, { description: '},{'.repeat(100) }));
    const text = answer(items);
    const result = read(text, 50, 100);
    expect(result.json).toEqual(JSON.parse(text));
  });

  it('keeps every digit: items before a literal a double cannot hold are parsed natively, the rest keep their text', () => {
    const items = Array.from({ length: 50 }, (_, i) => item(i));
    for (const at of [2, 25, 49]) {
      const text = answer(items).replace(`"total":${at * 1.25}`, `"total":${INEXACT}`);
      const result = read(text, 64, 200);
      expect(result.streamed).toBe(true);
      expect(exactly(result.json)).toEqual(exactly(parseJsonLossless(text)));
      const detail = detailOfAnswer(result.json) as { items: { total: unknown }[] };
      expect(detail.items[at]!.total).toBe(INEXACT);
      expect(Decimal.of(detail.items[1]!.total as number | string).eq(Decimal.parse('1.25'))).toBe(true);
    }
  });

  describe('stays linear in the text, whatever its layout', () => {
    afterEach(() => vi.restoreAllMocks());

    /** Characters searched for a cut while `text` is read in pieces of `size`. */
    function searched(text: string, size: number): number {
      let chars = 0;
      const lastIndexOf = String.prototype.lastIndexOf;
      vi.spyOn(String.prototype, 'lastIndexOf').mockImplementation(function (this: string, ...args) {
        chars += this.length;
        return lastIndexOf.apply(this, args as [string, number?]);
      });
      const result = read(text, size, 4096);
      vi.restoreAllMocks();
      expect(result.json).toEqual(JSON.parse(text));
      return chars;
    }

    const items = Array.from({ length: 3000 }, (_, i) => item(i, { description: 'Estrich, Fliesen' }));
    it('items written as "}, {" (no cut ever found): a few batches searched, then none', () => {
      const text = answer(items).replaceAll('},{', '}, {');
      expect(text.length).toBeGreaterThan(9 * 8 * 4096);
      expect(searched(text, 512)).toBeLessThan(8 * 4096);
    });

    it('pretty-printed, and one element larger than many batches: the same', () => {
      expect(searched(JSON.stringify(JSON.parse(answer(items)), null, 2), 512)).toBeLessThan(8 * 4096);
      const huge = answer([item(0), item(1, { description: 'x'.repeat(2_000_000) }), item(2)]);
      expect(searched(huge, 512)).toBeLessThan(8 * 4096);
    });

    it('the estimate laid out as the service does: each character searched about once', () => {
      const text = answer(items);
      expect(searched(text, 512)).toBeLessThan(1.5 * text.length);
    });

    it('a header string of millions of characters, in one piece or in small ones, is read', () => {
      const long = answer(items.slice(0, 100), { note: `x\\"${'y'.repeat(3_000_000)}` });
      expect(read(long, long.length, 4096).json).toEqual(JSON.parse(long));
      const header = answer(items.slice(0, 100), { note: 'z'.repeat(200_000) });
      expect(read(header, 128, 4096)).toEqual({ json: JSON.parse(header), streamed: true });
    });
  });

  it('reports a broken answer as the whole parse does', () => {
    const items = Array.from({ length: 50 }, (_, i) => item(i));
    const text = answer(items);
    for (const broken of [
      text.slice(0, -3),
      text.slice(0, text.length / 2),
      text.replace('"Item 40"', '"Item 40'),
    ]) {
      expect(() => read(broken, 64, 200)).toThrow(JsonSyntaxError);
    }
  });

  it('streams the items of a large estimate answer with the default batches', () => {
    const items = Array.from({ length: 5000 }, (_, i) =>
      item(i, { description: 'Fliesen verlegen, Küche'.repeat(4) }),
    );
    const text = answer(items);
    const reader = new JsonTextReader({ streamArray: ITEMS });
    const bytes = Buffer.from(text, 'utf8');
    for (let i = 0; i < bytes.length; i += 65536) reader.push(bytes.subarray(i, i + 65536));
    expect(reader.parse(detailOfAnswer)).toEqual(JSON.parse(text));
    expect(reader.streamed).toBe(true);
  });
});
