import { test as base, expect, type Page } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { promises as fs } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { Channel, EventChannel, EventPayloads } from '../../src-shared/ipc/contract';
import { createDispatcher } from '../../src-main/ipc/handlers';
import { APP_HOST, APP_SCHEME, rendererResponse } from '../../src-main/app-scheme';
import { createLogger } from '../../src-main/log/logger';
import { DEFAULT_BUDGET, SlidingWindowBudget } from '../../src-main/api/rate-budget';
import { KeytarSecretStore } from '../../src-main/secrets/secret-store';
import { createServices, type RunningServices } from '../../src-main/app/services';
import { startSimulator, type Simulator, type SimulatorOptions } from '../../simulator';
import { FakeUpdater } from '../helpers/fake-updater';
import type { UpdateInstall } from '../../src-shared/updates/types';
import { testDialogs } from '../helpers/test-dialogs';
import { preloadInitScript } from './electron-stand-in';

/**
 * The e2e harness. Electron cannot run on these machines, so its two thin layers are replaced:
 * - the window: the built renderer (out/renderer) served on loopback and opened in Chromium;
 * - Electron under the preload: the built preload (out/preload/index.cjs) runs in the page on a
 *   stand-in for `electron` (tests/e2e/electron-stand-in.ts) whose ipcRenderer.invoke reaches, through
 *   Playwright's exposeBinding, the same dispatcher that src-main/ipc/register.ts hands to ipcMain.
 * Everything behind it is real: main's services, the OS keychain (GNOME Keyring under
 * dbus-run-session), the settings file, and the simulator over HTTP.
 */

const RENDERER_DIR = path.resolve('out/renderer');
/** Main's worker scripts as the app ships them (electron-vite builds them beside main's bundle). */
const WORKER_SCRIPTS_DIR = path.resolve('out/main');
export const SCREENSHOT_DIR = path.resolve('test-results/screenshots');

/**
 * The built renderer on loopback, answered by the app's own app:// handler (src-main/app-scheme.ts):
 * the same files, types and refusals as in the window, at an http origin Chromium here can open.
 */
