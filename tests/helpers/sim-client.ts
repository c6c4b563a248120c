import { ApiClient, type ApiClientOptions } from '../../src-main/api/client';
import { SlidingWindowBudget } from '../../src-main/api/rate-budget';
import { ServiceError } from '../../src-main/errors/service-error';

/** Short retry pauses: a test waits milliseconds, not seconds, for a retry. */
export const FAST_RETRY = { baseDelayMs: 10, maxDelayMs: 50 };

/**
 * An API client of one workspace of a service (the simulator, mostly) for a test: short retry pauses
 * and a rate budget of its own, so that tests neither wait long nor throttle each other.
 */
export function testClient(
  service: { baseUrl: string; customer: string; key: string },
  extra: Partial<ApiClientOptions> = {},
): ApiClient {
  return new ApiClient({
    baseUrl: service.baseUrl,
    customer: service.customer,
    key: service.key,
    retry: FAST_RETRY,
    budget: new SlidingWindowBudget(10_000, 60_000),
    ...extra,
  });
}

/**
 * The ServiceError a call fails with. The test fails if the call does not fail, or fails with
 * anything else (that error goes on). No vitest in here: Playwright specs use this file too.
 */
export async function failure(p: Promise<unknown>): Promise<ServiceError> {
  try {
    await p;
  } catch (e) {
    if (e instanceof ServiceError) return e;
    throw e;
  }
  throw new Error('expected the call to fail');
}
