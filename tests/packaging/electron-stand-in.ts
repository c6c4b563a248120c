/**
 * A stand-in for the `electron` module as the packaged MAIN process uses it (the preload's stand-in
 * is tests/e2e/electron-stand-in.ts). Electron's binary cannot run on these machines, so the boot
 * test runs the packaged main under Node with this in its place. It does what main needs to get
 * going and records everything main asks of Electron: the window's options and the page it loads,
 * the schemes it registers and the handlers that answer them (the window's page is loaded through
 * them, as Electron does), the IPC handlers, the navigation, window-open and permission handlers,
 * the menu, dialogs, the
 * appearance given to Electron's own parts (nativeTheme), the
 * single-instance lock and the app's lifecycle. `app.quit()` runs Electron's sequence
 * (before-quit, will-quit — either may be prevented — then quit, then exit).
 */
import { pathToFileURL } from 'node:url';
import { createHash } from 'node:crypto';
import { EventEmitter } from 'node:events';
import path from 'node:path';
import { aesSeal } from '../helpers/aes-seal';

export interface StandInOptions {
  userData: string;
  /** Where documents and downloads go (the save dialog's answers land here). */
  documents: string;
  version: string;
  locale: string;
  /** false: another PlanDesk holds the lock. */
  singleInstanceLock: boolean;
  /**
   * The page cannot be loaded, as in a damaged install: loading it rejects the way Electron's does
   * (PlanDesk repairs its data folder itself, so a damaged install is what still fails a start).
   */
  pageMissing?: boolean;
  /** Called by app.exit (and at the end of app.quit) instead of ending the process itself. */
  onExit: (code: number) => void;
  /** Called when main creates a window (the start-up benchmark times it). */
  onWindow?: () => void;
  /** What app.getAppPath() answers: the packaged app (app.asar). */
  appPath?: string;
  /**
   * The backend safeStorage reports on Linux (getSelectedStorageBackend): `basic_text` is what
   * Chromium falls back to with no wallet; a wallet's name (kwallet5, gnome_libsecret) otherwise.
   */
  safeStorageBackend?: string;
}

export interface MenuItemRecord {
  label?: string;
  role?: string;
  accelerator?: string;
  submenu?: MenuItemRecord[];
}

/** What a scheme's handler answered (the body as text). */
export interface SchemeAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

export interface Recording {
  windows: {
    options: Record<string, unknown>;
    loadedFile: string | null;
    loadedUrl: string | null;
    /** When main created it: ms since this process started (performance.now()). */
    createdAtMs: number;
  }[];
  /** protocol.registerSchemesAsPrivileged, with whether the app was ready yet (it must not be). */
  privilegedSchemes: { scheme: string; privileges: Record<string, unknown>; whenReady: boolean }[];
  /** The schemes protocol.handle answers. */
  handledSchemes: string[];
  /** What the window's page load got from the scheme's handler. */
  pageAnswer: SchemeAnswer | null;
  ipcChannels: string[];
  sent: { channel: string; payload: unknown }[];
  menus: MenuItemRecord[][];
  errorBoxes: { title: string; content: string }[];
  messageBoxes: { type?: string; title?: string; message: string; detail?: string; buttons?: string[] }[];
  openedExternally: string[];
  openedPaths: string[];
  saveDialogs: string[];
  appCalls: string[];
  focusCalls: number;
  restoreCalls: number;
  permissionHandlers: number;
  permissionCheckHandlers: number;
  /** Every appearance main gave Electron's own parts (nativeTheme.themeSource), in order. */
  themeSources: string[];
}

type IpcHandler = (event: unknown, ...args: unknown[]) => unknown;
type MenuTemplateItem = MenuItemRecord & { click?: () => void; submenu?: MenuTemplateItem[]; type?: string };

/** The parts of a window that the boot test drives, as Electron would call them. */
export interface WindowHandles {
  windowOpen: ((details: { url: string }) => { action: string }) | null;
  navigate: (url: string) => { prevented: boolean };
  permission: ((wc: unknown, permission: string, callback: (granted: boolean) => void) => void) | null;
  permissionCheck: ((wc: unknown, permission: string) => boolean) | null;
  minimize(): void;
}

