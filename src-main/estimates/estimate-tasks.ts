/**
 * Worker tasks for estimates: an estimate is read, checked and turned into what the caller needs off
 * the main thread. The view goes back as the bytes of its JSON text: moved to main (not copied, never
 * a string in main's heap) and on to the renderer, where 20,000 row objects would be rebuilt one by
 * one on the main thread. Byte arrays in an output are moved back, not copied (workers/serve.ts).
 */
import type { MessagePort } from 'node:worker_threads';
import type { EstimateLabel, EstimateSummary } from '../../src-shared/estimates/types';
import { toEstimateDocument } from './document';
import { estimateParts, type EstimateParts } from './estimate-parts';
import { readChunks } from '../workers/chunks';
import { cancelPoint } from '../workers/cancel-point';
import { estimateViewBytes } from '../../src-shared/estimates/view-text';
import type { EstimateDetail } from '../api/schemas';
import {
  EstimateBodyReader,
  cacheBodyOf,
  estimateViewOf,
  estimateViewOfParts,
  companyImagesOf,
  labelOf,
  summaryOf,
  type BodyOrigin,
} from './estimate-body';

export interface EstimateBodyInput {
  origin: BodyOrigin;
  /** The whole body, or a port it arrives on chunk by chunk (workers/body-job.ts). */
  body?: Uint8Array;
  chunks?: MessagePort;
}

/** What every estimate task gives back besides its own result. */
export interface EstimateBasics {
  summary: EstimateSummary;
  /** The service's `modified` of this version (a list compares it to know its totals are current). */
  modified: string | null;
}

export interface EstimateViewOutput extends EstimateBasics {
  /** The view's JSON (src-shared/estimates/view-text.ts). */
  viewBytes: Uint8Array;
  /** The cache's copy of an answer from the service (null for one read from the cache). */
  cacheBody: Uint8Array | null;
}

export interface EstimateReadOutput extends EstimateBasics {
  /** The cache's copy: made from the service's answer, or the cached bytes handed back. */
  cacheBody: Uint8Array;
  label: EstimateLabel;
  /** The addresses of the company's logo and watermark, for a PDF (fetched by main). */
  companyImages: { logo: string | null; watermark: string | null };
}

export async function readEstimateDetail(input: EstimateBodyInput): Promise<EstimateDetail> {
  const reader = new EstimateBodyReader(input.origin);
  if (input.body) reader.push(input.body);
  else if (input.chunks) await readChunks(input.chunks, reader);
  // Between the work's steps, each a fraction of a second, a cancelled task stops (cancel-point.ts).
  cancelPoint();
  const detail = reader.detail();
  cancelPoint();
  return detail;
}

/** The estimate screen's view. */
export async function estimateViewTask(input: EstimateBodyInput): Promise<EstimateViewOutput> {
  return estimateViewOfDetail(await readEstimateDetail(input), input.origin);
}

/** The screen's view of a detail read, with the cache's copy of one that came from the service. */
export function estimateViewOfDetail(detail: EstimateDetail, origin: BodyOrigin): EstimateViewOutput {
  // The cache's copy first: its JSON text is garbage before the tree is finished (a lower peak; the
  // nodes made while the items arrived are there already, estimates/tree-start.ts).
  const cacheBody = origin === 'response' ? cacheBodyOf(detail) : null;
  cancelPoint();
  const view = estimateViewOf(detail);
  cancelPoint();
  return {
    viewBytes: estimateViewBytes(view),
    summary: summaryOf(view),
    cacheBody,
    modified: detail.modified ?? null,
  };
}

/** An estimate checked and summed, with the bytes to cache or export (lists, exports, offline copies). */
export async function estimateReadTask(input: EstimateBodyInput): Promise<EstimateReadOutput> {
  return readEstimate(input, await readEstimateDetail(input)).output;
}

/** What estimate-read gives back, and the parts it worked out (which stay in this thread). */
export function readEstimate(
  input: EstimateBodyInput,
  detail: EstimateDetail,
): { output: EstimateReadOutput; parts: EstimateParts } {
  // The cache's copy first: its JSON text is garbage before the tree is finished (a lower peak; the
  // nodes made while the items arrived are there already, estimates/tree-start.ts).
  const cacheBody = input.origin === 'cache' && input.body ? input.body : cacheBodyOf(detail);
  cancelPoint();
  const parts = estimateParts(toEstimateDocument(detail));
  cancelPoint();
  const view = estimateViewOfParts(parts);
  return {
    output: {
      cacheBody,
      summary: summaryOf(view),
      modified: detail.modified ?? null,
      label: labelOf(view),
      companyImages: companyImagesOf(view),
    },
    parts,
  };
}
