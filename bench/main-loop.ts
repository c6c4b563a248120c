/**
 * "Main-loop stall": for each heavy operation, its wall time and the longest gap between 5 ms timer
 * ticks on this (main's) thread while it runs, next to the target. Each operation runs twice, side
 * by side: as PlanDesk does it now (main's services, the heavy work in worker threads) and as it
 * was done before, everything on main's thread (the same building blocks, called in place). The
 * simulator (the large data set) runs in a child process, so only PlanDesk's work is on this thread.
 */
import { createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { performance as nodePerformance } from 'node:perf_hooks';
import { join } from 'node:path';
import { ApiClient } from '../src-main/api/client';
import type { RunningServices } from '../src-main/app/services';
import { benchApp } from './bench-app';
import { builtWorkerScripts } from './built-workers';
import { cacheKeys, openCache, type CacheDb } from '../src-main/cache/cache-db';
import { makeAvailableOffline } from '../src-main/cache/offline-sync';
import { toEstimateDocument } from '../src-main/estimates/document';
import { cacheBodyOf } from '../src-main/estimates/estimate-body';
import { readEstimate } from '../src-main/estimates/estimate-tasks';
import type { KeptSummary } from '../src-main/estimates/estimate-reader';
import { floorImageUrls } from '../src-main/offline/offline-service';
import { flattenTree } from '../src-main/estimates/flatten';
import { writeEstimateWorkbook } from '../src-main/exports/excel';
import { writeEstimatePdf } from '../src-main/exports/pdf';
import { silentLogger } from '../src-main/log/logger';
import { quoteTotals, quoteTotalsView } from '../src-shared/estimates/quote-totals';
import { currencyDigits } from '../src-shared/money/currency';
import { testDialogs } from '../tests/helpers/test-dialogs';
import { childSimulator, type Backend } from './child-simulator';
import { tableRow } from './table';

const TICK_MS = 5;
const loopUse = nodePerformance.eventLoopUtilization.bind(nodePerformance);
const TARGET_GAP_MS = 50;
const MB = 1024 * 1024;

interface Measured {
  ms: number;
  /** The longest time between two ticks of a 5 ms timer on this thread. */
  gap: number;
  /**
   * The most time this thread spent running (not waiting for events) between two ticks. A gap
   * much longer than this was the machine's doing: the thread waited for a core, not for PlanDesk.
   */
  busy: number;
  /** This process's peak resident set (main and its worker threads). */
  peakRss: number;
}

/** Runs `work` while a 5 ms timer ticks on this thread; the longest gap between ticks is the stall. */
async function measured(work: () => Promise<unknown>): Promise<Measured> {
  (globalThis as { gc?: () => void }).gc?.();
  await new Promise((r) => setTimeout(r, 50));
  let last = performance.now();
  let lastUse = loopUse();
  let gap = 0;
  let busy = 0;
  let peakRss = process.memoryUsage().rss;
  const tick = () => {
    const now = performance.now();
    const use = loopUse();
    gap = Math.max(gap, now - last);
    busy = Math.max(busy, loopUse(use, lastUse).active);
    last = now;
    lastUse = use;
  };
  const timer = setInterval(() => {
    tick();
    peakRss = Math.max(peakRss, process.memoryUsage().rss);
  }, TICK_MS);
  const started = performance.now();
  try {
    await work();
    const ended = performance.now();
    tick();
    return { ms: ended - started, gap, busy, peakRss: Math.max(peakRss, process.memoryUsage().rss) };
  } finally {
    clearInterval(timer);
  }
}

interface Bench {
  backend: Backend;
  services: RunningServices;
  client: ApiClient;
  dir: string;
  /** What the test dialogs answer (the files to upload). */
  answers: ReturnType<typeof testDialogs>['answers'];
  /** The cache the "before" runs write to, open as the app's is. */
  beforeCache: CacheDb;
  tower: { projectId: string; planId: string; big: string; quote: string };
}

async function setUp(): Promise<Bench> {
  const backend = await childSimulator('large');
  try {
    return await connect(backend);
  } catch (err) {
    await backend.close();
    throw err;
  }
}

async function connect(backend: Backend): Promise<Bench> {
  const dir = await mkdtemp(join(tmpdir(), 'plandesk-bench-main-loop-'));
  await mkdir(join(dir, 'saved'));
  const { dialogs, answers } = testDialogs(join(dir, 'saved'));
  const services = await benchApp(backend, {
    userDataDir: join(dir, 'userData'),
    dialogs,
    workerScripts: builtWorkerScripts(),
  });
  const client = new ApiClient({ baseUrl: backend.baseUrl, customer: backend.customer, key: backend.key });
  const listed = (await client.listProjects({ externalReferenceId: 'BENCH-20000', pageSize: 5 })).items[0];
  const project = listed && (await client.getProject(listed.id));
  if (!project?.plan_id) throw new Error('The large data set has no "Benchmark Tower" with a plan.');
  const estimates = await client.listAllEstimates(project.id);
  const byName = (name: string) => {
    const e = estimates.find((x) => x.name === name);
    if (!e) throw new Error(`"Benchmark Tower" has no estimate "${name}".`);
    return e.id;
  };
  return {
    backend,
    services,
    client,
    dir,
    answers,
    beforeCache: openCache(dir, 'before', silentLogger),
    tower: {
      projectId: project.id,
      planId: String(project.plan_id),
      big: byName('Benchmark estimate 20k'),
      quote: byName('Benchmark quote 2k'),
    },
  };
}

/** Opening an estimate as main did it before: parsed, summed, cached and cloned for IPC on its thread. */
async function openOnMain(b: Bench, estimateId: string): Promise<void> {
  const detail = await b.client.getEstimate(b.tower.projectId, estimateId);
  const doc = toEstimateDocument(detail);
  const rows = flattenTree(doc.tree);
  const quote = quoteTotalsView(quoteTotals(rows, doc.service_totals, currencyDigits(doc.estimate.currency)));
  b.beforeCache.put('estimate', cacheKeys.estimate(b.tower.projectId, estimateId), detail);
  // What IPC did with the view: a structured clone of every row.
  structuredClone({ estimate: doc.estimate, rows, quote, warnings: doc.warnings });
}

/** Exporting as main did it before: each estimate read through the cache (fetched, then stored), written here. */
async function exportOnMain(b: Bench, ids: string[], format: 'xlsx' | 'pdf', target: string): Promise<void> {
  const docs = [];
  for (const id of ids) {
    const detail = await b.client.getEstimate(b.tower.projectId, id);
    b.beforeCache.put('estimate', cacheKeys.estimate(b.tower.projectId, id), detail);
    docs.push(toEstimateDocument(detail));
  }
  const options = { preset: 'internal', language: 'de-DE' as const };
  if (format === 'xlsx') await writeEstimateWorkbook(docs, options, target);
  else await writeEstimatePdf(docs[0]!, { ...options, images: { logo: null, watermark: null } }, target);
}

/**
 * "Make available offline" as main did it before, the same work in place: the project, its plan and
 * floor images, lists, and each estimate parsed, summed for the list and stored, on main's thread.
 */
function offlineOnMain(b: Bench, projectId: string): Promise<unknown> {
  return makeAvailableOffline(b.client, b.beforeCache, projectId, {
    floorImageUrls,
    estimateEntries: async (p, id, signal) => {
      const detail = await b.client.getEstimate(p, id, { signal });
      const read = readEstimate({ origin: 'response' }, detail).output;
      const key = cacheKeys.estimate(p, id);
      const kept: KeptSummary = { modified: read.modified, summary: read.summary };
      return [
        { kind: 'estimate', key, bytes: read.cacheBody },
        { kind: 'estimate-summary', key, data: kept },
      ];
    },
  });
}

type Row = [operation: string, now: Measured, before: Measured | null];

/** Runs of each side by side operation: the wall time is their median, the stall the longest. */
const RUNS = 3;

/**
 * The same work as PlanDesk does it now and as it was done before, in turns (so a busy moment of
 * the machine does not fall on one side only): the median wall time and the longest stall of each.
 */
async function sideBySide(
  now: (run: number) => Promise<unknown>,
  before: (run: number) => Promise<unknown>,
  afterEach: () => Promise<void> = async () => undefined,
): Promise<[Measured, Measured]> {
  const nows: Measured[] = [];
  const befores: Measured[] = [];
  for (let run = 0; run < RUNS; run++) {
    nows.push(await measured(() => now(run)));
    befores.push(await measured(() => before(run)));
    await afterEach();
  }
  return [summed(nows), summed(befores)];
}

function summed(runs: Measured[]): Measured {
  const sorted = [...runs].sort((a, b) => a.ms - b.ms);
  return {
    ms: sorted[sorted.length >> 1]!.ms,
    gap: Math.max(...runs.map((r) => r.gap)),
    busy: Math.max(...runs.map((r) => r.busy)),
    peakRss: Math.max(...runs.map((r) => r.peakRss)),
  };
}

export async function benchMainLoop(): Promise<Record<string, string | number>> {
  const b = await setUp();
  const rows: Row[] = [];
  const before = (name: string) => join(b.dir, `before-${name}`);
  try {
    const { projectId, planId, big, quote } = b.tower;
    const e = b.services.estimates;
    const x = b.services.exports;
    // Warm-up: the worker threads start and load their scripts, and both writers run once on
    // either side, as in an app in use (the first export after two idle minutes also starts a
    // thread: measured on its own below).
    const cold = await measured(() =>
      x.estimates({ projectId, estimateId: quote, format: 'pdf', presetId: 'internal', language: 'de-DE' }),
    );
    await e.get(projectId, quote);
    await x.estimates({
      projectId,
      estimateId: quote,
      format: 'xlsx',
      presetId: 'internal',
      language: 'de-DE',
    });
    await exportOnMain(b, [quote], 'pdf', before('warm.pdf'));
    await exportOnMain(b, [quote], 'xlsx', before('warm.xlsx'));
    // The app's save dialog answers with the same name each time, and never overwrites.
    const clearSaved = async () => {
      const saved = join(b.dir, 'saved');
      for (const f of await readdir(saved)) await rm(join(saved, f));
    };
    await clearSaved();

    rows.push([
      'open the 20,000-item estimate',
      ...(await sideBySide(
        () => e.get(projectId, big),
        () => openOnMain(b, big),
      )),
    ]);
    const xlsx = {
      projectId,
      estimateId: big,
      format: 'xlsx' as const,
      presetId: 'internal',
      language: 'de-DE' as const,
    };
    rows.push([
      'Excel export, 20,000 items',
      ...(await sideBySide(
        () => x.estimates(xlsx),
        (run) => exportOnMain(b, [big], 'xlsx', before(`big-${run}.xlsx`)),
        clearSaved,
      )),
    ]);
    rows.push([
      'PDF export, 2,000 items',
      ...(await sideBySide(
        () => x.estimates({ ...xlsx, estimateId: quote, format: 'pdf' }),
        (run) => exportOnMain(b, [quote], 'pdf', before(`quote-${run}.pdf`)),
        clearSaved,
      )),
    ]);
    rows.push([
      "the project's workbook (22,000 items)",
      ...(await sideBySide(
        () => x.estimates({ ...xlsx, estimateId: undefined }),
        (run) => exportOnMain(b, [big, quote], 'xlsx', before(`project-${run}.xlsx`)),
        clearSaved,
      )),
    ]);
    rows.push(['PDF export, 2,000 items, threads not started yet', cold, null]);
    rows.push([
      'rooms export (xlsx)',
      await measured(() => x.rooms({ planId, format: 'xlsx', language: 'de-DE' })),
      null,
    ]);
    rows.push([
      '"make available offline", Benchmark Tower',
      ...(await sideBySide(
        () => b.services.offline.makeAvailable(projectId),
        () => offlineOnMain(b, projectId),
      )),
    ]);
    // Storing the 20,000-item estimate in the cache: the bytes a worker made, against the detail
    // stringified here.
    const detail = await b.client.getEstimate(projectId, big);
    const bytes = cacheBodyOf(detail);
    const store = openCache(b.dir, 'store', silentLogger);
    try {
      const key = cacheKeys.estimate(projectId, big);
      rows.push([
        'store the 20,000-item estimate in the cache',
        ...(await sideBySide(
          async () => void store.putMany([{ kind: 'estimate', key, bytes }]),
          async () => void store.put('estimate', key, detail),
        )),
      ]);
    } finally {
      store.close();
    }
    const fileRows = await uploadAndDownload(b);
    rows.push(...fileRows);
    const open = rows.find(([name]) => name === 'open the 20,000-item estimate')!;
    tableRow({
      what: 'longest main-loop stall while opening the 20,000-item estimate',
      now: `${ms(open[1].gap)} ms (main busy at most ${ms(open[1].busy)} ms of it)`,
      floor: '—',
      ratio: '—',
      target: `≤ ${TARGET_GAP_MS} ms`,
      within: open[1].gap <= TARGET_GAP_MS ? 'yes' : 'NO',
    });
    const out: Record<string, string | number> = { simulator: b.backend.where };
    for (const [name, now, old] of rows) {
      const within = now.gap <= TARGET_GAP_MS ? 'yes' : 'NO';
      out[name] =
        `now ${ms(now.ms)} ms, longest stall ${ms(now.gap)} ms (≤ ${TARGET_GAP_MS}: ${within}; busy ${ms(now.busy)})` +
        (old ? `; before ${ms(old.ms)} ms, stall ${ms(old.gap)} ms; wall ${ratio(now.ms, old.ms)}` : '');
    }
    out['runs side by side'] = `${RUNS} each, in turns (wall: median; stall: longest)`;
    out['busy'] =
      'the most time main spent running between two ticks (the rest of a stall it waited for a core)';
    return out;
  } finally {
    b.beforeCache.close();
    await b.services.close();
    await b.backend.close();
    await rm(b.dir, { recursive: true, force: true });
  }
}

/**
 * The 20,000-item Excel export through the app, in a process of its own: the peak resident set of
 * the whole process (main and its worker threads) while it runs.
 */
export async function benchExcelMemory(): Promise<Record<string, string | number>> {
  const b = await setUp();
  try {
    const { projectId, big, quote } = b.tower;
    const request = { projectId, format: 'xlsx' as const, presetId: 'internal', language: 'de-DE' as const };
    // The export thread started and its writer loaded, as in an app in use.
    await b.services.exports.estimates({ ...request, estimateId: quote });
    (globalThis as { gc?: () => void }).gc?.();
    const before = process.memoryUsage().rss;
    const run = await measured(() => b.services.exports.estimates({ ...request, estimateId: big }));
    return {
      'RSS before (MB)': (before / MB).toFixed(0),
      'peak RSS, main + workers (MB)': (run.peakRss / MB).toFixed(0),
      'target (MB)': '≤ 450',
      'within target': run.peakRss <= 450 * MB ? 'yes' : 'NO',
      'wall (ms)': ms(run.ms),
      'longest stall (ms)': `${ms(run.gap)} (busy ${ms(run.busy)})`,
    };
  } finally {
    b.beforeCache.close();
    await b.services.close();
    await b.backend.close();
    await rm(b.dir, { recursive: true, force: true });
  }
}

/** A 50 MB upload and its download through the files service (unchanged: streamed, on main). */
async function uploadAndDownload(b: Bench): Promise<Row[]> {
  const file = join(b.dir, 'site-photos.pdf');
  await writeBigFile(file, 50 * MB);
  const files = b.services.files;
  // The open dialog's answer: PlanDesk uploads only what the user chose there.
  b.answers.open = [file];
  const up = await measured(() => files.upload(b.tower.projectId, undefined));
  const listed = (await files.list(b.tower.projectId)).find((f) => f.name === 'site-photos.pdf');
  const rows: Row[] = [['upload, 50 MB', up, null]];
  if (listed)
    rows.push(['download, 50 MB', await measured(() => files.download(b.tower.projectId, listed.id)), null]);
  return rows;
}

async function writeBigFile(path: string, size: number): Promise<void> {
  const out = createWriteStream(path);
  const block = Buffer.alloc(MB, 7);
  for (let written = 0; written < size; written += MB) {
    if (!out.write(block)) await new Promise<void>((r) => out.once('drain', () => r()));
  }
  await new Promise<void>((res, rej) => out.end((err?: Error | null) => (err ? rej(err) : res())));
  await stat(path);
}

const ms = (v: number): string => v.toFixed(0);
const ratio = (now: number, old: number): string =>
  `${now <= old ? '−' : '+'}${Math.abs(((now - old) / old) * 100).toFixed(0)} %`;
