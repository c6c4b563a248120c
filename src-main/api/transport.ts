import type { z } from 'zod';
import { createLogger, registerSecret, silentLogger, type Logger } from '../log/logger';
import { DEFAULT_RETRY, backoffDelay, sleep, type RetryPolicy } from './backoff';
import { isAllowedRedirectTarget, normaliseBaseUrl } from './base-url';
import { parseJsonLossless, readJsonText } from './lossless-json';
import { readPageInfo, MAX_PAGE_SIZE, type Page } from './paging';
import { DEFAULT_BUDGET, SlidingWindowBudget, budgetForKey } from './rate-budget';
import * as s from './schemas';
import { decode } from './decode';
import type { UiLanguage } from '../../src-shared/i18n/languages';
import { ServiceError } from '../errors/service-error';
import { errorForStatus, parseErrorBody, unreadableAnswer } from './http-errors';
import { exactJsonText, parseExactJson } from '../../src-shared/json/exact-json';
import { deadlineSignal } from '../../src-shared/async/deadline';
import { declaredLength } from './body-sink';
import {
  StallWatchdog,
  eachChunk,
  TooLargeError,
  checkDeclaredLength,
  readCappedBytes,
  readCappedText,
  readTextPrefix,
} from './body-reader';
import {
  ATTEMPT_TIMEOUT_MS,
  MAX_ERROR_BODY_BYTES,
  MAX_JSON_BYTES,
  MAX_LIST_PAGE_JSON_BYTES,
  MAX_LOGO_BYTES,
  REQUEST_DEADLINE_MS,
  STALL_TIMEOUT_MS,
  sizeInWords,
} from './limits';
import type {
  ApiClientOptions,
  CallOptions,
  Method,
  PageRequest,
  Query,
  RequestSpec,
} from './request-options';

const CREDENTIAL_HEADERS = ['customer', 'key', 'acting_user'];
const HEADER_SAFE = /^[\x21-\x7e]+$/;

/**
 * The HTTP side of the service client: auth headers, manual redirects (credentials never leave the
 * service's origin), per-attempt timeouts and cancellation, the rate budget, retries with capped
 * exponential backoff, lossless JSON for money, paging, and every failure as a ServiceError of a
 * known kind. The endpoint methods (client.ts) are written on top of `request` and `page`.
 */
export class ServiceTransport {
  readonly baseUrl: string;
  private readonly origin: string;
  private readonly basePath: string;
  private readonly customer: string;
  private readonly key: string;
  private readonly language: UiLanguage | undefined;
  readonly actingUser: string | undefined;
  private readonly timeoutMs: number;
  private readonly deadlineMs: number;
  private readonly stallMs: number;
  private readonly retry: RetryPolicy;
  /** This key's request budget (its use is read by background work that keeps to a share of it). */
  readonly budget: SlidingWindowBudget;
  private readonly logger: Logger;
  private readonly userAgent: string;

  constructor(options: ApiClientOptions) {
    this.baseUrl = normaliseBaseUrl(options.baseUrl);
    const base = new URL(this.baseUrl);
    this.origin = base.origin;
    this.basePath = base.pathname.replace(/\/+$/, '');
    this.customer = requireHeaderValue(options.customer, 'customer ID');
    this.key = requireHeaderValue(options.key, 'API key');
    registerSecret(this.key);
    this.language = options.language;
    this.actingUser = options.actingUser
      ? requireHeaderValue(options.actingUser, 'acting user e-mail')
      : undefined;
    this.timeoutMs = options.timeoutMs ?? ATTEMPT_TIMEOUT_MS;
    this.deadlineMs = options.deadlineMs ?? REQUEST_DEADLINE_MS;
    this.stallMs = options.stallTimeoutMs ?? STALL_TIMEOUT_MS;
    this.retry = { ...DEFAULT_RETRY, ...options.retry };
    this.budget =
      options.budget instanceof SlidingWindowBudget
        ? options.budget
        : budgetForKey(this.customer, this.key, options.budget ?? DEFAULT_BUDGET);
    // Wrap whatever logger we were given so redaction applies even to a plain sink.
    const inner = options.logger ?? silentLogger;
    this.logger = createLogger((level, line) => inner.log(level, line));
    this.userAgent = options.userAgent ?? 'PlanDesk/0.1';
  }

