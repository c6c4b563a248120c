import { createHash } from 'node:crypto';
import { ServiceError } from '../errors/service-error';
import { WALK_BUDGET_RESERVE } from './limits';

/**
 * A client-side request budget: at most `limit` requests per sliding `windowMs`, so ordinary use never
 * meets the service's 429.
 *
 * A request counts from the moment it is sent until `windowMs` after its response arrived. Counting
 * from the response (not the send) is deliberately conservative: the server saw the request no later
 * than that, so our window always covers its window, whatever the network's jitter.
 */
export class SlidingWindowBudget {
  /** Completion times, oldest first; a ring would be faster, but 500 entries is nothing. */
  private finished: number[] = [];
  private inFlight = 0;
  private waiters: {
    bulk: boolean;
    resolve: () => void;
    reject: (e: unknown) => void;
    signal?: AbortSignal;
    onAbort?: () => void;
  }[] = [];
  private timer: NodeJS.Timeout | undefined;
  /** Bulk requests (page walks) stop here, so the rest of the window stays for everything else. */
  readonly bulkLimit: number;

  constructor(
    readonly limit: number,
    readonly windowMs: number,
    private readonly now: () => number = Date.now,
    bulkReserve: number = WALK_BUDGET_RESERVE,
  ) {
    if (!(limit > 0) || !(windowMs > 0)) throw new RangeError('limit and windowMs must be positive');
    this.bulkLimit = Math.max(1, limit - Math.ceil(limit * bulkReserve));
  }

  /** Requests currently counted against the window. */
  used(): number {
    this.prune();
    return this.finished.length + this.inFlight;
  }

  /**
   * Waits for a free slot; returns the function to call when the response has arrived. A `bulk`
   * request waits while the window is at `bulkLimit`, and never holds up an ordinary one queued
   * behind it.
   */
  async acquire(signal?: AbortSignal, bulk = false): Promise<() => void> {
    if (signal?.aborted) throw abortError();
    const queuedAhead = bulk ? this.waiters.length > 0 : this.waiters.some((w) => !w.bulk);
    if (!queuedAhead && this.used() < this.cap(bulk)) return this.take();
    await new Promise<void>((resolve, reject) => {
      const waiter: (typeof this.waiters)[number] = { bulk, resolve, reject };
      if (signal) {
        waiter.signal = signal;
        waiter.onAbort = () => {
          this.waiters = this.waiters.filter((w) => w !== waiter);
          reject(abortError());
        };
        signal.addEventListener('abort', waiter.onAbort, { once: true });
      }
      this.waiters.push(waiter);
      this.schedule();
    });
    // `drain` already counted us in flight before resolving.
    return this.releaser();
  }

  private cap(bulk: boolean): number {
    return bulk ? this.bulkLimit : this.limit;
  }

  private take(): () => void {
    this.inFlight++;
    return this.releaser();
  }

  private releaser(): () => void {
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.inFlight--;
      this.finished.push(this.now());
      this.drain();
    };
  }

  private prune(): void {
    const cutoff = this.now() - this.windowMs;
    let drop = 0;
    while (drop < this.finished.length && this.finished[drop]! <= cutoff) drop++;
    if (drop > 0) this.finished.splice(0, drop);
  }

  /** Lets waiters in, in order; a bulk waiter that must wait does not block ordinary ones behind it. */
  private drain(): void {
    let bulkBlocked = false;
    for (let i = 0; i < this.waiters.length;) {
      const w = this.waiters[i]!;
      if (w.bulk && bulkBlocked) {
        i++;
        continue;
      }
      if (this.used() >= this.cap(w.bulk)) {
        if (!w.bulk) break;
        bulkBlocked = true;
        i++;
        continue;
      }
      this.waiters.splice(i, 1);
      if (w.signal && w.onAbort) w.signal.removeEventListener('abort', w.onAbort);
      this.inFlight++;
      w.resolve();
    }
    this.schedule();
  }

  /** Wakes up when the oldest finished request leaves the window (in-flight ones wake us on release). */
  private schedule(): void {
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = undefined;
    }
    if (this.waiters.length === 0 || this.finished.length === 0) return;
    const wait = Math.max(1, this.finished[0]! + this.windowMs - this.now() + 1);
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.drain();
    }, wait);
    // A pending budget wait must not keep a CLI process alive after its work was cancelled.
    this.timer.unref?.();
  }
}

function abortError(): ServiceError {
  return new ServiceError('cancelled', 'The operation was cancelled.');
}

export interface BudgetSettings {
  limit: number;
  windowMs: number;
}

/** The service's documented standard limit. We budget every request as standard (see docs/service-shapes.md). */
export const DEFAULT_BUDGET: BudgetSettings = { limit: 500, windowMs: 5 * 60_000 };

const budgets = new Map<string, SlidingWindowBudget>();

/**
 * One budget per API key for the whole process, shared by every client made with that key: the
 * service counts per key, not per client object. Keyed by a hash so the map never holds the key.
 */
export function budgetForKey(
  customer: string,
  key: string,
  settings: BudgetSettings = DEFAULT_BUDGET,
): SlidingWindowBudget {
  const id =
    createHash('sha256').update(`${customer}\u0000${key}`).digest('hex') +
    `:${settings.limit}/${settings.windowMs}`;
  let budget = budgets.get(id);
  if (!budget) {
    budget = new SlidingWindowBudget(settings.limit, settings.windowMs);
    budgets.set(id, budget);
  }
  return budget;
}
