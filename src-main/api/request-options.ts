/** What the service client (transport.ts, client.ts) is made with and what a request may say. */
import type { UiLanguage } from '../../src-shared/i18n/languages';
import type { Logger } from '../log/logger';
import type { RetryPolicy } from './backoff';
import type { BodySink } from './body-sink';
import type { BudgetSettings, SlidingWindowBudget } from './rate-budget';

export interface ApiClientOptions {
  baseUrl: string;
  customer: string;
  key: string;
  /** Sent as Accept-Language; the service knows exactly the app's languages. */
  language?: UiLanguage;
  /** E-mail of the user whose permissions apply (`acting_user`). */
  actingUser?: string;
  /** Per attempt, including reading the body. */
  timeoutMs?: number;
  /** A request with all its retries (limits.ts REQUEST_DEADLINE_MS by default). */
  deadlineMs?: number;
  /** No byte for this long ends an attempt (limits.ts STALL_TIMEOUT_MS by default). */
  stallTimeoutMs?: number;
  retry?: Partial<RetryPolicy>;
  /** Client-side budget; by default one shared per key: 500 requests per 5 minutes. */
  budget?: BudgetSettings | SlidingWindowBudget;
  logger?: Logger;
  userAgent?: string;
}

export interface CallOptions {
  signal?: AbortSignal;
  /**
   * One of many requests of a walk over all pages: it may not use the share of the rate budget kept
   * for everything else (limits.ts WALK_BUDGET_RESERVE).
   */
  bulk?: boolean;
}

export type Query = Record<string, string | number | undefined | null | (string | number)[]>;

export interface RequestSpec extends CallOptions {
  query?: Query;
  body?: unknown;
  /**
   * 'lossless' keeps every non-integer number's exact text (estimates carry money). 'exact' keeps
   * every number literal as sent, in the answer and in the body (forms: PlanDesk sends back what it
   * does not understand unchanged).
   */
  parse?: 'plain' | 'lossless' | 'exact';
  /** The largest answer accepted, read as it arrives (limits.ts MAX_JSON_BYTES by default). */
  maxBytes?: number;
  /**
   * A success's body goes here chunk by chunk, unread (`json` is then undefined); error bodies are
   * still read here. For GETs only: a retry starts the body over (`begin`).
   */
  sink?: BodySink;
}

export interface PageRequest extends CallOptions {
  page?: number;
  pageSize?: number;
}

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
