import { execFile } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { EventChannel, EventPayloads } from '../../src-shared/ipc/contract';
import { createDispatcher } from '../../src-main/ipc/handlers';
import { KeytarSecretStore } from '../../src-main/secrets/secret-store';
import { createServices, type RunningServices } from '../../src-main/app/services';
import { startSimulator, type Simulator } from '../../simulator';
import { captureLog } from '../helpers/log-capture';
import { testDialogs } from '../helpers/test-dialogs';
import { ServiceError } from '../../src-main/errors/service-error';

// Real parts: the OS keychain (a throwaway GNOME Keyring under dbus-run-session, see
// scripts/with-keyring.sh), the settings file on disk, and the simulator over HTTP.

let sim: Simulator;
let userData: string;
let secrets: KeytarSecretStore;
let services: RunningServices;
let events: [EventChannel, unknown][];
const log = captureLog();

function start(): RunningServices {
  events = [];
  return createServices({
    version: '0.0.0-test',
    platform: 'linux',
    userDataDir: userData,
    secrets,
    logger: log.logger,
    emit: <E extends EventChannel>(e: E, p: EventPayloads[E]) => void events.push([e, p]),
    clientOptions: { retry: { baseDelayMs: 5, maxDelayMs: 20 } },
    dialogs: testDialogs(userData).dialogs,
  });
}

const wsInput = (i: number, overrides: Partial<{ key: string; customer: string }> = {}) => ({
  customer: sim.workspaces[i]!.customer,
  key: sim.workspaces[i]!.key,
  baseUrl: sim.baseUrl,
  language: 'de-DE' as const,
  ...overrides,
});

async function filesUnder(dir: string): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await fs.readdir(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    if (entry.isDirectory()) out.push(...(await filesUnder(p)));
    else out.push(p);
  }
  return out;
}

beforeAll(async () => {
  sim = await startSimulator({ dataset: 'demo' });
});
afterAll(async () => {
  await sim.close();
});
beforeEach(async () => {
  userData = await fs.mkdtemp(path.join(os.tmpdir(), 'plandesk-ws-'));
  // Our own keychain service name: tests never touch a user's PlanDesk entries.
  secrets = new KeytarSecretStore(`PlanDesk-test-${randomUUID()}`);
  services = start();
});
afterEach(async () => {
  await services.close();
  await fs.rm(userData, { recursive: true, force: true });
});

