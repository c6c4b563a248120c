import { describe, expect, it, vi } from 'vitest';
import { Operations, isClosing } from '../../src-main/operations/operations';

describe('Operations', () => {
  it('cancels an operation by its id, and one started again under the same id replaces it', () => {
    const ops = new Operations(() => undefined);
    const first = ops.start('a');
    const second = ops.start('a');
    expect(first.signal.aborted).toBe(true);
    expect(ops.cancel('a')).toBe(true);
    expect(second.signal.aborted).toBe(true);
    expect(ops.cancel('a')).toBe(false);
  });

  it('at close, cancels every operation under way, with an id or without, and every one started after', () => {
    const progress = vi.fn();
    const ops = new Operations(progress);
    const named = ops.start('export-1');
    const background = ops.start(undefined);
    const done = ops.start(undefined);
    done.finish();
    ops.close();
    expect(named.signal.aborted).toBe(true);
    expect(background.signal.aborted).toBe(true);
    expect(done.signal.aborted).toBe(false);
    const late = ops.start('late');
    expect(late.signal.aborted).toBe(true);
    // Told apart from a cancel by the user: an upload stays in the outbox for the next start.
    expect([named, background, late].every((op) => isClosing(op.signal))).toBe(true);
    expect(isClosing(done.signal)).toBe(false);
    const mine = new Operations(() => undefined);
    const cancelled = mine.start('mine');
    mine.cancel('mine');
    expect(cancelled.signal.aborted).toBe(true);
    expect(isClosing(cancelled.signal)).toBe(false);
    expect((named.signal.reason as Error).name).toBe('AbortError');
    // A cancelled operation reports no progress.
    named.progress(1, 2);
    late.progress(1, 2);
    expect(progress).not.toHaveBeenCalled();
  });
});
