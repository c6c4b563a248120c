/**
 * A stand-in for the `electron` module as the packaged MAIN process uses it (the preload's stand-in
 * is tests/e2e/electron-stand-in.ts). Electron's binary cannot run on these machines, so the boot
 * test runs the packaged main under Node with this in its place. It does what main needs to get
 * going and records everything main asks of Electron: the window's options and the page it loads,
 * the schemes it registers and the handlers that answer them (stand-in-scheme.ts; the page is loaded
 * through them, as Electron does), safeStorage (stand-in-safe-storage.ts), the IPC handlers, the
 * navigation, window-open and permission handlers, the menu (stand-in-menu.ts), dialogs, the
 * appearance given to Electron's own parts (nativeTheme), the single-instance lock and the app's
 * lifecycle. `app.quit()` runs Electron's sequence (before-quit, will-quit — either may be
 * prevented — then quit, then exit).
 */
import { pathToFileURL } from 'node:url';
import { EventEmitter } from 'node:events';
import path from 'node:path';
import { standInMenu, type MenuItemRecord } from './stand-in-menu';
import { standInSafeStorage } from './stand-in-safe-storage';
import { standInProtocol, type SchemeAnswer, type SchemeRecording } from './stand-in-scheme';

export type { MenuItemRecord, SchemeAnswer };

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
  /** Called when a file of the window's page (a script, a stylesheet) has been served. */
  onPageFile?: (url: string) => void;
  /** What app.getAppPath() answers: the packaged app (app.asar). */
  appPath?: string;
  /** The backend safeStorage reports on Linux (stand-in-safe-storage.ts). */
  safeStorageBackend?: string;
}

export interface Recording extends SchemeRecording {
  windows: {
    options: Record<string, unknown>;
    loadedFile: string | null;
    loadedUrl: string | null;
    /** When main created it: ms since this process started (performance.now()). */
    createdAtMs: number;
    /** Where main put it (setBounds, setSize, maximize), in order. */
    placed: { x?: number; y?: number; width?: number; height?: number; maximized?: true }[];
    /** How many places it had been given when it was shown; null while hidden. */
    shownAfterPlaces: number | null;
    /** Whether its page had painted (ready-to-show) when it was shown; null while hidden. */
    shownAfterPaint: boolean | null;
  }[];
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
  /** Which button the "user" presses in message boxes from now on: the last (default) or the cancel one. */
  answerMessageBoxes(press: 'last' | 'cancel'): void;
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
  const windows: StandInWindow[] = [];
  let ready = false;
  let press: 'last' | 'cancel' = 'last';
  const schemes = standInProtocol(recording, () => ready);
  const menu = standInMenu(recording);
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
    /** The page has painted (ready-to-show emitted). */
    private painted = false;
    constructor(windowOptions: Record<string, unknown>) {
      super();
      this.record = {
        options: structuredClone(windowOptions),
        loadedFile: null,
        loadedUrl: null,
        createdAtMs: performance.now(),
        placed: [],
        shownAfterPlaces: null,
        shownAfterPaint: null,
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
      if (!schemes.handles(url)) return;
      // Chromium fails a page whose answer is an error status with an empty body.
      const answer = await schemes.ask(url);
      recording.pageAnswer = answer;
      if (answer.status >= 400 && answer.body === '') {
        throw new Error(`ERR_HTTP_RESPONSE_CODE_FAILURE (-379) loading '${url}'`);
      }
      // As Chromium does, the page's own scripts and stylesheets are asked for next; the page
      // paints once it has them.
      const files = [...answer.body.matchAll(/<(?:script|link)\b[^>]*\b(?:src|href)="([^"]+)"/g)];
      await Promise.all(
        files.map(async ([, ref]) => {
          const file = new URL(ref!, url).href;
          await schemes.ask(file);
          options.onPageFile?.(file);
        }),
      );
      setImmediate(() => {
        this.painted = true;
        this.emit('ready-to-show');
      });
    }
    show(): void {
      this.record.shownAfterPlaces ??= this.record.placed.length;
      this.record.shownAfterPaint ??= this.painted;
    }
    setBounds(b: { x: number; y: number; width: number; height: number }): void {
      this.record.placed.push({ x: b.x, y: b.y, width: b.width, height: b.height });
    }
    setSize(width: number, height: number): void {
      this.record.placed.push({ width, height });
    }
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
    maximize(): void {
      this.record.placed.push({ maximized: true });
      // Electron's maximize() shows a hidden window.
      this.show();
    }
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

  const nativeTheme = {
    set themeSource(source: string) {
      recording.themeSources.push(source);
    },
    get themeSource(): string {
      return recording.themeSources.at(-1) ?? 'system';
    },
  };

  const electron = {
    app,
    nativeTheme,
    safeStorage: standInSafeStorage(options.safeStorageBackend ?? 'gnome_libsecret'),
    protocol: schemes.protocol,
    BrowserWindow: StandInWindow,
    ipcMain: {
      handle: (channel: string, handler: IpcHandler) => {
        recording.ipcChannels.push(channel);
        ipcHandlers.set(channel, handler);
      },
    },
    Menu: menu.Menu,
    dialog: {
      showErrorBox: (title: string, content: string) => void recording.errorBoxes.push({ title, content }),
      showMessageBox: async (...args: unknown[]) => {
        const o = args[args.length - 1] as Recording['messageBoxes'][number] & { cancelId?: number };
        recording.messageBoxes.push({
          type: o.type,
          title: o.title,
          message: o.message,
          detail: o.detail,
          buttons: o.buttons,
        });
        // The user presses the last button (OK, or Later when a restart is offered), or cancels.
        const last = (o.buttons?.length ?? 1) - 1;
        return { response: press === 'cancel' ? (o.cancelId ?? 0) : last, checkboxChecked: false };
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
    request: (url: string, method?: string) => schemes.ask(url, method),
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
    clickMenu: (labels: string[]) => menu.click(labels),
    secondInstance(): void {
      app.emit('second-instance', {}, ['plandesk'], process.cwd());
    },
    answerMessageBoxes(answer): void {
      press = answer;
    },
    quit(): void {
      app.quit();
    },
  };

  return { electron, recording, control };
}
