import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { RetryPolicy } from '../../src-main/api/backoff';
import {
  createServices,
  type MainServices,
  type RunningServices,
  type ServiceOptions,
} from '../../src-main/app/services';
import { MemorySecretStore } from '../../src-main/secrets/secret-store';
import type { UiLanguage } from '../../src-shared/i18n/languages';
import { startSimulator, type Simulator } from '../../simulator';
import { builtWorkerScripts } from './built-bundle';
import { captureLog } from './log-capture';
import { testDialogs } from './test-dialogs';

export type TestServiceOptions = Pick<ServiceOptions, 'userDataDir'> &
  Partial<ServiceOptions> & {
    /** Retries of the API client, over the short pauses every test gets. */
    retry?: Partial<RetryPolicy>;
  };

/**
 * Main's services as the app wires them, for a test: in a user-data folder; an in-memory keychain,
 * a quiet log, no events, dialogs that answer from the test's own folder, short retry pauses and
 * the worker scripts as built (when they are fresh), unless the test gives its own (its
 * `clientOptions.retry` and `retry` go over the short pauses).
 */
export function startAppServices(options: TestServiceOptions): RunningServices {
  const { retry, ...given } = options;
  const workerScripts = builtWorkerScripts();
  return createServices({
    version: 'test',
    platform: 'linux',
    secrets: new MemorySecretStore(),
    logger: captureLog().logger,
    emit: () => undefined,
    dialogs: testDialogs(options.userDataDir).dialogs,
    ...(workerScripts ? { workerScripts } : {}),
    ...given,
    clientOptions: {
      ...given.clientOptions,
      retry: { baseDelayMs: 5, maxDelayMs: 20, ...given.clientOptions?.retry, ...retry },
    },
  });
}

/** A service to add as a workspace: its address, its credentials and the language to ask it in. */
export interface TestWorkspace {
  baseUrl: string;
  customer: string;
  key: string;
  /** en-US unless given. */
  language?: UiLanguage;
}

/** The simulator's workspace `index` as a workspace to add (its credentials at the simulator's address). */
export function simWorkspace(sim: Simulator, index = 0, language?: UiLanguage): TestWorkspace {
  const w = sim.workspaces[index]!;
  return { baseUrl: sim.baseUrl, customer: w.customer, key: w.key, ...(language ? { language } : {}) };
}

/** Adds `service` as a workspace of `services` (and makes it the active one). */
export function addWorkspace(
  services: MainServices,
  service: TestWorkspace,
): ReturnType<MainServices['workspaces']['add']> {
  return services.workspaces.add({
    customer: service.customer,
    key: service.key,
    baseUrl: service.baseUrl,
    language: service.language ?? 'en-US',
  });
}

/** The same, with a workspace of `service` added (and active). */
export async function startAppWithWorkspace(
  service: TestWorkspace,
  options: Parameters<typeof startAppServices>[0],
): Promise<RunningServices> {
  const services = startAppServices(options);
  await addWorkspace(services, service);
  return services;
}

/**
 * A file "dropped" on a project's files view: granted for one upload into that project of the active
 * workspace, as the preload's registration (`files:registerDrop`) grants it.
 */
export async function dropFile(services: MainServices, filePath: string, projectId: string): Promise<void> {
  const { id } = await services.workspaces.activeMeta();
  services.uploadGrants.grantDrop([filePath], { workspaceId: id, projectId });
}

/** The demo simulator and main's services on its first workspace, in a folder of their own. */
export interface DemoApp {
  sim: Simulator;
  /** The test's temporary folder: `userdata/` is the app's, `out/` is where its dialogs save. */
  dir: string;
  dialogs: ReturnType<typeof testDialogs>;
  services: RunningServices;
  /** Closes the services and the simulator and removes the folder. */
  close(): Promise<void>;
}

/**
 * Starts the demo simulator and main's services with its first workspace added (in `language`), in a
 * new temporary folder named after `prefix`; `options` go over the test defaults.
 */
export async function startDemoApp(
  prefix: string,
  options: Partial<TestServiceOptions> = {},
  language?: UiLanguage,
): Promise<DemoApp> {
  const sim = await startSimulator({ dataset: 'demo' });
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), prefix));
  await fs.mkdir(path.join(dir, 'out'));
  const dialogs = testDialogs(path.join(dir, 'out'));
  const services = await startAppWithWorkspace(simWorkspace(sim, 0, language), {
    userDataDir: path.join(dir, 'userdata'),
    dialogs: dialogs.dialogs,
    ...options,
  });
  return {
    sim,
    dir,
    dialogs,
    services,
    async close() {
      await services.close();
      await sim.close();
      await fs.rm(dir, { recursive: true, force: true });
    },
  };
}
