import { parseEstimateView } from '../../src-shared/estimates/view-text';
import { createHash } from 'node:crypto';
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ApiClient } from '../../src-main/api/client';
import type { RunningServices } from '../../src-main/app/services';
import { startSimulator, type Simulator } from '../../simulator';
import { testDialogs } from '../helpers/test-dialogs';
import { dropFile, startAppWithWorkspace } from '../helpers/app-services';

// On site without signal: a project made available offline (with its files), then the service
// switched off (connections refused), and everything the estimator opens comes from this computer.

let sim: Simulator;
let dir: string;
let services: RunningServices;
let dialogs: ReturnType<typeof testDialogs>;

beforeEach(async () => {
  sim = await startSimulator({ dataset: 'demo' });
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'plandesk-offline-site-'));
  dialogs = testDialogs(path.join(dir, 'out'));
  await fs.mkdir(path.join(dir, 'out'));
  const w = sim.workspaces[0]!;
  services = await startAppWithWorkspace(
    { baseUrl: sim.baseUrl, customer: w.customer, key: w.key },
    { userDataDir: path.join(dir, 'userdata'), dialogs: dialogs.dialogs },
  );
});

afterEach(async () => {
  await services.close();
  await sim.close();
  await fs.rm(dir, { recursive: true, force: true });
});

const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

/** A project with a plan, estimates and files (the demo data set has them on most). */
async function projectWithFiles(): Promise<{ id: string; name: string; planId: string }> {
  const page = await services.projects.list({ page: 1, pageSize: 50, sort: 'service', direction: 'asc' });
  for (const row of page.rows) {
    const detail = await services.projects.get(row.id);
    if (!detail.planId || row.archived) continue;
    if ((await services.files.list(row.id)).length >= 2)
      return { id: row.id, name: row.name, planId: detail.planId };
  }
  throw new Error('the demo data set has no project with a plan and files');
}

