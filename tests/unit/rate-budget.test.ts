import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SlidingWindowBudget } from '../../src-main/api/rate-budget';
import { backoffDelay, DEFAULT_RETRY } from '../../src-main/api/backoff';

// The budget's clock and its wake-up timer both run on vitest's fake time: windows pass instantly and
// to the millisecond.
describe('SlidingWindowBudget', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('lets `limit` requests through, then waits until the oldest leaves the window', async () => {
    const budget = new SlidingWindowBudget(3, 200, () => Date.now());
    for (let i = 0; i < 3; i++) (await budget.acquire())();
    expect(budget.used()).toBe(3);
    let fourth = false;
    const pending = budget.acquire().then((release) => {
      fourth = true;
      release();
    });
    await vi.advanceTimersByTimeAsync(200);
    expect(fourth).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(fourth).toBe(true);
    await pending;
  });

  it('counts in-flight requests and frees them on release', async () => {
    const budget = new SlidingWindowBudget(2, 60_000, () => Date.now());
    const r1 = await budget.acquire();
    await budget.acquire();
    let third = false;
    const pending = budget.acquire().then((r) => {
      third = true;
      return r;
    });
    await vi.advanceTimersByTimeAsync(1_000);
    expect(third).toBe(false);
    r1();
    // Still full: r1 finished but remains in the 60 s window; just past it, the waiting call goes.
    await vi.advanceTimersByTimeAsync(59_999);
    expect(third).toBe(false);
    expect(budget.used()).toBe(2);
    await vi.advanceTimersByTimeAsync(2);
    expect(third).toBe(true);
    (await pending)();
  });

  it('cancels a waiting request', async () => {
    const budget = new SlidingWindowBudget(1, 60_000);
    await budget.acquire();
    const ac = new AbortController();
    const p = budget.acquire(ac.signal);
    ac.abort();
    await expect(p).rejects.toMatchObject({ kind: 'cancelled' });
  });
});

describe('backoffDelay', () => {
  it('grows exponentially with jitter and stays under the cap', () => {
    const policy = { ...DEFAULT_RETRY, baseDelayMs: 100, maxDelayMs: 1000 };
    expect(backoffDelay(0, policy, () => 0)).toBe(50);
    expect(backoffDelay(0, policy, () => 1)).toBe(100);
    expect(backoffDelay(3, policy, () => 1)).toBe(800);
    expect(backoffDelay(10, policy, () => 1)).toBe(1000);
    expect(backoffDelay(10, policy, () => 0)).toBe(500);
  });
});
