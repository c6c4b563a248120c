import { app, BrowserWindow, dialog, nativeTheme, protocol, shell, type FileFilter } from 'electron';
import path from 'node:path';
import type { EventChannel, EventPayloads } from '../src-shared/ipc/contract';
import { registerIpc } from './ipc/register';
import type { WindowState } from './settings/settings-store';
import type { Dialogs, SaveKind } from './dialogs';
import { languageForLocale, type UiLanguage } from '../src-shared/i18n/languages';
import { appMenu } from './shell/app-menu';
import { WindowShowing } from './shell/window-showing';
import { appUpdates } from './shell/app-updates';
import { appSecretStore } from './shell/key-store';
import { failStartup, openMainLog } from './shell/startup';
import { denyAllPermissions, rendererUrlCheck } from './window-security';
import { APP_SCHEME, APP_SCHEME_PRIVILEGES, RENDERER_URL, rendererResponse, whenRead } from './app-scheme';

// Electron's lifecycle, window, menu and security settings only. Everything else is plain Node in
// src-main/<feature>, tested without Electron.

app.setName('PlanDesk');
const log = openMainLog(app.getPath('userData'));
const RENDERER_DEV_URL = process.env.ELECTRON_RENDERER_URL;
const RENDERER_DIR = path.join(__dirname, '../renderer');

const isTrustedUrl = rendererUrlCheck(RENDERER_DEV_URL);

// The page's own origin, app://plandesk (app-scheme.ts), never file://. Privileges can only be
// given before the app is ready.
protocol.registerSchemesAsPrivileged([{ scheme: APP_SCHEME, privileges: APP_SCHEME_PRIVILEGES }]);

/** The only way out to the web: https links, opened in the user's browser. */
function openExternal(url: string): void {
  try {
    // electronegativity: OPEN_EXTERNAL_JS_CHECK — only parsed https: URLs reach openExternal (no file:, smb:, custom schemes).
    if (new URL(url).protocol === 'https:') void shell.openExternal(url);
  } catch {
    // not a URL: nothing to open
  }
}

let mainWindow: BrowserWindow | null = null;
let mainShowing: WindowShowing | null = null;

const SAVE_FILTERS: Record<SaveKind, FileFilter> = {
  xlsx: { name: 'Excel', extensions: ['xlsx'] },
  pdf: { name: 'PDF', extensions: ['pdf'] },
  csv: { name: 'CSV', extensions: ['csv'] },
  json: { name: 'JSON', extensions: ['json'] },
};

/** The OS dialogs and opener for main's services (src-main/dialogs.ts). */
function electronDialogs(): Dialogs {
  const parent = () => mainWindow ?? undefined;
  return {
    saveFile: async (suggestedName, kind) => {
      const options = {
        defaultPath: path.join(app.getPath('documents'), suggestedName),
        filters: [SAVE_FILTERS[kind]],
      };
      const w = parent();
      const r = w ? await dialog.showSaveDialog(w, options) : await dialog.showSaveDialog(options);
      return r.canceled || !r.filePath ? null : r.filePath;
    },
    openFiles: async (extensions) => {
      const options = {
        properties: ['openFile', 'multiSelections'] as ('openFile' | 'multiSelections')[],
        filters: [{ name: 'Project files', extensions: [...extensions] }],
      };
      const w = parent();
      const r = w ? await dialog.showOpenDialog(w, options) : await dialog.showOpenDialog(options);
      return r.canceled ? [] : r.filePaths;
    },
    chooseFolder: async () => {
      const options = {
        defaultPath: app.getPath('downloads'),
        properties: ['openDirectory', 'createDirectory'] as ('openDirectory' | 'createDirectory')[],
      };
      const w = parent();
      const r = w ? await dialog.showOpenDialog(w, options) : await dialog.showOpenDialog(options);
      return r.canceled ? null : (r.filePaths[0] ?? null);
    },
    openPath: async (p) => {
      const problem = await shell.openPath(p);
      if (problem) throw new Error(problem);
    },
    showInFolder: async (p) => shell.showItemInFolder(p),
    confirm: async (q) => {
      const options = {
        type: 'warning' as const,
        title: q.title,
        message: q.message,
        detail: q.detail,
        buttons: [q.cancelLabel, q.confirmLabel],
        defaultId: 0,
        cancelId: 0,
        noLink: true,
      };
      const w = parent();
      const r = w ? await dialog.showMessageBox(w, options) : await dialog.showMessageBox(options);
      return r.response === 1;
    },
  };
}

