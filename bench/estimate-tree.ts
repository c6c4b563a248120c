import { isDeepStrictEqual } from 'node:util';
import { ApiClient, decode } from '../src-main/api/client';
import { parseJsonLossless } from '../src-main/api/lossless-json';
import { estimateDetailSchema, type EstimateDetail } from '../src-main/api/schemas';
import { toEstimateDocument } from '../src-main/estimates/document';
import { fastEstimateDetail } from '../src-main/estimates/parse';
import { startSimulator } from '../src-main/simulator';
import type { EstimateDocument } from '../src-shared/estimates/types';

const RUNS = 5;
const TARGET_MS = 150;

function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

const ms = (v: number): string => v.toFixed(1);

/** The estimate detail object inside the response, as ApiClient.getEstimate takes it out. */
function detailOf(json: unknown): unknown {
  return ((json as { data: unknown[] }).data ?? [])[0];
}

/**
 * The 20,000-item estimate of the large data set (project "Benchmark Tower"), from its raw response
 * text to an EstimateDocument along the client's path: lossless JSON parse, schema, tree + totals.
 * The schema step is measured twice: zod for everything (what ApiClient.getEstimate does today) and
 * the fast item check of src-main/estimates/parse.ts (zod for the header and totals). Median of 5
 * after a warm-up.
 */
export async function benchEstimateTree(): Promise<Record<string, string | number>> {
  const sim = await startSimulator({ dataset: 'large' });
  try {
    const w = sim.workspaces[0]!;
    const client = new ApiClient({ baseUrl: sim.baseUrl, customer: w.customer, key: w.key });
    const project = (await client.listProjects({ name: 'Benchmark Tower', pageSize: 5 })).items[0];
    if (!project) throw new Error('The large data set has no "Benchmark Tower" project.');
    const estimate = (await client.listEstimates(project.id)).items[0];
    if (!estimate) throw new Error('"Benchmark Tower" has no estimate.');

    // The same request the client makes; the response text is what every run starts from.
    const res = await fetch(`${sim.baseUrl}/projects/${project.id}/estimates/${estimate.id}`, {
      headers: { customer: w.customer, key: w.key, accept: 'application/json' },
    });
    if (!res.ok) throw new Error(`GET estimate: HTTP ${res.status}`);
    const text = await res.text();

    const parse: number[] = [];
    const zod: number[] = [];
    const fast: number[] = [];
    const tree: number[] = [];
    const plainParse: number[] = [];
    let doc: EstimateDocument | null = null;
    let itemCount = 0;
    let sameOutput = true;
    let fastTaken = false;

    for (let run = 0; run <= RUNS; run++) {
      const t0 = performance.now();
      const json = parseJsonLossless(text);
      const t1 = performance.now();
      const viaZod: EstimateDetail = decode(estimateDetailSchema, detailOf(json), 'the estimate');
      const t2 = performance.now();
      const json2 = parseJsonLossless(text); // fresh objects for the fast path (not timed)
      const t3 = performance.now();
      const raw = detailOf(json2);
      const fastDetail = fastEstimateDetail(raw);
      const viaFast = fastDetail ?? decode(estimateDetailSchema, raw, 'the estimate');
      const t4 = performance.now();
      doc = toEstimateDocument(viaFast);
      const t5 = performance.now();
      JSON.parse(text);
      const t6 = performance.now();

      if (run === 0) {
        // Warm-up; also the correctness check of the fast path against zod.
        fastTaken = fastDetail !== null;
        sameOutput = isDeepStrictEqual(viaFast, viaZod);
        itemCount = viaZod.items.length;
        continue;
      }
      parse.push(t1 - t0);
      zod.push(t2 - t1);
      fast.push(t4 - t3);
      tree.push(t5 - t4);
      plainParse.push(t6 - t5);
    }

    const p = median(parse);
    const z = median(zod);
    const f = median(fast);
    const t = median(tree);
    const mismatches = doc!.warnings.length;
    return {
      items: itemCount,
      'response size (MB)': (text.length / 1e6).toFixed(1),
      'parse, lossless (ms)': ms(p),
      'schema, zod (ms)': ms(z),
      'schema, fast items (ms)': ms(f),
      'tree + totals (ms)': ms(t),
      'total, zod (ms)': ms(p + z + t),
      'total, fast items (ms)': ms(p + f + t),
      'target (ms)': `≤ ${TARGET_MS}`,
      'within target': p + f + t <= TARGET_MS ? 'yes' : 'no',
      'reference: JSON.parse (ms)': ms(median(plainParse)),
      'fast path taken': fastTaken ? 'yes' : 'NO (fell back to zod)',
      'fast items = zod output': sameOutput ? 'yes' : 'NO',
      'warnings (expect 0)': mismatches,
      'computed = service totals': isDeepStrictEqual(doc!.computed_totals, doc!.service_totals)
        ? 'yes'
        : 'NO',
    };
  } finally {
    await sim.close();
  }
}
