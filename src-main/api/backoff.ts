/** How hard the client tries again. Tests shrink the delays; the shape stays the same. */
export interface RetryPolicy {
  /** Attempts in all when the service answers 429 (every method: a 429 means nothing was done). */
  maxAttemptsRateLimited: number;
  /** Attempts in all for idempotent requests after a 5xx, a timeout or a network error. */
  maxAttemptsTransient: number;
  baseDelayMs: number;
  maxDelayMs: number;
  /**
   * Whether a request that got no answer at all (refused, no route, a timeout) is tried again. Not
   * while the service is known to be out of reach (cache/cached-client.ts): the offline copy then
   * answers at once, and the offline probe finds the service again.
   */
  retryUnanswered?: boolean;
}

export const DEFAULT_RETRY: RetryPolicy = {
  maxAttemptsRateLimited: 6,
  maxAttemptsTransient: 3,
  baseDelayMs: 500,
  maxDelayMs: 30_000,
};

/**
 * Capped exponential backoff with full jitter: a random delay in [cap/2, cap] where
 * cap = min(maxDelay, base · 2^retry). The floor at half keeps a storm of clients from retrying
 * at once almost immediately; the jitter spreads them.
 */
export function backoffDelay(retry: number, policy: RetryPolicy, random: () => number = Math.random): number {
  const cap = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** retry);
  return Math.round(cap / 2 + random() * (cap / 2));
}

export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(signal.reason);
      return;
    }
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