describe('workspaces', () => {
  it('with none set up, the demo workspace is active', async () => {
    const list = await services.workspaces.list();
    expect(list.activeId).toBe('demo');
    expect(list.workspaces).toHaveLength(1);
    expect(list.workspaces[0]!.demo).toBe(true);
    const page = await services.projects.list({ page: 1, pageSize: 10, sort: 'service', direction: 'asc' });
    expect(page.rows.length).toBe(10);
  });

  it('a wrong key is refused and nothing is stored', async () => {
    await expect(services.workspaces.add(wsInput(0, { key: 'not-the-key-000' }))).rejects.toMatchObject({
      kind: 'auth',
    });
    expect((await services.workspaces.list()).workspaces).toHaveLength(1);
    await expect(fs.access(path.join(userData, 'settings.json'))).rejects.toThrow();
    // The keychain has no entry under any id settings could have named: there is no record at all.
    expect((await services.settings.load()).workspaces).toEqual([]);
  });

  it('a right key goes to the keychain and never into a file under the user-data folder', async () => {
    const meta = await services.workspaces.add(wsInput(0));
    expect(meta.name).toBe(sim.workspaces[0]!.name);
    expect(await secrets.get(meta.id)).toBe(sim.workspaces[0]!.key);
    const files = await filesUnder(userData);
    expect(files.map((f) => path.basename(f))).toContain('settings.json');
    for (const f of files) expect(await fs.readFile(f, 'utf8')).not.toContain(sim.workspaces[0]!.key);
    const settings = JSON.parse(await fs.readFile(path.join(userData, 'settings.json'), 'utf8'));
    expect(settings.workspaces[0]).toMatchObject({
      customer: sim.workspaces[0]!.customer,
      language: 'de-DE',
    });
    expect(JSON.stringify(settings)).not.toMatch(/"key"/);
    expect(log.lines.join('\n')).not.toContain(sim.workspaces[0]!.key);

    // A restart reads the metadata back and the key from the keychain.
    await services.close();
    services = start();
    const list = await services.workspaces.list();
    expect(list.activeId).toBe(meta.id);
    const page = await services.projects.list({ page: 1, pageSize: 5, sort: 'service', direction: 'asc' });
    expect(page.rows).toHaveLength(5);
  });

  it('two workspaces stay isolated; switching shows each its own data', async () => {
    const a = await services.workspaces.add(wsInput(0));
    const b = await services.workspaces.add(wsInput(1));
    expect((await services.workspaces.list()).activeId).toBe(b.id);
    const bIds = (
      await services.projects.list({ page: 1, pageSize: 50, sort: 'name', direction: 'asc' })
    ).rows.map((r) => r.id);
    await services.workspaces.switchTo(a.id);
    const aIds = (
      await services.projects.list({ page: 1, pageSize: 50, sort: 'name', direction: 'asc' })
    ).rows.map((r) => r.id);
    expect(aIds.length).toBeGreaterThan(0);
    expect(aIds.some((id) => bIds.includes(id))).toBe(false);
    await expect(services.workspaces.add(wsInput(0))).rejects.toMatchObject({ kind: 'validation' });
  });

  it('removing a workspace deletes its keychain entry and cached data, and nothing else', async () => {
    const a = await services.workspaces.add(wsInput(0));
    const b = await services.workspaces.add(wsInput(1));
    const cache = path.join(userData, 'cache');
    await fs.mkdir(cache, { recursive: true });
    await fs.writeFile(path.join(cache, `${a.id}.sqlite`), 'x');
    await fs.writeFile(path.join(cache, `${a.id}.sqlite-wal`), 'x');
    await fs.writeFile(path.join(cache, `${b.id}.sqlite`), 'x');
    const list = await services.workspaces.remove(a.id);
    expect(list.workspaces.map((w) => w.id)).toEqual([b.id, 'demo']);
    expect(await secrets.get(a.id)).toBeNull();
    expect(await secrets.get(b.id)).toBe(sim.workspaces[1]!.key);
    expect(await fs.readdir(cache)).toEqual([`${b.id}.sqlite`]);
    await expect(services.workspaces.remove('demo')).rejects.toBeInstanceOf(ServiceError);
  });

  it('a key revoked later: the app says so and asks for a new key; nothing else is lost', async () => {
    const revSim = await startSimulator({ dataset: 'demo' });
    try {
      const meta = await services.workspaces.add({
        ...wsInput(0),
        baseUrl: revSim.baseUrl,
        customer: revSim.workspaces[0]!.customer,
        key: revSim.workspaces[0]!.key,
      });
      const dispatch = createDispatcher(services, (e, p) => events.push([e, p]));
      expect((await dispatch('projects:list', [{ page: 1, pageSize: 5 }])).ok).toBe(true);
      revSim.faults.revoke(revSim.workspaces[0]!.customer);
      const r = await dispatch('projects:list', [{ page: 1, pageSize: 5 }]);
      expect(r).toMatchObject({ ok: false, error: { kind: 'auth' } });
      expect(events).toContainEqual(['event:workspaceAuthFailed', { workspaceId: meta.id }]);
      expect((await services.workspaces.list()).workspaces.find((w) => w.id === meta.id)!.needsKey).toBe(
        true,
      );
      // The old key is still stored (nothing lost) until a new one is checked and saved.
      expect(await secrets.get(meta.id)).toBe(revSim.workspaces[0]!.key);
      await expect(services.workspaces.replaceKey(meta.id, 'still-wrong-key')).rejects.toMatchObject({
        kind: 'auth',
      });
    } finally {
      await revSim.close();
    }
  });

  it('replacing the key after a 401 checks the new one, stores it and clears the prompt', async () => {
    const meta = await services.workspaces.add(wsInput(0));
    services.workspaces.markKeyRejected(meta.id);
    expect((await services.workspaces.activeMeta()).needsKey).toBe(true);
    const updated = await services.workspaces.replaceKey(meta.id, sim.workspaces[0]!.key);
    expect(updated.needsKey).toBe(false);
    expect((await services.workspaces.activeMeta()).needsKey).toBe(false);
  });

  it('the language choice also sets Accept-Language for the active workspace', async () => {
    const meta = await services.workspaces.add({ ...wsInput(0), language: 'en-US' });
    const planOf = async () => {
      const { client } = await services.workspaces.activeClient();
      const project = (await client.listProjects({ pageSize: 1 })).items[0]!;
      const plan = await client.getPlan((await client.getProject(project.id)).plan_id!);
      if (plan.shape !== 'current') throw new Error('unexpected plan shape');
      return String(plan.plan.statistics_formatted!.area);
    };
    expect(await planOf()).toMatch(/^\d[\d,]*\.\d+ /);
    await services.workspaces.setLanguage('de-DE');
    expect(await services.workspaces.uiLanguage()).toBe('de-DE');
    expect((await services.workspaces.list()).workspaces.find((w) => w.id === meta.id)!.language).toBe(
      'de-DE',
    );
    expect(await planOf()).toMatch(/^\d[\d.]*,\d+ /);
  });

  it('a damaged settings file is moved aside and the app still starts', async () => {
    await fs.writeFile(path.join(userData, 'settings.json'), '{ this is not json');
    const list = await services.workspaces.list();
    expect(list.activeId).toBe('demo');
    expect(services.settings.recovered?.movedTo).toMatch(/settings\.json\.unreadable-/);
    expect(await fs.readFile(services.settings.recovered!.movedTo!, 'utf8')).toBe('{ this is not json');
    // The user is told, once.
    const notices = await services.takeNotices();
    expect(notices).toEqual([
      { code: 'settings-recovered', path: expect.stringMatching(/settings\.json\.unreadable-/) },
    ]);
    expect(await services.takeNotices()).toEqual([]);
  });

  it('a keychain that is missing or locked gives a clear message, never a plain-text fallback', async () => {
    // A child process with no reachable Secret Service (no D-Bus session bus).
    const script = path.join(userData, 'locked.ts');
    await fs.writeFile(
      script,
      `import { KeytarSecretStore } from ${JSON.stringify(path.resolve('src-main/secrets/secret-store.ts'))};
       new KeytarSecretStore('PlanDesk-test-locked').set('a', 'b').then(() => console.log('STORED'), (e) => console.log(e.kind + ': ' + e.message));`,
    );
    const out = await new Promise<string>((resolve) =>
      execFile(
        process.execPath,
        ['--import', 'tsx', script],
        {
          env: {
            PATH: process.env.PATH ?? '',
            DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent/bus',
            HOME: userData,
          },
        },
        (_e, stdout, stderr) => resolve(stdout + stderr),
      ),
    );
    expect(out).toMatch(/^keychain: The system keychain is locked or not available/m);
    expect(out).not.toContain('STORED');
    expect((await filesUnder(userData)).filter((f) => !f.endsWith('locked.ts'))).toEqual([]);
  });
});

