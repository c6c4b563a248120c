/**
 * The typical quote (74 lines, 2 pages) exported as a PDF in the app: main's services with the
 * worker threads as built for shipping, the service (simulator, demo data) in another process. The
 * first export starts the export thread; then warm exports. The floor: bare pdfmake laying out a
 * table of as many rows, in this process, in the same run.
 */
import { mkdir, readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { createServices } from '../src-main/app/services';
import { silentLogger } from '../src-main/log/logger';
import { MemorySecretStore } from '../src-main/secrets/secret-store';
import { testDialogs } from '../tests/helpers/test-dialogs';
import { builtWorkerScripts } from './built-workers';
import { childSimulator } from './child-simulator';
import { barePdf, median, ms, scratchDir, timedRuns } from './floors';
import { ratio, tableRow, yesNo } from './table';
import { TYPICAL_QUOTE, findTypicalQuote } from './typical-quote';

const WARM_RUNS = 5;
const WARM_TARGET_MS = 800;
const COLD_TARGET_MS = 1500;

export async function benchQuote(): Promise<Record<string, string | number>> {
  const backend = await childSimulator('demo');
  const scratch = scratchDir('quote');
  const saved = join(scratch.dir, 'saved');
  await mkdir(saved);
  const services = createServices({
    version: 'bench',
    platform: process.platform,
    userDataDir: join(scratch.dir, 'userData'),
    secrets: new MemorySecretStore(),
    logger: silentLogger,
    emit: () => undefined,
    dialogs: testDialogs(saved).dialogs,
    workerScripts: builtWorkerScripts(),
  });
  try {
    await services.workspaces.add({
      customer: backend.customer,
      key: backend.key,
      baseUrl: backend.baseUrl,
      language: 'de-DE',
    });
    const { projectId, estimateId } = await findTypicalQuote(backend);
    const request = {
      projectId,
      estimateId,
      format: 'pdf' as const,
      presetId: 'quote',
      language: 'de-DE' as const,
    };
    // The save dialog answers with the same name each time, and an export never overwrites.
    const clear = async () => {
      for (const f of await readdir(saved)) await rm(join(saved, f));
    };
    const [cold] = await timedRuns(1, () => services.exports.estimates(request));
    await clear();
    const warm = await timedRuns(WARM_RUNS, async () => {
      await services.exports.estimates(request);
      await clear();
    });
    const floor = await timedRuns(WARM_RUNS + 1, (run) =>
      barePdf(TYPICAL_QUOTE.lines, join(scratch.dir, `bare-${run}.pdf`)),
    );
    const warmMs = median(warm);
    const floorMs = median(floor.slice(1));
    tableRow({
      what: `export the typical quote (${TYPICAL_QUOTE.lines} lines, PDF) in the app, warm`,
      now: ms(warmMs),
      floor: `bare pdfmake, ${TYPICAL_QUOTE.lines} rows: ${ms(floorMs)}`,
      ratio: ratio(warmMs, floorMs),
      target: `≤ ${WARM_TARGET_MS} ms`,
      within: yesNo(warmMs <= WARM_TARGET_MS),
    });
    tableRow({
      what: '… with the threads not started',
      now: ms(cold!),
      floor: `bare pdfmake, first in its process: ${ms(floor[0]!)}`,
      ratio: ratio(cold!, floor[0]!),
      target: `≤ ${COLD_TARGET_MS} ms`,
      within: yesNo(cold! <= COLD_TARGET_MS),
    });
    return {
      quote: `"${TYPICAL_QUOTE.estimate}" (${TYPICAL_QUOTE.project}), client quote, de-DE`,
      'first export, threads not started (ms)': cold!.toFixed(0),
      'warm exports (ms)': warm.map((t) => t.toFixed(0)).join(' '),
      'warm, median (ms)': warmMs.toFixed(0),
      'bare pdfmake, same rows (ms)': floor.map((t) => t.toFixed(0)).join(' '),
      'warm ÷ bare pdfmake': ratio(warmMs, floorMs),
      'targets (ms)': `warm ≤ ${WARM_TARGET_MS}, first ≤ ${COLD_TARGET_MS}`,
    };
  } finally {
    await services.close();
    await backend.close();
    scratch.done();
  }
}
