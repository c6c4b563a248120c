import { isDeepStrictEqual } from 'node:util';
import { ApiClient, decode } from '../src-main/api/client';
import { parseJsonLossless } from '../src-main/api/lossless-json';
import { estimateDetailSchema, type EstimateDetail } from '../src-main/api/schemas';
import { toEstimateDocument } from '../src-main/estimates/document';
import { fastEstimateDetail } from '../src-main/api/estimate-parse';
import { startSimulator } from '../simulator';
import { ratio, tableRow, yesNo } from './table';
import { inReadingThread } from './reading-thread';
import { detailOf, type TreeRuns } from './tree-runs';

const TARGET_MS = 150;
const SLOWEST_TARGET_MS = 200;

function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

const ms = (v: number): string => v.toFixed(1);

/**
 * The 20,000-item estimate of the large data set (project "Benchmark Tower"), from its response body
 * to an EstimateDocument along the client's path (EstimateBodyReader, as the estimate worker task
 * reads an answer): the body is decoded, scanned for inexact number literals and its items parsed
 * batch by batch as it arrives (JsonTextReader, StreamedArray); after the last byte the rest is
 * parsed, the detail checked, the tree built and the totals added up.
 *
 * The runs are measured on a reading thread (bench/reading-thread.ts), where the app does this work.
 * The target is measured from the last byte: the chunks before it are fed to the reader first, as
 * the network would deliver them, and their CPU cost is shown separately. The floor, JSON.parse of
 * the whole text, is measured on the same thread after the runs. For comparison, the path without streaming
 * (decode the whole body, then scan, parse, check, build) is measured too. One run warms the
 * thread's code up first; every one of the 15 runs after it counts. Before the runs,
 * zod checks the whole detail once (on the bench's thread), to show that the fast check gives zod's
 * output.
 */
export async function benchEstimateTree(): Promise<Record<string, string | number>> {
  const chunks = await fetchLargeEstimateBody();
  const bytes = Buffer.concat(chunks);
  const check0 = checkAgainstZod(bytes.toString('utf8'));
  const runs = await inReadingThread<TreeRuns>('estimate-tree', chunks);
  const { afterLast, parse } = runs;

  const t = median(afterLast);
  const slowest = Math.max(...afterLast);
  const floor = median(parse);
  tableRow({
    what: '20,000 items: bytes → tree, after the last byte (15 runs)',
    now: `${ms(t)} ms median, ${ms(slowest)} ms slowest`,
    floor: `JSON.parse of the same text: ${ms(floor)} ms`,
    ratio: ratio(t, floor),
    target: `≤ ${TARGET_MS} ms median, ≤ ${SLOWEST_TARGET_MS} ms slowest`,
    within: yesNo(t <= TARGET_MS && slowest <= SLOWEST_TARGET_MS),
  });
  return {
    items: check0.items,
    'response (MB, chunks)': `${(bytes.length / 1e6).toFixed(1)}, ${chunks.length}`,
    'measured on': "a reading thread, with the app's heap limits",
    'as it arrives: decode, scan, parse the items (ms CPU)': ms(median(runs.arrival)),
    'items parsed as they arrive (every run)': yesNo(runs.streamed),
    'last chunk, the rest parsed, the detail checked (ms)': ms(median(runs.detail)),
    'tree + totals (ms)': ms(median(runs.tree)),
    'then the rows and client totals (ms)': ms(median(runs.parts)),
    "then the view's bytes for the screen (ms)": ms(median(runs.viewBytes)),
    "the task's whole way: the screen's view and the cache's copy, after the last byte (ms)": ms(
      median(runs.screen),
    ),
    'tree runs': runs.tree.map((x) => x.toFixed(0)).join(' '),
    'parse runs': parse.map((x) => x.toFixed(0)).join(' '),
    'after the last byte (ms)': ms(t),
    'fastest..slowest (ms)': `${ms(Math.min(...afterLast))}..${ms(slowest)}`,
    'target (ms)': `≤ ${TARGET_MS} median, ≤ ${SLOWEST_TARGET_MS} slowest`,
    'within target': yesNo(t <= TARGET_MS && slowest <= SLOWEST_TARGET_MS),
    'floor: JSON.parse (ms)': `${ms(floor)} (× ${ratio(t, floor)})`,
    'all CPU, arrival included (ms)': ms(median(runs.arrival) + t),
    'reference: no streaming (ms)': ms(median(runs.wholeText)),
    'reference: zod check (ms)': ms(check0.zodMs),
    'fast check = zod output': check0.sameOutput ? 'yes' : 'NO (zod used)',
    'same document either way': check0.sameDocument ? 'yes' : 'NO',
    'warnings (expect 0)': runs.warnings,
    'computed = service totals': runs.totalsAgree ? 'yes' : 'NO',
  };
}

/** zod over the whole detail, against the fast check: same output, same document; and zod's cost. */
function checkAgainstZod(text: string): {
  items: number;
  zodMs: number;
  sameOutput: boolean;
  sameDocument: boolean;
} {
  const raw = detailOf(parseJsonLossless(text));
  const z0 = performance.now();
  const viaZod: EstimateDetail = decode(estimateDetailSchema, raw, 'the estimate');
  const zodMs = performance.now() - z0;
  const fastDetail = fastEstimateDetail(detailOf(parseJsonLossless(text)));
  return {
    items: viaZod.items.length,
    zodMs,
    sameOutput: fastDetail !== null && isDeepStrictEqual(fastDetail, viaZod),
    sameDocument:
      fastDetail !== null && isDeepStrictEqual(toEstimateDocument(fastDetail), toEstimateDocument(viaZod)),
  };
}

/**
 * The response body of the 20,000-item estimate, in the chunks the HTTP stack delivered it in. The
 * simulator (the 5,000-project data set) is a bench fixture, not part of the app's main process: it
 * is closed and dropped before anything is measured, so its heap does not slow the collector.
 */
async function fetchLargeEstimateBody(): Promise<Uint8Array[]> {
  const sim = await startSimulator({ dataset: 'large' });
  try {
    const w = sim.workspaces[0]!;
    const client = new ApiClient({ baseUrl: sim.baseUrl, customer: w.customer, key: w.key });
    const project = (await client.listProjects({ name: 'Benchmark Tower', pageSize: 5 })).items[0];
    if (!project) throw new Error('The large data set has no "Benchmark Tower" project.');
    const estimate = (await client.listEstimates(project.id)).items[0];
    if (!estimate) throw new Error('"Benchmark Tower" has no estimate.');
    const res = await fetch(`${sim.baseUrl}/projects/${project.id}/estimates/${estimate.id}`, {
      headers: { customer: w.customer, key: w.key, accept: 'application/json' },
    });
    if (!res.ok || !res.body) throw new Error(`GET estimate: HTTP ${res.status}`);
    const chunks: Uint8Array[] = [];
    for await (const chunk of res.body) chunks.push(chunk);
    return chunks;
  } finally {
    await sim.close();
  }
}
