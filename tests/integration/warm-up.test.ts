/**
 * The start-up warm-up (RunningServices.warmUp): while the window loads, the active workspace's
 * client is readied, so the first screen's request does not wait for the keychain, the cache or the
 * demo service. Real parts: main's services, the demo simulator over HTTP, the SQLite cache. The
 * keychain is the tests' in-memory store (MemorySecretStore), whose "key gone" is what is tested.
 */
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { MemorySecretStore } from '../../src-main/secrets/secret-store';
import { startSimulator } from '../../simulator';
import { addWorkspace, simWorkspace, startAppServices } from '../helpers/app-services';
import { captureLog } from '../helpers/log-capture';

/** The keychain the tests use, counting its reads. */
class CountingSecretStore extends MemorySecretStore {
  reads = 0;
  override async get(account: string): Promise<string | null> {
    this.reads++;
    return super.get(account);
  }
}

const FIRST_PAGE = { page: 1, pageSize: 50, sort: 'service', direction: 'asc' } as const;
const STARTED = /the demo service started at (http:\/\/127\.0\.0\.1:\d+\S*)/;
const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

async function folder(): Promise<string> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'plandesk-warm-up-'));
  cleanups.push(() => fs.rm(dir, { recursive: true, force: true }));
  return dir;
}

async function until(check: () => boolean, what: string): Promise<void> {
  const end = Date.now() + 20_000;
  while (!check()) {
    if (Date.now() > end) throw new Error(`never: ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('warming up the active workspace at start', () => {
  it('starts the demo service before the first screen asks, and that screen gets its projects from it', async () => {
    const log = captureLog();
    const services = startAppServices({ userDataDir: await folder(), logger: log.logger });
    cleanups.push(() => services.close());
    services.warmUp();
    await until(() => log.lines.some((l) => STARTED.test(l)), 'the demo service started');
    const page = await services.projects.list(FIRST_PAGE);
    expect(page.rows.length).toBeGreaterThan(0);
    // One demo service, not one for the warm-up and another for the screen.
    expect(log.lines.filter((l) => STARTED.test(l))).toHaveLength(1);
  });

  it('leaves no demo service running when PlanDesk closes at once', async () => {
    const log = captureLog();
    const services = startAppServices({ userDataDir: await folder(), logger: log.logger });
    services.warmUp();
    await services.close();
    // Closing came before the warm-up reached the demo service: it is not started after.
    await new Promise((r) => setTimeout(r, 500));
    expect(log.lines.filter((l) => STARTED.test(l))).toEqual([]);
    expect(log.lines.some((l) => l.includes('warm-up:') && l.includes('closing'))).toBe(true);
    expect(log.lines.filter((l) => l.startsWith('[error]'))).toEqual([]);
  });

  it('stops the demo service the warm-up started when PlanDesk closes', async () => {
    const log = captureLog();
    const services = startAppServices({ userDataDir: await folder(), logger: log.logger });
    services.warmUp();
    await until(() => log.lines.some((l) => STARTED.test(l)), 'the demo service started');
    const address = log.lines.map((l) => STARTED.exec(l)?.[1]).find(Boolean)!;
    expect((await fetch(address)).status).toBeGreaterThan(0);
    await services.close();
    await expect(fetch(address)).rejects.toThrow();
  });

  it('shares one keychain read and one client with a first screen that asks while it runs', async () => {
    const sim = await startSimulator({ dataset: 'demo' });
    cleanups.push(() => sim.close());
    const userDataDir = await folder();
    const secrets = new CountingSecretStore();
    const first = startAppServices({ userDataDir, secrets });
    await addWorkspace(first, simWorkspace(sim));
    await first.close();

    const services = startAppServices({ userDataDir, secrets });
    cleanups.push(() => services.close());
    secrets.reads = 0;
    services.warmUp();
    // At once, as a window that loads fast asks: the warm-up has not read the key yet.
    const page = await services.projects.list(FIRST_PAGE);
    expect(page.rows.length).toBeGreaterThan(0);
    expect(secrets.reads).toBe(1);
  });

  it('notes a workspace whose key is gone and leaves telling the user to the first screen', async () => {
    const sim = await startSimulator({ dataset: 'demo' });
    cleanups.push(() => sim.close());
    const userDataDir = await folder();
    const first = startAppServices({ userDataDir });
    await addWorkspace(first, simWorkspace(sim));
    await first.close();

    // Started again with a keychain that no longer has the key (another user account, a reset).
    const log = captureLog();
    const services = startAppServices({ userDataDir, logger: log.logger, secrets: new MemorySecretStore() });
    cleanups.push(() => services.close());
    services.warmUp();
    await until(() => log.lines.some((l) => l.includes('warm-up:')), 'the warm-up noted the missing key');
    const refused = await services.projects
      .list({ page: 1, pageSize: 50, sort: 'service', direction: 'asc' })
      .then(
        () => null,
        (err: unknown) => err,
      );
    expect(refused).toMatchObject({ kind: 'auth' });
    // The demo service is started only when the demo workspace is the one to show.
    expect(log.lines.filter((l) => STARTED.test(l))).toEqual([]);
  });
});
