/**
 * An estimate from the bytes it arrives as to what the app shows: the service's response (UTF-8
 * JSON, `data: [detail]`, money kept exact by the lossless reader) or the offline cache's copy
 * (Latin-1 bytes of the checked detail, see cache/sqlite-cache.ts). Plain functions: the worker
 * tasks run them for large estimates, and main runs them itself for small ones.
 */
import type { EstimateView } from '../../src-shared/estimates/types';
import { quoteTotals, quoteTotalsView } from '../../src-shared/estimates/quote-totals';
import type { EstimateSummary } from '../../src-shared/estimates/types';
import { currencyDigits } from '../../src-shared/money/currency';
import { dataOf, decode } from '../api/decode';
import { fastEstimateDetail } from '../api/estimate-parse';
import { JsonTextReader, parseJsonLossless } from '../api/lossless-json';
import { estimateDetailSchema, type EstimateDetail } from '../api/schemas';
import { latin1JsonText } from '../cache/cache-db';
import { ServiceError } from '../errors/service-error';
import { toEstimateDocument } from './document';
import { flattenTree } from './flatten';

/** Where the bytes come from: the service's answer, or the cache's copy of an answer checked before. */
export type BodyOrigin = 'response' | 'cache';

/** An estimate's text as the lossless reader reads it, fed chunk by chunk (or all at once). */
export class EstimateBodyReader {
  private reader = new JsonTextReader();
  private cached: Uint8Array[] = [];

  constructor(private readonly origin: BodyOrigin) {}

  /** Starts over (the transport retries a request whose body broke off). */
  restart(): void {
    this.reader = new JsonTextReader();
    this.cached = [];
  }

  push(bytes: Uint8Array): void {
    if (this.origin === 'response') this.reader.push(bytes);
    else this.cached.push(bytes);
  }

  /** The checked detail; a response that is not an estimate is an `invalid-response` error. */
  detail(): EstimateDetail {
    if (this.origin === 'cache') {
      const text = Buffer.concat(this.cached).toString('latin1');
      return JSON.parse(text) as EstimateDetail;
    }
    const { text, mayLoseDigits } = this.reader.finish();
    let json: unknown;
    try {
      json = parseJsonLossless(text, { mayLoseDigits });
    } catch {
      throw new ServiceError(
        'invalid-response',
        'The service sent an answer PlanDesk could not read (malformed JSON).',
      );
    }
    const data = dataOf(json);
    const detail = Array.isArray(data) ? data[0] : data;
    if (detail === undefined) throw new ServiceError('not-found', 'The service returned no estimate.');
    // zod over 20,000 items takes most of a second; the fast check gives zod's exact output for what
    // it is sure about and hands anything else to zod, so results and errors are zod's either way.
    return fastEstimateDetail(detail) ?? decode(estimateDetailSchema, detail, 'the estimate');
  }
}

/** The detail of a complete body. */
export function estimateDetailOf(body: Uint8Array, origin: BodyOrigin): EstimateDetail {
  const reader = new EstimateBodyReader(origin);
  reader.push(body);
  return reader.detail();
}

/** What the cache keeps of a detail: its JSON as Latin-1 bytes (see cache/sqlite-cache.ts). */
export function cacheBodyOf(detail: EstimateDetail): Uint8Array {
  return Buffer.from(latin1JsonText(detail), 'latin1');
}

/** The estimate as the screen shows it (without where it came from, which the caller adds). */
export function estimateViewOf(detail: EstimateDetail): Omit<EstimateView, 'source' | 'fetchedAt'> {
  const doc = toEstimateDocument(detail);
  const rows = flattenTree(doc.tree);
  return {
    estimate: doc.estimate,
    rows,
    quote: quoteTotalsView(quoteTotals(rows, doc.service_totals, currencyDigits(doc.estimate.currency))),
    service_totals: doc.service_totals,
    computed_totals: doc.computed_totals,
    warnings: doc.warnings,
  };
}

/** What a list shows of an estimate: its currency and its client totals. */
export function summaryOf(view: Pick<EstimateView, 'estimate' | 'quote'>): EstimateSummary {
  return { currency: view.estimate.currency, quote: view.quote };
}
