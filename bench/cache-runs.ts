/**
 * What bench/cache.ts measures on a reading thread (bench/reading-jobs.ts): the cached 20,000-item
 * estimate opened from its closed file to the document, run after run.
 */
import { latin1JsonText, openCache } from '../src-main/cache/cache-db';
import { toEstimateDocument } from '../src-main/estimates/document';
import { readEstimateDetail } from '../src-main/estimates/estimate-tasks';
import { silentLogger } from '../src-main/log/logger';

export const RUNS = 11;
export const WORKSPACE = 'bench-cache';

/** What the reading thread measured, per run, in ms. */
export interface CacheRuns {
  floor: number[];
  open: number[];
  read: number[];
  build: number[];
  close: number[];
  /** The cached body as JSON text, and the floor's text (the same JSON, beyond Latin-1 escaped). */
  bodyChars: number;
  textChars: number;
}

/** On the reading thread: a warm-up, then RUNS opens of the closed file, each beside its floor. */
export async function cacheOpenRuns({ dir, key }: { dir: string; key: string }): Promise<CacheRuns> {
  const runs: CacheRuns = { floor: [], open: [], read: [], build: [], close: [], bodyChars: 0, textChars: 0 };
  let text = '';
  for (let run = 0; run <= RUNS; run++) {
    const t0 = performance.now();
    const cache = openCache(dir, WORKSPACE, silentLogger);
    const t1 = performance.now();
    const hit = cache.getBytes('estimate', key);
    if (!hit || cache.recovered || !cache.persistent) throw new Error('The cached estimate did not open.');
    const detail = await readEstimateDetail({ origin: 'cache', body: hit.bytes });
    const t2 = performance.now();
    const doc = toEstimateDocument(detail);
    const t3 = performance.now();
    cache.close();
    const t4 = performance.now();
    if (doc.tree.length === 0) throw new Error('The cached estimate has no items.');
    if (run === 0) {
      // The warm-up; the floor's text is the JSON the cache keeps (stored-json.ts).
      text = latin1JsonText(detail);
      runs.bodyChars = JSON.stringify(detail).length;
      runs.textChars = text.length;
      continue;
    }
    const f0 = performance.now();
    JSON.parse(text);
    runs.floor.push(performance.now() - f0);
    runs.open.push(t1 - t0);
    runs.read.push(t2 - t1);
    runs.build.push(t3 - t2);
    runs.close.push(t4 - t3);
  }
  return runs;
}
