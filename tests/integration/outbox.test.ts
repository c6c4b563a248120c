import { spawn, type ChildProcess } from 'node:child_process';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ApiClient } from '../../src-main/api/client';
import type { ProjectFile } from '../../src-main/api/schemas';
import { createServices, type RunningServices } from '../../src-main/app/services';
import Database from 'better-sqlite3';
import { KeytarSecretStore } from '../../src-main/secrets/secret-store';
import { startSimulator, type Simulator } from '../../simulator';
import { addWorkspace, dropFile, simWorkspace } from '../helpers/app-services';
import { filesUnder } from '../helpers/files-under';
import { captureLog } from '../helpers/log-capture';
import { testDialogs } from '../helpers/test-dialogs';

// The upload outbox against the simulator, wired as the app wires it, with the real keychain (a
// restart is a new process, which must find the key where the app keeps it) and real SQLite.

const RESTART_SCRIPT = path.join(__dirname, 'outbox-restart.script.ts');
const REGISTER = { method: 'POST', pathEndsWith: '/files' } as const;

let sim: Simulator;
let dir: string;
let userData: string;
let keychain: KeytarSecretStore;
let events: [string, unknown][];
const running: RunningServices[] = [];
const children: ChildProcess[] = [];

beforeEach(async () => {
  sim = await startSimulator({ dataset: 'demo' });
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'plandesk-outbox-'));
  userData = path.join(dir, 'userdata');
  keychain = new KeytarSecretStore(`PlanDesk-test-outbox-${randomUUID()}`);
  events = [];
});

afterEach(async () => {
  for (const child of children.splice(0)) child.kill('SIGKILL');
  for (const s of running.splice(0)) await s.close();
  const settings = JSON.parse(
    await fs.readFile(path.join(userData, 'settings.json'), 'utf8').catch(() => '{}'),
  );
  for (const w of settings.workspaces ?? []) await keychain.delete(w.id).catch(() => undefined);
  await sim.close();
  await fs.rm(dir, { recursive: true, force: true });
});

function start(): RunningServices {
  const services = createServices({
    version: 'test',
    platform: 'linux',
    userDataDir: userData,
    secrets: keychain,
    logger: captureLog().logger,
    emit: (e, p) => void events.push([e, p]),
    dialogs: testDialogs(path.join(dir, 'out')).dialogs,
    clientOptions: { retry: { baseDelayMs: 5, maxDelayMs: 20 } },
    outbox: { offlineRetryMs: 100, busyRetryMs: 100 },
  });
  running.push(services);
  return services;
}

async function startWithWorkspace(): Promise<{
  services: RunningServices;
  workspaceId: string;
  projectId: string;
}> {
  const services = start();
  const meta = await addWorkspace(services, simWorkspace(sim));
  const page = await services.projects.list({ page: 1, pageSize: 1, sort: 'service', direction: 'asc' });
  return { services, workspaceId: meta.id, projectId: page.rows[0]!.id };
}

async function stop(services: RunningServices): Promise<void> {
  running.splice(running.indexOf(services), 1);
  await services.close();
}

/** The service's own view, with a client of its own (no cache). */
function serviceClient(): ApiClient {
  const w = sim.workspaces[0]!;
  return new ApiClient({ baseUrl: sim.baseUrl, customer: w.customer, key: w.key });
}

async function registered(projectId: string, name: string): Promise<ProjectFile[]> {
  return (await serviceClient().listAllProjectFiles(projectId)).filter((f) => f.name === name);
}

async function bytesOf(file: ProjectFile): Promise<Buffer> {
  const res = await fetch(file.url!);
  return Buffer.from(await res.arrayBuffer());
}

const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');
/**
 * How long the outbox's background work is looked at until it has done what is expected: a ceiling
 * for a hang, far above what it takes even on a busy machine (nothing here is timed).
 */
const BACKGROUND = { timeout: 60_000 };

/** Files "dropped" on the project's view: written, then granted as the preload grants a real drop. */
async function siteFiles(
  services: RunningServices,
  files: Record<string, Buffer>,
  projectId: string,
): Promise<string[]> {
  await fs.mkdir(path.join(dir, 'site'), { recursive: true });
  const paths: string[] = [];
  for (const [name, bytes] of Object.entries(files)) {
    const p = path.join(dir, 'site', name);
    await fs.writeFile(p, bytes);
    await dropFile(services, p, projectId);
    paths.push(p);
  }
  return paths;
}

