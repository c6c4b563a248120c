/**
 * The boot test's child process. It runs on plain Node — this file and the stand-in are bundled by
 * esbuild into one CommonJS file, so no loader hook of the test runner is in play — and:
 * 1. puts tests/packaging/electron-stand-in.ts where `require('electron')` looks,
 * 2. sets process.resourcesPath as Electron does, and records every native module loaded,
 * 3. loads the packaged main the way Electron does (app.asar/package.json's `main`),
 * 4. carries out the boot test's requests (IPC calls from a frame, window events, menu clicks,
 *    quitting) over the process's IPC channel and answers with results and the recording.
 */
import Module from 'node:module';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { createElectronStandIn } from './electron-stand-in';
import { FakeUpdater } from '../helpers/fake-updater';

export interface BootConfig {
  /** The folder that plays process.resourcesPath: app.asar (extracted, as a folder), demo/, … */
  resourcesDir: string;
  userData: string;
  documents: string;
  locale: string;
  singleInstanceLock: boolean;
  pageMissing: boolean;
  /** The backend the stand-in's safeStorage reports (electron-stand-in.ts). */
  safeStorageBackend?: string;
  /** electron-updater replaced by a stand-in the test drives (tests/helpers/fake-updater.ts). */
  stubUpdater?: boolean;
}

export type BootRequest =
  | { op: 'record' }
  | { op: 'invoke'; channel: string; senderUrl: string; args: unknown[] }
  | { op: 'scheme-request'; url: string; method?: string }
  | { op: 'window-open'; url: string }
  | { op: 'navigate'; url: string }
  | { op: 'permission'; permission: string }
  | { op: 'minimize' }
  | { op: 'second-instance' }
  | { op: 'click-menu'; labels: string[] }
  | { op: 'load-updater' }
  | { op: 'picked-updater' }
  | { op: 'stub-updater'; offer?: string; downloaded?: string }
  | { op: 'answer-message-boxes'; press: 'last' | 'cancel' }
  | { op: 'quit' };

const config = JSON.parse(process.env.PLANDESK_BOOT_CONFIG ?? '{}') as BootConfig;
const appDir = path.join(config.resourcesDir, 'app.asar');
const packageJson = JSON.parse(readFileSync(path.join(appDir, 'package.json'), 'utf8')) as {
  main: string;
  version: string;
};
const mainFile = path.join(appDir, packageJson.main);

const send = (message: unknown, then?: () => void) => {
  process.send?.(message, undefined, {}, () => then?.());
};

const { electron, recording, control } = createElectronStandIn({
  userData: config.userData,
  documents: config.documents,
  version: packageJson.version,
  locale: config.locale,
  singleInstanceLock: config.singleInstanceLock,
  pageMissing: config.pageMissing,
  appPath: appDir,
  safeStorageBackend: config.safeStorageBackend,
  onExit: (code) => send({ event: 'exit', code, recording }, () => process.exit(code)),
  onWindow: () => send({ event: 'window', atMs: performance.now() }),
  onPageFile: (url) => {
    if (url.endsWith('.js')) send({ event: 'pageScript', atMs: performance.now() });
  },
});

// `require('electron')` from anywhere in the packaged app gets the stand-in.
const loader = Module as unknown as {
  _load: (request: string, parent: unknown, isMain: boolean) => unknown;
};
const load = loader._load;
let servicesLoading = false;
loader._load = function (request, parent, isMain) {
  if (request === 'electron') return electron;
  // zod comes in with main's services (their schemas): when they begin to load.
  if (request === 'zod' && !servicesLoading) {
    servicesLoading = true;
    send({ event: 'servicesLoading', atMs: performance.now() });
  }
  return load.call(this, request, parent, isMain);
};

// Native modules: where each .node file was loaded from.
const natives: string[] = [];
const dlopen = process.dlopen.bind(process);
process.dlopen = (module: { exports: unknown }, filename: string, flags?: number) => {
  natives.push(filename);
  return flags === undefined ? dlopen(module, filename) : dlopen(module, filename, flags);
};

(process as unknown as { resourcesPath: string }).resourcesPath = config.resourcesDir;

// electron-updater, replaced where main will look for it (its module cache, which `import()` of a
// CommonJS package consults too): an updater the test offers versions through and whose install is
// only counted, so no package manager ever runs.
const updater = config.stubUpdater ? new FakeUpdater() : null;
if (updater) {
  const file = Module.createRequire(mainFile).resolve('electron-updater');
  const stub = new Module(file);
  stub.filename = file;
  stub.loaded = true;
  stub.exports = { autoUpdater: updater };
  (Module as unknown as { _cache: Record<string, Module> })._cache[file] = stub;
}

async function handle(request: BootRequest): Promise<unknown> {
  switch (request.op) {
    case 'record':
      return { recording, natives, modules: Object.keys(require.cache) };
    case 'invoke':
      return control.invoke(request.channel, request.senderUrl, request.args);
    case 'scheme-request':
      return control.request(request.url, request.method);
    case 'window-open': {
      const handler = control.window().windowOpen;
      return handler ? handler({ url: request.url }) : null;
    }
    case 'navigate':
      return control.window().navigate(request.url);
    case 'permission': {
      const handler = control.window().permission;
      if (!handler) return null;
      return new Promise((resolve) => handler({}, request.permission, resolve));
    }
    case 'minimize':
      control.window().minimize();
      return null;
    case 'second-instance':
      control.secondInstance();
      return null;
    case 'click-menu':
      control.clickMenu(request.labels);
      return null;
    case 'load-updater': {
      // What main's import('electron-updater') loads, resolved from main's own folder: its updaters.
      const updater = Module.createRequire(mainFile)('electron-updater') as Record<string, unknown>;
      return Object.keys(updater).filter(
        (name) => name.endsWith('Updater') && typeof updater[name] === 'function',
      );
    }
    case 'picked-updater': {
      // The updater electron-updater itself makes for this install (its main.js reads
      // resources/package-type): the class of its `autoUpdater`.
      const { autoUpdater } = Module.createRequire(mainFile)('electron-updater') as {
        autoUpdater: object;
      };
      return autoUpdater.constructor.name;
    }
    case 'stub-updater': {
      if (!updater) throw new Error('booted without stubUpdater');
      if (request.offer !== undefined) updater.next = { version: request.offer };
      if (request.downloaded !== undefined) updater.downloaded(request.downloaded);
      const { autoInstallOnAppQuit } = updater as FakeUpdater & { autoInstallOnAppQuit?: boolean };
      return { checks: updater.checks, installs: updater.installs, autoInstallOnAppQuit };
    }
    case 'answer-message-boxes':
      control.answerMessageBoxes(request.press);
      return null;
    case 'quit':
      control.quit();
      return null;
  }
}

process.on('message', (message: { id: number; request: BootRequest }) => {
  handle(message.request).then(
    (result) => send({ id: message.id, result }),
    (err: unknown) =>
      send({ id: message.id, error: err instanceof Error ? (err.stack ?? err.message) : String(err) }),
  );
});

const loading = performance.now();
Module.createRequire(mainFile)(mainFile);
send({ event: 'loaded', atMs: loading, loadedMs: performance.now() - loading });
