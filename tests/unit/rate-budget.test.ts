import { describe, expect, it } from 'vitest';
import { SlidingWindowBudget } from '../../src-main/api/rate-budget';
import { backoffDelay, DEFAULT_RETRY } from '../../src-main/api/backoff';

describe('SlidingWindowBudget', () => {
  it('lets `limit` requests through, then waits until the oldest leaves the window', async () => {
    const budget = new SlidingWindowBudget(3, 200);
    const t0 = Date.now();
    for (let i = 0; i < 3; i++) (await budget.acquire())();
    expect(budget.used()).toBe(3);
    const release = await budget.acquire();
    const waited = Date.now() - t0;
    release();
    expect(waited).toBeGreaterThanOrEqual(195);
  });

  it('counts in-flight requests and frees them on release', async () => {
    const budget = new SlidingWindowBudget(2, 60_000);
    const r1 = await budget.acquire();
    await budget.acquire();
    let third = false;
    const pending = budget.acquire().then((r) => {
      third = true;
      return r;
    });
    await new Promise((r) => setTimeout(r, 20));
    expect(third).toBe(false);
    r1();
    // Still full: r1 finished but remains in the 60 s window.
    await new Promise((r) => setTimeout(r, 20));
    expect(third).toBe(false);
    expect(budget.used()).toBe(2);
    void pending;
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
