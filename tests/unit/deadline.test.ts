/**
 * A deadline signal (src-shared/async/deadline.ts) aborts on time even when nothing but a composite
 * signal refers to it and the garbage collector runs in between: what AbortSignal.timeout inside
 * AbortSignal.any does not promise on Node 20 (nodejs/node#57736).
 */
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { deadlineSignal } from '../../src-shared/async/deadline';

/** The collector, callable from a test (as --expose-gc would give it). */
function collector(): () => void {
  setFlagsFromString('--expose-gc');
  return runInNewContext('gc') as () => void;
}

describe('deadlineSignal', () => {
  it('aborts a composite signal on time, a collection in between', async () => {
    const gc = collector();
    const composite = AbortSignal.any([new AbortController().signal, deadlineSignal(50).signal]);
    // After the current job (whose new weak references V8 keeps alive to its end), before the timer.
    await new Promise((resolve) => setImmediate(resolve));
    gc();
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(composite.aborted).toBe(true);
    expect((composite.reason as DOMException).name).toBe('TimeoutError');
  });

  it('does not abort once cleared', async () => {
    const deadline = deadlineSignal(20);
    deadline.clear();
    await new Promise((resolve) => setTimeout(resolve, 60));
    expect(deadline.signal.aborted).toBe(false);
  });
});
