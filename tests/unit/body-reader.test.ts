/**
 * Reading a body's chunks (api/body-reader.ts): within the cap, and never for long without giving
 * the event loop a turn, even when every chunk is already there (a body that arrived while the
 * thread was busy).
 */
import { describe, expect, it } from 'vitest';
import { eachChunk, readCappedBytes, TooLargeError } from '../../src-main/api/body-reader';

/** Chunks that are all there already: each `next()` resolves at once, as a promise callback. */
async function* ready(count: number, size: number): AsyncGenerator<Uint8Array> {
  for (let i = 0; i < count; i++) yield new Uint8Array(size).fill(i % 256);
}

/** Keeps the thread busy for `ms` (the work a chunk's handler does). */
function busy(ms: number): void {
  const until = performance.now() + ms;
  while (performance.now() < until) {
    // spinning on purpose
  }
}

describe('eachChunk', () => {
  it('lets a timer run while it works through chunks that are all there already', async () => {
    let timerRanAfter = -1;
    let taken = 0;
    setTimeout(() => (timerRanAfter = taken), 0);
    // 100 chunks of 1 ms each: without a turn for the loop, the timer would wait for all of them.
    await eachChunk(ready(100, 16), { maxBytes: 1 << 20 }, () => {
      taken += 1;
      busy(1);
    });
    expect(taken).toBe(100);
    expect(timerRanAfter).toBeGreaterThan(0);
    expect(timerRanAfter).toBeLessThan(40);
  });

  it('stops at the first chunk past the cap', async () => {
    let taken = 0;
    await expect(eachChunk(ready(10, 100), { maxBytes: 350 }, () => (taken += 1))).rejects.toBeInstanceOf(
      TooLargeError,
    );
    expect(taken).toBe(3);
  });

  it('gives the bytes in order', async () => {
    const bytes = await readCappedBytes(ready(3, 2), { maxBytes: 100 });
    expect([...bytes]).toEqual([0, 0, 1, 1, 2, 2]);
  });
});