/**
 * The restart: PlanDesk in a new process over the same user-data folder and keychain, its outbox
 * trying again after `retryMs`.
 */
function restart(retryMs = 100): { lines: AsyncIterator<Record<string, unknown>>; child: ChildProcess } {
  const args = [RESTART_SCRIPT, userData, keychain.service, String(retryMs)];
  const child = spawn(process.execPath, ['--import', 'tsx', ...args], {
    env: process.env,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  children.push(child);
  const rl = createInterface({ input: child.stdout! });
  const iterator = rl[Symbol.asyncIterator]();
  return {
    child,
    lines: {
      next: async () => {
        const r = await iterator.next();
        return r.done ? r : { done: false, value: JSON.parse(r.value) as Record<string, unknown> };
      },
    },
  };
}

async function nextLine(lines: AsyncIterator<Record<string, unknown>>): Promise<Record<string, unknown>> {
  const r = await lines.next();
  if (r.done) throw new Error('the restarted PlanDesk ended without a word');
  return r.value;
}

/** The outbox's records as the database on disk holds them (read-only, beside the running app). */
function recordedStates(workspaceId: string): string[] {
  const db = new Database(path.join(userData, 'outbox', 'outbox.sqlite'), { readonly: true });
  try {
    return (
      db.prepare('SELECT state FROM entries WHERE workspace_id = ? ORDER BY id').all(workspaceId) as {
        state: string;
      }[]
    ).map((r) => r.state);
  } finally {
    db.close();
  }
}

describe('the upload outbox', () => {
  it('a first start, and one with nothing waiting, make no outbox file; the first upload makes it', async () => {
    const services = start();
    await services.outbox.start();
    expect(await filesUnder(path.join(userData, 'outbox'))).toEqual([]);
    await stop(services);
    const { services: again, workspaceId, projectId } = await startWithWorkspace();
    await again.outbox.start();
    expect(await filesUnder(path.join(userData, 'outbox'))).toEqual([]);
    const file = path.join(dir, 'Aufmaß.pdf');
    await fs.writeFile(file, '%PDF-1.4');
    await again.outbox.enqueue(workspaceId, projectId, '', [file]);
    expect(await filesUnder(path.join(userData, 'outbox'))).toContain(
      path.join(userData, 'outbox', 'outbox.sqlite'),
    );
  });

  it('files added offline wait, survive a restart in a new process, and are each uploaded once, byte for byte', async () => {
    const { services, workspaceId, projectId } = await startWithWorkspace();
    const originals = {
      'Baustelle Nord 0815.jpg': randomBytes(300 * 1024),
      'Aufmaß EG.pdf': randomBytes(2 * 1024 * 1024 + 17),
      'Skizze Treppe.png': randomBytes(40 * 1024),
    };
    const paths = await siteFiles(services, originals, projectId);

    await sim.suspend();
    const result = await services.files.upload(projectId, paths);
    expect(result.uploaded).toEqual([]);
    expect(result.queued).toEqual(Object.keys(originals));
    const waiting = services.outbox.list(workspaceId, projectId);
    expect(waiting.map((e) => [e.name, e.size])).toEqual(
      Object.entries(originals).map(([n, b]) => [n, b.length]),
    );
    expect(waiting.every((e) => e.state === 'waiting')).toBe(true);
    // The copies are the user's alone, and the originals may go: the copies are what is sent.
    const copies = await fs.readdir(path.join(userData, 'outbox', workspaceId));
    expect(copies).toHaveLength(3);
    for (const folder of copies) {
      const [name] = await fs.readdir(path.join(userData, 'outbox', workspaceId, folder));
      expect((await fs.stat(path.join(userData, 'outbox', workspaceId, folder, name!))).mode & 0o777).toBe(
        0o600,
      );
    }
    await fs.rm(path.join(dir, 'site'), { recursive: true });
    await stop(services);

    const { lines } = restart();
    expect(await nextLine(lines)).toMatchObject({ started: true, waiting: 3 });
    await sim.resume();
    expect(await nextLine(lines)).toMatchObject({ drained: true });

    for (const [name, bytes] of Object.entries(originals)) {
      const files = await registered(projectId, name);
      expect(files).toHaveLength(1);
      expect(sha(await bytesOf(files[0]!))).toBe(sha(bytes));
    }
    expect(await fs.readdir(path.join(userData, 'outbox', workspaceId))).toEqual([]);
  });

  it('the answer to the register call is lost (a fault after the storage PUT): exactly one file is registered', async () => {
    const { services, workspaceId, projectId } = await startWithWorkspace();
    const bytes = randomBytes(500 * 1024);
    const paths = await siteFiles(services, { 'Mängelliste.pdf': bytes }, projectId);
    const storageBefore = sim.faults.stats().storageRequests;
    sim.faults.setFaults({ dropAfter: 1, ...REGISTER });

    const result = await services.files.upload(projectId, paths);
    // Not an error: the file waits, marked to be looked for before anything is sent again.
    expect(result).toMatchObject({ uploaded: [], queued: ['Mängelliste.pdf'] });
    await expect.poll(() => services.outbox.count(workspaceId).entries, BACKGROUND).toBe(0);

    const files = await registered(projectId, 'Mängelliste.pdf');
    expect(files).toHaveLength(1);
    expect(sha(await bytesOf(files[0]!))).toBe(sha(bytes));
    // One PUT to storage (and the GET above): nothing was sent twice.
    expect(sim.faults.stats().storageRequests - storageBefore).toBe(2);
    expect((await services.files.list(projectId)).filter((f) => f.name === 'Mängelliste.pdf')).toHaveLength(
      1,
    );
  });

  it('a register call cut off before it arrived is sent again: one file', async () => {
    const { services, workspaceId, projectId } = await startWithWorkspace();
    const paths = await siteFiles(services, { 'Foto Dach.jpg': randomBytes(100 * 1024) }, projectId);
    await sim.suspend();
    await services.files.upload(projectId, paths);
    sim.faults.setFaults({ drop: 1, ...REGISTER });
    await sim.resume();
    await expect.poll(() => services.outbox.count(workspaceId).entries, BACKGROUND).toBe(0);
    expect(await registered(projectId, 'Foto Dach.jpg')).toHaveLength(1);
    expect(sim.faults.stats().byStatus.dropped).toBe(1);
  });

  it('PlanDesk killed before it learnt whether its register call arrived: the next start finds the file and sends nothing again', async () => {
    const { services, workspaceId, projectId } = await startWithWorkspace();
    const bytes = randomBytes(800 * 1024);
    const paths = await siteFiles(services, { 'Bautagebuch 12.pdf': bytes }, projectId);
    await sim.suspend();
    await services.files.upload(projectId, paths);
    await stop(services);

    await sim.resume();
    // The service registers the file; its answer is lost; PlanDesk dies before it tries again.
    sim.faults.setFaults({ dropAfter: 1, ...REGISTER });
    const first = restart(60_000);
    expect(await nextLine(first.lines)).toMatchObject({ started: true, waiting: 1 });
    // Another process doing real work: polled with room for a slow machine.
    await expect
      .poll(async () => (await registered(projectId, 'Bautagebuch 12.pdf')).length, BACKGROUND)
      .toBe(1);
    // What was written before the register call went out is on disk: "look before sending again".
    await expect.poll(() => recordedStates(workspaceId), BACKGROUND).toEqual(['registering']);
    first.child.kill('SIGKILL');

    const storageBefore = sim.faults.stats().storageRequests;
    const second = restart();
    expect(await nextLine(second.lines)).toMatchObject({ started: true });
    const drained = await nextLine(second.lines);
    expect(drained).toMatchObject({ drained: true });
    expect(drained.log).toContainEqual(expect.stringMatching(/had arrived .*not sent again/));
    const files = await registered(projectId, 'Bautagebuch 12.pdf');
    expect(files).toHaveLength(1);
    expect(sim.faults.stats().storageRequests).toBe(storageBefore); // nothing sent to storage again
    expect(sha(await bytesOf(files[0]!))).toBe(sha(bytes));
  });

  it('PlanDesk closed while an upload is on its way: both files wait, and the next start sends each once', async () => {
    const { services, workspaceId, projectId } = await startWithWorkspace();
    const originals = { 'Aufmaß OG.pdf': randomBytes(60 * 1024), 'Skizze Bad.png': randomBytes(50 * 1024) };
    const paths = await siteFiles(services, originals, projectId);
    // The presign calls are slow (longer than a busy machine takes to get to the quit below): the
    // upload is under way when the user quits.
    sim.faults.setFaults({ latencyMs: 15_000, method: 'POST', pathEndsWith: '/temporary-presigned-url' });
    const upload = services.files.upload(projectId, paths, 'upload-1').catch((err: unknown) => err);
    await expect.poll(() => recordedStates(workspaceId), { timeout: 10_000 }).toHaveLength(2);
    await stop(services);
    sim.faults.clearFaults();
    expect(await upload).toMatchObject({ kind: 'cancelled' });
    // Not cancelled by the user: both are kept, copies and records.
    expect(recordedStates(workspaceId)).toHaveLength(2);
    expect(await fs.readdir(path.join(userData, 'outbox', workspaceId))).toHaveLength(2);

    const { lines } = restart();
    expect(await nextLine(lines)).toMatchObject({ started: true, waiting: 2 });
    expect(await nextLine(lines)).toMatchObject({ drained: true });
    for (const [name, bytes] of Object.entries(originals)) {
      const files = await registered(projectId, name);
      expect(files).toHaveLength(1);
      expect(sha(await bytesOf(files[0]!))).toBe(sha(bytes));
    }
  });

  it('removed by the user while its register call is on its way, and that call is cut off: never sent again', async () => {
    const { services, workspaceId, projectId } = await startWithWorkspace();
    const paths = await siteFiles(services, { 'Entwurf alt.pdf': randomBytes(200 * 1024) }, projectId);
    await sim.suspend();
    await services.files.upload(projectId, paths);
    const storageBefore = sim.faults.stats().storageRequests;
    // The register call is slow, then cut off: whether it arrived, nobody can tell.
    sim.faults.setFaults({ latencyMs: 1500, drop: 1, ...REGISTER });
    await sim.resume();
    void services.outbox.drain(workspaceId);
    await expect.poll(() => recordedStates(workspaceId), { timeout: 10_000 }).toEqual(['registering']);
    await services.outbox.remove(workspaceId, services.outbox.list(workspaceId)[0]!.id);
    // Gone from the outbox (its copy too) once the call ends; nothing is sent again for it.
    await expect.poll(() => recordedStates(workspaceId), { timeout: 10_000 }).toEqual([]);
    sim.faults.clearFaults();
    await services.outbox.drain(workspaceId);
    expect(await fs.readdir(path.join(userData, 'outbox', workspaceId))).toEqual([]);
    expect(sim.faults.stats().storageRequests - storageBefore).toBe(1);
    expect(await registered(projectId, 'Entwurf alt.pdf')).toEqual([]);
  });

  it('held with its reason and kept until the user decides: archived or deleted project, refused key', async () => {
    const { services, workspaceId, projectId } = await startWithWorkspace();
    const [a, b, c] = await siteFiles(
      services,
      {
        'Archiv.pdf': randomBytes(1000),
        'Verloren.pdf': randomBytes(1000),
        'Schlüssel.pdf': randomBytes(1000),
      },
      projectId,
    );

    // Archived meanwhile: held; restored and retried: sent.
    await services.projects.archive(projectId);
    await sim.suspend();
    await services.files.upload(projectId, [a!]);
    await sim.resume();
    await expect
      .poll(() => services.outbox.list(workspaceId).map((e) => [e.state, e.problem]), BACKGROUND)
      .toEqual([['held', 'project-archived']]);
    await services.projects.restore(projectId);
    services.outbox.retry(workspaceId, services.outbox.list(workspaceId)[0]!.id);
    await expect.poll(() => services.outbox.count(workspaceId).entries, BACKGROUND).toBe(0);
    expect(await registered(projectId, 'Archiv.pdf')).toHaveLength(1);

    // A project that is gone: held; removed by the user, with its copy.
    await services.outbox.enqueue(workspaceId, 'no-such-project', 'Gone', [b!]);
    await expect
      .poll(() => services.outbox.list(workspaceId).map((e) => [e.state, e.problem]), BACKGROUND)
      .toEqual([['held', 'project-deleted']]);
    await services.outbox.remove(workspaceId, services.outbox.list(workspaceId)[0]!.id);
    expect(services.outbox.count(workspaceId).entries).toBe(0);
    expect(await fs.readdir(path.join(userData, 'outbox', workspaceId))).toEqual([]);

    // The key revoked while offline: held, the file kept, and the app asks for a new key.
    await sim.suspend();
    await services.files.upload(projectId, [c!]);
    sim.faults.revoke(sim.workspaces[0]!.customer);
    await sim.resume();
    await expect
      .poll(() => services.outbox.list(workspaceId).map((e) => [e.state, e.problem]), BACKGROUND)
      .toEqual([['held', 'key-revoked']]);
    expect(events).toContainEqual(['event:workspaceAuthFailed', { workspaceId }]);
    expect(await fs.readdir(path.join(userData, 'outbox', workspaceId))).toHaveLength(1);
  });
});
