import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decode } from '../../src-main/api/client';
import { parseJsonLossless } from '../../src-main/api/lossless-json';
import { estimateDetailSchema, estimateItemSchema } from '../../src-main/api/schemas';
import { fastEstimateDetail, fastItems, TEXT_KEYS } from '../../src-main/api/estimate-parse';
import { ITEM_DECIMAL_FIELDS } from '../../src-shared/estimates/types';
import { deepJsonText } from '../../src-main/json/deep-json-text';

/** What the client does today: zod for everything. */
function viaZod(raw: unknown): { ok: unknown } | { error: string } {
  try {
    return { ok: decode(estimateDetailSchema, raw, 'the estimate') };
  } catch (e) {
    return { error: String(e) };
  }
}

/** The fast path as a caller uses it: zod wherever the fast check is not sure. */
function parseEstimateDetail(raw: unknown) {
  return fastEstimateDetail(raw) ?? decode(estimateDetailSchema, raw, 'the estimate');
}

function viaFastPath(raw: unknown): { ok: unknown } | { error: string } {
  try {
    return { ok: parseEstimateDetail(raw) };
  } catch (e) {
    return { error: String(e) };
  }
}

/**
 * Same values, same types, same prototypes. The item schema checks and converts nothing, so zod's
 * items are copies of the input and the fast path hands out the input itself (asserted below): an
 * item's keys keep the service's order, which nothing downstream depends on. The header is zod's.
 */
function expectSame(a: unknown, b: unknown): void {
  expect(a).toStrictEqual(b);
}

/** The detail's header (everything but the items) in zod's key order, as text. */
function headerText(detail: unknown): string {
  const { items: _items, ...header } = detail as { items: unknown };
  return deepJsonText(header, { indent: 0 });
}

const money = fc.oneof(
  fc.bigInt({ min: -(10n ** 20n), max: 10n ** 20n }).map((u) => {
    const neg = u < 0n;
    const d = (neg ? -u : u).toString().padStart(13, '0');
    return `${neg ? '-' : ''}${d.slice(0, -12)}.${d.slice(-12)}`;
  }),
  fc.constantFrom('1.5', '0', '-0.000000000000', '007.500000000000', '1e-3', ' 2.25 ', '3.1234567890123'),
  fc.integer({ min: -1000, max: 1000 }),
  fc.constantFrom(0.5, 1e21, -2.75),
);
const badMoney = fc.constantFrom('abc', '', '1,5', true, {}, [], '--1');
const text = fc.oneof(fc.string({ maxLength: 8 }), fc.integer(), fc.constant(null));

/** Items as the service (or a misbehaving one) might send them. */
const rawItemArb = fc.record(
  {
    id: fc.oneof(fc.string({ minLength: 1, maxLength: 6 }), fc.nat(), fc.constant(''), fc.constant(1.5)),
    parent_id: fc.oneof(
      fc.constant(null),
      fc.string({ minLength: 1, maxLength: 6 }),
      fc.nat(),
      fc.constant(''),
    ),
    type: fc.oneof(fc.constantFrom('group', 'position', 'other', null), fc.constant(7)),
    code: text,
    name: text,
    description: text,
    unit: fc.oneof(text, fc.constant(true)),
    sort: fc.oneof(fc.integer({ min: -5, max: 50 }), fc.constantFrom('3', '2.5', ' ', 'x', null)),
    quantity: fc.option(money),
    labor_cost: fc.option(fc.oneof(money, badMoney), { freq: 3 }),
    total: fc.option(money),
    tax: fc.option(money),
    modified: fc.oneof(fc.constant('2025-04-11 07:30:03'), fc.constant(null), fc.constant(5)),
    extra: fc.jsonValue({ maxDepth: 1 }),
  },
  { requiredKeys: ['id'] },
);

describe('fastEstimateDetail: the fast path for items', () => {
  it('gives exactly what zod gives, or exactly the same error', () => {
    fc.assert(
      fc.property(fc.array(rawItemArb, { maxLength: 6 }), (items) => {
        const raw = { id: 'e1', name: 'E', items, estimate_totals: { total: '1.000000000000' } };
        const fast = viaFastPath(raw);
        const zod = viaZod(raw);
        if ('ok' in zod && 'ok' in fast) {
          expectSame(fast.ok, zod.ok);
          expect(headerText(fast.ok)).toBe(headerText(zod.ok));
        } else {
          expect(fast).toEqual(zod);
        }
      }),
      { numRuns: 1000 },
    );
  });

  it('accepts canonical items on the fast path itself, key for key as zod', () => {
    let fastOnes = 0;
    fc.assert(
      fc.property(fc.array(rawItemArb, { maxLength: 3 }), (items) => {
        const fast = fastItems(items);
        const zod = items.map((i) => estimateItemSchema.safeParse(i));
        if (fast === null) return; // zod decides those
        fastOnes++;
        expect(zod.every((r) => r.success)).toBe(true);
        expectSame(
          fast,
          zod.map((r) => r.data),
        );
        // No copies: the checked items are the ones given.
        expect(fast.every((item, i) => item === items[i])).toBe(true);
      }),
      { numRuns: 1000 },
    );
    // The check must actually be exercised, not just fall back.
    expect(fastOnes).toBeGreaterThan(100);
  });

  it('checks every field of the one list of item decimals (and texts) on the fast path', () => {
    const good = { id: 'a', type: 'position' };
    expect(fastItems([good])).not.toBeNull();
    // A field the fast path did not read would let a bad value through instead of handing it to zod.
    for (const field of ITEM_DECIMAL_FIELDS) {
      expect(fastItems([{ ...good, [field]: 'not a number' }]), field).toBeNull();
      expect(estimateItemSchema.safeParse({ ...good, [field]: 'not a number' }).success, field).toBe(false);
    }
    for (const field of TEXT_KEYS) expect(fastItems([{ ...good, [field]: {} }]), field).toBeNull();
  });

  it('reports a bad item like the client does', () => {
    const raw = {
      id: 'e1',
      items: [
        { id: 'a', type: 'position', total: '1.000000000000' },
        { id: 'b', type: 'position', labor_cost: 'abc' },
      ],
    };
    expect(() => parseEstimateDetail(raw)).toThrow(
      'The service\'s answer for the estimate was not in the expected form (at items.1.labor_cost: not a decimal number: "abc").',
    );
    expect(() => parseEstimateDetail({ id: 'e1' })).toThrow(/at items: /);
    expect(() => parseEstimateDetail(null)).toThrow(/not in the expected form/);
    expect(() => parseEstimateDetail({ items: [] })).toThrow(/at id: /);
  });

  it('gives the same detail as zod for every estimate of the demo data set', () => {
    const text = readFileSync('resources/demo/dataset.json', 'utf8');
    const data = parseJsonLossless(text) as { workspaces: { projects: { estimates: unknown[] }[] }[] };
    let count = 0;
    for (const ws of data.workspaces) {
      for (const p of ws.projects) {
        for (const e of p.estimates) {
          const fast = fastEstimateDetail(e);
          expect(fast).not.toBeNull(); // the demo data takes the fast path
          const zod = decode(estimateDetailSchema, e, 'the estimate');
          expectSame(fast, zod);
          expect(headerText(fast)).toBe(headerText(zod));
          count++;
        }
      }
    }
    expect(count).toBeGreaterThan(50);
  });
});
