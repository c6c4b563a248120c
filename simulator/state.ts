/**
 * Everything one running simulator holds: data, clock, switches, counters and the storage host.
 */
import type { SimUser } from './data/types';
import { defaultVariants, FaultState } from './faults';
import type { Locale } from './formatting';
import type { RateLimiter } from './rate-limit';
import type { SimStats } from './sim-types';
import type { StorageService } from './storage';
import type { Store, WorkspaceState } from './store';

export class SimState {
  /** Added to Date.now() for every expiry and timestamp (advanceClock); rate limits ignore it. */
  clockOffsetMs = 0;
  variants = defaultVariants();
  readonly faults = new FaultState();
  readonly stats: SimStats = {
    requests: 0,
    byStatus: {},
    rateLimited: 0,
    credentialLeaks: 0,
    storageRequests: 0,
  };
  /** `http://host:port/api/v2` */
  baseUrl = '';
  /** `http://host:port` of the API server */
  origin = '';
  storage!: StorageService;

  constructor(
    readonly store: Store,
    readonly limiter: RateLimiter,
    private readonly logger: ((line: string) => void) | undefined,
  ) {}

  get hasLogger(): boolean {
    return this.logger !== undefined;
  }

  /** The request log and bug reports; never given header values. */
  log(line: string): void {
    try {
      this.logger?.(line);
    } catch {
      // A throwing logger must not take a request down with it.
    }
  }

  now(): number {
    return Date.now() + this.clockOffsetMs;
  }

  /** Stored URLs name the simulator's own host as `{base}`; it is only known once listening. */
  expandBase(url: string): string;
  expandBase(url: string | null): string | null;
  expandBase(url: string | null): string | null {
    return url === null ? null : url.split('{base}').join(this.baseUrl);
  }
}

/** What an API handler gets for one authenticated request. */
export interface ApiContext {
  sim: SimState;
  ws: WorkspaceState;
  /** Path below `/api/v2`, e.g. `/projects/p1`. */
  path: string;
  query: URLSearchParams;
  locale: Locale;
  actingUser: SimUser | null;
  /** The parsed JSON body, `undefined` when empty. Throws 400/413. */
  body(): Promise<unknown>;
}
