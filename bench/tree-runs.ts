/**
 * What bench/estimate-tree.ts measures on a reading thread (bench/reading-jobs.ts): the 20,000-item
 * estimate from its response body's chunks to the document, run after run.
 */
import { isDeepStrictEqual } from 'node:util';
import { fastEstimateDetail } from '../src-main/api/estimate-parse';
import { parseJsonLossless } from '../src-main/api/lossless-json';
import { toEstimateDocument } from '../src-main/estimates/document';
import { EstimateBodyReader } from '../src-main/estimates/estimate-body';
import type { EstimateDocument } from '../src-shared/estimates/types';

export const RUNS = 15;

/** The estimate detail object inside the response, as ApiClient.getEstimate takes it out. */
export function detailOf(json: unknown): unknown {
  return ((json as { data: unknown[] }).data ?? [])[0];
}

/** What the reading thread measured, per run, in ms; and what the last document says. */
export interface TreeRuns {
  /** The chunks before the last: decoded, scanned and their items parsed as they arrive (CPU). */
  arrival: number[];
  /** The last chunk, the rest of the text parsed and the detail checked. */
  detail: number[];
  tree: number[];
  afterLast: number[];
  /** The floor: JSON.parse of the whole text, in a loop of its own after the runs. */
  parse: number[];
  wholeText: number[];
  warnings: number;
  totalsAgree: boolean;
  /** Whether the items were parsed while they arrived in every run (else the whole text was). */
  streamed: boolean;
}

/** On the reading thread: one warm-up run, then RUNS measured ones, then the no-streaming reference. */
export async function treeRuns(chunks: Uint8Array[]): Promise<TreeRuns> {
  const runs: TreeRuns = {
    arrival: [],
    detail: [],
    tree: [],
    afterLast: [],
    parse: [],
    wholeText: [],
    warnings: 0,
    totalsAgree: false,
    streamed: true,
  };
  let doc: EstimateDocument | null = null;
  for (let run = -1; run < RUNS; run++) {
    doc = null; // the previous run's document is garbage by now, as when a user opens another one
    // The app's reader of an answer (the estimate worker task's), fed as the network delivers.
    const reader = new EstimateBodyReader('response');
    const a0 = performance.now();
    for (let i = 0; i < chunks.length - 1; i++) reader.push(chunks[i]!);
    const t0 = performance.now();
    reader.push(chunks[chunks.length - 1]!);
    const detail = reader.detail();
    const t1 = performance.now();
    runs.streamed &&= reader.streamed;
    doc = toEstimateDocument(detail);
    const t2 = performance.now();
    if (run < 0) continue; // the warm-up
    runs.arrival.push(t0 - a0);
    runs.detail.push(t1 - t0);
    runs.tree.push(t2 - t1);
    runs.afterLast.push(t2 - t0);
  }
  runs.warnings = doc!.warnings.length;
  runs.totalsAgree = isDeepStrictEqual(doc!.computed_totals, doc!.service_totals);
  doc = null;
  // The floor, and without streaming what Response.text() and a scan of the whole text would cost:
  // loops of their own, so that their garbage does not land in the runs above.
  const bytes = Buffer.concat(chunks);
  const text = bytes.toString('utf8');
  for (let run = 0; run < RUNS; run++) {
    const f0 = performance.now();
    JSON.parse(text);
    runs.parse.push(performance.now() - f0);
  }
  for (let run = 0; run < RUNS; run++) {
    const w0 = performance.now();
    const whole = fastEstimateDetail(detailOf(parseJsonLossless(bytes.toString('utf8'))));
    if (whole) toEstimateDocument(whole);
    runs.wholeText.push(performance.now() - w0);
  }
  return runs;
}
