/**
 * Boots the packaged main in a child process (tests/packaging/boot-main.ts) and talks to it.
 *
 * What is booted: the packaged resources folder copied to a temporary folder outside the repository
 * (named `res`, so nothing can find the demo data by walking up to a `resources/` folder), with
 * app.asar extracted into a folder of the same name (asar-contents.ts). Main is app.asar's
 * package.json `main`, loaded by plain Node from there; `require('electron')` gets the stand-in, and
 * nothing can resolve from the repository's node_modules.
 */
import { build } from 'esbuild';
import { fork, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, symlinkSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { copyResourcesForNode } from './asar-contents';
import type { BootConfig, BootRequest } from './boot-main';
import type { Recording } from './electron-stand-in';
import type { PackagedApp } from './packaged-app';

export interface BootLayout {
  root: string;
  resourcesDir: string;
  /** The extracted app.asar (a folder). */
  appDir: string;
  /** boot-main.ts and the stand-in, bundled into one CommonJS file. */
  bootScript: string;
}

export async function prepareBootLayout(packaged: PackagedApp): Promise<BootLayout> {
  const root = mkdtempSync(path.join(os.tmpdir(), 'plandesk-boot-'));
  const resourcesDir = path.join(root, 'res');
  copyResourcesForNode(packaged.resourcesDir, resourcesDir);
  return {
    root,
    resourcesDir,
    appDir: path.join(resourcesDir, 'app.asar'),
    bootScript: await bootScript(root),
  };
}

/**
 * The same for the build in a checkout (`npm run build`: out/main, out/preload, out/renderer), not
 * packed: a resources folder whose app.asar is the checkout itself (its package.json names
 * out/main/index.js; its node_modules hold main's dependencies) and whose demo/ is the checkout's.
 */
export async function prepareBuiltBootLayout(checkout: string): Promise<BootLayout> {
  const root = mkdtempSync(path.join(os.tmpdir(), 'plandesk-boot-built-'));
  const resourcesDir = path.join(root, 'res');
  mkdirSync(resourcesDir);
  symlinkSync(checkout, path.join(resourcesDir, 'app.asar'), 'dir');
  symlinkSync(path.join(checkout, 'resources', 'demo'), path.join(resourcesDir, 'demo'), 'dir');
  return {
    root,
    resourcesDir,
    appDir: path.join(resourcesDir, 'app.asar'),
    bootScript: await bootScript(root),
  };
}

/** boot-main.ts and the stand-in, bundled into one CommonJS file in `root`. */
async function bootScript(root: string): Promise<string> {
  const bootScript = path.join(root, 'boot-main.cjs');
  await build({
    entryPoints: [path.resolve('tests/packaging/boot-main.ts')],
    outfile: bootScript,
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    logLevel: 'warning',
  });
  return bootScript;
}

export interface BootOptions {
  /** The OS locale app.getLocale() reports. */
  locale?: string;
  singleInstanceLock?: boolean;
  /** A user-data folder to start in (a fresh one by default). */
  userData?: string;
  /** The window's page cannot be loaded (a damaged install): see StandInOptions.pageMissing. */
  pageMissing?: boolean;
  /** The backend the stand-in's safeStorage reports. */
  safeStorageBackend?: string;
  /** electron-updater replaced by a stand-in the test drives (boot-main.ts). */
  stubUpdater?: boolean;
  /** Variables set (or, as undefined, removed) for main, e.g. a D-Bus address with no Secret Service. */
  env?: Record<string, string | undefined>;
}

export interface Exit {
  code: number | null;
  recording: Recording | null;
}

export class BootedMain {
  readonly userData: string;
  readonly documents: string;
  readonly logFile: string;
  readonly exited: Promise<Exit>;
  stderr = '';
  private readonly child: ChildProcess;
  private nextId = 1;
  private readonly pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  /** What the child reported of itself (loaded, window), with what each carried. */
  private readonly events = new Map<string, Record<string, unknown>>();
  private readonly eventWaiters = new Map<string, ((m: Record<string, unknown>) => void)[]>();

  constructor(layout: BootLayout, options: BootOptions = {}) {
    const dir = mkdtempSync(path.join(layout.root, 'run-'));
    this.userData = options.userData ?? path.join(dir, 'userData');
    this.documents = path.join(dir, 'documents');
    mkdirSync(this.documents, { recursive: true });
    const cwd = path.join(dir, 'cwd');
    mkdirSync(cwd, { recursive: true });
    this.logFile = path.join(this.userData, 'logs', 'main.log');
    const config: BootConfig = {
      resourcesDir: layout.resourcesDir,
      userData: this.userData,
      documents: this.documents,
      locale: options.locale ?? 'en-US',
      singleInstanceLock: options.singleInstanceLock ?? true,
      pageMissing: options.pageMissing ?? false,
      safeStorageBackend: options.safeStorageBackend,
      stubUpdater: options.stubUpdater,
    };
    const env: NodeJS.ProcessEnv = { ...process.env, PLANDESK_BOOT_CONFIG: JSON.stringify(config) };
    // Nothing may point the app at the checkout: it must find its data through the resources folder.
    for (const name of ['PLANDESK_RESOURCES', 'PLANDESK_PDF_FONTS', 'NODE_PATH', 'NODE_OPTIONS', 'APPIMAGE'])
      delete env[name];
    for (const [name, value] of Object.entries(options.env ?? {})) {
      if (value === undefined) delete env[name];
      else env[name] = value;
    }
    this.child = fork(layout.bootScript, [], {
      cwd,
      env,
      execArgv: [],
      stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
      // Structured clone, as Electron's IPC: answers carry byte arrays (an estimate's view).
      serialization: 'advanced',
    });
    this.child.stderr?.on('data', (d: Buffer) => (this.stderr += d.toString()));
    this.child.stdout?.on('data', (d: Buffer) => (this.stderr += d.toString()));
    let recording: Recording | null = null;
    this.child.on(
      'message',
      (m: { id?: number; result?: unknown; error?: string; event?: string; recording?: Recording }) => {
        if (m.event === 'exit') recording = m.recording ?? null;
        if (m.event !== undefined) {
          this.events.set(m.event, m);
          for (const w of this.eventWaiters.get(m.event) ?? []) w(m);
          this.eventWaiters.delete(m.event);
        }
        if (m.id === undefined) return;
        const waiting = this.pending.get(m.id);
        this.pending.delete(m.id);
        if (m.error !== undefined) waiting?.reject(new Error(m.error));
        else waiting?.resolve(m.result);
      },
    );
    this.exited = new Promise((resolve) =>
      this.child.on('exit', (code) => {
        for (const w of this.pending.values()) w.reject(new Error(`main exited (${code}): ${this.stderr}`));
        resolve({ code, recording });
      }),
    );
  }

  /** Resolves when the child has reported `name` ('loaded', 'window'), at once if it did already. */
  event(name: string): Promise<Record<string, unknown>> {
    const seen = this.events.get(name);
    if (seen) return Promise.resolve(seen);
    return new Promise((resolve) =>
      this.eventWaiters.set(name, [...(this.eventWaiters.get(name) ?? []), resolve]),
    );
  }

  request<T>(request: BootRequest): Promise<T> {
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (v: unknown) => void, reject });
      this.child.send({ id, request });
    });
  }

  record() {
    return this.request<{ recording: Recording; natives: string[]; modules: string[] }>({ op: 'record' });
  }

  log(): string {
    return existsSync(this.logFile) ? readFileSync(this.logFile, 'utf8') : '';
  }

  /** Waits until main's log has a line matching `pattern` (main logs when it has started). */
  async waitForLog(pattern: RegExp, timeoutMs = 30_000): Promise<void> {
    const until = Date.now() + timeoutMs;
    while (!pattern.test(this.log())) {
      if (Date.now() > until)
        throw new Error(`main never logged ${pattern}; log:\n${this.log()}\n${this.stderr}`);
      if (this.child.exitCode !== null)
        throw new Error(`main exited (${this.child.exitCode}): ${this.stderr}\n${this.log()}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  kill(): void {
    if (this.child.exitCode === null) this.child.kill();
  }
}