  /**
   * An image the service refers to (company logo, watermark, floor image). On the service's own
   * host it needs the credentials; anywhere else (presigned storage) it must never get them. Images
   * are optional decoration, so every failure is null, never an error. At most `maxBytes`.
   */
  async fetchImage(url: string, opts: CallOptions & { maxBytes?: number } = {}): Promise<Uint8Array | null> {
    let target: URL;
    try {
      target = new URL(url);
    } catch {
      return null;
    }
    if (!isAllowedRedirectTarget(target)) return null;
    const headers = target.origin === this.origin ? this.headers() : { 'user-agent': this.userAgent };
    delete headers['content-type'];
    headers.accept = 'image/png, image/jpeg, image/*';
    const maxBytes = opts.maxBytes ?? MAX_LOGO_BYTES;
    const release = await this.budget.acquire(opts.signal, opts.bulk).catch(() => null);
    if (!release) return null;
    const stall = new StallWatchdog(this.stallMs);
    const timeout = deadlineSignal(this.timeoutMs);
    const signals = [timeout.signal, stall.signal];
    if (opts.signal) signals.push(opts.signal);
    try {
      // No redirects: a redirect could carry the credentials to another host.
      const res = await fetch(target, { headers, redirect: 'manual', signal: AbortSignal.any(signals) });
      if (res.status !== 200) {
        await res.body?.cancel();
        return null;
      }
      checkDeclaredLength(res.headers, maxBytes);
      return await readCappedBytes(res.body, { maxBytes, onChunk: stall.kick });
    } catch (err) {
      if (err instanceof TooLargeError)
        this.logger.log('warn', `image ${target.pathname} is over ${sizeInWords(maxBytes)}; not shown`);
      return null;
    } finally {
      timeout.clear();
      stall.stop();
      release();
    }
  }

  async page<S extends z.ZodType>(
    path: string,
    itemSchema: S,
    req: PageRequest,
    filters: Query = {},
  ): Promise<Page<z.output<S>>> {
    const page = req.page ?? 1;
    const pageSize = req.pageSize ?? 10;
    if (!Number.isInteger(page) || page < 1) throw new ServiceError('config', 'Page numbers start at 1.');
    if (!Number.isInteger(pageSize) || pageSize < 1 || pageSize > MAX_PAGE_SIZE) {
      throw new ServiceError('config', `The page size must be between 1 and ${MAX_PAGE_SIZE}.`);
    }
    const { json } = await this.request('GET', path, {
      signal: req.signal,
      bulk: req.bulk,
      query: { ...filters, page, page_size: pageSize },
      maxBytes: MAX_LIST_PAGE_JSON_BYTES,
    });
    const envelope = decode(s.listEnvelopeSchema, json, 'the list');
    const items = envelope.data.map((item, i) => decode(itemSchema, item, `item ${i + 1} of the list`));
    return { items, pageInfo: readPageInfo(envelope.page_info ?? envelope.pageInfo, page) };
  }

  private url(path: string, query?: Query): URL {
    const url = new URL(this.origin + this.basePath + path);
    for (const [name, value] of Object.entries(query ?? {})) {
      if (value === undefined || value === null || value === '') continue;
      for (const v of Array.isArray(value) ? value : [value]) url.searchParams.append(name, String(v));
    }
    return url;
  }

  private headers(): Record<string, string> {
    const h: Record<string, string> = {
      customer: this.customer,
      key: this.key,
      accept: 'application/json',
      'user-agent': this.userAgent,
    };
    // The spec asks for the JSON content type on every request; a body-less GET gets it too.
    h['content-type'] = 'application/json';
    if (this.language) h['accept-language'] = this.language;
    if (this.actingUser) h['acting_user'] = this.actingUser;
    return h;
  }

