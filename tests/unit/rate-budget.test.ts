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

  // Issue 10, item 8: page walks are bulk requests; they leave a reserve for everything else.
  it('bulk requests stop at the bulk limit; ordinary ones use the rest', async () => {
    const budget = new SlidingWindowBudget(10, 1_000, () => Date.now(), 0.2);
    expect(budget.bulkLimit).toBe(8);
    for (let i = 0; i < 8; i++) (await budget.acquire(undefined, true))();
    let bulkNinth = false;
    const pending = budget.acquire(undefined, true).then((release) => {
      bulkNinth = true;
      release();
    });
    await vi.advanceTimersByTimeAsync(10);
    expect(bulkNinth).toBe(false);
    (await budget.acquire())();
    (await budget.acquire())();
    expect(budget.used()).toBe(10);
    await vi.advanceTimersByTimeAsync(1_000);
    expect(bulkNinth).toBe(true);
    await pending;
  });

  it('a waiting bulk request never holds up an ordinary one queued behind it', async () => {
    const budget = new SlidingWindowBudget(5, 1_000, () => Date.now(), 0.2);
    const held = [];
    for (let i = 0; i < 4; i++) held.push(await budget.acquire(undefined, true));
    const order: string[] = [];
    const bulk = budget.acquire(undefined, true).then((r) => {
      order.push('bulk');
      return r;
    });
    const ordinary = budget.acquire().then((r) => {
      order.push('ordinary');
      return r;
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(order).toEqual(['ordinary']);
    for (const release of held) release();
    (await ordinary)();
    await vi.advanceTimersByTimeAsync(1_001);
    expect(order).toEqual(['ordinary', 'bulk']);
    (await bulk)();
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
