import { app, BrowserWindow, shell } from 'electron';
import path from 'node:path';
import { ApiClient } from './api/client';
import { registerIpc } from './ipc/register';
import { startSimulator } from './simulator';

// Electron's lifecycle, window and security settings only; everything else is plain Node in
// src-main/<feature>, tested without Electron.

const RENDERER_DEV_URL = process.env.ELECTRON_RENDERER_URL;

function isTrustedUrl(url: string): boolean {
  if (RENDERER_DEV_URL && url.startsWith(RENDERER_DEV_URL)) return true;
  return url.startsWith('file://') && url.includes('/out/renderer/');
}

/** External links: https only, through this one checked function. */
function openExternal(url: string): void {
  try {
    if (new URL(url).protocol === 'https:') void shell.openExternal(url);
  } catch {
    // not a URL: ignore
  }
}

async function createWindow(): Promise<void> {
  const win = new BrowserWindow({
    width: 1280,
    height: 820,
    show: false,
    title: 'PlanDesk',
    webPreferences: {
      preload: path.join(__dirname, '../preload/index.cjs'),
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      webSecurity: true,
    },
  });
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
  if (RENDERER_DEV_URL) await win.loadURL(RENDERER_DEV_URL);
  else await win.loadFile(path.join(__dirname, '../renderer/index.html'));
}

async function main(): Promise<void> {
  await app.whenReady();
  // No account set up yet: the built-in simulator serves the demo workspace.
  const sim = await startSimulator({ dataset: 'demo' });
  const ws = sim.workspaces[0]!;
  const client = new ApiClient({ baseUrl: sim.baseUrl, customer: ws.customer, key: ws.key });
  registerIpc({ version: app.getVersion(), demo: true, workspaceName: ws.name, client }, isTrustedUrl);
  await createWindow();
  app.on('activate', () => {
    if (BrowserWindow.getAllWindows().length === 0) void createWindow();
  });
  app.on('window-all-closed', () => {
    if (process.platform !== 'darwin') app.quit();
  });
  app.on('before-quit', () => void sim.close());
}

void main();
