/**
 * An estimate from the bytes it arrives as to what the app shows: the service's answer (UTF-8
 * JSON, `data: [detail]`, money kept exact by the lossless reader) or the offline cache's copy
 * (Latin-1 bytes of the checked detail, see cache/sqlite-cache.ts). Plain functions: the worker
 * tasks run them for large estimates, and main runs them itself for small ones.
 */
import type { EstimateLabel, EstimateSummary, EstimateView } from '../../src-shared/estimates/types';
import { clientName } from '../../src-shared/estimates/client-name';
import { quoteTotalsView } from '../../src-shared/estimates/quote-totals';
import { detailOfAnswer, estimateDetailOfAnswer } from '../api/estimate-parse';
import { JsonTextReader } from '../api/lossless-json';
import type { EstimateDetail } from '../api/schemas';
import { storedJsonBytes, storedJsonText } from '../cache/cache-db';
import { ServiceError } from '../errors/service-error';
import { toEstimateDocument } from './document';
import { TreeStart, treeStartedFor } from './tree-start';
import { estimateParts, type EstimateParts } from './estimate-parts';
import { ownedBytes } from '../workers/transferables';

/** Where the bytes come from: the service's answer, or the cache's copy of an answer checked before. */
export type BodyOrigin = 'response' | 'cache';

/** An estimate's bytes as they come (chunk by chunk or all at once), read into the checked detail. */
export class EstimateBodyReader {
  /** The tree's first step, taken on the items as they arrive (estimates/tree-start.ts). */
  private tree = new TreeStart();
  private reader = this.answerReader();
  private cached: Uint8Array[] = [];

  constructor(private readonly origin: BodyOrigin) {}

  /** Starts over (the transport retries a request whose body broke off). */
  restart(): void {
    this.tree = new TreeStart();
    this.reader = this.answerReader();
    this.cached = [];
  }

  push(bytes: Uint8Array): void {
    if (this.origin === 'response') this.reader.push(bytes);
    else this.cached.push(bytes);
  }

  /** After `detail`: whether the answer's items were parsed while they arrived (bench, tests). */
  get streamed(): boolean {
    return this.reader.streamed;
  }

  /** The checked detail; an answer that is not an estimate is an `invalid-response` error. */
  detail(): EstimateDetail {
    if (this.origin === 'cache') {
      // The cache's copy comes whole (one chunk): read where it lies, not joined into a copy first.
      const bytes = this.cached.length === 1 ? this.cached[0]! : Buffer.concat(this.cached);
      this.cached = [];
      return JSON.parse(storedJsonText(bytes)) as EstimateDetail;
    }
    // This answer's start goes with it, used or not: the reader keeps nothing of it.
    const start = this.tree;
    this.tree = new TreeStart();
    let json: unknown;
    try {
      json = this.reader.parse(detailOfAnswer);
    } catch {
      throw new ServiceError(
        'invalid-response',
        'The service sent an answer PlanDesk could not read (malformed JSON).',
      );
    }
    const detail = estimateDetailOfAnswer(json);
    // Kept for the tree only if the checked items are the very objects it was made from (zod's
    // copies, or a whole parse after a fallback, are not): else it is garbage now, not after the tree.
    if (this.reader.streamed && start.startOf(detail.items)) treeStartedFor(detail.items, start);
    return detail;
  }

  /** The service's answer is read with its items parsed while they arrive (api/streamed-array.ts). */
  private answerReader(): JsonTextReader {
    return new JsonTextReader({
      streamArray: { ...ESTIMATE_ITEMS, onBatch: (items) => this.tree.addUnchecked(items) },
    });
  }
}

/** Where an answer's items are: `{"data":[{…,"items":[` (estimateDetailOfAnswer's `data[0]`). */
export const ESTIMATE_ITEMS = { key: 'items', depth: 3 };

/** What the cache keeps of a detail (cache/stored-json.ts: compressed when large). */
export function cacheBodyOf(detail: EstimateDetail): Uint8Array {
  return ownedBytes(storedJsonBytes(detail));
}

/** The estimate as the screen shows it (without where it came from, which the caller adds). */
export function estimateViewOf(detail: EstimateDetail): Omit<EstimateView, 'source' | 'fetchedAt'> {
  return estimateViewOfParts(estimateParts(toEstimateDocument(detail)));
}

/** The same, from the estimate's parts (an export keeps them for the writer). */
export function estimateViewOfParts({
  doc,
  rows,
  quote,
}: EstimateParts): Omit<EstimateView, 'source' | 'fetchedAt'> {
  return {
    estimate: doc.estimate,
    rows,
    quote: quoteTotalsView(quote),
    service_totals: doc.service_totals,
    computed_totals: doc.computed_totals,
    warnings: doc.warnings,
  };
}

/** What a list shows of an estimate: its currency and its client totals. */
export function summaryOf(view: Pick<EstimateView, 'estimate' | 'quote'>): EstimateSummary {
  return {
    currency: view.estimate.currency,
    quote: view.quote,
    client: clientName(view.estimate.customer),
    companyCountry: companyCountryOf(view),
  };
}

/** The country of the company that sends the estimate, as the service wrote it (a code or a name). */
function companyCountryOf(view: Pick<EstimateView, 'estimate'>): string | null {
  const country = view.estimate.company?.country;
  return typeof country === 'string' && country.trim() !== '' ? country.trim().slice(0, 100) : null;
}

/** What names the estimate in a file name. */
export function labelOf(view: Pick<EstimateView, 'estimate'>): EstimateLabel {
  const project = view.estimate.project;
  return {
    uniqueIdentifier: view.estimate.unique_identifier,
    name: view.estimate.name,
    projectName: project && typeof project.name === 'string' ? project.name : null,
    companyCountry: companyCountryOf(view),
  };
}

/** Where the company's logo and watermark are (the service's URLs, fetched by main for a PDF). */
export function companyImagesOf(view: Pick<EstimateView, 'estimate'>): {
  logo: string | null;
  watermark: string | null;
} {
  const company = view.estimate.company ?? {};
  const url = (v: unknown): string | null => (typeof v === 'string' && v ? v : null);
  return { logo: url(company.logo_url), watermark: url(company.watermark_url) };
}
