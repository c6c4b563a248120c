/**
 * Worker tasks for estimates: a large estimate is read, checked and turned into the view (or only
 * into the cache's copy) off the main thread. The view goes back as JSON text: a string crosses
 * threads (and IPC to the renderer) as one copy, where 20,000 row objects would be rebuilt one by
 * one on the main thread.
 */
import type { MessagePort } from 'node:worker_threads';
import { Piscina } from 'piscina';
import type { EstimateSummary } from '../../src-shared/estimates/types';
import { readChunks } from '../workers/chunks';
import { EstimateBodyReader, cacheBodyOf, estimateViewOf, summaryOf, type BodyOrigin } from './estimate-body';

export interface EstimateBodyInput {
  origin: BodyOrigin;
  /** The whole body, or a port it arrives on chunk by chunk. */
  body?: Uint8Array;
  chunks?: MessagePort;
}

export interface EstimateViewOutput {
  viewJson: string;
  summary: EstimateSummary;
  /** The cache's copy of a body from the service (null for one read from the cache). */
  cacheBody: Uint8Array | null;
  modified: string | null;
}

async function read(input: EstimateBodyInput): Promise<EstimateBodyReader> {
  const reader = new EstimateBodyReader(input.origin);
  if (input.body) reader.push(input.body);
  else if (input.chunks) await readChunks(input.chunks, reader);
  return reader;
}

/** Moved, not copied, back to the main thread. */
function moved(bytes: Uint8Array): Uint8Array {
  return Piscina.move(bytes) as Uint8Array;
}

export async function estimateViewTask(input: EstimateBodyInput): Promise<EstimateViewOutput> {
  const detail = (await read(input)).detail();
  const view = estimateViewOf(detail);
  return {
    viewJson: JSON.stringify(view),
    summary: summaryOf(view),
    cacheBody: input.origin === 'response' ? moved(cacheBodyOf(detail)) : null,
    modified: detail.modified ?? null,
  };
}

/** Only the cache's copy (making a project available offline keeps estimates it does not show). */
export async function estimateCacheBodyTask(
  input: EstimateBodyInput,
): Promise<{ cacheBody: Uint8Array; summary: EstimateSummary; modified: string | null }> {
  const detail = (await read(input)).detail();
  return {
    cacheBody: moved(cacheBodyOf(detail)),
    summary: summaryOf(estimateViewOf(detail)),
    modified: detail.modified ?? null,
  };
}
