/**
 * Keeps only the answer to the latest of a series of requests. Answers arrive in any order, and the
 * user may have moved on while one was under way: a store takes a token when it asks, and drops the
 * answer unless that token is still the current one.
 *
 *   const latest = latestOnly();
 *   const token = latest.begin();
 *   const res = await call(...);
 *   if (!latest.isCurrent(token)) return;
 */

declare const brand: unique symbol;

/** One request of a series; compared by identity, so tokens of two series never match. */
export interface LatestToken {
  readonly [brand]: true;
}

export interface Latest {
  /** Starts a request: every request started before it is stale from now on. */
  begin(): LatestToken;
  /** Whether no newer request started, and nothing was invalidated, since `token` began. */
  isCurrent(token: LatestToken): boolean;
  /** Makes every request started so far stale (the data they were for is no longer shown). */
  invalidate(): void;
}

export function latestOnly(): Latest {
  let current: LatestToken | null = null;
  return {
    begin: () => {
      const token = Object.freeze({}) as LatestToken;
      current = token;
      return token;
    },
    isCurrent: (token) => token === current,
    invalidate: () => {
      current = null;
    },
  };
}
