/**
 * The packaged main, booted under Node from the packaged layout with a stand-in `electron` that
 * records what main does (booted-main.ts says exactly what is booted). Everything behind the stand-in
 * is real: the demo simulator over HTTP, the SQLite cache, the PDF and Excel writers, and the OS
 * keychain (run inside scripts/with-keyring.sh). The page's app:// scheme and the fuses:
 * boot-scheme.test.ts.
 */
import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { channels, preloadChannels } from '../../src-shared/ipc/channels';
import type { Result } from '../../src-shared/ipc/contract';
import type {
  EstimateList,
  EstimateView,
  EstimateViewText,
  ExportResult,
} from '../../src-shared/estimates/types';
import { parseEstimateView } from '../../src-shared/estimates/view-text';
import type { ProjectPage } from '../../src-shared/projects/types';
import type { UpdateStatus } from '../../src-shared/updates/types';
import type { WorkspaceList, WorkspaceMeta } from '../../src-shared/workspaces/types';
import type { AppInfo } from '../../src-shared/app/types';
import { startSimulator, type Simulator } from '../../simulator';
import { KeytarSecretStore, KEYCHAIN_SERVICE } from '../../src-main/secrets/secret-store';
import { BootedMain, prepareBootLayout, type BootLayout } from './booted-main';
import type { MenuItemRecord } from './electron-stand-in';
import { readPackagedApp } from './packaged-app';

const packaged = readPackagedApp();
const version = (JSON.parse(readFileSync('package.json', 'utf8')) as { version: string }).version;
let layout: BootLayout;

beforeAll(async () => {
  layout = await prepareBootLayout(packaged);
});
afterAll(() => rmSync(layout.root, { recursive: true, force: true }));

const labels = (items: MenuItemRecord[]): string[] => items.map((i) => i.label ?? '');
const submenu = (menu: MenuItemRecord[], label: string) => menu.find((i) => i.label === label)?.submenu ?? [];

