import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { EstimateItem } from '../../src-main/api/schemas';
import { AMOUNT, AMOUNT_FIELDS, AmountTexts } from '../../src-main/estimates/amount-texts';
import { fixed12, moneyText } from '../../src-shared/money/amounts';
import { PicoSum } from '../../src-shared/money/pico-sum';
import { Decimal } from '../../src-shared/money/decimal';

/** The reference: every amount through Decimal, rounded to twelve digits. */
function reference(value: string | number | null | undefined): string | null {
  if (value === null || value === undefined) return null;
  const d = typeof value === 'number' ? Decimal.of(value) : Decimal.parse(value);
  return d.toFixed(12);
}

/** Amounts as an item may carry them: exact numbers (mostly whole cents), decimal text, null. */
const amountArb: fc.Arbitrary<string | number | null | undefined> = fc.oneof(
  fc.integer({ min: -1e9, max: 1e9 }).map((c) => c / 100),
  fc.constantFrom(0, -0, 0.19, 1e13, -99999999999.99, 123456.789, 1e-7, 2.5e-13, 9007199254740991),
  fc
    .bigInt({ min: -(10n ** 20n), max: 10n ** 20n })
    .map((u) => Decimal.fromInteger(u).mul(Decimal.parse('1e-12')).toFixed(12)),
  fc.constantFrom('7', '-0.000000000000', '1.0000000000005', '  2.25 ', '1e3'),
  fc.constantFrom(null, undefined),
);

describe('moneyText and AmountTexts', () => {
  it('give every amount exactly twelve digits, as Decimal would (property)', () => {
    fc.assert(
      fc.property(
        fc.array(fc.array(amountArb, { minLength: 14, maxLength: 14 }), { maxLength: 30 }),
        (rows) => {
          const items = rows.map(
            (values, i) =>
              ({
                id: `i${i}`,
                ...Object.fromEntries(AMOUNT_FIELDS.map((f, k) => [f, values[k]])),
              }) as EstimateItem,
          );
          const texts = new AmountTexts(items);
          rows.forEach((values, i) =>
            values.forEach((value, k) => {
              const expected = reference(value);
              expect(moneyText(value)).toBe(expected);
              expect(texts.get(i, k)).toBe(expected);
            }),
          );
        },
      ),
      { numRuns: 300 },
    );
  });

  it('handle an estimate-sized list (the buffer grows)', () => {
    const items = Array.from(
      { length: 3000 },
      (_, i) => ({ id: String(i), total: -(i * 1000003) / 100, tax: 0.19, quantity: null }) as EstimateItem,
    );
    const texts = new AmountTexts(items);
    for (let i = 0; i < items.length; i += 97) {
      expect(texts.get(i, AMOUNT.total)).toBe(reference(items[i]!.total));
      expect(texts.get(i, AMOUNT.tax)).toBe('0.190000000000');
      expect(texts.get(i, AMOUNT.quantity)).toBeNull();
    }
  });

  it('fixed12 keeps canonical text as it is and rounds anything longer', () => {
    expect(fixed12('12.500000000000')).toBe('12.500000000000');
    expect(fixed12('-0.000000000001')).toBe('-0.000000000001');
    expect(fixed12('1.0000000000005')).toBe('1.000000000001');
    expect(fixed12('12.5')).toBe('12.500000000000');
    expect(fixed12('007.500000000000')).toBe('7.500000000000');
    expect(fixed12('-0.000000000000')).toBe('0.000000000000');
    expect(fixed12('0.000000000000')).toBe('0.000000000000');
    expect(fixed12('x.000000000000')).toBeNull();
    expect(fixed12('1-2.000000000000')).toBeNull();
  });
});

