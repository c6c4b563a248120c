import { describe, expect, it, vi } from 'vitest';
import { Operations } from '../../src-main/operations/operations';

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
    // A cancelled operation reports no progress.
    named.progress(1, 2);
    late.progress(1, 2);
    expect(progress).not.toHaveBeenCalled();
  });
});
