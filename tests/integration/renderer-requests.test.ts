import { execFileSync } from 'node:child_process';
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RunningServices } from '../../src-main/app/services';
import { createDispatcher } from '../../src-main/ipc/handlers';
import { startSimulator, type Simulator } from '../../simulator';
import { startWebhookListener, type ReceivedCall } from '../../src-main/webhook/listener';
import { PLACEHOLDER_KEY } from '../../src-shared/webhook/types';
import { startAppServices } from '../helpers/app-services';
import { testDialogs } from '../helpers/test-dialogs';

// Issue 10, items 3 and 4 and the plan images: what a compromised renderer may ask of main. Everything
// goes through main's real IPC dispatcher, as the window's calls do.

let sim: Simulator;
let dir: string;
let services: RunningServices;
let dialogs: ReturnType<typeof testDialogs>;
let dispatch: ReturnType<typeof createDispatcher>;
let projectId: string;

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

beforeEach(async () => {
  sim = await startSimulator({ dataset: 'demo' });
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'plandesk-renderer-requests-'));
  await fs.mkdir(path.join(dir, 'out'));
  dialogs = testDialogs(path.join(dir, 'out'));
  services = startAppServices({ userDataDir: path.join(dir, 'userdata'), dialogs: dialogs.dialogs });
  const w = sim.workspaces[0]!;
  await services.workspaces.add({
    customer: w.customer,
    key: w.key,
    baseUrl: sim.baseUrl,
    language: 'de-DE',
  });
  dispatch = createDispatcher(services, () => undefined);
  projectId = (await services.projects.list({ page: 1, pageSize: 1, sort: 'service', direction: 'asc' }))
    .rows[0]!.id;
});

afterEach(async () => {
  await services.close();
  await sim.close();
  await fs.rm(dir, { recursive: true, force: true });
});

const names = async () => (await services.files.list(projectId)).map((f) => f.name);

describe('uploads', () => {
  it('only files from main’s own dialog or a real drop are uploaded, never a path the page names', async () => {
    const secret = path.join(dir, 'id_rsa.pdf');
    await fs.writeFile(secret, 'PRIVATE KEY');
    const named = await dispatch('files:upload', [{ projectId, paths: [secret] }]);
    expect(named).toMatchObject({
      ok: false,
      error: { kind: 'validation', message: expect.stringContaining('„id_rsa.pdf“ gehört nicht dazu') },
    });
    expect(await names()).not.toContain('id_rsa.pdf');

    // A real drop: the preload registers the paths Electron gave the dropped files (a type PlanDesk
    // does not upload, or a relative path, is not granted).
    const dropped = path.join(dir, 'Baustelle.png');
    await fs.writeFile(dropped, PNG);
    expect(
      await dispatch('files:registerDrop', [[dropped, path.join(dir, 'notes.txt'), 'rel.pdf'], projectId]),
    ).toEqual({ ok: true, data: { registered: [dropped] } });
    expect(await dispatch('files:upload', [{ projectId, paths: [dropped] }])).toMatchObject({ ok: true });
    // And what the open dialog returned.
    const picked = path.join(dir, 'Aufmaß.pdf');
    await fs.writeFile(picked, '%PDF-1.4');
    dialogs.answers.open = [picked];
    expect(await dispatch('files:upload', [{ projectId }])).toMatchObject({ ok: true });
    expect(await names()).toEqual(expect.arrayContaining(['Baustelle.png', 'Aufmaß.pdf']));
  });

  it('a link is never followed, and nothing but a regular file is read', async () => {
    const target = path.join(dir, 'passwd');
    await fs.writeFile(target, 'root:x:0:0');
    const link = path.join(dir, 'x.pdf');
    await fs.symlink(target, link);
    const fifo = path.join(dir, 'pipe.pdf');
    execFileSync('mkfifo', [fifo]);
    const folder = path.join(dir, 'folder.pdf');
    await fs.mkdir(folder);
    for (const p of [link, fifo, folder]) {
      await dispatch('files:registerDrop', [[p], projectId]);
      expect(await dispatch('files:upload', [{ projectId, paths: [p] }]), p).toMatchObject({
        ok: false,
        error: { kind: 'validation' },
      });
    }
    expect(await names()).not.toEqual(expect.arrayContaining(['x.pdf']));
    expect(await names()).not.toContain('pipe.pdf');
  });
});

