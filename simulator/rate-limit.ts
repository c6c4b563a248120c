/**
 * Sliding-window rate limiting per API key. Windows run on real time (or a test's own clock), not
 * the simulator clock, so advancing the clock for URL expiry never resets a budget.
 */
import type { RateClass } from './router';

export interface RateLimitConfig {
  standard: number;
  high: number;
  windowMs: number;
}

export class RateLimiter {
  private readonly hits = new Map<string, number[]>();

  constructor(
    private readonly config: RateLimitConfig,
    private readonly clock: () => number = Date.now,
  ) {}

  /** Records the request and returns true, or returns false (not recorded) when over the limit. */
  allow(keyId: string, rateClass: RateClass): boolean {
    const now = this.clock();
    const limit = rateClass === 'high' ? this.config.high : this.config.standard;
    const id = `${rateClass}\u0000${keyId}`;
    let log = this.hits.get(id);
    if (!log) {
      log = [];
      this.hits.set(id, log);
    }
    const cutoff = now - this.config.windowMs;
    let expired = 0;
    while (expired < log.length && (log[expired] as number) <= cutoff) expired++;
    if (expired > 0) log.splice(0, expired);
    if (log.length >= limit) return false;
    log.push(now);
    return true;
  }
}