describe('on site without signal', () => {
  it('a pinned project opens offline: plan with floor images, files list and kept files, estimates; search runs locally', async () => {
    const project = await projectWithFiles();
    const workspaceId = (await services.workspaces.activeMeta()).id;
    const w = sim.workspaces[0]!;
    const direct = new ApiClient({ baseUrl: sim.baseUrl, customer: w.customer, key: w.key });
    const served = await direct.listAllProjectFiles(project.id);

    // The size is known before anything is downloaded.
    const preview = await services.offline.preview(project.id);
    expect(preview.files).toBe(served.length);
    expect(preview.bytes).toBe(served.reduce((sum, f) => sum + (f.size ?? 0), 0));

    const status = await services.offline.makeAvailable(project.id, undefined, true);
    const floors = (await services.plans.get(project.planId)).view.floors ?? [];
    expect(status).toMatchObject({
      available: true,
      filesList: true,
      keepFiles: true,
      keptFiles: served.length,
      keptBytes: preview.bytes,
      images: floors.filter((f) => f.imageMap?.url).length,
    });
    const estimatesOnline = await services.estimates.list(project.id);
    const fileBytes = new Map<string, string>();
    for (const f of served) fileBytes.set(f.id, sha(Buffer.from(await (await fetch(f.url!)).arrayBuffer())));

    const suspended = Date.now();
    await sim.suspend();

    // The plan, with every floor image.
    const plan = await services.plans.get(project.planId);
    expect(plan.source).toBe('cache');
    for (const floor of plan.view.floors ?? []) {
      if (!floor.imageMap?.url) continue;
      expect(await services.plans.image(project.planId, floor.imageMap.url)).toMatch(
        /^data:image\/png;base64,/,
      );
    }

    // The files list, each file kept and opened from this computer, byte for byte.
    const files = await services.files.listView(project.id);
    expect(files.source).toBe('cache');
    expect(files.rows.map((r) => r.id).sort()).toEqual(served.map((f) => f.id).sort());
    expect(files.rows.every((r) => r.kept)).toBe(true);
    const openable = files.rows.find((r) => r.openable)!;
    const opened = await services.files.open(project.id, openable.id);
    expect(sha(await fs.readFile(opened.path))).toBe(fileBytes.get(openable.id));
    dialogs.answers.folder = path.join(dir, 'out');
    const saved = await services.files.download(project.id, files.rows[0]!.id);
    expect(sha(await fs.readFile(saved.path!))).toBe(fileBytes.get(files.rows[0]!.id));

    // The estimates, every one.
    const list = await services.estimates.list(project.id);
    expect(list.source).toBe('cache');
    expect(list.rows.map((r) => r.id)).toEqual(estimatesOnline.rows.map((r) => r.id));
    for (const row of list.rows) {
      const view = parseEstimateView(await services.estimates.get(project.id, row.id));
      expect(view.source).toBe('cache');
      expect(view.rows.length).toBeGreaterThan(0);
    }

    // The header says so, and since when.
    const connection = await services.connection.status();
    expect(connection.state).toBe('offline');
    // Since the service went away: the first call that found it gone.
    expect(Date.parse(connection.offlineSince!)).toBeGreaterThanOrEqual(suspended);
    expect(Date.parse(connection.offlineSince!)).toBeLessThanOrEqual(Date.now());

    // Searching offline looks through the projects kept here, and says so; never the whole list.
    const word = project.name.split(' ')[0]!.toLowerCase();
    const found = await services.projects.list({
      page: 1,
      pageSize: 25,
      name: word,
      sort: 'service',
      direction: 'asc',
    });
    expect(found.offlineSearch?.kept).toBeGreaterThan(0);
    expect(found.source).toBe('cache');
    expect(found.rows.map((r) => r.id)).toContain(project.id);
    expect(found.rows.every((r) => r.name.toLowerCase().includes(word))).toBe(true);
    const none = await services.projects.list({
      page: 1,
      pageSize: 25,
      name: 'no project is called this',
      sort: 'service',
      direction: 'asc',
    });
    expect(none).toMatchObject({
      rows: [],
      totalCount: 0,
      offlineSearch: { kept: found.offlineSearch!.kept },
    });

    // Back online, "Sync now" brings the offline copy up to date.
    await sim.resume();
    const synced = await services.connection.syncNow();
    expect(synced).toMatchObject({ state: 'online', offlineSince: null });
    expect(synced.lastSync).not.toBeNull();
    expect((await services.offline.status(project.id)).fetchedAt! > status.fetchedAt!).toBe(true);
    expect(services.outbox.count(workspaceId).entries).toBe(0);
  });

  it('storage: sizes per workspace, what is pinned, clear (pinned kept unless asked), waiting uploads never cleared', async () => {
    const project = await projectWithFiles();
    const workspaceId = (await services.workspaces.activeMeta()).id;
    await services.offline.makeAvailable(project.id, undefined, true);
    // Another project only opened: ordinary cache.
    const other = (
      await services.projects.list({ page: 1, pageSize: 50, sort: 'service', direction: 'asc' })
    ).rows.find((r) => r.id !== project.id)!;
    await services.estimates.list(other.id);
    // And an upload waiting.
    const waiting = path.join(dir, 'Notiz.pdf');
    await fs.writeFile(waiting, 'not sent yet');
    await dropFile(services, waiting, other.id);
    await sim.suspend();
    expect((await services.files.upload(other.id, [waiting])).queued).toEqual(['Notiz.pdf']);

    const mine = (r: Awaited<ReturnType<RunningServices['storage']['report']>>) =>
      r.workspaces.find((w) => w.workspaceId === workspaceId)!;
    const before = mine(await services.storage.report());
    expect(before).toMatchObject({ persistent: true, waitingUploads: 1, waitingBytes: 12 });
    expect(before.pinned.map((p) => [p.projectId, p.name, p.keepFiles])).toEqual([
      [project.id, project.name, true],
    ]);
    expect(before.pinnedBytes).toBeGreaterThan(0);
    expect(before.otherBytes).toBeGreaterThan(0);
    expect(before.keptFilesBytes).toBe(before.pinned[0]!.keptBytes);
    expect(before.diskBytes).toBeGreaterThan(before.keptFilesBytes);

    const cleared = mine(await services.storage.clear(workspaceId, false));
    expect(cleared.otherBytes).toBe(0);
    expect(cleared.pinnedBytes).toBe(before.pinnedBytes);
    expect(cleared.keptFilesBytes).toBe(before.keptFilesBytes);
    expect((await services.offline.status(project.id)).available).toBe(true);
    expect((await services.estimates.list(project.id)).source).toBe('cache');

    const all = mine(await services.storage.clear(workspaceId, true));
    expect(all).toMatchObject({
      pinned: [],
      pinnedBytes: 0,
      otherBytes: 0,
      keptFilesBytes: 0,
      waitingUploads: 1,
    });
    expect(all.diskBytes).toBeLessThan(before.diskBytes);
    expect((await services.offline.status(project.id)).available).toBe(false);

    await expect(services.storage.setBudget(10)).rejects.toMatchObject({ kind: 'validation' });
    expect((await services.storage.setBudget(80)).budgetMb).toBe(80);
    expect((await services.settings.load()).offlineBudgetMb).toBe(80);
  });
});
