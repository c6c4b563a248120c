/**
 * What bench/estimate-tree.ts measures on a reading thread (bench/reading-jobs.ts): the 20,000-item
 * estimate from its response body's chunks to the document, run after run.
 */
import { isDeepStrictEqual } from 'node:util';
import { fastEstimateDetail } from '../src-main/api/estimate-parse';
import { parseJsonLossless } from '../src-main/api/lossless-json';
import { toEstimateDocument } from '../src-main/estimates/document';
import { EstimateBodyReader, estimateViewOfParts } from '../src-main/estimates/estimate-body';
import { estimateParts } from '../src-main/estimates/estimate-parts';
import { estimateViewOfDetail } from '../src-main/estimates/estimate-tasks';
import { estimateViewBytes } from '../src-shared/estimates/view-text';
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
  /** After the tree, what the screen gets: the rows and client totals, then the view's bytes. */
  parts: number[];
  viewBytes: number[];
  /** The estimate task's whole way after the last byte: the screen's view and the cache's copy. */
  screen: number[];
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
    parts: [],
    viewBytes: [],
    screen: [],
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
  // The rest of the estimate task's way to the screen (estimateViewTask), from the last document.
  for (let run = 0; run < RUNS; run++) {
    const p0 = performance.now();
    const parts = estimateParts(doc!);
    const p1 = performance.now();
    estimateViewBytes(estimateViewOfParts(parts));
    runs.parts.push(p1 - p0);
    runs.viewBytes.push(performance.now() - p1);
  }
  doc = null;
  for (let run = -1; run < RUNS; run++) {
    const reader = new EstimateBodyReader('response');
    for (let i = 0; i < chunks.length - 1; i++) reader.push(chunks[i]!);
    const t0 = performance.now();
    reader.push(chunks[chunks.length - 1]!);
    const out = estimateViewOfDetail(reader.detail(), 'response');
    if (run >= 0) runs.screen.push(performance.now() - t0);
    if (!out.cacheBody || out.viewBytes.length === 0)
      throw new Error('The view task gave no view or no copy.');
  }
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