function emit<E extends EventChannel>(event: E, payload: EventPayloads[E]): void {
  mainWindow?.webContents.send(event, payload);
}

/**
 * The window, hidden, its page loading; shown once placed where the user left it and painted
 * (shell/window-showing.ts).
 */
function createWindow(): { showing: WindowShowing; loaded: Promise<void> } {
  const win = new BrowserWindow({
    width: 1280,
    height: 820,
    minWidth: 900,
    minHeight: 600,
    show: false,
    title: 'PlanDesk',
    webPreferences: {
      // electronegativity: PRELOAD_JS_CHECK — our own sandboxed preload; it exposes only named functions
      // (no ipcRenderer, no Node) through contextBridge, and main validates every call and its sender.
      preload: path.join(__dirname, '../preload/index.cjs'),
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      webviewTag: false,
      // Middle-click would otherwise open links in new windows, bypassing setWindowOpenHandler.
      disableBlinkFeatures: 'Auxclick',
    },
  });
  const showing = new WindowShowing(win);
  mainWindow = win;
  mainShowing = showing;
  win.webContents.setWindowOpenHandler(({ url }) => {
    openExternal(url);
    return { action: 'deny' };
  });
  win.webContents.on('will-navigate', (event, url) => {
    if (!isTrustedUrl(url)) {
      event.preventDefault();
      openExternal(url);
    }
  });
  denyAllPermissions(win.webContents.session);
  win.on('closed', () => {
    mainWindow = null;
    mainShowing = null;
  });
  return { showing, loaded: win.loadURL(RENDERER_DEV_URL ?? RENDERER_URL) };
}

/** A second start of PlanDesk shows the window of the first instead (once it may be shown). */
function focusMainWindow(): void {
  mainShowing?.focus();
}

/**
 * Main's services, the IPC dispatcher and the settings. Most of main's code (the API client and its
 * schemas, the cache, the worker pool, the demo service) loads here, while the page runs its script.
 */
async function startServices() {
  const [{ createServices }, { createDispatcher }] = await Promise.all([
    import('./app/services'),
    import('./ipc/handlers'),
  ]);
  const services = createServices({
    version: app.getVersion(),
    platform: process.platform,
    userDataDir: app.getPath('userData'),
    secrets: appSecretStore(app.getPath('userData'), log.logger),
    logger: log.logger,
    emit,
    initialLanguage: languageForLocale(app.getLocale()),
    dialogs: electronDialogs(),
    // The demo data set ships next to app.asar; from the sources it is found in the checkout.
    resourcesDir: app.isPackaged ? process.resourcesPath : undefined,
    // The worker threads' scripts are built next to this file (the services load from a chunk
    // in a folder below, where the pool would otherwise look).
    workerScripts: __dirname,
    updates: appUpdates(log.logger, electronDialogs().confirm, () => uiLanguage ?? 'en-US'),
    onTheme: (theme) => {
      nativeTheme.themeSource = theme;
    },
  });
  const settings = await services.settings.load();
  return { services, settings, dispatch: createDispatcher(services, emit) };
}

/** How long the services wait for the page's script to be served before they load anyway. */
const PAGE_SCRIPT_WAIT_MS = 1_000;

