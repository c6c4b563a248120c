import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { deepJsonText } from '../../src-main/json/deep-json-text';

describe('deepJsonText: JSON for any depth', () => {
  it('is byte-identical to JSON.stringify at ordinary depths', () => {
    fc.assert(
      fc.property(fc.jsonValue(), fc.constantFrom(0, 2, 4), (value, indent) => {
        expect(deepJsonText(value, { indent })).toBe(JSON.stringify(value, null, indent));
      }),
      { numRuns: 500 },
    );
  });

  it('leaves out what JSON.stringify leaves out, and applies toJSON', () => {
    const value = {
      a: undefined,
      b: () => 1,
      c: [undefined, () => 1, Symbol('s')],
      d: new Date(0),
      e: { toJSON: () => 'x' },
      f: NaN,
      g: Object(5) as number,
    };
    for (const indent of [0, 2])
      expect(deepJsonText(value, { indent })).toBe(JSON.stringify(value, null, indent));
    expect(deepJsonText([[], {}, [[]]], { indent: 2 })).toBe(JSON.stringify([[], {}, [[]]], null, 2));
  });

  it('writes 20,000 levels, with indentation that stops growing', () => {
    const root: { c: unknown[] } = { c: [] };
    let cur = root;
    for (let i = 0; i < 20_000; i++) {
      const next = { c: [] };
      cur.c.push(next);
      cur = next;
    }
    expect(() => JSON.stringify(root)).toThrow(RangeError);
    const text = deepJsonText(root, { indent: 2, maxIndentDepth: 4 });
    expect(text.length).toBeLessThan(20_000 * 60); // linear: about 45 characters a level
    expect(Math.max(...text.split('\n').map((l) => l.length - l.trimStart().length))).toBe(8);
    let back = JSON.parse(text) as { c: unknown[] };
    let depth = 0;
    while (back.c.length > 0) {
      back = back.c[0] as { c: unknown[] };
      depth++;
    }
    expect(depth).toBe(20_000);
  });
});
