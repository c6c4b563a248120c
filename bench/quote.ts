/**
 * The typical quote (74 lines, 2 pages) exported as a PDF in the app: main's services with the
 * worker threads as built for shipping, the service (simulator, demo data) in another process.
 * - threads not started: a fresh app's first export, nothing opened before;
 * - warm: the exports after it (the export thread kept, its fonts parsed);
 * - after opening: a fresh app, the estimate opened (as the screen does), the export thread warmed
 *   while the user looks at it, then Export.
 * Each beside its floor: bare pdfmake laying out the same rows' texts, in this process, in the same
 * run. CPU: all threads of the process (main and workers), so a loaded machine shows what the work
 * itself costs beside what the wall clock says.
 */
import { mkdir, readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { RunningServices } from '../src-main/app/services';
import { ApiClient } from '../src-main/api/client';
import { testDialogs } from '../tests/helpers/test-dialogs';
import { benchApp } from './bench-app';
import { builtWorkerScripts } from './built-workers';
import { childSimulator, type Backend } from './child-simulator';
import { bareTablePdf, estimateTableTexts, median, ms, scratchDir } from './floors';
import { ratio, tableRow, yesNo } from './table';
import { TYPICAL_QUOTE, findTypicalQuote } from './typical-quote';

const WARM_RUNS = 5;
const WARM_TARGET_MS = 800;
const COLD_TARGET_MS = 1500;
/** How long the user looks at the estimate before pressing Export (the export thread warms meanwhile). */
const LOOKING_MS = 8000;

const cpuNow = (): number => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

/** Wall and CPU time of one piece of work. */
async function timed(work: () => Promise<unknown>): Promise<{ wall: number; cpu: number }> {
  const c0 = cpuNow();
  const t0 = performance.now();
  await work();
  return { wall: performance.now() - t0, cpu: cpuNow() - c0 };
}

async function app(dir: string, backend: Backend, scripts: string): Promise<RunningServices> {
  const saved = join(dir, 'saved');
  await mkdir(saved, { recursive: true });
  return benchApp(backend, {
    userDataDir: join(dir, 'userData'),
    dialogs: testDialogs(saved).dialogs,
    workerScripts: scripts,
  });
}

export async function benchQuote(): Promise<Record<string, string | number>> {
  const backend = await childSimulator('demo');
  const scratch = scratchDir('quote');
  const scripts = builtWorkerScripts();
  const opened: RunningServices[] = [];
  try {
    const { projectId, estimateId } = await findTypicalQuote(backend);
    const request = {
      projectId,
      estimateId,
      format: 'pdf' as const,
      presetId: 'quote',
      language: 'de-DE' as const,
    };
    // The save dialog answers with the same name each time, and an export never overwrites.
    const saved = (dir: string) => join(dir, 'saved');
    const clear = async (dir: string) => {
      for (const f of await readdir(saved(dir))) await rm(join(saved(dir), f));
    };

    const first = join(scratch.dir, 'first');
    const services = await app(first, backend, scripts);
    opened.push(services);
    const cold = await timed(() => services.exports.estimates(request));
    await clear(first);
    const warm: { wall: number; cpu: number }[] = [];
    for (let run = 0; run < WARM_RUNS; run++) {
      warm.push(await timed(() => services.exports.estimates(request)));
      await clear(first);
    }

    // A fresh app: the estimate opened, looked at, then exported.
    const second = join(scratch.dir, 'second');
    const looking = await app(second, backend, scripts);
    opened.push(looking);
    await looking.estimates.get(projectId, estimateId);
    await new Promise((resolve) => setTimeout(resolve, LOOKING_MS));
    const afterOpening = await timed(() => looking.exports.estimates(request));

    const client = new ApiClient({ baseUrl: backend.baseUrl, customer: backend.customer, key: backend.key });
    const texts = await estimateTableTexts(client, projectId, estimateId);
    const floor: number[] = [];
    for (let run = 0; run <= WARM_RUNS; run++) {
      floor.push((await timed(() => bareTablePdf(texts, join(scratch.dir, `bare-${run}.pdf`)))).wall);
    }
    const warmMs = median(warm.map((w) => w.wall));
    const warmCpu = median(warm.map((w) => w.cpu));
    const floorMs = median(floor.slice(1));
    const rows = texts.body.length - 1;
    tableRow({
      what: `export the typical quote (${TYPICAL_QUOTE.lines} lines, PDF) in the app, warm`,
      now: `${ms(warmMs)} (CPU ${ms(warmCpu)}); after opening it: ${ms(afterOpening.wall)}`,
      floor: `bare pdfmake, the same ${rows} rows: ${ms(floorMs)}`,
      ratio: ratio(warmMs, floorMs),
      target: `≤ ${WARM_TARGET_MS} ms`,
      within: yesNo(warmMs <= WARM_TARGET_MS && afterOpening.wall <= WARM_TARGET_MS),
    });
    tableRow({
      what: '… with the threads not started',
      now: `${ms(cold.wall)} (CPU ${ms(cold.cpu)})`,
      floor: `bare pdfmake, first in its process: ${ms(floor[0]!)}`,
      ratio: ratio(cold.wall, floor[0]!),
      target: `≤ ${COLD_TARGET_MS} ms`,
      within: yesNo(cold.wall <= COLD_TARGET_MS),
    });
    return {
      quote: `"${TYPICAL_QUOTE.estimate}" (${TYPICAL_QUOTE.project}), client quote, de-DE, ${rows} table rows`,
      'first export, threads not started (ms)': `${cold.wall.toFixed(0)} (CPU ${cold.cpu.toFixed(0)})`,
      'warm exports (ms)': warm.map((w) => w.wall.toFixed(0)).join(' '),
      'warm exports, CPU (ms)': warm.map((w) => w.cpu.toFixed(0)).join(' '),
      'opened, then exported (ms)': `${afterOpening.wall.toFixed(0)} (CPU ${afterOpening.cpu.toFixed(0)})`,
      'bare pdfmake, same rows (ms)': floor.map((t) => t.toFixed(0)).join(' '),
      'warm ÷ bare pdfmake': ratio(warmMs, floorMs),
      'targets (ms)': `warm ≤ ${WARM_TARGET_MS}, first ≤ ${COLD_TARGET_MS}`,
    };
  } finally {
    for (const s of opened) await s.close();
    await backend.close();
    scratch.done();
  }
}