function serveRenderer(): Promise<{ url: string; close: () => Promise<void> }> {
  const server = http.createServer((req, res) => {
    const { pathname } = new URL(req.url ?? '/', 'http://x');
    rendererResponse(RENDERER_DIR, `${APP_SCHEME}://${APP_HOST}${pathname}`, req.method).then(
      async (answer) => {
        res.writeHead(answer.status, Object.fromEntries(answer.headers));
        res.end(Buffer.from(await answer.arrayBuffer()));
      },
      () => res.writeHead(500).end(),
    );
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({
        url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/`,
        // The page may still hold a connection open (a keep-alive, a late chunk): close those too, or
        // close() waits for them.
        close: () =>
          new Promise((r) => {
            server.close(() => r());
            server.closeAllConnections();
          }),
      }),
    ),
  );
}

export interface AppFixture {
  page: Page;
  /** A simulator standing in for a real account's service (separate from the built-in demo). */
  sim: Simulator;
  services: RunningServices;
  secrets: KeytarSecretStore;
  userData: string;
  logLines: string[];
  /**
   * Where the stand-in for the OS save dialog puts exports (under the name the app suggested), and
   * where files "dropped" on the window must be (pathForFile maps a dropped File's name into it).
   */
  exportDir: string;
  /** Set to false to make the save dialog answer "cancelled". */
  saveDialogAnswers: { accept: boolean };
  /** What the open-file and folder dialogs answer, and the files "opened with the OS". */
  dialogs: ReturnType<typeof testDialogs>;
  /** electron-updater's stand-in: this "installed copy" updates itself, from what the test says. */
  updater: FakeUpdater;
  /** Main's question before an install that needs an administrator's password: the answer, and the versions asked about. */
  privilegedInstall: { answer: boolean; asked: string[] };
  /** Opens (or reopens) the app window. */
  open(): Promise<void>;
  /**
   * What the renderer's content security policy blocked so far (and forgets it). Every test ends
   * with none: the strict policy (no inline styles or scripts) must break nothing on any screen.
   */
  takeCspViolations(): Promise<string[]>;
  /** Sends a main→renderer event, as webContents.send does. */
  emit<E extends EventChannel>(event: E, payload: EventPayloads[E]): Promise<void>;
  screenshot(name: string): Promise<string>;
}

/**
 * Adds workspace `index` of the fixture's simulator through the UI and waits until its projects are
 * on screen (not the demo's rows still showing behind the closing dialog).
 */
export async function addWorkspaceViaUi(app: AppFixture, index: number, key?: string): Promise<void> {
  const { page, sim } = app;
  const w = sim.workspaces[index]!;
  const before = (await app.services.settings.load()).workspaces.length;
  await page.getByTestId('add-workspace').click();
  await page.getByTestId('ws-customer').fill(w.customer);
  await page.getByTestId('ws-key').fill(key ?? w.key);
  await page.getByTestId('ws-base-url').fill(sim.baseUrl);
  await page.getByTestId('ws-submit').click();
  if (key !== undefined && key !== w.key) return;
  await expect.poll(async () => (await app.services.settings.load()).workspaces.length).toBe(before + 1);
  await expect(page.getByTestId('demo-banner')).toHaveCount(0);
  await expect(page.getByTestId('workspace-switcher')).toContainText(w.name);
  await expect(page.getByTestId('progress-bar')).toHaveCount(0);
  await expect(
    page.getByTestId('projects-table').locator('[data-testid^="project-row-"]').first(),
  ).toBeVisible();
}

/** Selects the first project in the list; returns its id and plan id. */
export async function selectFirstProject(app: AppFixture): Promise<{ projectId: string; planId: string }> {
  const page = await app.services.projects.list({ page: 1, pageSize: 1, sort: 'service', direction: 'asc' });
  const project = await app.services.projects.get(page.rows[0]!.id);
  await app.page.getByTestId(`project-row-${project.id}`).click();
  await expect(app.page.getByTestId('project-detail')).toBeVisible();
  return { projectId: project.id, planId: project.planId! };
}

/** Opens the app, adds the fixture's first workspace through the UI and selects its first project. */
export async function openFirstProject(app: AppFixture): Promise<{ projectId: string; planId: string }> {
  await app.open();
  await addWorkspaceViaUi(app, 0);
  return selectFirstProject(app);
}

/**
 * Opens the app, adds the fixture's first workspace and opens its first project's files screen;
 * resolves with the project's id once the files are listed.
 */
export async function openFirstProjectFiles(app: AppFixture): Promise<string> {
  const { projectId } = await openFirstProject(app);
  await app.page.getByTestId('open-files').click();
  await expect(app.page.getByTestId('files-table')).toBeVisible();
  return projectId;
}

/**
 * Adds the large simulator's workspace through the UI and opens the 20,000-item estimate of its
 * "Benchmark Tower" project; resolves when its first rows are on screen.
 */
export async function openLargeEstimate(app: AppFixture, large: Simulator): Promise<void> {
  const { page } = app;
  const w = large.workspaces[0]!;
  await page.getByTestId('add-workspace').click();
  await page.getByTestId('ws-customer').fill(w.customer);
  await page.getByTestId('ws-key').fill(w.key);
  await page.getByTestId('ws-base-url').fill(large.baseUrl);
  await page.getByTestId('ws-submit').click();
  await expect(page.getByTestId('demo-banner')).toHaveCount(0);
  await page.getByTestId('project-search').fill('Benchmark Tower');
  const project = page.locator('[data-testid^="project-row-"]').first();
  await expect(project).toContainText('Benchmark Tower');
  await project.click();
  await page.getByTestId('open-estimates').click();
  await page.locator('[data-testid^="estimate-row-"]').first().click();
  await expect(page.getByTestId('estimate-tree').locator('[data-testid^="tree-row-"]').first()).toBeVisible({
    timeout: 120_000,
  });
}

export const test = base.extend<{
  app: AppFixture;
  simDataset: SimulatorOptions['dataset'];
  /** How this "installed copy" installs updates (a deb or rpm: 'confirm-privileged'). */
  updateInstall: UpdateInstall;
}>({
  /** The data the fixture's simulator serves (a test may pass its own, e.g. a broken estimate). */
  simDataset: ['demo', { option: true }],
  updateInstall: ['restart', { option: true }],
  app: async ({ page, simDataset, updateInstall }, use) => {
    const userData = await fs.mkdtemp(path.join(os.tmpdir(), 'plandesk-e2e-'));
    const secrets = new KeytarSecretStore(`PlanDesk-e2e-${randomUUID()}`);
    const sim = await startSimulator({ dataset: simDataset });
    const renderer = await serveRenderer();
    const logLines: string[] = [];
    const exportDir = await fs.mkdtemp(path.join(os.tmpdir(), 'plandesk-e2e-exports-'));
    const saveDialogAnswers = { accept: true };
    const dialogs = testDialogs(exportDir);
    const updater = new FakeUpdater();
    const privilegedInstall = { answer: false, asked: [] as string[] };
    const emit = async <E extends EventChannel>(event: E, payload: EventPayloads[E]) => {
      // The function runs in the page; globalThis there is the window.
      await page
        .evaluate(
          ([e, p]) =>
            (globalThis as unknown as { __plandeskEmit: (e: string, p: unknown) => void }).__plandeskEmit(
              e,
              p,
            ),
          [event as string, payload as unknown] as const,
        )
        .catch(() => undefined);
    };
    const services = createServices({
      version: '0.1.0-e2e',
      platform: 'linux',
      userDataDir: userData,
      secrets,
      logger: createLogger((level, line) => logLines.push(`[${level}] ${line}`)),
      emit: (e, p) => void emit(e, p),
      initialLanguage: 'en-US',
      // Each test has its own simulator, which counts its own requests: the client's rate budget is
      // the test's own too (by default it is one per key for the whole process, and every test's
      // simulator has the same keys, so the suite's requests would add up across tests).
      clientOptions: {
        retry: { baseDelayMs: 5, maxDelayMs: 20 },
        budget: new SlidingWindowBudget(DEFAULT_BUDGET.limit, DEFAULT_BUDGET.windowMs),
      },
      // Threads start from the built scripts, as in the app (`npm run build` made them with the
      // renderer this test drives), not from the sources compiled on the fly.
      workerScripts: WORKER_SCRIPTS_DIR,
      // The OS dialogs are Electron's; here the "user" answers them (see tests/helpers/test-dialogs).
      dialogs: {
        ...dialogs.dialogs,
        saveFile: async (name) => (saveDialogAnswers.accept ? path.join(exportDir, name) : null),
      },
      updates: {
        unavailable: null,
        install: updateInstall,
        loadUpdater: async () => updater,
        // Main's native question before a package install, answered as the test says.
        confirmPrivilegedInstall: async (version) => {
          privilegedInstall.asked.push(version);
          return privilegedInstall.answer;
        },
      },
      // The UI benchmarks run the worker threads as the app ships them (bench/built-workers.ts).
      ...(process.env.PLANDESK_WORKER_SCRIPTS ? { workerScripts: process.env.PLANDESK_WORKER_SCRIPTS } : {}),
    });
    // As the Electron entry does once the window is up: uploads that waited are sent.
    void services.outbox.start();
    const dispatch = createDispatcher(services, (e, p) => void emit(e, p));
    // The same sender check as register.ts: only our renderer's origin may call.
    await page.exposeBinding('__plandeskInvoke', async (source, channel: Channel, args: unknown[]) => {
      if (!source.frame.url().startsWith(renderer.url)) {
        return { ok: false, error: { kind: 'auth', message: 'Request from an untrusted page was refused.' } };
      }
      return dispatch(channel, Array.isArray(args) ? args : []);
    });
    await page.addInitScript(preloadInitScript({ dropDir: exportDir }));
    await page.addInitScript(() => {
      const seen: string[] = [];
      Object.defineProperty(globalThis, '__cspViolations', { value: seen });
      document.addEventListener('securitypolicyviolation', (e) =>
        seen.push(`${e.effectiveDirective} blocked ${e.blockedURI || 'inline'} (${e.sample})`),
      );
    });
    const takeCspViolations = async (): Promise<string[]> =>
      page
        .evaluate(() => {
          const seen = (globalThis as unknown as { __cspViolations?: string[] }).__cspViolations ?? [];
          return seen.splice(0);
        })
        .catch(() => []);
    let warmedUp = false;
    const fixture: AppFixture = {
      page,
      sim,
      services,
      secrets,
      userData,
      logLines,
      exportDir,
      saveDialogAnswers,
      dialogs,
      updater,
      privilegedInstall,
      open: async () => {
        // As the Electron entry does while the window first loads: the first screen's workspace gets
        // ready meanwhile.
        if (!warmedUp) services.warmUp();
        warmedUp = true;
        await page.goto(renderer.url);
      },
      takeCspViolations,
      emit,
      screenshot: async (name) => {
        const file = path.join(SCREENSHOT_DIR, `${name}.png`);
        await page.screenshot({ path: file, fullPage: false });
        return file;
      },
    };
    await use(fixture);
    const violations = await takeCspViolations();
    for (const w of (await services.settings.load()).workspaces)
      await secrets.delete(w.id).catch(() => undefined);
    await services.close();
    await sim.close();
    await renderer.close();
    await fs.rm(userData, { recursive: true, force: true });
    await fs.rm(exportDir, { recursive: true, force: true });
    expect(violations, 'the content security policy blocked something').toEqual([]);
  },
});

export { expect };
