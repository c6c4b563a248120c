import { createHash } from 'node:crypto';
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MemorySecretStore } from '../../src-main/secrets/secret-store';
import { createServices, type RunningServices } from '../../src-main/app/services';
import { startSimulator, type Simulator } from '../../simulator';
import { captureLog } from '../helpers/log-capture';
import { testDialogs } from '../helpers/test-dialogs';

// The files screen's and plan view's main side, wired as the app wires it, against the simulator.

let sim: Simulator;
let dir: string;
let services: RunningServices;
let dialogs: ReturnType<typeof testDialogs>;
let events: unknown[];

beforeEach(async () => {
  sim = await startSimulator({ dataset: 'demo' });
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'plandesk-files-app-'));
  dialogs = testDialogs(path.join(dir, 'out'));
  await fs.mkdir(path.join(dir, 'out'));
  events = [];
  services = createServices({
    version: 'test',
    platform: 'linux',
    userDataDir: path.join(dir, 'userdata'),
    secrets: new MemorySecretStore(),
    logger: captureLog().logger,
    emit: (e, p) => void events.push([e, p]),
    dialogs: dialogs.dialogs,
  });
  const w = sim.workspaces[0]!;
  await services.workspaces.add({
    customer: w.customer,
    key: w.key,
    baseUrl: sim.baseUrl,
    language: 'en-US',
  });
});

afterEach(async () => {
  await services.close();
  await sim.close();
  await fs.rm(dir, { recursive: true, force: true });
});

const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

async function firstProject() {
  return (await services.projects.list({ page: 1, pageSize: 1, sort: 'service', direction: 'asc' })).rows[0]!;
}