describe('upload grants (issue 23, item 3)', () => {
  const refused = { ok: false, error: { kind: 'validation' } };

  it('a drop is good for one upload, into the project it was dropped on, in the workspace active then', async () => {
    const other = (await services.projects.list({ page: 1, pageSize: 2, sort: 'service', direction: 'asc' }))
      .rows[1]!.id;
    const dropped = path.join(dir, 'Baustelle.png');
    await fs.writeFile(dropped, PNG);
    await dispatch('files:registerDrop', [[dropped], projectId]);
    expect(await dispatch('files:upload', [{ projectId: other, paths: [dropped] }])).toMatchObject(refused);
    expect(await dispatch('files:upload', [{ projectId, paths: [dropped, dropped] }])).toMatchObject(refused);
    expect(await dispatch('files:upload', [{ projectId, paths: [dropped] }])).toMatchObject({ ok: true });
    expect(await dispatch('files:upload', [{ projectId, paths: [dropped] }])).toMatchObject(refused);
    expect((await names()).filter((n) => n === 'Baustelle.png')).toHaveLength(1);
    expect((await services.files.list(other)).map((f) => f.name)).not.toContain('Baustelle.png');
  });

  it('a drop is forgotten when the page adds or switches to another workspace (one at a server of its own)', async () => {
    const first = (await services.workspaces.activeMeta()).id;
    const dropped = path.join(dir, 'Aufmaß.pdf');
    await fs.writeFile(dropped, '%PDF-1.4');
    await dispatch('files:registerDrop', [[dropped], projectId]);
    const w = sim.workspaces[1]!;
    const added = await dispatch('workspaces:add', [
      { customer: w.customer, key: w.key, baseUrl: sim.baseUrl, language: 'de-DE' },
    ]);
    expect(added.ok).toBe(true);
    const theirs = (await services.projects.list({ page: 1, pageSize: 1, sort: 'service', direction: 'asc' }))
      .rows[0]!.id;
    const before = sim.faults.stats().requests;
    expect(await dispatch('files:upload', [{ projectId: theirs, paths: [dropped] }])).toMatchObject(refused);
    expect(await dispatch('files:upload', [{ projectId, paths: [dropped] }])).toMatchObject(refused);
    expect(sim.faults.stats().requests).toBe(before);
    // Back in the first workspace, the drop is gone too: the user drops it again.
    await dispatch('workspaces:switch', [first]);
    expect(await dispatch('files:upload', [{ projectId, paths: [dropped] }])).toMatchObject(refused);
    await dispatch('files:registerDrop', [[dropped], projectId]);
    expect(await dispatch('files:upload', [{ projectId, paths: [dropped] }])).toMatchObject({ ok: true });
  });

  it('a drop whose upload waits in the outbox (the service failing) is used up: the outbox sends it', async () => {
    const dropped = path.join(dir, 'Baustelle.png');
    await fs.writeFile(dropped, PNG);
    await dispatch('files:registerDrop', [[dropped], projectId]);
    sim.faults.setFaults({ fail500: 20, pathEndsWith: '/files/temporary-presigned-url', method: 'POST' });
    expect(await dispatch('files:upload', [{ projectId, paths: [dropped] }])).toMatchObject({
      ok: true,
      data: { uploaded: [], queued: ['Baustelle.png'] },
    });
    sim.faults.clearFaults();
    expect(await dispatch('files:upload', [{ projectId, paths: [dropped] }])).toMatchObject(refused);
  });

  it('a failed upload keeps its drop for Retry (no new registration) until one succeeds', async () => {
    // Dropped, but not readable as a file when the upload runs (the user fixes that, then retries).
    const dropped = path.join(dir, 'Baustelle.png');
    await fs.mkdir(dropped);
    await dispatch('files:registerDrop', [[dropped], projectId]);
    expect(await dispatch('files:upload', [{ projectId, paths: [dropped] }])).toMatchObject({
      ok: false,
      error: { kind: 'validation', message: expect.stringContaining('not a file PlanDesk can read') },
    });
    await fs.rmdir(dropped);
    await fs.writeFile(dropped, PNG);
    // Retry: the same path, the same grant.
    expect(await dispatch('files:upload', [{ projectId, paths: [dropped] }])).toMatchObject({
      ok: true,
      data: { uploaded: [{ name: 'Baustelle.png' }], queued: [] },
    });
    expect(await dispatch('files:upload', [{ projectId, paths: [dropped] }])).toMatchObject(refused);
    expect((await names()).filter((n) => n === 'Baustelle.png')).toHaveLength(1);
  });

  it('an upload held for a refused key waits in the outbox, and its drop is used up across a switch', async () => {
    const first = (await services.workspaces.activeMeta()).id;
    const dropped = path.join(dir, 'Baustelle.png');
    await fs.writeFile(dropped, PNG);
    await dispatch('files:registerDrop', [[dropped], projectId]);
    // The key is refused (the upload fails), slowly: the service answers only after the switch.
    sim.faults.revoke(sim.workspaces[0]!.customer);
    sim.faults.setFaults({ latencyMs: 1500, path: projectId });
    const before = sim.faults.stats().requests;
    let settled = false;
    const upload = dispatch('files:upload', [{ projectId, paths: [dropped] }]).finally(() => {
      settled = true;
    });
    // The upload has taken its grant and is waiting for the service when the page switches.
    await vi.waitFor(() => expect(sim.faults.stats().requests).toBeGreaterThan(before), { interval: 10 });
    const w = sim.workspaces[1]!;
    await dispatch('workspaces:add', [
      { customer: w.customer, key: w.key, baseUrl: sim.baseUrl, language: 'de-DE' },
    ]);
    await dispatch('workspaces:switch', [first]);
    expect(settled).toBe(false);
    // Held for the user in the outbox of the workspace it was dropped in, not failed.
    expect(await upload).toMatchObject({ ok: true, data: { uploaded: [], queued: ['Baustelle.png'] } });
    sim.faults.clearFaults();
    expect(await dispatch('files:upload', [{ projectId, paths: [dropped] }])).toMatchObject(refused);
  });

  it('what the open dialog returned is uploaded in that call only, never again by its path', async () => {
    const picked = path.join(dir, 'Aufmaß.pdf');
    await fs.writeFile(picked, '%PDF-1.4');
    dialogs.answers.open = [picked];
    expect(await dispatch('files:upload', [{ projectId }])).toMatchObject({ ok: true });
    expect(await dispatch('files:upload', [{ projectId, paths: [picked] }])).toMatchObject(refused);
    expect((await names()).filter((n) => n === 'Aufmaß.pdf')).toHaveLength(1);
  });
});

