/**
 * What bench/estimate-tree.ts measures on a reading thread (bench/reading-jobs.ts): the 20,000-item
 * estimate from its response body's chunks to the document, run after run.
 */
import { isDeepStrictEqual } from 'node:util';
import { decode } from '../src-main/api/decode';
import { fastEstimateDetail } from '../src-main/api/estimate-parse';
import { JsonTextReader, parseJsonLossless } from '../src-main/api/lossless-json';
import { estimateDetailSchema } from '../src-main/api/schemas';
import { toEstimateDocument } from '../src-main/estimates/document';
import type { EstimateDocument } from '../src-shared/estimates/types';

export const RUNS = 15;

/** The estimate detail object inside the response, as ApiClient.getEstimate takes it out. */
export function detailOf(json: unknown): unknown {
  return ((json as { data: unknown[] }).data ?? [])[0];
}

/** What the reading thread measured, per run, in ms; and what the last document says. */
export interface TreeRuns {
  arrival: number[];
  lastByte: number[];
  parse: number[];
  check: number[];
  tree: number[];
  afterLast: number[];
  wholeText: number[];
  warnings: number;
  totalsAgree: boolean;
}

/** On the reading thread: one warm-up run, then RUNS measured ones, then the no-streaming reference. */
export async function treeRuns(chunks: Uint8Array[]): Promise<TreeRuns> {
  const runs: TreeRuns = {
    arrival: [],
    lastByte: [],
    parse: [],
    check: [],
    tree: [],
    afterLast: [],
    wholeText: [],
    warnings: 0,
    totalsAgree: false,
  };
  let doc: EstimateDocument | null = null;
  for (let run = -1; run < RUNS; run++) {
    doc = null; // the previous run's document is garbage by now, as when a user opens another one
    const reader = new JsonTextReader();
    const a0 = performance.now();
    for (let i = 0; i < chunks.length - 1; i++) reader.push(chunks[i]!);
    const t0 = performance.now();
    reader.push(chunks[chunks.length - 1]!);
    const { text, mayLoseDigits } = reader.finish();
    const t1 = performance.now();
    const json = parseJsonLossless(text, { mayLoseDigits });
    const t2 = performance.now();
    const detail =
      fastEstimateDetail(detailOf(json)) ?? decode(estimateDetailSchema, detailOf(json), 'the estimate');
    const t3 = performance.now();
    doc = toEstimateDocument(detail);
    const t4 = performance.now();
    if (run < 0) continue; // the warm-up
    runs.arrival.push(t0 - a0);
    runs.lastByte.push(t1 - t0);
    runs.parse.push(t2 - t1);
    runs.check.push(t3 - t2);
    runs.tree.push(t4 - t3);
    runs.afterLast.push(t4 - t0);
  }
  runs.warnings = doc!.warnings.length;
  runs.totalsAgree = isDeepStrictEqual(doc!.computed_totals, doc!.service_totals);
  doc = null;
  // Without streaming: what Response.text() and a scan of the whole text would cost. A loop of its
  // own, so that its garbage does not land in the runs above.
  const bytes = Buffer.concat(chunks);
  for (let run = 0; run < RUNS; run++) {
    const w0 = performance.now();
    const whole = fastEstimateDetail(detailOf(parseJsonLossless(bytes.toString('utf8'))));
    if (whole) toEstimateDocument(whole);
    runs.wholeText.push(performance.now() - w0);
  }
  return runs;
}