async function main(): Promise<void> {
  await app.whenReady();
  // The built renderer's files, and nothing else, under app://plandesk/. They are served on this
  // thread: the services below load once the page's script is out, not while the page asks for it.
  let scriptServed: () => void = () => undefined;
  const pageScript = new Promise<void>((resolve) => (scriptServed = resolve));
  protocol.handle(APP_SCHEME, async (request) => {
    const response = await rendererResponse(RENDERER_DIR, request.url, request.method);
    const script = response.ok && new URL(request.url).pathname.endsWith('.js');
    return script ? whenRead(response, scriptServed) : response;
  });
  const packaged = app.isPackaged;
  // The window first; main's services load while the page runs its script, and the page's calls
  // wait for them. From the dev server the page is not served here: nothing to wait for.
  const starting = (
    RENDERER_DEV_URL ? Promise.resolve() : Promise.race([pageScript, delay(PAGE_SCRIPT_WAIT_MS)])
  )
    // A turn of the event loop first: what is still on its way out (the stylesheet) goes.
    .then(() => new Promise((resolve) => setImmediate(resolve)))
    .then(startServices);
  registerIpc(
    starting.then((s) => s.dispatch),
    isTrustedUrl,
  );
  // Quitting waits for the offline caches to close (WAL checkpointed) and the demo simulator to
  // stop: also a quit that comes while the services are still loading.
  let quit: 'running' | 'closing' | 'closed' = 'running';
  app.on('will-quit', (event) => {
    if (quit === 'closed') return;
    event.preventDefault();
    if (quit === 'closing') return;
    quit = 'closing';
    void starting
      .then(({ services }) => services.close())
      .catch((err: unknown) => log.logger.log('error', `closing on quit failed: ${String(err)}`))
      .finally(() => {
        quit = 'closed';
        log.logger.log('info', 'PlanDesk closed');
        app.quit();
      });
  });
  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit();
  });
  const { showing, loaded: windowLoaded } = createWindow();
  // A page that cannot load fails the start (awaited below), however soon it fails.
  windowLoaded.catch(() => undefined);
  const { services, settings } = await starting;
  uiLanguage = settings.language;
  // Menus, dialogs and the window's own parts in the appearance the user chose.
  nativeTheme.themeSource = settings.theme;
  let pending: NodeJS.Timeout | undefined;
  const saveWindow = (state: WindowState) => {
    clearTimeout(pending);
    pending = setTimeout(
      () => void services.settings.update((s) => ({ ...s, window: state })).catch(() => undefined),
      300,
    );
  };
  showing.place(settings.window, saveWindow);
  // The first screen's workspace gets ready while the page still runs its script.
  services.warmUp();
  const menu = appMenu({
    language: () => services.workspaces.uiLanguage(),
    window: () => mainWindow,
    command: (command) => emit('event:menuCommand', { command }),
    updates: services.updates,
    logsDir: log.dir,
    logger: log.logger,
  });
  await menu.install();
  services.workspaces.onChange((change) => {
    if (change.kind !== 'language') return;
    void services.workspaces.uiLanguage().then((language) => {
      uiLanguage = language;
      return menu.install();
    });
  });
  await windowLoaded;

  app.on('activate', () => {
    if (BrowserWindow.getAllWindows().length > 0) return;
    const again = createWindow();
    again.showing.place(settings.window, saveWindow);
    again.loaded.catch((err: unknown) => log.logger.log('error', `the window did not load: ${String(err)}`));
  });

  // Uploads that waited when PlanDesk last closed (or crashed) are sent once the service answers.
  void services.outbox
    .start()
    .catch((err: unknown) => log.logger.log('error', `upload outbox did not start: ${String(err)}`));
  await services.updates.start();
  const updates = services.updates.status().unavailable;
  log.logger.log(
    'info',
    `PlanDesk ${app.getVersion()} started (${packaged ? 'packaged' : 'from the sources'}; updates ${updates ? `off: ${updates}` : 'on'})`,
  );
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** Until main() has finished, any error is a failed start: logged, shown in an error box, exit 1. */
let started = false;
/** The language of the error box: the user's once settings.json is read, else the OS's. */
let uiLanguage: UiLanguage | null = null;

function onUncaught(err: unknown): void {
  if (started) {
    log.logger.log(
      'error',
      `uncaught error: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`,
    );
    return;
  }
  started = true;
  failStartup(err, log, uiLanguage ?? (app.isReady() ? languageForLocale(app.getLocale()) : 'en-US'));
}
process.on('uncaughtException', onUncaught);
process.on('unhandledRejection', onUncaught);

if (!app.requestSingleInstanceLock()) {
  // Another PlanDesk is running: it shows its window (second-instance) and this one leaves.
  app.quit();
} else {
  app.on('second-instance', focusMainWindow);
  main().then(() => {
    started = true;
  }, onUncaught);
}
