/**
 * The heap limits of PlanDesk's worker threads (workers/pool.ts). The benchmarks that measure work
 * these threads do in the app (bench/reading-thread.ts) make their threads with the same limits.
 *
 * The young generation stays V8's default. A larger one makes a large read faster: its objects
 * nearly all live on (the parsed answer, then the tree beside it), and with small semi-spaces the
 * collector copies each of them more than once. But the semi-spaces stay grown and the old
 * generation grows further between collections, so a thread then holds far more memory after a
 * large read, for as long as it lives, and the time saved is a small part of opening a large
 * estimate. Measured both ways with bench "Open the 20,000-item estimate in the app: memory" and
 * "Estimate of 20,000 items".
 */
import type { ResourceLimits } from 'node:worker_threads';

export const THREAD_LIMITS: ResourceLimits = {
  maxOldGenerationSizeMb: 1024,
};
