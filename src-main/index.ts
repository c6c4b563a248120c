import {
  app,
  BrowserWindow,
  dialog,
  Menu,
  shell,
  type FileFilter,
  type MenuItemConstructorOptions,
} from 'electron';
import path from 'node:path';
import { type EventChannel, type EventPayloads } from '../src-shared/ipc/contract';
import { createLogger } from './log/logger';
import { logFileSink } from './log/log-file';
import { registerIpc } from './ipc/register';
import { KeytarSecretStore } from './secrets/secret-store';
import { createServices } from './app/services';
import type { WindowState } from './settings/settings-store';
import type { Dialogs, SaveKind } from './dialogs';
import { languageForLocale } from '../src-shared/i18n/languages';
import { denyAllPermissions, rendererUrlCheck } from './window-security';

// Electron's lifecycle, window, menu and security settings only. Everything else is plain Node in
// src-main/<feature>, tested without Electron.

app.setName('PlanDesk');
const RENDERER_DEV_URL = process.env.ELECTRON_RENDERER_URL;
const RENDERER_FILE = path.join(__dirname, '../renderer/index.html');

const isTrustedUrl = rendererUrlCheck(RENDERER_DEV_URL, RENDERER_FILE);

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

function buildMenu(): void {
  const send = (command: 'reload' | 'find') => () => emit('event:menuCommand', { command });
  const template: MenuItemConstructorOptions[] = [
    ...(process.platform === 'darwin' ? [{ role: 'appMenu' as const }] : []),
    { role: 'fileMenu' },
    {
      label: 'Edit',
      submenu: [
        { role: 'undo' },
        { role: 'redo' },
        { type: 'separator' },
        { role: 'cut' },
        { role: 'copy' },
        { role: 'paste' },
        { role: 'selectAll' },
        { type: 'separator' },
        { label: 'Find', accelerator: 'CmdOrCtrl+F', click: send('find') },
      ],
    },
    {
      label: 'View',
      submenu: [
        { label: 'Reload Data', accelerator: 'CmdOrCtrl+R', click: send('reload') },
        { type: 'separator' },
        { role: 'resetZoom' },
        { role: 'zoomIn' },
        { role: 'zoomOut' },
        { type: 'separator' },
        { role: 'togglefullscreen' },
        ...(app.isPackaged ? [] : [{ role: 'toggleDevTools' as const }]),
      ],
    },
    { role: 'windowMenu' },
  ];
  Menu.setApplicationMenu(Menu.buildFromTemplate(template));
}

async function createWindow(saved: WindowState | null, onState: (s: WindowState) => void): Promise<void> {
  const win = new BrowserWindow({
    width: saved?.width ?? 1280,
    height: saved?.height ?? 820,
    ...(saved?.x !== undefined && saved?.y !== undefined ? { x: saved.x, y: saved.y } : {}),
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
  mainWindow = win;
  if (saved?.maximized) win.maximize();
  win.once('ready-to-show', () => win.show());
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
  const remember = () => {
    if (win.isDestroyed() || win.isMinimized()) return;
    const b = win.getNormalBounds();
    onState({ x: b.x, y: b.y, width: b.width, height: b.height, maximized: win.isMaximized() });
  };
  win.on('resized', remember);
  win.on('moved', remember);
  win.on('close', remember);
  win.on('closed', () => {
    mainWindow = null;
  });
  if (RENDERER_DEV_URL) await win.loadURL(RENDERER_DEV_URL);
  else await win.loadFile(RENDERER_FILE);
}

async function main(): Promise<void> {
  await app.whenReady();
  const userData = app.getPath('userData');
  // The logs folder is made (and anything in its way moved aside) by createServices, before any line.
  const logger = createLogger(logFileSink(path.join(userData, 'logs', 'main.log')));

  const services = createServices({
    version: app.getVersion(),
    platform: process.platform,
    userDataDir: userData,
    secrets: new KeytarSecretStore(),
    logger,
    emit,
    initialLanguage: languageForLocale(app.getLocale()),
    dialogs: electronDialogs(),
  });
  const settings = await services.settings.load();
  registerIpc(services, emit, isTrustedUrl);
  buildMenu();

  let pending: NodeJS.Timeout | undefined;
  const saveWindow = (state: WindowState) => {
    clearTimeout(pending);
    pending = setTimeout(
      () => void services.settings.update((s) => ({ ...s, window: state })).catch(() => undefined),
      300,
    );
  };
  await createWindow(settings.window, saveWindow);

  app.on('activate', () => {
    if (BrowserWindow.getAllWindows().length === 0) void createWindow(settings.window, saveWindow);
  });
  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit();
  });
  app.on('will-quit', () => void services.close());
}

void main();