  async request(
    method: Method,
    path: string,
    spec: RequestSpec = {},
  ): Promise<{ status: number; json: unknown }> {
    const url = this.url(path, spec.query);
    const body =
      spec.body === undefined
        ? undefined
        : spec.parse === 'exact'
          ? exactJsonText(spec.body, 0)
          : JSON.stringify(spec.body);
    // A POST may have been acted on before a failure; repeating it could create a second project.
    const idempotent = method !== 'POST';
    const where = `${method} ${url.pathname}${url.search}`;
    const maxBytes = spec.maxBytes ?? MAX_JSON_BYTES;
    let rateRetries = 0;
    let transientRetries = 0;
    /** Starts with the first attempt: waiting for the budget before it is not the service's time. */
    let deadline: AbortSignal | undefined;

    for (;;) {
      if (spec.signal?.aborted) throw cancelled();
      const release = await this.budget.acquire(spec.signal, spec.bulk);
      deadline ??= AbortSignal.timeout(this.deadlineMs);
      const timeout = AbortSignal.timeout(this.timeoutMs);
      const stall = new StallWatchdog(this.stallMs);
      const signals = [timeout, deadline, stall.signal];
      if (spec.signal) signals.push(spec.signal);
      const signal = AbortSignal.any(signals);
      const started = Date.now();
      let status = 0;
      let text: string;
      /** For a lossless parse of a 2xx body: what the reader found while the body came in. */
      let scanned: { mayLoseDigits: boolean } | undefined;
      let streamed = false;
      try {
        if (deadline.aborted) throw this.pastDeadline();
        const res = await this.send(method, url, body, signal);
        status = res.status;
        stall.kick();
        if (!res.ok) {
          text = await readTextPrefix(res.body, MAX_ERROR_BODY_BYTES);
        } else {
          checkDeclaredLength(res.headers, maxBytes);
          const limit = { maxBytes, onChunk: stall.kick };
          if (spec.sink) {
            spec.sink.begin(declaredLength(res.headers));
            if (res.body) await eachChunk(res.body, limit, (chunk) => spec.sink!.push(chunk));
            text = '';
            streamed = true;
          } else if (spec.parse === 'lossless' && res.body) {
            ({ text, ...scanned } = await readJsonText(res.body, limit));
          } else {
            text = await readCappedText(res.body, limit);
          }
        }
      } catch (err) {
        release();
        if (spec.signal?.aborted) throw cancelled();
        if (err instanceof TooLargeError) {
          this.logger.log('warn', `${where}: answer over ${sizeInWords(err.limit)}; not read further`);
          throw new ServiceError(
            'invalid-response',
            `The service's answer was larger than PlanDesk accepts (over ${sizeInWords(err.limit)}); it was not read.`,
            status || undefined,
          );
        }
        if (err instanceof ServiceError) throw err;
        if (deadline.aborted) throw this.pastDeadline();
        const reason = stall.fired
          ? `nothing received for ${Math.round(this.stallMs / 1000)} s`
          : timeout.aborted
            ? `no answer within ${Math.round(this.timeoutMs / 1000)} s`
            : describeNetworkError(err);
        this.logger.log('warn', `${where} failed: ${reason}`);
        const retry = idempotent && this.retry.retryUnanswered !== false;
        if (retry && transientRetries + 1 < this.retry.maxAttemptsTransient) {
          await this.pause(transientRetries++, spec.signal, deadline);
          continue;
        }
        throw new ServiceError(
          'network',
          `Could not reach the service (${reason}). Check the connection and try again.`,
        );
      } finally {
        stall.stop();
      }
      release();
      this.logger.log('info', `${where} → ${status} (${Date.now() - started} ms)`);

      if (status === 429 && rateRetries + 1 < this.retry.maxAttemptsRateLimited) {
        await this.pause(rateRetries++, spec.signal, deadline);
        continue;
      }
      if (status >= 500 && idempotent && transientRetries + 1 < this.retry.maxAttemptsTransient) {
        await this.pause(transientRetries++, spec.signal, deadline);
        continue;
      }
      if (status < 200 || status >= 300) throw errorForStatus(status, parseErrorBody(text));
      if (streamed) {
        spec.sink!.end();
        return { status, json: undefined };
      }
      if (status === 204 || text.trim() === '') return { status, json: null };
      try {
        return {
          status,
          json:
            spec.parse === 'lossless'
              ? parseJsonLossless(text, scanned)
              : spec.parse === 'exact'
                ? parseExactJson(text)
                : JSON.parse(text),
        };
      } catch (err) {
        this.logger.log('warn', `${where}: JSON not read (${text.length} bytes)`);
        throw unreadableAnswer(err, status);
      }
    }
  }

