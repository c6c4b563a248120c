/**
 * The compiled code of the libraries a worker thread loads (pdfmake, pdfkit, fontkit, zod, exceljs,
 * …), kept on disk between runs. A new thread then takes each library's code from there instead of
 * parsing and compiling it again, and with it the functions the last run compiled as it went (V8
 * compiles a function when it is first called; a cache made after a run holds those too). This is
 * most of what makes the first PDF of a process slower than the next: the CLI writes every document
 * from a new thread.
 *
 * Only files under a node_modules folder: the app's own bundles gained nothing measurable, and keep
 * Node's own loading (and exact stack-trace columns). A module's cache is found by the SHA-256 of its
 * path and source, in a folder of the V8 version and architecture, so a changed library or another
 * runtime never meets old code; V8 also refuses data made with other flags. A cache that is
 * missing, unreadable or refused means the module is compiled as without one: nothing here stops a
 * module from loading, and a folder that cannot be written only means no cache.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import Module from 'node:module';
import path from 'node:path';
import vm from 'node:vm';
import { threadId } from 'node:worker_threads';

/** Saves a thread makes (after its first tasks, each with more of the code compiled); then no more. */
const SAVES_PER_THREAD = 4;
/** Files a runtime's folder may hold before it is emptied (old libraries' code piles up there). */
const MAX_FILES = 2_000;
/** A folder of another runtime (an older app or Node) not touched for this long is removed. */
const STALE_RUNTIME_MS = 30 * 24 * 3600_000;

export interface CodeCacheStats {
  /** Modules compiled from the cache, compiled without one, and whose cache V8 refused. */
  hits: number;
  misses: number;
  rejected: number;
  /** Cache files written. */
  written: number;
}

interface Compiled {
  script: vm.Script;
  file: string;
}

type CompileFn = (this: NodeModule, content: string, filename: string) => unknown;
type ModuleInternals = typeof Module & {
  prototype: { _compile: CompileFn };
  wrap(source: string): string;
  _resolveFilename(request: string, parent: NodeModule, isMain: boolean, options?: unknown): string;
  _resolveLookupPaths(request: string, parent: NodeModule): string[] | null;
  _extensions: unknown;
  _cache: unknown;
};

/** Dynamic import() from a module compiled here, as from one Node loaded itself (Node 20.12 and later). */
const dynamicImport: unknown = (vm.constants as Partial<typeof vm.constants> | undefined)
  ?.USE_MAIN_CONTEXT_DEFAULT_LOADER;

const NODE_MODULES = `${path.sep}node_modules${path.sep}`;
/**
 * A module that may import() is left to Node: compiled from a cache, its import() finds no loader
 * (Node 20 loses the callback with the cached code), and it fails.
 */