describe('the webhook address', () => {
  it('a new address is set only after the user confirmed it in a dialog naming the host', async () => {
    dialogs.answers.confirm = false;
    expect(
      await dispatch('workspaces:setWebhook', [{ url: 'https://collector.evil.example/hook' }]),
    ).toMatchObject({
      ok: false,
      error: { kind: 'cancelled' },
    });
    expect((await services.workspaceSettings.get()).webhookUrl).toBeNull();
    const asked = dialogs.calls.confirmed[0]!;
    expect(asked.message).toBe('Den API-Schlüssel dieses Arbeitsbereichs an collector.evil.example senden?');
    expect(asked.detail).toContain('https://collector.evil.example/hook');
    expect(asked.confirmLabel).toBe('An collector.evil.example senden');

    dialogs.answers.confirm = true;
    expect(
      await dispatch('workspaces:setWebhook', [{ url: 'https://hooks.example.com/plandesk' }]),
    ).toMatchObject({
      ok: true,
      data: { webhookUrl: 'https://hooks.example.com/plandesk' },
    });
    // Saving the same address again, or clearing it, sends the key nowhere new: no question.
    await dispatch('workspaces:setWebhook', [{ url: 'https://hooks.example.com/plandesk' }]);
    await dispatch('workspaces:setWebhook', [{ url: null }]);
    expect(dialogs.calls.confirmed).toHaveLength(2);
  });
});