  private pastDeadline(): ServiceError {
    return new ServiceError(
      'network',
      `The service did not answer completely within ${Math.round(this.deadlineMs / 1000)} s. Check the connection and try again.`,
    );
  }

  private async pause(retry: number, signal: AbortSignal | undefined, deadline: AbortSignal): Promise<void> {
    try {
      await sleep(backoffDelay(retry, this.retry), signal ? AbortSignal.any([signal, deadline]) : deadline);
    } catch {
      throw signal?.aborted ? cancelled() : this.pastDeadline();
    }
  }

  /**
   * One HTTP exchange, following redirects by hand: credentials go only to the service's own origin,
   * never across an origin-changing redirect, and never to a non-https target.
   */
  private async send(
    method: Method,
    url: URL,
    body: string | undefined,
    signal: AbortSignal,
  ): Promise<Response> {
    let headers = this.headers();
    let current = url;
    let currentMethod: Method = method;
    let currentBody = body;
    for (let hop = 0; hop <= 5; hop++) {
      const res = await fetch(current, {
        method: currentMethod,
        headers,
        body: currentBody,
        redirect: 'manual',
        signal,
      });
      const location = res.headers.get('location');
      if (res.status < 300 || res.status >= 400 || res.status === 304 || !location) return res;
      await res.body?.cancel();
      const next = new URL(location, current);
      if (!isAllowedRedirectTarget(next)) {
        throw new ServiceError(
          'network',
          'The service redirected to an address that is not https; PlanDesk did not follow it.',
        );
      }
      if (next.origin !== this.origin) headers = withoutCredentials(headers);
      if (res.status === 303 || ((res.status === 301 || res.status === 302) && currentMethod === 'POST')) {
        currentMethod = 'GET';
        currentBody = undefined;
      }
      current = next;
    }
    throw new ServiceError('network', 'The service redirected too many times.');
  }
}

function withoutCredentials(headers: Record<string, string>): Record<string, string> {
  const out = { ...headers };
  for (const name of CREDENTIAL_HEADERS) delete out[name];
  return out;
}

function requireHeaderValue(value: string, what: string): string {
  const v = (value ?? '').trim();
  if (!v) throw new ServiceError('config', `The ${what} is missing.`);
  if (!HEADER_SAFE.test(v))
    throw new ServiceError('config', `The ${what} contains characters that cannot be sent.`);
  return v;
}

function cancelled(): ServiceError {
  return new ServiceError('cancelled', 'The operation was cancelled.');
}

/** A network error's code or a short reason: never the request's headers. */
function describeNetworkError(err: unknown): string {
  const cause = (err as { cause?: { code?: unknown; message?: unknown } })?.cause;
  if (cause && typeof cause.code === 'string') return cause.code;
  if (cause && typeof cause.message === 'string') return cause.message.slice(0, 120);
  if (err instanceof Error) return err.message.slice(0, 120);
  return 'network error';
}
