/**
 * The packaged main booted as boot.test.ts does not: as a deb or rpm install, and with no keychain.
 *
 * Keys when there is no keychain, in the packaged main (booted on the stand-in `electron`, whose
 * safeStorage encrypts like the OS's): with the Secret Service absent — main's D-Bus address points
 * nowhere, so the packaged keytar really fails — a key is kept encrypted in the private data folder
 * and the user is told where; with only Linux's unprotected `basic_text` backend it is refused; and
 * when the keychain is back (this test runs inside scripts/with-keyring.sh) the key moves into it.
 */
import { existsSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AppNotice } from '../../src-shared/app/types';
import type { Result } from '../../src-shared/ipc/contract';
import type { ProjectPage } from '../../src-shared/projects/types';
import type { UpdateStatus } from '../../src-shared/updates/types';
import type { WorkspaceMeta } from '../../src-shared/workspaces/types';
import { startSimulator, type Simulator } from '../../simulator';
import { KEY_FILE_NAME } from '../../src-main/secrets/encrypted-key-file';
import { KeytarSecretStore, KEYCHAIN_SERVICE } from '../../src-main/secrets/secret-store';
import { BootedMain, prepareBootLayout, type BootLayout } from './booted-main';
import { readPackagedApp } from './packaged-app';

const packaged = readPackagedApp();
/** A session bus that is not there: no Secret Service for keytar to reach. */
const NO_SECRET_SERVICE = { DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent/plandesk-no-session-bus' };

let layout: BootLayout;
let sim: Simulator;
const added: string[] = [];
beforeAll(async () => {
  layout = await prepareBootLayout(packaged);
  sim = await startSimulator({ dataset: 'demo' });
});
afterAll(async () => {
  const keychain = new KeytarSecretStore(KEYCHAIN_SERVICE);
  for (const id of added) await keychain.delete(id).catch(() => undefined);
  await sim.close();
  rmSync(layout.root, { recursive: true, force: true });
});

async function boot(userData: string, options: ConstructorParameters<typeof BootedMain>[1] = {}) {
  const logFile = path.join(userData, 'logs', 'main.log');
  const starts = () =>
    (existsSync(logFile) ? readFileSync(logFile, 'utf8') : '').split(/ started \(packaged/).length;
  const before = starts();
  const main = new BootedMain(layout, { userData, ...options });
  // The log is the same file for every start: wait for this start's line.
  await expect.poll(starts, { timeout: 30_000 }).toBeGreaterThan(before);
  // The page's own origin (src-main/app-scheme.ts): the only sender main answers.
  const trusted = 'app://plandesk/index.html';
  const call = <T>(channel: string, ...args: unknown[]) =>
    main.request<Result<T>>({ op: 'invoke', channel, senderUrl: trusted, args });
  const quit = async () => {
    await main.request({ op: 'quit' });
    expect((await main.exited).code).toBe(0);
  };
  return { main, call, quit };
}

const addWorkspace = (call: Awaited<ReturnType<typeof boot>>['call'], index: number) => {
  const w = sim.workspaces[index]!;
  return call<WorkspaceMeta>('workspaces:add', {
    customer: w.customer,
    key: w.key,
    language: 'en-US',
    baseUrl: sim.baseUrl,
  });
};

describe.runIf(packaged.platform === 'linux')('keys with no keychain, in the packaged main', () => {
  it('keeps a key encrypted in the data folder, says where, refuses basic_text, and moves it to the keychain when it is back', async () => {
    const userData = path.join(layout.root, 'user-data');
    const keyFile = path.join(userData, KEY_FILE_NAME);
    const key = sim.workspaces[0]!.key;

    // 1. No Secret Service; safeStorage backed by a wallet (KWallet).
    const first = await boot(userData, { env: NO_SECRET_SERVICE, safeStorageBackend: 'kwallet5' });
    const ws = await addWorkspace(first.call, 0);
    expect(ws.ok).toBe(true);
    if (!ws.ok) return;
    added.push(ws.data.id);
    expect(readFileSync(keyFile, 'utf8')).not.toContain(key);
    expect(statSync(keyFile).mode & 0o777).toBe(0o600);
    const notices = await first.call<AppNotice[]>('app:notices');
    expect(notices.ok && notices.data).toEqual([
      { code: 'keys-in-file', path: keyFile, protection: 'kwallet5' },
    ]);
    // The key read back from the file: the workspace works.
    const page = await first.call<ProjectPage>('projects:list', { page: 1, pageSize: 5 });
    expect(page.ok && page.data.rows.length).toBeGreaterThan(0);
    expect(first.main.log()).toMatch(/the OS keychain cannot be reached/);
    expect(first.main.log()).not.toContain(key);
    await first.quit();

    // 2. No Secret Service and only basic_text: a new key is refused, the kept one stays.
    const second = await boot(userData, { env: NO_SECRET_SERVICE, safeStorageBackend: 'basic_text' });
    const refused = await addWorkspace(second.call, 1);
    expect(refused.ok).toBe(false);
    if (!refused.ok) expect(refused.error.kind).toBe('keychain');
    expect(Object.keys((JSON.parse(readFileSync(keyFile, 'utf8')) as { keys: object }).keys)).toEqual([
      ws.data.id,
    ]);
    await second.quit();

    // 3. The Secret Service is back: at start the key moves into the keychain and the file goes.
    const third = await boot(userData);
    const moved = await third.call<AppNotice[]>('app:notices');
    expect(moved.ok && moved.data).toEqual([
      { code: 'keys-moved-to-keychain', path: keyFile, protection: expect.any(String) },
    ]);
    expect(existsSync(keyFile)).toBe(false);
    expect(await new KeytarSecretStore(KEYCHAIN_SERVICE).get(ws.data.id)).toBe(key);
    const again = await third.call<ProjectPage>('projects:list', { page: 1, pageSize: 5 });
    expect(again.ok).toBe(true);
    await third.quit();
  });
});

describe.runIf(packaged.platform === 'linux').each([
  { type: 'deb', updater: 'DebUpdater' },
  { type: 'rpm', updater: 'RpmUpdater' },
])('the packaged main installed from a $type', ({ type, updater }) => {
  // What electron-builder's deb and rpm targets write into the app folder (tests/packaging/linux
  // checks it); main and electron-updater both read it.
  const marker = () => path.join(layout.resourcesDir, 'package-type');
  beforeAll(() => writeFileSync(marker(), type));
  afterAll(() => rmSync(marker(), { force: true }));

  it(`never updates by itself, and electron-updater picks its ${updater}`, async () => {
    const { main, call, quit } = await boot(path.join(layout.root, `${type}-user-data`));
    const status = await call<UpdateStatus>('updates:status');
    expect(status.ok && status.data).toMatchObject({
      unavailable: null,
      install: 'confirm-privileged',
      automatic: false,
    });
    // Turning automatic updates on is refused.
    const turned = await call<UpdateStatus>('updates:setAutomatic', true);
    expect(turned.ok && turned.data.automatic).toBe(false);
    expect(main.log()).toMatch(/started \(packaged; updates on\)/);
    // The packaged electron-updater reads the same marker and makes the package manager's updater,
    // whose install runs dpkg or rpm/dnf/zypper with pkexec or sudo.
    expect(await main.request({ op: 'picked-updater' })).toBe(updater);
    await quit();
  });

  it('installs a downloaded update only when the user confirms main’s own question: no → nothing, yes → the install', async () => {
    // electron-updater stands in (boot-main.ts): its check finds what the test offers, and its
    // install is only counted — no package manager runs on this machine.
    const { main, call, quit } = await boot(path.join(layout.root, `${type}-install-user-data`), {
      stubUpdater: true,
    });
    type StubState = { checks: number; installs: number; autoInstallOnAppQuit?: boolean };
    const stub = (change: { offer?: string; downloaded?: string } = {}) =>
      main.request<StubState>({ op: 'stub-updater', ...change });
    const phase = async () => {
      const s = await call<UpdateStatus>('updates:status');
      return s.ok ? s.data.phase : null;
    };
    // Nothing downloaded yet: nothing to install, nothing asked.
    expect(await call('updates:install')).toEqual({ ok: true, data: { restarting: false } });

    // Help › Check for Updates… finds 0.2.0, which downloads in the background.
    await stub({ offer: '0.2.0' });
    await main.request({ op: 'click-menu', labels: ['Help', 'Check for Updates…'] });
    await expect.poll(phase, { timeout: 10_000 }).toBe('downloading');
    await stub({ downloaded: '0.2.0' });
    await expect.poll(phase, { timeout: 10_000 }).toBe('ready');
    const asked = async () =>
      (await main.record()).recording.messageBoxes.filter((b) => b.message.includes('0.2.0'));
    const before = (await asked()).length;

    // The user answers main's native question "no": nothing is installed.
    await main.request({ op: 'answer-message-boxes', press: 'cancel' });
    expect(await call('updates:install')).toEqual({ ok: true, data: { restarting: false } });
    expect(await stub()).toMatchObject({ checks: 1, installs: 0, autoInstallOnAppQuit: false });
    const question = (await asked()).slice(before);
    expect(question).toHaveLength(1);
    expect(question[0]!.buttons).toEqual(['Cancel', expect.any(String)]);
    expect(main.log()).toMatch(/installing PlanDesk 0\.2\.0 with the package manager: declined/);

    // "Yes": the install runs (electron-updater's quitAndInstall: its package manager in the app).
    await main.request({ op: 'answer-message-boxes', press: 'last' });
    expect(await call('updates:install')).toEqual({ ok: true, data: { restarting: true } });
    expect(await stub()).toMatchObject({ installs: 1 });
    expect((await asked()).length - before).toBe(2);
    expect(main.log()).toMatch(/installing PlanDesk 0\.2\.0 with the package manager: confirmed/);
    await quit();
  });
});
