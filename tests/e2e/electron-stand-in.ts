import { readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * What the e2e page runs in place of Electron's preload world: the BUILT preload
 * (out/preload/index.cjs, a CommonJS bundle that requires only `electron`) with a stand-in for the
 * three parts of `electron` it uses:
 * - contextBridge.exposeInMainWorld(key, api): sets window[key] (frozen, as the copy Electron makes);
 * - ipcRenderer.invoke(channel, ...args): the Playwright binding `__plandeskInvoke`, which calls the
 *   dispatcher that src-main/ipc/register.ts hands to ipcMain; ipcRenderer.on / removeListener: the
 *   events main sends, delivered by `__plandeskEmit(channel, payload)` (webContents.send's stand-in);
 * - webUtils.getPathForFile(file): the file's name in `dropDir`, where tests put files they drop.
 */

export const BUILT_PRELOAD = path.resolve('out/preload/index.cjs');

export interface StandInOptions {
  dropDir: string;
}

type PreloadModule = (
  require: (id: string) => unknown,
  module: { exports: unknown },
  exports: unknown,
) => void;

type Listener = (event: unknown, payload: unknown) => void;

interface StandInWindow {
  __plandeskInvoke: (channel: string, args: unknown[]) => Promise<unknown>;
}

/** Runs in the page (serialised with toString): keep it self-contained. */
function runPreload(options: StandInOptions, preload: PreloadModule): void {
  const page = globalThis as unknown as StandInWindow;
  const listeners = new Map<string, Set<Listener>>();
  const ipcRenderer = {
    invoke: (channel: string, ...args: unknown[]) => page.__plandeskInvoke(channel, args),
    on(channel: string, listener: Listener) {
      if (!listeners.has(channel)) listeners.set(channel, new Set());
      listeners.get(channel)!.add(listener);
      return ipcRenderer;
    },
    removeListener(channel: string, listener: Listener) {
      listeners.get(channel)?.delete(listener);
      return ipcRenderer;
    },
  };
  const electron = {
    contextBridge: {
      exposeInMainWorld(key: string, api: Record<string, unknown>) {
        Object.defineProperty(globalThis, key, { value: Object.freeze({ ...api }) });
      },
    },
    ipcRenderer,
    webUtils: {
      getPathForFile: (file: File) => `${options.dropDir}/${file.name}`,
    },
  };
  // Electron hands a listener its IpcRendererEvent first; the preload must pass on only the payload.
  const ipcEvent = Object.freeze({ sender: 'ipc-renderer-event-stand-in' });
  Object.defineProperty(globalThis, '__plandeskEmit', {
    value: (channel: string, payload: unknown) => {
      for (const listener of [...(listeners.get(channel) ?? [])]) listener(ipcEvent, payload);
    },
  });
  // A sandboxed preload may require nothing but electron.
  const require = (id: string): unknown => {
    if (id === 'electron') return electron;
    throw new Error(`The sandboxed preload required '${id}'; only 'electron' is available.`);
  };
  const module = { exports: {} as unknown };
  preload(require, module, module.exports);
}

/**
 * The init script: the stand-in, then the preload's own text as a CommonJS module body. The text is
 * pasted in, not evaluated: the renderer's CSP forbids eval, and an init script is exempt from it.
 */
export function preloadInitScript(options: StandInOptions): string {
  let source: string;
  try {
    source = readFileSync(BUILT_PRELOAD, 'utf8');
  } catch {
    throw new Error(`${BUILT_PRELOAD} is missing: run \`npm run build\` before the e2e tests.`);
  }
  return `(${runPreload.toString()})(${JSON.stringify(options)}, function (require, module, exports) {\n${source}\n});`;
}