describe('the packaged main, booted', () => {
  let main: BootedMain;
  let trusted: string;
  let sim: Simulator;
  const call = async <T>(channel: string, ...args: unknown[]): Promise<Result<T>> =>
    main.request<Result<T>>({ op: 'invoke', channel, senderUrl: trusted, args });
  const data = async <T>(channel: string, ...args: unknown[]): Promise<T> => {
    const r = await call<T>(channel, ...args);
    if (!r.ok) throw new Error(`${channel}: ${r.error.kind}: ${r.error.message}`);
    return r.data;
  };

  /** Adds a workspace of the test's own simulator, as the Add workspace dialog does. */
  const addWorkspace = (index: number) => {
    const w = sim.workspaces[index]!;
    return data<WorkspaceMeta>('workspaces:add', {
      customer: w.customer,
      key: w.key,
      language: 'en-US',
      baseUrl: sim.baseUrl,
    });
  };

  beforeAll(async () => {
    sim = await startSimulator({ dataset: 'demo' });
    main = new BootedMain(layout);
    trusted = 'app://plandesk/index.html';
    await main.waitForLog(/PlanDesk \S+ started \(packaged/);
  });
  afterAll(async () => {
    main.kill();
    await sim.close();
  });

  it('readies the first screen’s workspace while the window loads: the demo service starts before any call', async () => {
    // No test has called main yet: only the entry's warm-up can have started it.
    await main.waitForLog(/the demo service started at http:\/\/127\.0\.0\.1:\d+/);
    const { recording } = await main.record();
    expect(recording.windows).toHaveLength(1);
  });

  it('opens a sandboxed, isolated window on the built preload and the packaged renderer', async () => {
    const { recording } = await main.record();
    expect(recording.windows).toHaveLength(1);
    const win = recording.windows[0]!;
    const prefs = win.options.webPreferences as Record<string, unknown>;
    expect(prefs.contextIsolation).toBe(true);
    expect(prefs.sandbox).toBe(true);
    expect(prefs.nodeIntegration).toBe(false);
    expect(prefs.preload).toBe(path.join(layout.appDir, 'out', 'preload', 'index.cjs'));
    expect(statSync(prefs.preload as string).isFile()).toBe(true);
    expect(win.loadedFile).toBeNull();
    expect(win.loadedUrl).toBe('app://plandesk/index.html');
    expect(recording.appCalls).toContain('requestSingleInstanceLock');
  });

  it('gives Electron the appearance the user chose, at start and when it changes', async () => {
    expect((await main.record()).recording.themeSources).toEqual(['system']);
    expect((await data<AppInfo>('settings:setTheme', 'dark')).theme).toBe('dark');
    expect((await main.record()).recording.themeSources).toEqual(['system', 'dark']);
    expect((await data<AppInfo>('settings:setTheme', 'system')).theme).toBe('system');
    expect((await main.record()).recording.themeSources.at(-1)).toBe('system');
  });

  it('has a handler for every channel of the IPC contract', async () => {
    const { recording } = await main.record();
    // window.api's channels, and those only the preload itself uses.
    expect([...recording.ipcChannels].sort()).toEqual([...Object.keys(channels), ...preloadChannels].sort());
  });

  it('answers a trusted sender on the demo workspace: projects listed, an estimate opened', async () => {
    const info = await data<AppInfo>('app:info');
    expect(info.version).toBe(version);
    const list = await data<WorkspaceList>('workspaces:list');
    expect(list.activeId).toBe('demo');
    const page = await data<ProjectPage>('projects:list', { page: 1, pageSize: 50 });
    expect(page.rows.length).toBeGreaterThan(0);
    let opened: EstimateView | null = null;
    for (const project of page.rows) {
      const estimates = await data<EstimateList>('estimates:list', { projectId: project.id });
      const first = estimates.rows[0];
      if (!first) continue;
      opened = parseEstimateView(
        await data<EstimateViewText>('estimates:get', { projectId: project.id, estimateId: first.id }),
      );
      break;
    }
    expect(opened?.rows.length).toBeGreaterThan(0);
    expect(opened?.computed_totals).toBeTruthy();
  });

  it('exports a PDF (with pdfmake’s Roboto from the package) and an Excel workbook', async () => {
    const page = await data<ProjectPage>('projects:list', { page: 1, pageSize: 50 });
    let written = 0;
    for (const project of page.rows) {
      const estimates = await data<EstimateList>('estimates:list', { projectId: project.id });
      const first = estimates.rows[0];
      if (!first) continue;
      const base = { projectId: project.id, estimateId: first.id, presetId: 'internal', language: 'de-DE' };
      const pdf = await data<ExportResult>('estimates:export', {
        ...base,
        format: 'pdf',
        columns: ['code', 'name', 'quantity', 'unit', 'total'],
      });
      const pdfBytes = readFileSync(pdf.path!);
      expect(pdfBytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      // The embedded font is the package's Roboto (a font file it could not find would fail the export).
      expect(pdfBytes.toString('latin1')).toMatch(/\/BaseFont \/[A-Z]{6}\+Roboto/);
      const xlsx = await data<ExportResult>('estimates:export', {
        ...base,
        format: 'xlsx',
        columns: ['name', 'total'],
      });
      expect(readFileSync(xlsx.path!).subarray(0, 2).toString('latin1')).toBe('PK');
      written = 2;
      break;
    }
    expect(written).toBe(2);
  });

  it('refuses calls from any other sender', async () => {
    for (const senderUrl of [
      'https://evil.example.com/',
      pathToFileURL(path.join(layout.root, 'other.html')).href,
      // The page itself as a file: no file:// URL is PlanDesk's page any more.
      pathToFileURL(path.join(layout.appDir, 'out', 'renderer', 'index.html')).href,
      'app://plandesk/other.html',
      '',
    ]) {
      const r = await main.request<Result<unknown>>({
        op: 'invoke',
        channel: 'projects:list',
        senderUrl,
        args: [{ page: 1, pageSize: 5 }],
      });
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.error.kind).toBe('auth');
    }
  });

  it('denies navigation to another origin and window.open, opening https links in the browser', async () => {
    const away = await main.request<{ prevented: boolean }>({
      op: 'navigate',
      url: 'https://example.com/phish',
    });
    expect(away.prevented).toBe(true);
    const file = await main.request<{ prevented: boolean }>({ op: 'navigate', url: 'file:///etc/passwd' });
    expect(file.prevented).toBe(true);
    const ownFile = pathToFileURL(path.join(layout.appDir, 'out', 'renderer', 'index.html')).href;
    expect((await main.request<{ prevented: boolean }>({ op: 'navigate', url: ownFile })).prevented).toBe(
      true,
    );
    const own = await main.request<{ prevented: boolean }>({ op: 'navigate', url: trusted });
    expect(own.prevented).toBe(false);
    for (const url of ['https://example.com/docs', 'file:///etc/passwd', 'javascript:alert(1)']) {
      expect(await main.request({ op: 'window-open', url })).toEqual({ action: 'deny' });
    }
    const { recording } = await main.record();
    expect(recording.openedExternally).toEqual(['https://example.com/phish', 'https://example.com/docs']);
  });

  it('denies permission requests', async () => {
    for (const permission of ['media', 'geolocation', 'notifications', 'clipboard-read', 'openExternal']) {
      expect(await main.request({ op: 'permission', permission })).toBe(false);
    }
  });

  it('keeps a key in the OS keychain, from the packaged keytar', async () => {
    const w = sim.workspaces[0]!;
    const added = await addWorkspace(0);
    const keychain = new KeytarSecretStore(KEYCHAIN_SERVICE);
    expect(await keychain.get(added.id)).toBe(w.key);
    const page = await data<ProjectPage>('projects:list', { page: 1, pageSize: 5 });
    expect(page.rows.length).toBeGreaterThan(0);
    await data('workspaces:remove', added.id);
    expect(await keychain.get(added.id)).toBeNull();
    expect(main.log()).not.toContain(w.key);
  });

  it('says whether this copy updates itself (not an unpacked Linux folder), and loads electron-updater', async () => {
    const status = await data<UpdateStatus>('updates:status');
    // The check packs without the release build's signed mark: Windows and macOS copies do not
    // update themselves; on Linux updates are never automatic.
    const linux = packaged.platform === 'linux';
    expect(status).toMatchObject({
      unavailable: linux ? 'unsupported' : 'unsigned',
      install: linux ? 'confirm' : 'restart',
      automatic: !linux,
    });
    // main loads it with import() on the first check; here its whole module graph loads from the archive.
    expect(await main.request({ op: 'load-updater' })).toEqual(
      expect.arrayContaining(['AppImageUpdater', 'DebUpdater', 'RpmUpdater', 'MacUpdater', 'NsisUpdater']),
    );
  });

  it('has a translated menu with About, Check for Updates and Open Logs, rebuilt when the language changes', async () => {
    // macOS keeps About and Check for Updates in the application menu, the others in Help.
    const mac = packaged.platform === 'darwin';
    const expectMenu = (menu: MenuItemRecord[], words: Record<string, string>) => {
      const top = [words.file, words.edit, words.view, words.window, words.help];
      expect(labels(menu)).toEqual(mac ? ['PlanDesk', ...top] : top);
      expect(labels(submenu(menu, words.help!))).toEqual(
        mac ? [words.logs] : [words.updates, words.logs, '', words.about],
      );
      if (mac) expect(labels(submenu(menu, 'PlanDesk')).slice(0, 2)).toEqual([words.about, words.updates]);
    };
    const en = {
      file: 'File',
      edit: 'Edit',
      view: 'View',
      window: 'Window',
      help: 'Help',
      updates: 'Check for Updates…',
      logs: 'Open Logs Folder',
      about: 'About PlanDesk',
    };
    const de = {
      file: 'Datei',
      edit: 'Bearbeiten',
      view: 'Ansicht',
      window: 'Fenster',
      help: 'Hilfe',
      updates: 'Nach Updates suchen…',
      logs: 'Protokollordner öffnen',
      about: 'Über PlanDesk',
    };
    let { recording } = await main.record();
    expectMenu(recording.menus.at(-1)!, en);
    expect(labels(submenu(recording.menus.at(-1)!, 'View'))).not.toContain('Toggle Developer Tools');

    await data('settings:setLanguage', 'de-DE');
    await expect.poll(async () => labels((await main.record()).recording.menus.at(-1)!)).toContain('Datei');
    ({ recording } = await main.record());
    expectMenu(recording.menus.at(-1)!, de);

    const appMenu = mac ? 'PlanDesk' : de.help;
    await main.request({ op: 'click-menu', labels: [appMenu, de.about] });
    await main.request({ op: 'click-menu', labels: [appMenu, de.updates] });
    await main.request({ op: 'click-menu', labels: [de.help, de.logs] });
    await expect.poll(async () => (await main.record()).recording.messageBoxes.length).toBe(2);
    ({ recording } = await main.record());
    const [about, updates] = recording.messageBoxes;
    expect(about).toMatchObject({ title: 'Über PlanDesk', message: 'PlanDesk' });
    expect(about!.detail).toContain(`Version ${version}`);
    expect(updates).toMatchObject({ title: 'Softwareaktualisierung' });
    if (packaged.platform === 'linux')
      expect(updates!.message).toContain('kann sich nicht selbst aktualisieren');
    expect(recording.openedPaths).toContain(path.dirname(main.logFile));
    await data('settings:setLanguage', 'en-US');
  });

  it('focuses the first window when PlanDesk is started a second time', async () => {
    await main.request({ op: 'minimize' });
    await main.request({ op: 'second-instance' });
    const { recording } = await main.record();
    expect(recording.restoreCalls).toBe(1);
    expect(recording.focusCalls).toBe(1);
    expect(recording.windows).toHaveLength(1);
  });

  it('loads every module from the packaged app, native modules from app.asar.unpacked', async () => {
    const { modules, natives } = await main.record();
    const outside = modules.filter(
      (m) => m !== layout.bootScript && path.relative(layout.appDir, m).startsWith('..'),
    );
    expect(outside).toEqual([]);
    expect(modules).toContain(path.join(layout.appDir, 'out', 'main', 'index.js'));
    expect(natives.map((n) => path.relative(layout.appDir, n).split(path.sep).join('/')).sort()).toEqual([
      'node_modules/better-sqlite3/build/Release/better_sqlite3.node',
      'node_modules/keytar/build/Release/keytar.node',
    ]);
  });

  it('closes the cache database cleanly on quit', async () => {
    // A real workspace (the demo keeps no cache on disk), its projects cached.
    const added = await addWorkspace(1);
    onTestFinished(() => new KeytarSecretStore(KEYCHAIN_SERVICE).delete(added.id));
    await data<ProjectPage>('projects:list', { page: 1, pageSize: 5 });
    const cacheDir = path.join(main.userData, 'cache');
    expect(readdirSync(cacheDir)).toContain(`${added.id}.sqlite-wal`);
    await main.request({ op: 'quit' });
    const exit = await main.exited;
    expect(exit.code).toBe(0);
    expect(exit.recording?.appCalls.filter((c) => c === 'quit').length).toBe(2);
    expect(main.log()).toMatch(/PlanDesk closed/);
    // Closed connections checkpoint the write-ahead log into the database and remove it.
    const caches = readdirSync(cacheDir);
    expect(caches.filter((f) => f.endsWith('-wal') || f.endsWith('-shm'))).toEqual([]);
    const db = new Database(path.join(cacheDir, `${added.id}.sqlite`), { readonly: true });
    try {
      expect(db.pragma('integrity_check', { simple: true })).toBe('ok');
      // What was written while running is in the database file itself now.
      const { n } = db.prepare('SELECT count(*) AS n FROM entries').get() as { n: number };
      expect(n).toBeGreaterThan(0);
    } finally {
      db.close();
    }
  });
});

describe('the packaged main, started again or failing', () => {
  it('leaves at once when another PlanDesk holds the single-instance lock', async () => {
    const second = new BootedMain(layout, { singleInstanceLock: false });
    const exit = await second.exited;
    expect(exit.code).toBe(0);
    expect(exit.recording?.appCalls).toEqual([
      'setName(PlanDesk)',
      'requestSingleInstanceLock',
      'quit',
      'exit(0)',
    ]);
    expect(exit.recording?.windows).toEqual([]);
  });

  it('logs an error at start-up and shows it in a native error box in the OS language', async () => {
    const userData = path.join(layout.root, `broken-${randomUUID()}`);
    // A damaged install: the window's page cannot be loaded.
    const failing = new BootedMain(layout, { userData, locale: 'fr-FR', pageMissing: true });
    const exit = await failing.exited;
    expect(exit.code).toBe(1);
    expect(exit.recording?.errorBoxes).toHaveLength(1);
    const box = exit.recording!.errorBoxes[0]!;
    expect(box.title).toBe('PlanDesk n’a pas pu démarrer.');
    expect(box.content).toContain('ERR_FILE_NOT_FOUND');
    expect(box.content).toContain(failing.logFile);
    expect(failing.log()).toMatch(/\[error\] PlanDesk could not start: Error: ERR_FILE_NOT_FOUND/);
  });

  it('shows its window where the user left it, once placed and painted; its services load after the page’s script is out', async () => {
    const userData = path.join(layout.root, `placed-${randomUUID()}`);
    // A first start: no place saved, the window is shown as made (1280 × 820). A setting changed
    // writes settings.json.
    const first = new BootedMain(layout, { userData });
    await first.waitForLog(/PlanDesk \S+ started \(packaged/);
    let win = (await first.record()).recording.windows[0]!;
    expect(win.options).toMatchObject({ width: 1280, height: 820, show: false });
    expect(win.placed).toEqual([]);
    expect(win.shownAfterPlaces).toBe(0);
    expect(win.shownAfterPaint).toBe(true);
    // Main's services began to load once the page's script was out (it is served on main's thread).
    const [script, services] = await Promise.all([first.event('pageScript'), first.event('servicesLoading')]);
    expect(script.atMs as number).toBeLessThanOrEqual(services.atMs as number);
    const answer = await first.request<Result<AppInfo>>({
      op: 'invoke',
      channel: 'settings:setTheme',
      senderUrl: 'app://plandesk/index.html',
      args: ['dark'],
    });
    expect(answer.ok).toBe(true);
    await first.request({ op: 'quit' });
    await first.exited;

    // Where the user left it last time (what moving the window saves).
    const file = path.join(userData, 'settings.json');
    const settings = JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
    settings.window = { x: 40, y: 60, width: 1500, height: 900, maximized: true };
    writeFileSync(file, JSON.stringify(settings));
    const again = new BootedMain(layout, { userData });
    // The same log file: its second start.
    await again.waitForLog(/started \(packaged[^]*started \(packaged/);
    win = (await again.record()).recording.windows[0]!;
    // Placed, then shown by maximizing it (Electron's maximize() shows a hidden window), once painted.
    expect(win.placed).toEqual([{ x: 40, y: 60, width: 1500, height: 900 }, { maximized: true }]);
    expect(win.shownAfterPlaces).toBe(2);
    expect(win.shownAfterPaint).toBe(true);
    expect((await again.record()).recording.themeSources).toEqual(['dark']);
    again.kill();
    await again.exited;
  });
});
