import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createServices } from '../src-main/app/services';
import { builtWorkerScripts } from './built-workers';
import { silentLogger } from '../src-main/log/logger';
import { MemorySecretStore } from '../src-main/secrets/secret-store';
import { startSimulator } from '../simulator';

const LATENCY_MS = 20;
const TARGET_MS = 5_000;
const MB = 1024 * 1024;

/**
 * "Make available offline" for the large data set's "Benchmark Tower" (3 floors with images, the
 * 20,000-item estimate, its files list) through the app's own services, with 20 ms simulated
 * latency per request: wall time, the requests made against the fewest possible, and what the
 * offline copy takes on disk. Then the same copy brought up to date (what "Sync now" does).
 */
export async function benchOfflinePin(): Promise<Record<string, string | number>> {
  const sim = await startSimulator({ dataset: 'large' });
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'plandesk-bench-pin-'));
  const services = createServices({
    version: 'bench',
    platform: process.platform,
    userDataDir: dir,
    secrets: new MemorySecretStore(),
    logger: silentLogger,
    emit: () => undefined,
    dialogs: {
      saveFile: async () => null,
      openFiles: async () => [],
      chooseFolder: async () => null,
      openPath: async () => undefined,
      showInFolder: async () => undefined,
      confirm: async () => false,
    },
    workerScripts: builtWorkerScripts(),
  });
  try {
    const w = sim.workspaces[0]!;
    const meta = await services.workspaces.add({
      customer: w.customer,
      key: w.key,
      baseUrl: sim.baseUrl,
      language: 'en-US',
    });
    const found = await services.projects.list({
      page: 1,
      pageSize: 5,
      externalReferenceId: 'BENCH-20000',
      sort: 'service',
      direction: 'asc',
    });
    const projectId = found.rows[0]?.id;
    if (!projectId) throw new Error('The large data set has no "Benchmark Tower" (BENCH-20000) project.');
    const detail = await services.projects.get(projectId);
    const plan = await services.plans.get(detail.planId!);
    const floorsWithImage = (plan.view.floors ?? []).filter((f) => f.imageMap?.url).length;
    const estimates = (await services.estimates.list(projectId)).rows.length;
    const files = (await services.files.list(projectId)).length;
    // What the copy cannot do with fewer: project, plan, each image, each page of the two lists, each estimate.
    const minimum =
      1 +
      1 +
      floorsWithImage +
      Math.max(1, Math.ceil(estimates / 50)) +
      estimates +
      Math.max(1, Math.ceil(files / 10));
    // The simulator writes an estimate's JSON once and keeps it; that is the service's time, not
    // PlanDesk's, so it is spent here, before anything is measured.
    const listed = (await services.estimates.list(projectId)).rows[0]!;
    await fetch(`${sim.baseUrl}/projects/${projectId}/estimates/${listed.id}`, {
      headers: { customer: w.customer, key: w.key },
    }).then((r) => r.arrayBuffer());
    // Measured from an empty cache: what the user's first "Make available offline" costs.
    await services.storage.clear(meta.id, true);

    sim.faults.setFaults({ latencyMs: LATENCY_MS });
    const timed = async () => {
      const before = sim.faults.stats().requests;
      const started = performance.now();
      const status = await services.offline.makeAvailable(projectId);
      return { ms: performance.now() - started, requests: sim.faults.stats().requests - before, status };
    };
    const first = await timed();
    const again = await timed();
    sim.faults.clearFaults();
    if (!first.status.available || first.status.images !== floorsWithImage) {
      throw new Error(`The copy is not complete: ${JSON.stringify(first.status)}`);
    }
    const storage = (await services.storage.report()).workspaces.find((x) => x.workspaceId === meta.id)!;
    return {
      'simulated latency (ms)': LATENCY_MS,
      estimates,
      'floor images': floorsWithImage,
      'files listed': files,
      'time (ms)': Math.round(first.ms),
      'target (ms)': `≤ ${TARGET_MS}`,
      'within target': first.ms <= TARGET_MS ? 'yes' : 'no',
      'requests made': first.requests,
      'minimum requests': minimum,
      'target requests': `= ${minimum}`,
      'pinned data stored (MB)': (storage.pinnedBytes / MB).toFixed(1),
      'database on disk (MB)': (storage.diskBytes / MB).toFixed(1),
      'update again: time (ms)': Math.round(again.ms),
      'update again: requests': again.requests,
    };
  } finally {
    await services.close();
    await sim.close();
    await fs.rm(dir, { recursive: true, force: true });
  }
}
