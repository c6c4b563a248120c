/**
 * The compiled code of the libraries a CLI command's worker threads load (pdfmake, pdfkit, fontkit,
 * zod, exceljs, …), kept on disk between runs. A new thread then takes each library's code from there
 * instead of parsing and compiling it again, and with it the functions the last run compiled as it
 * went (V8 compiles a function when it is first called; a cache made after a run holds those too).
 * This is most of what makes the first PDF of a process slower than the next: the CLI writes every
 * document from a new thread.
 *
 * The CLI only. Code read from a folder the user's programs can write would let any of them run code
 * inside the signed app, past its archive's integrity check (docs/security.md); the CLI runs from
 * files of the user's own anyway.
 *
 * Only files under a node_modules folder: the CLI's own bundles gained nothing measurable, and keep
 * Node's own loading (and exact stack-trace columns). A module's cache is found by the SHA-256 of its
 * path and source, in a folder of the V8 version and architecture, so a changed library or another
 * runtime never meets old code. V8 checks little of what it is given (its version, its flags, the
 * source's length; a damaged file can crash it), so each file carries a header of PlanDesk's own: its
 * length and the SHA-256 of its key and code, checked before V8 sees a byte. A cache that is missing,
 * damaged or refused means the module is compiled as without one; nothing here stops a module from
 * loading, and a folder that cannot be written only means no cache.
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
/** A folder of another runtime (an older Node) not used for this long is removed, and old temporary files. */
const STALE_MS = 30 * 24 * 3600_000;
const STALE_TEMPORARY_MS = 3600_000;

/** A cache file: MAGIC, the code's length (4 bytes), SHA-256 of key and code (32 bytes), the code. */
const MAGIC = Buffer.from('PlanDesk-V8-code\n', 'latin1');
const HEADER_BYTES = MAGIC.length + 4 + 32;

export interface CodeCacheStats {
  /** Modules compiled from the cache, compiled without one, and whose cache was damaged or refused. */
  hits: number;
  misses: number;
  rejected: number;
  /** Cache files written. */
  written: number;
}

interface Compiled {
  script: vm.Script;
  key: string;
}

type CompileFn = (this: NodeModule, content: string, filename: string, format?: string) => unknown;
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

export class CodeCache {
  readonly stats: CodeCacheStats = { hits: 0, misses: 0, rejected: 0, written: 0 };
  private readonly folder: string;
  /** Modules compiled here without a usable cache: theirs is written at the next saves. */
  private readonly fresh: Compiled[] = [];
  private saves = 0;

  constructor(root: string) {
    this.folder = path.join(root, `v8-${process.versions.v8}-${process.arch}`);
  }

  /** Whether this runtime can load modules through the cache at all. */
  static supported(): boolean {
    return dynamicImport !== undefined && typeof (Module as ModuleInternals).wrap === 'function';
  }

