import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { cacheKeys, openCache, latin1JsonText, storedJsonBytes } from '../src-main/cache/cache-db';
import type { EstimateDetail } from '../src-main/api/schemas';
import { silentLogger } from '../src-main/log/logger';
import { compareSnapshots } from '../src-main/versions/compare';
import { EstimateVersions, versionRef } from '../src-main/versions/estimate-versions';
import { snapshotOf, type RawItem } from '../src-main/versions/snapshot';
import { encodeFull, readChain } from '../src-main/versions/version-codec';
import { createWorkers } from '../src-main/workers/pool';
import { builtWorkerScripts } from './built-workers';
import { random } from '../tests/helpers/estimate-versions';
import { fetchLargeEstimate } from './cache';
import { ratio as ratioOf, tableRow, yesNo } from './table';

const VERSIONS = 50;
const CHANGED_SHARE = 0.01;
const RUNS = 11;
const COLD_RUNS = 5;
const DIFF_TARGET_MS = 300;
const STORAGE_TARGET = 3;

function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

const ms = (v: number): string => v.toFixed(1);
const mb = (bytes: number): string => (bytes / 1e6).toFixed(2);

/**
 * The next version: 1 % of the items changed as an estimator changes them — quantities re-measured
 * (with new costs and totals), a few renamed — the rest the same.
 */
function nextVersion(detail: EstimateDetail, k: number, r: () => number): EstimateDetail {
  const items = [...(detail.items as RawItem[])];
  const count = Math.round(items.length * CHANGED_SHARE);
  for (let c = 0; c < count; c++) {
    const i = Math.floor(r() * items.length);
    const item = items[i]!;
    const cents = 100 + Math.floor(r() * 500_000);
    items[i] =
      item.type === 'group'
        ? { ...item, name: `${String(item.name)} (${k})` }
        : {
            ...item,
            quantity: (1 + Math.floor(r() * 9_999)) / 100,
            total_cost: cents / 100,
            total: Math.round(cents * 1.19) / 100,
            modified: `2026-05-${String(1 + (k % 28)).padStart(2, '0')} 10:00:00`,
          };
  }
  return {
    ...detail,
    items: items as EstimateDetail['items'],
    modified: `2026-05-12 10:${String(k % 60).padStart(2, '0')}:00`,
  };
}

/**
 * Estimate versions with the 20,000-item estimate of "Benchmark Tower" (large data set): 50 versions
 * each differing from the one before in 1 % of its items, kept through the app's own path (the
 * cache's copy stored, then the version recorded in the worker pool), and the comparison of the last
 * two as the app asks for it (bodies read from SQLite, both versions read and compared in a worker,
 * the result back on the main thread). Medians of 11 after a warm-up.
 */