describe('files screen (main side)', () => {
  it('uploads picked files with progress, lists, downloads without overwriting, previews, deletes', async () => {
    const project = await firstProject();
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
      'base64',
    );
    const big = Buffer.alloc(3 * 1024 * 1024, 7);
    await fs.writeFile(path.join(dir, 'Skizze Küche.png'), png);
    await fs.writeFile(path.join(dir, 'Aufmaß.pdf'), big);
    dialogs.answers.open = [path.join(dir, 'Skizze Küche.png'), path.join(dir, 'Aufmaß.pdf')];
    const r = await services.files.upload(project.id, undefined, 'up-1');
    expect(r.uploaded.map((f) => f.name)).toEqual(['Skizze Küche.png', 'Aufmaß.pdf']);
    const progress = events.filter((e) => (e as [string])[0] === 'event:progress') as [
      string,
      { done: number; total: number },
    ][];
    expect(progress.at(-1)![1]).toMatchObject({
      done: png.length + big.length,
      total: png.length + big.length,
    });

    const listed = await services.files.list(project.id);
    const pdf = listed.find((f) => f.name === 'Aufmaß.pdf')!;
    expect(pdf.size).toBe(big.length);

    const first = await services.files.download(project.id, pdf.id);
    const second = await services.files.download(project.id, pdf.id);
    expect(path.basename(first.path!)).toBe('Aufmaß.pdf');
    expect(path.basename(second.path!)).toBe('Aufmaß (2).pdf');
    expect(sha(await fs.readFile(second.path!))).toBe(sha(big));

    const preview = await services.files.preview(project.id, r.uploaded[0]!.id);
    expect(preview!.dataUrl).toBe(`data:image/png;base64,${png.toString('base64')}`);

    await services.files.open(project.id, pdf.id);
    expect(dialogs.calls.opened).toHaveLength(1);

    await services.files.delete(project.id, pdf.id);
    expect((await services.files.list(project.id)).some((f) => f.id === pdf.id)).toBe(false);
    expect(sim.faults.stats().credentialLeaks).toBe(0);
  });

  it('rejects a disallowed type before any request, and a closed dialog uploads nothing', async () => {
    const project = await firstProject();
    await fs.writeFile(path.join(dir, 'setup.exe'), 'MZ');
    const before = sim.faults.stats().requests;
    await expect(services.files.upload(project.id, [path.join(dir, 'setup.exe')])).rejects.toMatchObject({
      kind: 'validation',
      message: expect.stringContaining('.exe'),
    });
    expect(sim.faults.stats().requests).toBe(before);
    dialogs.answers.open = [];
    expect(await services.files.upload(project.id, undefined)).toEqual({
      uploaded: [],
      queued: [],
      refused: [],
    });
  });

  it('a file the service refuses is named with its reason; the others of the same upload are sent', async () => {
    const project = await firstProject();
    const good = path.join(dir, 'Skizze Treppe.png');
    // A name the service does not take (a control character in it): refused at the presign call.
    const bad = path.join(dir, 'Skizze\u0007Dach.png');
    await fs.writeFile(good, Buffer.alloc(2000, 1));
    await fs.writeFile(bad, Buffer.alloc(3000, 2));
    dialogs.answers.open = [good, bad];
    const r = await services.files.upload(project.id, undefined);
    expect(r.uploaded.map((f) => f.name)).toEqual(['Skizze Treppe.png']);
    expect(r.queued).toEqual([]);
    expect(r.refused).toEqual([
      expect.objectContaining({
        name: 'SkizzeDach.png',
        problem: 'refused',
        kind: 'validation',
        serviceMessage: 'file_name: must not contain control characters or slashes',
      }),
    ]);
    // Not kept: nothing waits, no copy is left; the original is where it was.
    const workspaceId = (await services.workspaces.activeMeta()).id;
    expect(services.outbox.count(workspaceId).entries).toBe(0);
    expect(await fs.readdir(path.join(dir, 'userdata', 'outbox', workspaceId))).toEqual([]);
    expect((await fs.stat(bad)).size).toBe(3000);
  });

  it('webhook URL: https only, set and cleared', async () => {
    await expect(services.workspaceSettings.setWebhook('http://hooks.example.com/x')).rejects.toMatchObject({
      kind: 'validation',
    });
    await expect(services.workspaceSettings.setWebhook('not a url')).rejects.toMatchObject({
      kind: 'validation',
    });
    expect(
      (await services.workspaceSettings.setWebhook('https://hooks.example.com/plandesk')).webhookUrl,
    ).toBe('https://hooks.example.com/plandesk');
    expect((await services.workspaceSettings.get()).webhookUrl).toBe('https://hooks.example.com/plandesk');
    expect((await services.workspaceSettings.setWebhook(null)).webhookUrl).toBeNull();
  });

  it('after a Custom Export, the export files show in the project files', async () => {
    const project = await firstProject();
    await sim.faults.customExport(project.id, {});
    const files = await services.files.list(project.id);
    expect(files.filter((f) => f.origin === 'export').map((f) => f.type)).toEqual(
      expect.arrayContaining(['pdf', 'xml']),
    );
  });
});

describe('plan view (main side)', () => {
  it('gives the plan view, the rooms table, images as data URLs, and exports the rooms', async () => {
    const project = await firstProject();
    const detail = await services.projects.get(project.id);
    const plan = await services.plans.get(detail.planId!);
    expect(plan.source).toBe('network');
    expect(plan.view.floors!.length).toBeGreaterThan(0);
    expect(plan.rooms.rows.length).toBeGreaterThan(0);
    const imageUrl = plan.view.floors![0]!.imageMap!.url!;
    const image = await services.plans.image(detail.planId!, imageUrl);
    expect(image).toMatch(/^data:image\/png;base64,/);
    // Only URLs the plan's view gave out are fetched.
    await expect(
      services.plans.image(detail.planId!, 'https://elsewhere.invalid/x.png'),
    ).rejects.toMatchObject({
      kind: 'validation',
    });

    const out = await services.exports.rooms({ planId: detail.planId!, format: 'csv', language: 'en-US' });
    expect(out.path).toMatch(/rooms\.csv$/i);
    const csv = await fs.readFile(out.path!, 'utf8');
    expect(csv.split('\n').length).toBeGreaterThan(plan.rooms.rows.length);
  });
});
