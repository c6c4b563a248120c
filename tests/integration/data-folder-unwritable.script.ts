/**
 * PlanDesk with a data folder it cannot write, run by data-folder.test.ts in a child process:
 *   node --import tsx tests/integration/data-folder-unwritable.script.ts <full|read-only> <dir>
 * `full`: <dir> is a small file system of its own (the test mounts a tmpfs), filled to the last byte.
 * `read-only`: <dir> is made read-only for the (unprivileged) user running this.
 * A workspace is set up while the folder is writable; then the folder becomes unwritable, PlanDesk
 * starts again and every operation that needs the folder is tried through main's IPC dispatcher.
 * Prints one JSON line: the start-up notices, each operation's outcome, the key store, and any
 * temporary file left behind.
 */
import { chmodSync, promises as fs, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import type { RunningServices } from '../../src-main/app/services';
import { createDispatcher } from '../../src-main/ipc/handlers';
import { MemorySecretStore } from '../../src-main/secrets/secret-store';
import { startSimulator } from '../../simulator';
import { startAppServices } from '../helpers/app-services';
import { fillDisk } from '../helpers/fill-disk';
import { testDialogs } from '../helpers/test-dialogs';

const [mode, dir] = process.argv.slice(2) as ['full' | 'read-only', string];
const userData = path.join(dir, 'userdata');
const saveDir = path.join(dir, 'saved');

async function main(): Promise<void> {
  const sim = await startSimulator({ dataset: 'demo' });
  const secrets = new MemorySecretStore();
  const start = (): RunningServices =>
    startAppServices({ userDataDir: userData, secrets, dialogs: testDialogs(saveDir).dialogs });
  const ws = (i: number) => ({
    customer: sim.workspaces[i]!.customer,
    key: sim.workspaces[i]!.key,
    baseUrl: sim.baseUrl,
    language: 'en-US' as const,
  });

  await fs.mkdir(saveDir, { recursive: true });
  let services = start();
  const meta = await services.workspaces.add(ws(0));
  const projectId = (
    await services.projects.list({ page: 1, pageSize: 1, sort: 'service', direction: 'asc' })
  ).rows[0]!.id;
  const planId = (await services.projects.get(projectId)).planId!;
  const estimateId = (await services.estimates.list(projectId)).rows[0]!.id;
  const fileId = (await services.files.list(projectId)).find((f) => f.openable)!.id;
  await services.close();

  if (mode === 'full') {
    await fillDisk(path.join(dir, 'filler'));
  } else {
    const lock = (p: string) => {
      const stat = statSync(p);
      if (stat.isDirectory()) for (const name of readdirSync(p)) lock(path.join(p, name));
      chmodSync(p, stat.isDirectory() ? 0o555 : 0o444);
    };
    lock(userData);
    lock(saveDir);
  }

  services = start();
  const notices = (await services.takeNotices()).map((n) => n.code);
  const dispatch = createDispatcher(services, () => undefined);
  const outcome = async (run: Promise<unknown>) => {
    const r = (await run) as { ok: boolean; error?: { kind: string; message: string } };
    return r.ok ? { ok: true } : { ok: false, kind: r.error!.kind, message: r.error!.message };
  };
  const operations = {
    switch: await outcome(dispatch('workspaces:switch', ['demo'])),
    setLanguage: await outcome(dispatch('settings:setLanguage', ['de-DE'])),
    replaceKey: await outcome(dispatch('workspaces:replaceKey', [meta.id, sim.workspaces[0]!.key])),
    add: await outcome(dispatch('workspaces:add', [ws(1)])),
    makeAvailableOffline: await outcome(dispatch('offline:makeAvailable', [{ projectId }])),
    openFile: await outcome(dispatch('files:open', [{ projectId, fileId }])),
    preview: await outcome(dispatch('files:preview', [{ projectId, fileId }])),
    download: await outcome(dispatch('files:download', [{ projectId, fileId }])),
    exportEstimate: await outcome(
      dispatch('estimates:export', [
        {
          projectId,
          estimateId,
          format: 'xlsx',
          presetId: 'internal',
          columns: ['name', 'total'],
          language: 'en-US',
        },
      ]),
    ),
    exportRooms: await outcome(dispatch('plans:exportRooms', [{ planId, format: 'csv', language: 'en-US' }])),
    remove: await outcome(dispatch('workspaces:remove', [meta.id])),
  };
  await services.close();
  await sim.close();

  const leftovers: string[] = [];
  const walk = async (d: string) => {
    for (const entry of await fs.readdir(d, { withFileTypes: true }).catch(() => [])) {
      const p = path.join(d, entry.name);
      if (entry.isDirectory()) await walk(p);
      else if (/\.(tmp|part)$/.test(entry.name)) leftovers.push(path.relative(dir, p));
    }
  };
  await walk(dir);
  console.log(
    JSON.stringify({
      uid: process.getuid?.(),
      notices,
      operations,
      keyKept: secrets.entries.get(meta.id) === sim.workspaces[0]!.key,
      leftovers,
    }),
  );
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