describe('PicoSum', () => {
  const textArb = fc.oneof(
    // canonical, up to 15 integer digits (the double path) and beyond (the Decimal path)
    fc
      .bigInt({ min: -(10n ** 27n), max: 10n ** 27n })
      .map((u) => Decimal.fromInteger(u).mul(Decimal.parse('1e-12')).toFixed(12)),
    fc
      .bigInt({ min: -(10n ** 14n), max: 10n ** 14n })
      .map((c) => Decimal.fromInteger(c).mul(Decimal.parse('0.01')).toFixed(12)),
    // other forms: more digits, fewer digits, exponents; and text that is no number (counts as zero)
    fc.constantFrom(
      '1.0000000000005',
      '2.5',
      '-1e-13',
      '007.100000000000',
      'abc',
      '',
      '-',
      '1.2.000000000000',
    ),
    fc.constantFrom(null, undefined),
  );
  const exact = (t: string | null | undefined): Decimal =>
    t === null || t === undefined ? Decimal.ZERO : (Decimal.tryParse(t) ?? Decimal.ZERO);

  it('adds exactly, in any order, with and without sub-sums (property)', () => {
    fc.assert(
      fc.property(fc.array(textArb, { maxLength: 60 }), fc.nat(), (texts, split) => {
        const expected = Decimal.sum(texts.map(exact));
        const all = new PicoSum();
        for (const t of texts) all.add(t);
        expect(all.toDecimal().eq(expected)).toBe(true);
        expect(all.toText()).toBe(expected.toFixed(12));

        // Two halves summed separately, then one added to the other.
        const cut = split % (texts.length + 1);
        const left = new PicoSum();
        const right = new PicoSum();
        texts.slice(0, cut).forEach((t) => left.add(t));
        texts.slice(cut).forEach((t) => right.add(t));
        left.addSum(right);
        expect(left.toText()).toBe(expected.toFixed(12));
      }),
      { numRuns: 1000 },
    );
  });

  it('adds whole cents as integers exactly, mixed with texts and sub-sums (property)', () => {
    const centsArb = fc.oneof(
      fc.integer({ min: -1e9, max: 1e9 }),
      fc.constantFrom(0, 1, -1, 99, -99, 100, -100, 1e15 - 1, -(1e15 - 1)),
    );
    const entryArb = fc.oneof(
      centsArb.map((cents) => ({ cents })),
      textArb.map((text) => ({ text })),
    );
    fc.assert(
      fc.property(fc.array(entryArb, { maxLength: 60 }), fc.nat(), (entries, split) => {
        const value = (e: { cents: number } | { text: string | null | undefined }): Decimal =>
          'cents' in e ? Decimal.fromInteger(BigInt(e.cents)).mul(Decimal.parse('0.01')) : exact(e.text);
        const expected = Decimal.sum(entries.map(value));
        const put = (sum: PicoSum, e: (typeof entries)[number]) =>
          'cents' in e ? sum.addCents(e.cents) : sum.add(e.text);
        const all = new PicoSum();
        for (const e of entries) put(all, e);
        expect(all.toText()).toBe(expected.toFixed(12));
        expect(all.toDecimal().eq(expected)).toBe(true);
        const cut = split % (entries.length + 1);
        const left = new PicoSum();
        const right = new PicoSum();
        entries.slice(0, cut).forEach((e) => put(left, e));
        entries.slice(cut).forEach((e) => put(right, e));
        left.addSum(right);
        expect(left.toText()).toBe(expected.toFixed(12));
      }),
      { numRuns: 1000 },
    );
  });

  it('takes one sum off another exactly: what a comparison shows as the difference (property)', () => {
    const entryArb = fc.oneof(
      fc.integer({ min: -1e9, max: 1e9 }).map((cents) => ({ cents })),
      fc.constantFrom(1e15 - 1, -(1e15 - 1)).map((cents) => ({ cents })),
      textArb.map((text) => ({ text })),
    );
    type Entry = { cents: number } | { text: string | null | undefined };
    const sumOf = (entries: Entry[]) => {
      const sum = new PicoSum();
      for (const e of entries)
        if ('cents' in e) sum.addCents(e.cents);
        else sum.add(e.text);
      return sum;
    };
    fc.assert(
      fc.property(fc.array(entryArb, { maxLength: 40 }), fc.array(entryArb, { maxLength: 40 }), (xs, ys) => {
        const [x, y] = [sumOf(xs), sumOf(ys)];
        const expected = y.toDecimal().sub(x.toDecimal());
        const delta = new PicoSum();
        delta.addSum(y);
        delta.subtractSum(x);
        expect(delta.toText()).toBe(expected.toFixed(12));
        expect(delta.toDecimal().eq(expected)).toBe(true);
        // The sums taken from are unchanged.
        expect(x.toDecimal().eq(sumOf(xs).toDecimal())).toBe(true);
      }),
      { numRuns: 1000 },
    );
  });

  it('stays exact past 2^53 in whole cents too', () => {
    const sum = new PicoSum();
    for (let i = 0; i < 20_000; i++) sum.addCents(1e15 - 1);
    sum.add('-0.000000000001');
    expect(sum.toText()).toBe('199999999999999799.999999999999');
    const negative = new PicoSum();
    negative.addCents(-50);
    negative.addCents(25);
    expect(negative.toText()).toBe('-0.250000000000');
    const mixed = new PicoSum();
    mixed.addCents(-150);
    mixed.add('0.000000000001');
    expect(mixed.toText()).toBe('-1.499999999999');
  });

  it('stays exact past 2^53 (the accumulators move into a bigint)', () => {
    const big = '999999999999999.999999999999';
    const sum = new PicoSum();
    for (let i = 0; i < 20_000; i++) sum.add(big);
    sum.add('-0.000000000001');
    expect(sum.toText()).toBe('19999999999999999999.999999979999');
    expect(new PicoSum().toText()).toBe('0.000000000000');
    const negative = new PicoSum();
    negative.add('-0.500000000000');
    negative.add('0.250000000000');
    expect(negative.toText()).toBe('-0.250000000000');
  });
});