export interface StandInControl {
  invoke(channel: string, senderUrl: string, args: unknown[]): Promise<unknown>;
  /** A request the page makes for `url` on a scheme main handles (as Chromium would pass it on). */
  request(url: string, method?: string): Promise<SchemeAnswer>;
  window(): WindowHandles;
  clickMenu(labels: string[]): void;
  secondInstance(): void;
  quit(): void;
}

export interface StandIn {
  /** What `require('electron')` returns to main. */
  electron: object;
  recording: Recording;
  control: StandInControl;
}

export function createElectronStandIn(options: StandInOptions): StandIn {
  const recording: Recording = {
    windows: [],
    privilegedSchemes: [],
    handledSchemes: [],
    pageAnswer: null,
    ipcChannels: [],
    sent: [],
    menus: [],
    errorBoxes: [],
    messageBoxes: [],
    openedExternally: [],
    openedPaths: [],
    saveDialogs: [],
    appCalls: [],
    focusCalls: 0,
    restoreCalls: 0,
    permissionHandlers: 0,
    permissionCheckHandlers: 0,
    themeSources: [],
  };
  const ipcHandlers = new Map<string, IpcHandler>();
  const schemeHandlers = new Map<string, (request: Request) => Response | Promise<Response>>();
  /** Electron hands a scheme's handler a Request; what it answers is read here whole. */
  const askScheme = async (url: string, method = 'GET'): Promise<SchemeAnswer> => {
    const handler = schemeHandlers.get(new URL(url).protocol.replace(/:$/, ''));
    if (!handler) throw new Error(`no handler for ${url}: net::ERR_UNKNOWN_URL_SCHEME`);
    const res = await handler(new Request(url, { method }));
    return { status: res.status, headers: Object.fromEntries(res.headers), body: await res.text() };
  };
  let currentMenu: MenuTemplateItem[] = [];
  const windows: StandInWindow[] = [];
  let ready = false;
  let exited = false;

  class StandInWebContents extends EventEmitter {
    windowOpenHandler: WindowHandles['windowOpen'] = null;
    permissionHandler: WindowHandles['permission'] = null;
    permissionCheckHandler: WindowHandles['permissionCheck'] = null;
    readonly session = {
      setPermissionRequestHandler: (handler: WindowHandles['permission']) => {
        recording.permissionHandlers++;
        this.permissionHandler = handler;
      },
      setPermissionCheckHandler: (handler: WindowHandles['permissionCheck']) => {
        recording.permissionCheckHandlers++;
        this.permissionCheckHandler = handler;
      },
      on: () => undefined,
    };
    setWindowOpenHandler(handler: WindowHandles['windowOpen']): void {
      this.windowOpenHandler = handler;
    }
    send(channel: string, payload: unknown): void {
      recording.sent.push({ channel, payload: structuredClone(payload) });
    }
    isDestroyed(): boolean {
      return false;
    }
  }

  class StandInWindow extends EventEmitter {
    readonly webContents = new StandInWebContents();
    private readonly record: Recording['windows'][number];
    private minimized = false;
    private destroyed = false;
    constructor(windowOptions: Record<string, unknown>) {
      super();
      this.record = {
        options: structuredClone(windowOptions),
        loadedFile: null,
        loadedUrl: null,
        createdAtMs: performance.now(),
      };
      recording.windows.push(this.record);
      windows.push(this);
      options.onWindow?.();
    }
    static getAllWindows(): StandInWindow[] {
      return windows.filter((w) => !w.destroyed);
    }
    async loadFile(file: string): Promise<void> {
      this.record.loadedFile = file;
      if (options.pageMissing) {
        throw new Error(`ERR_FILE_NOT_FOUND (-6) loading '${pathToFileURL(file).href}'`);
      }
      setImmediate(() => this.emit('ready-to-show'));
    }
    async loadURL(url: string): Promise<void> {
      this.record.loadedUrl = url;
      if (options.pageMissing) throw new Error(`ERR_FILE_NOT_FOUND (-6) loading '${url}'`);
      if (!schemeHandlers.has(new URL(url).protocol.replace(/:$/, ''))) return;
      // Chromium fails a page whose answer is an error status with an empty body.
      const answer = await askScheme(url);
      recording.pageAnswer = answer;
      if (answer.status >= 400 && answer.body === '') {
        throw new Error(`ERR_HTTP_RESPONSE_CODE_FAILURE (-379) loading '${url}'`);
      }
      setImmediate(() => this.emit('ready-to-show'));
    }
    show(): void {}
    focus(): void {
      recording.focusCalls++;
    }
    restore(): void {
      recording.restoreCalls++;
      this.minimized = false;
    }
    minimize(): void {
      this.minimized = true;
    }
    maximize(): void {}
    isMinimized(): boolean {
      return this.minimized;
    }
    isMaximized(): boolean {
      return false;
    }
    isDestroyed(): boolean {
      return this.destroyed;
    }
    getNormalBounds() {
      return { x: 10, y: 10, width: 1280, height: 820 };
    }
    close(): void {
      if (this.destroyed) return;
      this.emit('close', { preventDefault: () => undefined });
      this.destroyed = true;
      this.emit('closed');
    }
  }

  const appEmitter = new EventEmitter();
  /** Emits a preventable app event; true when a listener called preventDefault. */
  const emitPreventable = (name: string): boolean => {
    let prevented = false;
    appEmitter.emit(name, {
      preventDefault: () => {
        prevented = true;
      },
    });
    return prevented;
  };

  const exit = (code: number) => {
    if (exited) return;
    exited = true;
    recording.appCalls.push(`exit(${code})`);
    options.onExit(code);
  };

  const paths: Record<string, string> = {
    userData: options.userData,
    documents: options.documents,
    downloads: options.documents,
    temp: path.join(options.documents, 'temp'),
  };

  const app = Object.assign(appEmitter, {
    isPackaged: true,
    getAppPath: () => options.appPath ?? process.cwd(),
    setName: (name: string) => void recording.appCalls.push(`setName(${name})`),
    getName: () => 'PlanDesk',
    getVersion: () => options.version,
    getLocale: () => options.locale,
    getPath: (name: string) => {
      const p = paths[name];
      if (!p) throw new Error(`The stand-in has no path '${name}'.`);
      return p;
    },
    isReady: () => ready,
    whenReady: () =>
      new Promise<void>((resolve) =>
        setImmediate(() => {
          ready = true;
          appEmitter.emit('ready');
          resolve();
        }),
      ),
    requestSingleInstanceLock: () => {
      recording.appCalls.push('requestSingleInstanceLock');
      return options.singleInstanceLock;
    },
    quit: () => {
      recording.appCalls.push('quit');
      setImmediate(() => {
        if (exited || emitPreventable('before-quit')) return;
        for (const w of StandInWindow.getAllWindows()) w.close();
        if (emitPreventable('will-quit')) return;
        appEmitter.emit('quit');
        exit(0);
      });
    },
    exit,
  });

  const serialiseMenu = (items: MenuTemplateItem[]): MenuItemRecord[] =>
    items.map((i) => ({
      ...(i.label !== undefined ? { label: i.label } : {}),
      ...(i.role !== undefined ? { role: i.role } : {}),
      ...(i.accelerator !== undefined ? { accelerator: i.accelerator } : {}),
      ...(i.type === 'separator' ? { role: 'separator' } : {}),
      ...(i.submenu ? { submenu: serialiseMenu(i.submenu) } : {}),
    }));

  const nativeTheme = {
    set themeSource(source: string) {
      recording.themeSources.push(source);
    },
    get themeSource(): string {
      return recording.themeSources.at(-1) ?? 'system';
    },
  };

  const protocol = {
    registerSchemesAsPrivileged: (schemes: { scheme: string; privileges?: Record<string, unknown> }[]) => {
      for (const { scheme, privileges } of schemes)
        recording.privilegedSchemes.push({ scheme, privileges: { ...privileges }, whenReady: ready });
    },
    handle: (scheme: string, handler: (request: Request) => Response | Promise<Response>) => {
      if (!ready) throw new Error('protocol.handle is only available once the app is ready');
      recording.handledSchemes.push(scheme);
      schemeHandlers.set(scheme, handler);
    },
  };

  const electron = {
    app,
    nativeTheme,
    safeStorage: standInSafeStorage(options.safeStorageBackend ?? 'gnome_libsecret'),
    protocol,
    BrowserWindow: StandInWindow,
    ipcMain: {
      handle: (channel: string, handler: IpcHandler) => {
        recording.ipcChannels.push(channel);
        ipcHandlers.set(channel, handler);
      },
    },
    Menu: {
      buildFromTemplate: (template: MenuTemplateItem[]) => ({ template }),
      setApplicationMenu: (menu: { template: MenuTemplateItem[] } | null) => {
        currentMenu = menu?.template ?? [];
        recording.menus.push(serialiseMenu(currentMenu));
      },
    },
    dialog: {
      showErrorBox: (title: string, content: string) => void recording.errorBoxes.push({ title, content }),
      showMessageBox: async (...args: unknown[]) => {
        const o = args[args.length - 1] as Recording['messageBoxes'][number];
        recording.messageBoxes.push({
          type: o.type,
          title: o.title,
          message: o.message,
          detail: o.detail,
          buttons: o.buttons,
        });
        // The user presses the last button (OK, or Later when a restart is offered).
        return { response: (o.buttons?.length ?? 1) - 1, checkboxChecked: false };
      },
      showSaveDialog: async (...args: unknown[]) => {
        const o = args[args.length - 1] as { defaultPath: string };
        recording.saveDialogs.push(path.basename(o.defaultPath));
        return { canceled: false, filePath: path.join(options.documents, path.basename(o.defaultPath)) };
      },
      showOpenDialog: async () => ({ canceled: true, filePaths: [] }),
    },
    shell: {
      openExternal: async (url: string) => void recording.openedExternally.push(url),
      openPath: async (p: string) => {
        recording.openedPaths.push(p);
        return '';
      },
    },
  };

  /** What the boot test does in Electron's place: IPC from a frame, clicks, window events. */
  const control: StandInControl = {
    request: (url: string, method?: string) => askScheme(url, method),
    invoke: async (channel: string, senderUrl: string, args: unknown[]) => {
      const handler = ipcHandlers.get(channel);
      if (!handler) throw new Error(`main registered no handler for ${channel}`);
      return handler({ senderFrame: { url: senderUrl } }, ...args);
    },
    window(): WindowHandles {
      const w = windows[0];
      if (!w) throw new Error('main created no window');
      const wc = w.webContents;
      return {
        windowOpen: wc.windowOpenHandler,
        navigate: (url: string) => {
          let prevented = false;
          wc.emit('will-navigate', { preventDefault: () => (prevented = true) }, url);
          return { prevented };
        },
        permission: wc.permissionHandler,
        permissionCheck: wc.permissionCheckHandler,
        minimize: () => w.minimize(),
      };
    },
    /** Clicks a menu item given by its labels, e.g. ['Help', 'About PlanDesk']. */
    clickMenu(labels: string[]): void {
      let items = currentMenu;
      let item: MenuTemplateItem | undefined;
      for (const label of labels) {
        item = items.find((i) => i.label === label);
        if (!item) throw new Error(`no menu item "${label}" in ${JSON.stringify(serialiseMenu(items))}`);
        items = item.submenu ?? [];
      }
      if (!item?.click) throw new Error(`menu item ${labels.join(' › ')} does nothing`);
      item.click();
    },
    secondInstance(): void {
      app.emit('second-instance', {}, ['plandesk'], process.cwd());
    },
    quit(): void {
      app.quit();
    },
  };

  return { electron, recording, control };
}

/**
 * Electron's safeStorage as far as main can tell: strings encrypted (AES-256-GCM) with a key that
 * stays the same from one run to the next, as the OS's protection does for one user.
 */
function standInSafeStorage(backend: string) {
  const sealer = aesSeal(createHash('sha256').update('PlanDesk stand-in safeStorage').digest());
  return {
    isEncryptionAvailable: () => true,
    getSelectedStorageBackend: () => backend,
    encryptString: (text: string) => sealer.seal(text),
    decryptString: (data: Buffer) => sealer.open(data),
  };
}