export async function benchVersions(): Promise<Record<string, string | number>> {
  const { estimate, projectId } = await fetchLargeEstimate();
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'plandesk-bench-versions-'));
  const scripts = builtWorkerScripts();
  const workers = createWorkers(silentLogger, undefined, scripts);
  try {
    const cache = openCache(dir, 'bench-versions', silentLogger);
    const versions = new EstimateVersions(workers, silentLogger);
    const key = cacheKeys.estimate(projectId, estimate.id);
    const r = random(17);
    let detail = estimate;
    const recordTimes: number[] = [];
    for (let k = 1; k <= VERSIONS; k++) {
      if (k > 1) detail = nextVersion(detail, k, r);
      cache.put('estimate', key, detail, new Date(Date.UTC(2026, 4, 1) + k * 60_000));
      const stored = cache.getBytes('estimate', key)!;
      const t0 = performance.now();
      await versions.record(cache, { projectId, estimateId: estimate.id, ...stored });
      recordTimes.push(performance.now() - t0);
    }
    const kept = cache.versions.list(projectId, estimate.id);
    if (kept.length !== VERSIONS) throw new Error(`kept ${kept.length} versions, not ${VERSIONS}`);
    const stored = cache.versions.totalBytes();
    const copy = latin1JsonText(estimate).length;
    const cacheCopy = storedJsonBytes(estimate).length;
    const compressedCopy = encodeFull(snapshotOf(estimate as unknown as Record<string, unknown>)).length;
    const wholeCopies = kept.filter((v) => v.baseId === null).length;

    // The comparison the app makes: the last two versions, through the pool. Cold: a worker that
    // has read neither (it compared two other versions of the estimate first, as the app does when
    // the estimate opens: its start is not counted), each time in a fresh pool; it keeps the whole
    // copy their chains begin with from that first comparison. Warm: the versions it read last are
    // kept (as after keeping them).
    const [older, newer] = [kept[VERSIONS - 2]!, kept[VERSIONS - 1]!];
    const colds: number[] = [];
    let counts = '';
    for (let run = 0; run < COLD_RUNS; run++) {
      const fresh = createWorkers(silentLogger, undefined, scripts);
      try {
        const coldVersions = new EstimateVersions(fresh, silentLogger);
        await coldVersions.compare(cache, kept[0]!, kept[1]!, { includeUnchanged: false });
        const t0 = performance.now();
        const { comparison } = await coldVersions.compare(cache, older, newer, { includeUnchanged: false });
        colds.push(performance.now() - t0);
        counts = `${comparison.counts.changed} changed, ${comparison.counts.unchanged} unchanged`;
      } finally {
        await fresh.close();
      }
    }
    const cold = median(colds);
    // The first comparison of a thread: started and warmed on two small versions of another
    // estimate, it reads this estimate's whole copy too.
    const tiny = (name: string) =>
      encodeFull(
        snapshotOf({ ...estimate, name, items: estimate.items.slice(0, 50) } as Record<string, unknown>),
      );
    const warmUp = {
      common: [],
      from: { bodies: [tiny('a')], hash: 'tiny-a' },
      to: { bodies: [tiny('b')], hash: 'tiny-b' },
      options: { from: versionRef(older), to: versionRef(newer), includeUnchanged: false },
    };
    /**
     * The first comparison of a fresh thread warmed on `warmUp`; with `listedFirst`, the versions list
     * was shown before it, and the thread read the current whole copy then (EstimateVersions.prepare),
     * as the app has it when the user picks two versions.
     */
    const firstDiffs = async (listedFirst: boolean): Promise<number[]> => {
      const times: number[] = [];
      for (let run = 0; run < COLD_RUNS; run++) {
        const fresh = createWorkers(silentLogger, undefined, scripts);
        try {
          await fresh.run('versions-compare', warmUp);
          const threadVersions = new EstimateVersions(fresh, silentLogger);
          if (listedFirst) await threadVersions.prepare(cache, projectId, estimate.id);
          const t0 = performance.now();
          await threadVersions.compare(cache, older, newer, { includeUnchanged: false });
          times.push(performance.now() - t0);
        } finally {
          await fresh.close();
        }
      }
      return times;
    };
    const firsts = await firstDiffs(false);
    const first = median(firsts);
    const afterLists = await firstDiffs(true);
    const afterList = median(afterLists);
    const endToEnd: number[] = [];
    for (let run = 0; run <= RUNS; run++) {
      const t0 = performance.now();
      await versions.compare(cache, older, newer, { includeUnchanged: false });
      if (run > 0) endToEnd.push(performance.now() - t0);
    }
    // The comparison alone, both versions already read (in this thread).
    const bodies = versions.bodies(cache, older, newer);
    const shared = readChain(bodies.common);
    const a = readChain((bodies.from as { bodies: Uint8Array[] }).bodies, shared);
    const b = readChain((bodies.to as { bodies: Uint8Array[] }).bodies, shared);
    const diffOnly: number[] = [];
    for (let run = 0; run <= RUNS; run++) {
      const t0 = performance.now();
      compareSnapshots(a, b, { from: versionRef(older), to: versionRef(newer), includeUnchanged: false });
      if (run > 0) diffOnly.push(performance.now() - t0);
    }
    // The first and the last version: half the items differ, and a chain of 49 deltas is read.
    const t1 = performance.now();
    const far = await versions.compare(cache, kept[0]!, newer, { includeUnchanged: false });
    const farMs = performance.now() - t1;
    cache.close();

    const warm = median(endToEnd);
    const diffRow = (what: string, now: number, how: string) =>
      tableRow({
        what,
        now: `${ms(now)} ms (median of ${COLD_RUNS}${how})`,
        floor: `warm (anchor): ${ms(warm)} ms`,
        ratio: ratioOf(now, warm),
        target: `≤ ${DIFF_TARGET_MS} ms`,
        within: yesNo(now <= DIFF_TARGET_MS),
      });
    diffRow('diff of two 20,000-item versions, cold', cold, ', each a fresh thread');
    diffRow("… the thread's first diff of this estimate", first, '');
    diffRow('… the first diff after the versions list was shown (the app)', afterList, '');
    const ratio = stored / copy;
    return {
      items: estimate.items.length,
      versions: `${VERSIONS} (each 1 % of items changed)`,
      'one full copy (JSON, MB)': mb(copy),
      'one copy as cached (gzip, MB)': mb(cacheCopy),
      'one copy compressed (MB)': mb(compressedCopy),
      'all 50 versions (bytes)': stored,
      'all 50 versions (MB)': mb(stored),
      'whole copies among them': wholeCopies,
      '× one full copy': ratio.toFixed(3),
      'storage target': `< ${STORAGE_TARGET}× one full copy`,
      'storage within target': ratio < STORAGE_TARGET ? 'yes' : 'no',
      '× one compressed copy': (stored / compressedCopy).toFixed(2),
      '× one copy as cached': (stored / cacheCopy).toFixed(2),
      'keep a version, median (ms)': ms(median(recordTimes.slice(1))),
      'diff v49 → v50': counts,
      'diff cold, worker (ms)': `${ms(cold)} (runs: ${colds.map((t) => t.toFixed(0)).join(' ')})`,
      "diff, the thread's first of this estimate (ms)": `${ms(first)} (runs: ${firsts.map((t) => t.toFixed(0)).join(' ')})`,
      'diff after the versions list was shown (ms)': `${ms(afterList)} (runs: ${afterLists.map((t) => t.toFixed(0)).join(' ')})`,
      'diff warm, worker (ms)': ms(warm),
      'diff target (ms)': `≤ ${DIFF_TARGET_MS}`,
      'diff within target (cold)': cold <= DIFF_TARGET_MS ? 'yes' : 'no',
      'diff within target (warm)': warm <= DIFF_TARGET_MS ? 'yes' : 'no',
      'diff alone, read versions (ms)': ms(median(diffOnly)),
      'diff v1 → v50 (ms, one run)': `${ms(farMs)} (${far.comparison.counts.changed} changed)`,
    };
  } finally {
    await workers.close();
    await fs.rm(dir, { recursive: true, force: true });
  }
}
