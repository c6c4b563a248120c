/**
 * Whole copies in columns (versions/whole-copy.ts): items of the shape the service sends come back
 * exactly (keys, their order, values), whatever the values; any other list is stored as its JSON;
 * a whole copy stored as JSON before reads as it did; a damaged one fails, never reads wrong.
 */
import fc from 'fast-check';
import { brotliCompressSync, brotliDecompressSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { latin1JsonText } from '../../src-main/cache/stored-json';
import type { RawItem, Snapshot } from '../../src-main/versions/snapshot';
import {
  contentHash,
  delta,
  encodeDelta,
  encodeFull,
  readChain,
} from '../../src-main/versions/version-codec';
import { editedItems, random, randomItems, snapshot } from '../helpers/estimate-versions';
import { simItem } from '../../simulator/data/estimate-item';

/** The estimate item fields as the service sends them: the simulator's item, key by key. */
const SENT = Object.keys(
  simItem({ id: 'x', parent_id: null, type: 'position', sort: 0, created: '', modified: '' }),
);
/** The order the spec lists the fields in (`modified` before `created`): stored as item JSON. */
const SPEC = [...SENT.slice(0, -2), 'modified', 'created'];

/** Every field, in `order`, from the item (null where it has none). */
function shaped(item: RawItem, order: readonly string[]): RawItem {
  const out: RawItem = {};
  for (const k of order) out[k] = k in item ? item[k] : null;
  return out;
}

/** Values the service could send in any field, hostile ones too. */
const ODD_VALUES: unknown[] = [
  'Fliese 30×60 — „Bad“',
  '😀 emoji',
  '水',
  'line\u2028separator',
  'quote " and \\ backslash',
  '',
  0,
  -12.5,
  1e21,
  0.1 + 0.2,
  '12345678901234567890.123456789012',
  true,
  false,
  null,
  { nested: [1, 'two', null] },
  [3, 4],
];

function withOddValues(items: RawItem[], seed: number): RawItem[] {
  const r = random(seed + 3);
  return items.map((item) => {
    const out = { ...item };
    for (const k of SENT)
      if (k !== 'id' && r() < 0.1) out[k] = ODD_VALUES[Math.floor(r() * ODD_VALUES.length)];
    if (r() < 0.05) out.parent_id = 'not-there';
    if (r() < 0.03) out.id = items[Math.floor(r() * items.length)]!.id;
    if (r() < 0.03) out.id = Math.floor(r() * 1000);
    return out;
  });
}

function stored(body: Uint8Array): unknown {
  return JSON.parse(brotliDecompressSync(body).toString('latin1'));
}

/** Exactly the same: values, and the keys of the header and of every item in the same order. */
function expectSame(read: Snapshot, written: Snapshot): void {
  expect(JSON.stringify({ ...read.header, items: read.items })).toBe(
    JSON.stringify({ ...written.header, items: written.items }),
  );
  expect(read).toEqual(written);
}

const lists = fc.record({
  seed: fc.integer({ min: 1, max: 2 ** 31 - 1 }),
  count: fc.integer({ min: 1, max: 80 }),
  asNumber: fc.boolean(),
  odd: fc.boolean(),
  spec: fc.boolean(),
});

describe('a whole copy in columns', () => {
  it('reads back every item of the service’s shape exactly, whatever its values', () => {
    fc.assert(
      fc.property(lists, ({ seed, count, asNumber, odd, spec }) => {
        const order = spec ? SPEC : SENT;
        const plain = randomItems(seed, count, asNumber).map((i) => shaped(i, order));
        const s = snapshot(odd ? withOddValues(plain, seed) : plain, { notes: '€ and 水' });
        const body = encodeFull(s);
        // In columns in the service's order; in the spec's listed order, as item JSON.
        const value = stored(body);
        if (spec) expect(Array.isArray(value)).toBe(false);
        else expect((value as unknown[])[0]).toBe('plandesk-columns');
        const read = readChain([body]);
        expectSame(read, s);
        expect(contentHash(read)).toBe(contentHash(s));
      }),
      { numRuns: 300 },
    );
  });

  it('reads on through deltas as a whole copy of item JSON does', () => {
    fc.assert(
      fc.property(lists, fc.integer({ min: 0, max: 10 }), ({ seed, count, asNumber }, edits) => {
        const a = snapshot(randomItems(seed, count, asNumber).map((i) => shaped(i, SENT)));
        const b = snapshot(editedItems(a.items, seed, edits));
        const d = delta(a, b);
        if (!d) return;
        expectSame(readChain([encodeFull(a), encodeDelta(d)]), b);
      }),
      { numRuns: 100 },
    );
  });

  it('gives a parent the very string its parent’s id is, and a parent not there as sent', () => {
    const items = randomItems(11, 50, false).map((i) => shaped(i, SENT));
    items[7]!.parent_id = 'not-there';
    const read = readChain([encodeFull(snapshot(items))]);
    const byId = new Map(read.items.map((i) => [i.id, i]));
    expect(read.items[7]!.parent_id).toBe('not-there');
    for (const item of read.items.filter((i) => byId.has(i.parent_id))) {
      // Not only equal: the same string (so the tree's lookups hash it once).
      expect(Object.is(item.parent_id, byId.get(item.parent_id)!.id)).toBe(true);
    }
  });

  it('is not used for items of another shape: those are stored as their JSON', () => {
    const base = randomItems(5, 30, true).map((i) => shaped(i, SENT));
    const extra = base.map((i, k) => (k === 4 ? { ...i, colour: 'red' } : i));
    const missing = base.map((i, k) => {
      if (k !== 9) return i;
      const { unit: _unit, ...rest } = i;
      return rest;
    });
    const otherOrder = base.map((i) => {
      const { name, ...rest } = i;
      return { name, ...rest };
    });
    for (const items of [extra, missing, otherOrder, randomItems(5, 30, true), []]) {
      const s = snapshot(items);
      const body = encodeFull(s);
      expect(Array.isArray(stored(body))).toBe(false);
      expectSame(readChain([body]), s);
    }
  });

  it('a whole copy stored as item JSON (before columns) reads as it did', () => {
    const s = snapshot(randomItems(9, 40, false).map((i) => shaped(i, SENT)));
    const before = brotliCompressSync(Buffer.from(latin1JsonText({ ...s.header, items: s.items }), 'latin1'));
    expectSame(readChain([before]), s);
  });

  it('fails when damaged, and never reads wrong', () => {
    const s = snapshot(randomItems(3, 20, false).map((i) => shaped(i, SENT)));
    const good = stored(encodeFull(s)) as unknown[];
    const columns = () => structuredClone(good[5]) as unknown[][];
    const damaged: unknown[][] = [
      [...good.slice(0, 1), 2, ...good.slice(2)],
      [...good.slice(0, 2), null, ...good.slice(3)],
      [...good.slice(0, 3), SENT.slice(1), ...good.slice(4)],
      [...good.slice(0, 4), 21, good[5]],
      [...good.slice(0, 4), -1, good[5]],
      [...good.slice(0, 5), columns().slice(1)],
    ];
    const withColumn = (at: number, column: unknown) => {
      const c = columns();
      c[at] = column as unknown[];
      return [...good.slice(0, 5), c];
    };
    damaged.push(
      withColumn(0, ['v', ['only one']]),
      withColumn(1, ['p', new Array(20).fill(21)]),
      withColumn(1, ['p', new Array(20).fill(-1)]),
      withColumn(2, ['d', ['position'], new Array(20).fill(1)]),
      withColumn(2, ['d', ['position'], new Array(20).fill(0.5)]),
      withColumn(3, ['p', new Array(20).fill(0)]),
      withColumn(3, ['x', []]),
      withColumn(3, 'v'),
    );
    for (const value of damaged) {
      const body = brotliCompressSync(Buffer.from(latin1JsonText(value), 'latin1'));
      expect(() => readChain([body])).toThrow(/whole copy/);
    }
  });
});
