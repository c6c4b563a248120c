/**
 * A full disk for real: run by the fault suite (disk-scenarios.ts) on a small tmpfs of its own
 * (tests/helpers/small-disk.ts), its mount point the last argument. PlanDesk is set up while there is
 * room, the disk is filled to the last byte, and each write is tried (disk-full-ops.ts).
 * Prints one JSON line: each operation's outcome, and every temporary or partial file left.
 */
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { MemorySecretStore } from '../../src-main/secrets/secret-store';
import { startSimulator } from '../../simulator';
import { startAppServices, startAppWithWorkspace } from '../helpers/app-services';
import { editEstimate } from '../helpers/estimate-edits';
import { fillDisk } from '../helpers/fill-disk';
import { testDialogs } from '../helpers/test-dialogs';
import { diskFullOperations, timedExport } from './disk-full-ops';

/** `<built worker scripts> <mount point>` */
const [workerScripts, dir] = process.argv.slice(-2) as [string, string];

async function leftovers(root: string): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await fs.readdir(root, { withFileTypes: true }).catch(() => [])) {
    const p = path.join(root, entry.name);
    if (entry.isDirectory()) out.push(...(await leftovers(p)));
    else if (/\.(part|tmp)$/.test(entry.name) || entry.name.endsWith('.part'))
      out.push(path.relative(dir, p));
  }
  return out;
}

async function main(): Promise<void> {
  const sim = await startSimulator({ dataset: 'demo' });
  const saveDir = path.join(dir, 'saved');
  await fs.mkdir(saveDir, { recursive: true });
  let announced: number | null = null;
  const w = sim.workspaces[0]!;
  const services = await startAppWithWorkspace(
    { baseUrl: sim.baseUrl, customer: w.customer, key: w.key },
    {
      userDataDir: path.join(dir, 'userdata'),
      secrets: new MemorySecretStore(),
      dialogs: testDialogs(saveDir).dialogs,
      workerScripts,
      emit: (event) => {
        if (event === 'event:notices') announced = Date.now();
      },
    },
  );
  try {
    await services.takeNotices();
    // As the app does once its window is up: the outbox's records are open before the disk fills.
    await services.outbox.start();
    const { projectId, estimateIds } = await projectWithTwoEstimates(services);
    const [readEstimateId, freshEstimateId] = estimateIds as [string, string];
    await services.estimates.get(projectId, readEstimateId);
    await services.versions.timeline(projectId, readEstimateId);
    // An export while there is room: what is timed on the full disk is its write, not a cold start.
    const exportWithRoomMs = await timedExport(services, projectId, readEstimateId);
    const original = path.join(dir, 'Foto Baustelle.jpg');
    await fs.writeFile(original, Buffer.alloc(256 * 1024, 7));
    await fillDisk(path.join(dir, 'filler'));

    const ops = await diskFullOperations(services, {
      projectId,
      readEstimateId,
      freshEstimateId,
      original,
      suspend: () => sim.suspend(),
      resume: () => sim.resume(),
      change: () =>
        editEstimate(sim.adminUrl, projectId, readEstimateId, {
          header: { name: 'Changed on a full disk' },
        }).then(() => undefined),
      noticesAnnounced: () => announced,
      exportWithRoomMs,
    });
    console.log(JSON.stringify({ ops, leftovers: await leftovers(dir) }));
  } finally {
    await services.close();
    await sim.close();
  }
}

async function projectWithTwoEstimates(
  services: ReturnType<typeof startAppServices>,
): Promise<{ projectId: string; estimateIds: string[] }> {
  const page = await services.projects.list({ page: 1, pageSize: 50, sort: 'service', direction: 'asc' });
  for (const p of page.rows) {
    const list = await services.estimates.list(p.id);
    if (list.rows.length >= 2) return { projectId: p.id, estimateIds: list.rows.map((r) => r.id) };
  }
  throw new Error('no project with two estimates in the demo data');
}

void main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.log(JSON.stringify({ error: String((err as Error)?.stack ?? err) }));
    process.exit(1);
  },
);
