import { describe, expect, it } from 'vitest';
import { ownedBytes, transferablesOf } from '../../src-main/workers/transferables';

describe('bytes handed between threads', () => {
  it('moves only buffers a byte array owns whole; a view into a shared one is copied first', () => {
    // Small Buffers share Node's pool: moving that pool would empty every other Buffer in it.
    const pooled = Buffer.from('a small body');
    const neighbour = Buffer.from('another one');
    expect(pooled.buffer).toBe(neighbour.buffer);
    const own = ownedBytes(pooled);
    expect(own.buffer).not.toBe(pooled.buffer);
    expect(Buffer.from(own).toString()).toBe('a small body');
    structuredClone(own, { transfer: [own.buffer] });
    expect(neighbour.toString()).toBe('another one');

    const whole = new Uint8Array(64);
    expect(ownedBytes(whole)).toBe(whole);
  });

  it("finds the owned byte arrays in a task's output, a few levels deep, each buffer once", () => {
    const a = new Uint8Array(8);
    const b = new Uint8Array(16);
    const view = new Uint8Array(a.buffer, 2, 2);
    const found = transferablesOf({ cacheBody: a, more: [b, a, view], text: 'x', n: 1, none: null });
    expect(found).toHaveLength(2);
    expect(found).toContain(a.buffer);
    expect(found).toContain(b.buffer);
    expect(transferablesOf({ deep: { deeper: { deepest: { bytes: new Uint8Array(4) } } } })).toEqual([]);
  });
});