const DYNAMIC_IMPORT = /\bimport\s*\(/;

export interface CodeCacheOptions {
  /**
   * Save once the thread has had no task for this long (the app's threads, which stay a while: the
   * writing never delays a task). Without it, after each task, before its answer (the CLI's, which
   * end with the command).
   */
  saveWhenIdleMs?: number;
}

/** Where a pool's threads keep their code, and when they write it (workers/pool.ts). */
export interface CodeCacheSettings extends CodeCacheOptions {
  /** A folder of the user's own, kept between runs. */
  folder: string;
}

export class CodeCache {
  readonly stats: CodeCacheStats = { hits: 0, misses: 0, rejected: 0, written: 0 };
  private readonly folder: string;
  /** Modules compiled here without a usable cache: theirs is written at the next saves. */
  private readonly fresh: Compiled[] = [];
  private saves = 0;
  private idle: NodeJS.Timeout | undefined;

  constructor(
    root: string,
    private readonly options: CodeCacheOptions = {},
  ) {
    this.folder = path.join(root, `v8-${process.versions.v8}-${process.arch}`);
  }

  /** A task starts: a save waiting for the thread to be idle waits on. */
  taskStarted(): void {
    clearTimeout(this.idle);
    this.idle = undefined;
  }

  /** A task is done: save now, or once the thread is idle. */
  taskDone(): void {
    const wait = this.options.saveWhenIdleMs;
    if (wait === undefined) return this.save();
    if (this.fresh.length === 0 || this.saves >= SAVES_PER_THREAD) return;
    clearTimeout(this.idle);
    // Unref'd: a thread that is ending does not wait for it.
    this.idle = setTimeout(() => this.save(), wait).unref();
  }

  /** Whether this runtime can load modules through the cache at all. */
  static supported(): boolean {
    return dynamicImport !== undefined && typeof (Module as ModuleInternals).wrap === 'function';
  }

  /** Loads this thread's node_modules through the cache from now on. */
  install(): void {
    if (!CodeCache.supported()) return;
    const internals = Module as ModuleInternals;
    const original = internals.prototype._compile;
    // eslint-disable-next-line @typescript-eslint/no-this-alias
    const cache = this;
    internals.prototype._compile = function (this: NodeModule, content: string, filename: string) {
      if (!filename.includes(NODE_MODULES) || DYNAMIC_IMPORT.test(content))
        return original.call(this, content, filename);
      const wrapper = cache.compile(content, filename);
      // Anything the cache could not compile (a syntax error, say) goes Node's way, which reports it.
      if (!wrapper) return original.call(this, content, filename);
      return wrapper.call(
        this.exports,
        this.exports,
        requireOf(this),
        this,
        filename,
        path.dirname(filename),
      );
    };
  }

  /**
   * Writes the cache of the modules compiled without one, with what has been compiled of them by now.
   * Called after each task; does nothing once every module came from the cache, or after a few saves.
   */
  save(): void {
    if (this.fresh.length === 0 || this.saves >= SAVES_PER_THREAD) return;
    this.saves++;
    try {
      fs.mkdirSync(this.folder, { recursive: true, mode: 0o700 });
      if (this.saves === 1) this.tidy();
    } catch {
      return;
    }
    for (const { script, file } of this.fresh) {
      const temporary = `${file}.${process.pid}-${threadId}.tmp`;
      try {
        // Through a temporary file: another thread or process reads either the old file or the new.
        fs.writeFileSync(temporary, script.createCachedData(), { mode: 0o600 });
        fs.renameSync(temporary, file);
        this.stats.written++;
      } catch {
        fs.rmSync(temporary, { force: true });
      }
    }
  }

  private compile(content: string, filename: string): ((...args: unknown[]) => unknown) | null {
    const key = createHash('sha256').update(filename).update('\0').update(content).digest('hex');
    const file = path.join(this.folder, `${key}.bin`);
    let cachedData: Buffer | undefined;
    try {
      cachedData = fs.readFileSync(file);
    } catch {
      cachedData = undefined;
    }
    let script: vm.Script;
    try {
      script = new vm.Script((Module as ModuleInternals).wrap(content), {
        filename,
        ...(cachedData ? { cachedData } : {}),
        importModuleDynamically: dynamicImport as never,
      });
    } catch {
      return null;
    }
    if (cachedData && !script.cachedDataRejected) this.stats.hits++;
    else {
      if (cachedData) this.stats.rejected++;
      else this.stats.misses++;
      this.fresh.push({ script, file });
    }
    return script.runInThisContext({ displayErrors: true }) as (...args: unknown[]) => unknown;
  }

  /** Empties a runtime folder grown too large, and removes other runtimes' folders left unused. */
  private tidy(): void {
    const names = fs.readdirSync(this.folder);
    if (names.length > MAX_FILES)
      for (const name of names) fs.rmSync(path.join(this.folder, name), { force: true });
    const root = path.dirname(this.folder);
    for (const name of fs.readdirSync(root)) {
      const other = path.join(root, name);
      if (other === this.folder || !name.startsWith('v8-')) continue;
      const touched = fs.statSync(other).mtimeMs;
      if (Date.now() - touched > STALE_RUNTIME_MS) fs.rmSync(other, { recursive: true, force: true });
    }
  }
}

/** The `require` a module gets from Node (lib/internal/modules/helpers.js makeRequireFunction). */
function requireOf(mod: NodeModule): NodeJS.Require {
  const internals = Module as ModuleInternals;
  const require = ((id: string) => mod.require(id)) as NodeJS.Require;
  const resolve = ((request: string, options?: { paths?: string[] }) =>
    internals._resolveFilename(request, mod, false, options)) as NodeJS.RequireResolve;
  resolve.paths = (request: string) => internals._resolveLookupPaths(request, mod);
  require.resolve = resolve;
  require.main = process.mainModule;
  require.extensions = internals._extensions as NodeJS.Require['extensions'];
  require.cache = internals._cache as NodeJS.Require['cache'];
  return require;
}

const THREAD_KEY = Symbol.for('plandesk.codeCache');

/** Installs the cache in this thread (its entry does, workers/thread-entry.ts). */
export function installThreadCodeCache(root: string, options: CodeCacheOptions = {}): CodeCache {
  const cache = new CodeCache(root, options);
  cache.install();
  (globalThis as Record<symbol, unknown>)[THREAD_KEY] = cache;
  return cache;
}

/** This thread's cache, if its preload installed one. */
export function threadCodeCache(): CodeCache | undefined {
  return (globalThis as Record<symbol, unknown>)[THREAD_KEY] as CodeCache | undefined;
}
