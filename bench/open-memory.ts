/**
 * What opening the 20,000-item estimate in the app costs in memory: main's services as the app wires
 * them (the worker threads with their heap limits, workers/thread-limits.ts), the estimate opened
 * three times in a row from the simulator (the large data set, in a child process), this process's
 * resident set sampled every 5 ms, and what is still held a while after. What runs beside an open
 * counts too, as it would in the app: the export thread's warm-up and the versions thread recording
 * the estimate as a version. No target: the figures go into the notes, beside those of other heap
 * limits.
 */
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ApiClient } from '../src-main/api/client';
import { testDialogs } from '../tests/helpers/test-dialogs';
import { benchApp } from './bench-app';
import { builtWorkerScripts } from './built-workers';
import { childSimulator } from './child-simulator';

const OPENS = 3;
const HELD_AFTER_MS = 10_000;
/** Long enough for what an open starts a little later (the export thread's warm-up). */
const SETTLE_MS = 3_000;
const MB = 1024 * 1024;

const rss = (): number => process.memoryUsage().rss;
const mb = (bytes: number): string => (bytes / MB).toFixed(0);
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function benchOpenMemory(): Promise<Record<string, string | number>> {
  const backend = await childSimulator('large');
  const dir = await mkdtemp(join(tmpdir(), 'plandesk-bench-open-memory-'));
  try {
    await mkdir(join(dir, 'saved'));
    const services = await benchApp(backend, {
      userDataDir: join(dir, 'userData'),
      dialogs: testDialogs(join(dir, 'saved')).dialogs,
      workerScripts: builtWorkerScripts(),
    });
    try {
      const client = new ApiClient({
        baseUrl: backend.baseUrl,
        customer: backend.customer,
        key: backend.key,
      });
      const project = (await client.listProjects({ externalReferenceId: 'BENCH-20000', pageSize: 5 }))
        .items[0];
      if (!project) throw new Error('The large data set has no "Benchmark Tower" (BENCH-20000) project.');
      const estimates = await client.listAllEstimates(project.id);
      const idOf = (name: string): string => {
        const e = estimates.find((x) => x.name === name);
        if (!e) throw new Error(`"Benchmark Tower" has no estimate "${name}".`);
        return e.id;
      };
      // A small estimate first: a reading thread started and its script loaded, as in an app in use;
      // the export thread the open starts a second later is up before idle is measured.
      await services.estimates.get(project.id, idOf('Benchmark quote 2k'));
      await pause(SETTLE_MS);
      (globalThis as { gc?: () => void }).gc?.();
      await pause(500);
      const idle = rss();
      let peak = idle;
      const sampler = setInterval(() => (peak = Math.max(peak, rss())), 5);
      const peaks: number[] = [];
      const times: number[] = [];
      try {
        for (let i = 0; i < OPENS; i++) {
          peak = rss();
          const t0 = performance.now();
          await services.estimates.get(project.id, idOf('Benchmark estimate 20k'));
          times.push(performance.now() - t0);
          peaks.push(Math.max(peak, rss()) - idle);
        }
      } finally {
        clearInterval(sampler);
      }
      await pause(HELD_AFTER_MS);
      return {
        'idle RSS, a reading thread up (MB)': mb(idle),
        'peak RSS above idle, during each open (MB)': peaks.map(mb).join(', '),
        [`held ${HELD_AFTER_MS / 1000} s after the last open (MB above idle)`]: mb(rss() - idle),
        'each open, whole (ms)': times.map((t) => t.toFixed(0)).join(', '),
        'reading threads': 'end when idle (workers/pool.ts), and give all of it back',
      };
    } finally {
      await services.close();
    }
  } finally {
    await backend.close();
    await rm(dir, { recursive: true, force: true });
  }
}