describe('projects', () => {
  it('sorts the whole list by name or modified date, with progress, and pages through it', async () => {
    await services.workspaces.add(wsInput(0));
    const progress: unknown[] = [];
    const sub = events;
    const a = await services.projects.list({
      page: 1,
      pageSize: 10,
      sort: 'name',
      direction: 'asc',
      operationId: 'op-1',
    });
    const b = await services.projects.list({ page: 2, pageSize: 10, sort: 'name', direction: 'asc' });
    const names = [...a.rows, ...b.rows].map((r) => r.name);
    expect(names).toEqual(
      [...names].sort((x, y) => x.localeCompare(y, undefined, { sensitivity: 'base', numeric: true })),
    );
    progress.push(...sub.filter(([e]) => e === 'event:progress'));
    expect(progress.length).toBeGreaterThan(0);
    const desc = await services.projects.list({ page: 1, pageSize: 50, sort: 'modified', direction: 'desc' });
    const times = desc.rows.map((r) => Date.parse(r.modified!));
    expect(times).toEqual([...times].sort((x, y) => y - x));
  });

  it('create: duplicate reference lookup, field errors, 207 warnings; archive and restore', async () => {
    await services.workspaces.add(wsInput(0));
    const all = await services.projects.list({ page: 1, pageSize: 50, sort: 'name', direction: 'asc' });
    const existing = all.rows.find((r) => r.externalReferenceId)!;
    expect((await services.projects.findByReference(existing.externalReferenceId!)).map((r) => r.id)).toEqual(
      [existing.id],
    );
    expect(await services.projects.findByReference('NO-SUCH-REF-999')).toEqual([]);

    const email = (await (await services.workspaces.activeClient()).client.getWorkspace()).owner!.email!;
    const bad = await services.projects
      .create({ name: 'X', email: 'nobody@nowhere.example' })
      .catch((e: unknown) => e);
    expect(bad).toMatchObject({ kind: 'validation' });
    expect(Object.keys((bad as ServiceError).fieldErrors ?? {})).toContain('email');

    const created = await services.projects.create({
      name: 'Dachausbau Süd',
      email,
      externalReferenceId: 'NEW-REF-1',
      address: { street: 'Weg 1', city: 'Bonn' },
    });
    expect(created.warnings.length).toBeGreaterThan(0);
    expect(created.project.externalReferenceId).toBe('NEW-REF-1');

    const archived = await services.projects.archive(created.project.id);
    expect(archived.archived).toBe(true);
    const restored = await services.projects.restore(created.project.id);
    expect(restored.archived).toBe(false);
  });

  it('a long listing can be cancelled', async () => {
    await services.workspaces.add(wsInput(0));
    sim.faults.setFaults({ latencyMs: 300 });
    try {
      const pending = services.projects.list({
        page: 1,
        pageSize: 10,
        sort: 'modified',
        direction: 'asc',
        operationId: 'op-cancel',
      });
      // Cancel as soon as the operation is running (the first call also starts the demo simulator).
      const timer = setInterval(() => {
        if (services.operations.cancel('op-cancel')) clearInterval(timer);
      }, 5);
      await expect(pending).rejects.toMatchObject({ kind: 'cancelled' });
    } finally {
      sim.faults.clearFaults();
    }
  });
});
