/**
 * The packaged app on the real Electron (CI's smoke job; see playwright.config.ts here): Playwright
 * launches the executable of the packed `dir` build (tests/packaging/pack.mts with
 * PLANDESK_PACKAGE_ELECTRON=real and PLANDESK_PACK_FOR_PLAYWRIGHT=1) with a fresh user-data folder,
 * then goes where a new user goes: the demo workspace's projects, an estimate, a PDF and an Excel
 * export; it checks the window's locked-down webPreferences and the fuses, and quits cleanly.
 * Screenshots go to test-results/smoke (kept as CI artifacts).
 */
import { getCurrentFuseWire } from '@electron/fuses';
import { _electron as electron, expect, test, type ElectronApplication, type Page } from '@playwright/test';
import { mkdtempSync, readFileSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { readPackagedApp } from '../packaging/packaged-app';

const packaged = readPackagedApp();
const SHOTS = path.resolve('test-results/smoke/screenshots');
const executable =
  packaged.platform === 'darwin'
    ? path.join(packaged.executable, 'Contents', 'MacOS', 'PlanDesk')
    : packaged.executable;

let app: ElectronApplication;
let page: Page;
let exitCode: Promise<number | null>;
const userData = mkdtempSync(path.join(os.tmpdir(), 'plandesk-smoke-user-'));
const exportDir = mkdtempSync(path.join(os.tmpdir(), 'plandesk-smoke-exports-'));
const shot = (name: string) => page.screenshot({ path: path.join(SHOTS, `${name}.png`) });

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
  expect(packaged.electron).toBe('real');
  app = await electron.launch({ executablePath: executable, args: [`--user-data-dir=${userData}`] });
  const child = app.process();
  exitCode = new Promise((resolve) => child.once('exit', (code) => resolve(code)));
  page = await app.firstWindow();
});

test('starts with a fresh user-data folder and shows the demo workspace’s projects', async () => {
  expect(await app.evaluate(({ app: a }) => a.getPath('userData'))).toBe(userData);
  await expect(page.getByTestId('demo-banner')).toBeVisible();
  const rows = page.getByTestId('projects-table').locator('[data-testid^="project-row-"]');
  await expect(rows.first()).toBeVisible();
  expect(await rows.count()).toBeGreaterThan(1);
  await shot('01-projects');
});

test('runs the window with the webPreferences locked down and the shipped fuses', async () => {
  const prefs = await app.evaluate(({ BrowserWindow }) => {
    // What the window was created with (Electron's own tests read it the same way; not in its typings).
    const contents = BrowserWindow.getAllWindows()[0]!.webContents as unknown as {
      getLastWebPreferences(): Record<string, unknown> | null;
    };
    const p = contents.getLastWebPreferences();
    return (
      p && {
        contextIsolation: p.contextIsolation,
        sandbox: p.sandbox,
        nodeIntegration: p.nodeIntegration,
        nodeIntegrationInWorker: p.nodeIntegrationInWorker,
        webSecurity: p.webSecurity,
        allowRunningInsecureContent: p.allowRunningInsecureContent,
        webviewTag: p.webviewTag,
      }
    );
  });
  expect(prefs).toEqual({
    contextIsolation: true,
    sandbox: true,
    nodeIntegration: false,
    nodeIntegrationInWorker: false,
    webSecurity: true,
    allowRunningInsecureContent: false,
    webviewTag: false,
  });
  // The page sees window.api and nothing of Node or Electron.
  expect(
    await page.evaluate(() => ({
      api: typeof (window as unknown as { api?: unknown }).api,
      require: typeof (window as unknown as { require?: unknown }).require,
      process: typeof (window as unknown as { process?: unknown }).process,
    })),
  ).toEqual({ api: 'object', require: 'undefined', process: 'undefined' });
  // Fuse wire (FuseV1Options order): RunAsNode off, cookie encryption on, NODE_OPTIONS off, asar
  // integrity on, app from asar only, no extra privileges for file:// pages (the page is app://); the
  // Node-inspector fuse (3) is on in this build only.
  const wire = (await getCurrentFuseWire(packaged.executable)) as unknown as Record<number, number>;
  const fuse = (i: number) => String.fromCharCode(wire[i]!);
  expect([0, 1, 2, 4, 5, 7].map(fuse)).toEqual(['0', '1', '0', '1', '1', '0']);
  expect(page.url().startsWith('app://plandesk/')).toBe(true);
});

test('opens an estimate and exports it as a PDF and an Excel workbook', async () => {
  // The OS save dialog answers with a file in the test's folder (main's dialog module, in main).
  await app.evaluate(({ dialog }, dir) => {
    dialog.showSaveDialog = (async (...args: unknown[]) => {
      const options = args[args.length - 1] as { defaultPath: string };
      const name = options.defaultPath.split(/[\\/]/).pop()!;
      return { canceled: false, filePath: `${dir}${dir.includes('\\') ? '\\' : '/'}${name}` };
    }) as typeof dialog.showSaveDialog;
  }, exportDir);
  await page.getByTestId('projects-table').locator('[data-testid^="project-row-"]').first().click();
  await page.getByTestId('open-estimates').click();
  await expect(page.getByTestId('estimates-screen')).toBeVisible();
  await page.locator('[data-testid^="estimate-row-"]').first().click();
  await expect(page.getByTestId('estimate-screen')).toBeVisible();
  await expect(page.getByTestId('estimate-tree').locator('[data-testid^="tree-row-"]').first()).toBeVisible();
  await shot('02-estimate');

  for (const format of ['pdf', 'xlsx'] as const) {
    await page.getByTestId('export-open').click();
    await expect(page.getByTestId('export-dialog')).toBeVisible();
    await page.getByTestId(`export-format-${format}`).check();
    await shot(`03-export-${format}`);
    await page.getByTestId('export-submit').click();
    const result = page.getByTestId('export-result');
    await expect(result).toContainText(`.${format}`);
    const file = path.join(
      exportDir,
      path.basename((await result.innerText()).match(new RegExp(`[^\\\\/]+\\.${format}`))![0]),
    );
    expect(statSync(file).size).toBeGreaterThan(1000);
    expect(
      readFileSync(file)
        .subarray(0, format === 'pdf' ? 5 : 2)
        .toString('latin1'),
    ).toBe(format === 'pdf' ? '%PDF-' : 'PK');
  }
  await shot('04-exported');
});

test('quits cleanly: exit status 0, the caches closed', async () => {
  await app.evaluate(({ app: a }) => a.quit());
  expect(await exitCode).toBe(0);
  expect(readFileSync(path.join(userData, 'logs', 'main.log'), 'utf8')).toMatch(/PlanDesk closed/);
});