  /** Loads this thread's node_modules through the cache from now on. */
  install(): void {
    if (!CodeCache.supported()) return;
    // Marks this runtime's folder as in use: tidy() removes those of runtimes no longer run.
    try {
      const now = new Date();
      fs.utimesSync(this.folder, now, now);
    } catch {
      // Not there yet.
    }
    const internals = Module as ModuleInternals;
    const original = internals.prototype._compile;
    // eslint-disable-next-line @typescript-eslint/no-this-alias
    const cache = this;
    internals.prototype._compile = function (this: NodeModule, ...args: Parameters<CompileFn>) {
      const [content, filename, format] = args;
      // ES module syntax (a format Node worked out), code outside node_modules, or code that may
      // import(): Node's way, with everything it was given.
      if (
        (format !== undefined && format !== 'commonjs') ||
        !filename.includes(NODE_MODULES) ||
        DYNAMIC_IMPORT.test(content)
      )
        return original.apply(this, args);
      const wrapper = cache.compile(content, filename);
      // Anything the cache could not compile (a syntax error, say) goes Node's way, which reports it.
      if (!wrapper) return original.apply(this, args);
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
   * Never throws: a cache that cannot be written is only a cache not kept.
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
    for (const compiled of this.fresh) {
      try {
        this.write(compiled);
        this.stats.written++;
      } catch {
        // Not kept this time.
      }
    }
  }

  private fileOf(key: string): string {
    return path.join(this.folder, `${key}.bin`);
  }

  /**
   * Through a temporary file renamed once written: a reader finds the old file or the new one. Not
   * flushed to the disk first (a flush per module made a first run seconds slower): a file a power
   * loss tore fails its header's check and is as good as none.
   */
  private write({ script, key }: Compiled): void {
    const code = script.createCachedData();
    const length = Buffer.alloc(4);
    length.writeUInt32BE(code.length);
    const header = Buffer.concat([MAGIC, length, digestOf(key, code)]);
    const temporary = `${this.fileOf(key)}.${process.pid}-${threadId}.tmp`;
    try {
      const fd = fs.openSync(temporary, 'w', 0o600);
      try {
        fs.writeSync(fd, header);
        fs.writeSync(fd, code);
      } finally {
        fs.closeSync(fd);
      }
      fs.renameSync(temporary, this.fileOf(key));
    } catch (err) {
      try {
        fs.rmSync(temporary, { force: true });
      } catch {
        // Left for tidy().
      }
      throw err;
    }
  }

  /** The code kept for `key`: none, or `damaged` when its file is not whole or not its own. */
  private read(key: string): Buffer | 'damaged' | undefined {
    let file: Buffer;
    try {
      file = fs.readFileSync(this.fileOf(key));
    } catch {
      return undefined;
    }
    const code = file.subarray(HEADER_BYTES);
    const whole =
      file.length > HEADER_BYTES &&
      file.subarray(0, MAGIC.length).equals(MAGIC) &&
      file.readUInt32BE(MAGIC.length) === code.length &&
      file.subarray(MAGIC.length + 4, HEADER_BYTES).equals(digestOf(key, code));
    return whole ? code : 'damaged';
  }

  private compile(content: string, filename: string): ((...args: unknown[]) => unknown) | null {
    const key = createHash('sha256').update(filename).update('\0').update(content).digest('hex');
    const kept = this.read(key);
    const cachedData = kept === 'damaged' ? undefined : kept;
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
      // A damaged file, or code V8 refused (another build's flags): as good as none, and written anew.
      if (kept === undefined) this.stats.misses++;
      else this.stats.rejected++;
      this.fresh.push({ script, key });
    }
    return script.runInThisContext({ displayErrors: true }) as (...args: unknown[]) => unknown;
  }

  /**
   * Empties a runtime folder grown too large, removes temporary files a thread ended before it could
   * rename, and other runtimes' folders left unused.
   */
  private tidy(): void {
    const now = Date.now();
    const names = fs.readdirSync(this.folder);
    for (const name of names) {
      const file = path.join(this.folder, name);
      try {
        const stale = name.endsWith('.tmp') && now - fs.statSync(file).mtimeMs > STALE_TEMPORARY_MS;
        if (names.length > MAX_FILES || stale) fs.rmSync(file, { force: true });
      } catch {
        // Gone already, or not ours to remove.
      }
    }
    const root = path.dirname(this.folder);
    for (const name of fs.readdirSync(root)) {
      const other = path.join(root, name);
      if (other === this.folder || !name.startsWith('v8-')) continue;
      try {
        if (now - fs.statSync(other).mtimeMs > STALE_MS) fs.rmSync(other, { recursive: true, force: true });
      } catch {
        // Gone already, or not ours to remove.
      }
    }
  }
}

/** What a cache file's header holds of its key and code. */
function digestOf(key: string, code: Uint8Array): Buffer {
  return createHash('sha256').update(key).update('\0').update(code).digest();
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

/** Installs the cache in this thread (its entry does, workers/thread-entry.ts). */
export function installThreadCodeCache(root: string): CodeCache {
  const cache = new CodeCache(root);
  cache.install();
  return cache;
}