describe('the webhook test (issue 23, items 1 and 2)', () => {
  let receiver: { url: string; host: string; calls: ReceivedCall[]; close: () => Promise<void> };

  beforeEach(async () => {
    const calls: ReceivedCall[] = [];
    const l = await startWebhookListener({ showKey: true, onCall: (c) => calls.push(c) });
    receiver = { url: l.url, host: new URL(l.url).host, calls, close: l.close };
  });
  afterEach(() => receiver.close());

  it('a page cannot send the real key, a project’s data or a query of its own to an address it names', async () => {
    const customer = `${receiver.url}?client=${encodeURIComponent('Müller, mueller@example.com')}`;
    for (const request of [
      { url: receiver.url, sendRealKey: true },
      { url: receiver.url, projectId },
      { url: customer },
    ]) {
      expect(await dispatch('webhook:test', [request]), JSON.stringify(request)).toMatchObject({
        ok: false,
        error: { kind: 'validation' },
      });
    }
    // Refused before anything was asked or sent.
    expect(dialogs.calls.confirmed).toEqual([]);
    expect(receiver.calls).toEqual([]);
  });

  it('a test address gets a call only once the native dialog said yes, and then sample values only', async () => {
    dialogs.answers.confirm = false;
    expect(await dispatch('webhook:test', [{ url: receiver.url }])).toMatchObject({
      ok: false,
      error: { kind: 'cancelled' },
    });
    expect(receiver.calls).toEqual([]);
    const asked = dialogs.calls.confirmed[0]!;
    expect(asked.message).toBe(`Einen Testaufruf an ${receiver.host} senden?`);
    expect(asked.detail).toContain(receiver.url);
    expect(asked.detail).toContain('Platzhalter');
    expect(asked.confirmLabel).toBe(`An ${receiver.host} senden`);

    dialogs.answers.confirm = true;
    const sent = await dispatch('webhook:test', [{ url: receiver.url }]);
    expect(sent).toMatchObject({ ok: true, data: { keySent: 'placeholder', status: 0 } });
    expect(receiver.calls).toHaveLength(1);
    const fields = receiver.calls[0]!.fields!;
    expect(fields.key).toBe(PLACEHOLDER_KEY);
    expect(fields.title).toBe('PlanDesk webhook test');
    const project = await services.projects.get(projectId);
    expect(JSON.stringify(receiver.calls)).not.toContain(project.id);
    expect(JSON.stringify(receiver.calls)).not.toContain(sim.workspaces[0]!.key);
    expect(dialogs.calls.confirmed).toHaveLength(2);
  });

  it('the workspace’s own webhook address gets the project and, when asked, the real key, unasked', async () => {
    // Set as the user would in the service's web app (PlanDesk itself asks first: above).
    const { id } = await services.workspaces.activeMeta();
    await (await services.workspaces.client(id)).setWebhookUrl(receiver.url);
    const sent = await dispatch('webhook:test', [{ url: receiver.url, projectId, sendRealKey: true }]);
    expect(sent).toMatchObject({ ok: true, data: { keySent: 'real', status: 0 } });
    expect(receiver.calls[0]!.fields).toMatchObject({ key: sim.workspaces[0]!.key, project_id: projectId });
    expect(dialogs.calls.confirmed).toEqual([]);
    // The result shows the key masked, never in clear.
    expect(JSON.stringify(sent)).not.toContain(sim.workspaces[0]!.key);
  });

  it('the key sent is that of the workspace whose address was checked, even if the page switches meanwhile', async () => {
    // The page adds a workspace at a server of its own, with its receiver as webhook address, and
    // has that server answer GET /workspace slowly; while main waits, it switches back to the
    // victim's workspace. The victim's key must not go to the receiver.
    const own = await startSimulator({ dataset: 'demo' });
    try {
      const victimId = (await services.workspaces.activeMeta()).id;
      const theirs = own.workspaces[1]!;
      const added = await dispatch('workspaces:add', [
        { customer: theirs.customer, key: theirs.key, baseUrl: own.baseUrl, language: 'de-DE' },
      ]);
      if (!added.ok) throw new Error(JSON.stringify(added));
      await (await services.workspaces.client(added.data.id)).setWebhookUrl(receiver.url);
      const asked = own.faults.stats().requests;
      own.faults.setFaults({ latencyMs: 1500, path: '/workspace', method: 'GET' });
      const test = dispatch('webhook:test', [{ url: receiver.url, sendRealKey: true }]);
      await vi.waitFor(() => expect(own.faults.stats().requests).toBeGreaterThan(asked), { interval: 10 });
      expect(await dispatch('workspaces:switch', [victimId])).toMatchObject({ ok: true });
      expect(await test).toMatchObject({ ok: true, data: { keySent: 'real' } });
      expect(receiver.calls.map((c) => c.fields?.key)).toEqual([theirs.key]);
      expect(JSON.stringify(receiver.calls)).not.toContain(sim.workspaces[0]!.key);
    } finally {
      await own.close();
    }
  });
});

describe('plan images', () => {
  it('only an image URL the plan’s view gave out is fetched; any other path of the host is not asked', async () => {
    const planId = (await services.projects.get(projectId)).planId!;
    const result = await dispatch('plans:get', [{ planId }]);
    expect(result.ok).toBe(true);
    const url = result.ok ? result.data.view.floors![0]!.imageMap!.url! : '';
    expect(await dispatch('plans:image', [{ planId, url }])).toMatchObject({
      ok: true,
      data: expect.stringMatching(/^data:image\/png;base64,/),
    });

    const before = sim.faults.stats().requests;
    for (const other of [`${sim.baseUrl}/projects`, `${sim.baseUrl}/workspace`, `${url}?x=1`]) {
      expect(await dispatch('plans:image', [{ planId, url: other }])).toMatchObject({
        ok: false,
        error: { kind: 'validation' },
      });
    }
    expect(sim.faults.stats().requests).toBe(before);
  });
});
