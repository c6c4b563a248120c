/**
 * The worker threads' code cache (src-main/workers/code-cache.ts), in real threads: each run is a new
 * thread that installs the cache, loads a library from a node_modules folder and reports what it got
 * and what the cache did. A cache never changes what a module does: a changed source, a damaged,
 * swapped or refused cache file, or a folder that cannot be written only cost the compile it saves.
 */
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { buildSync } from 'esbuild';
import { afterAll, describe, expect, it } from 'vitest';
import type { CodeCacheStats } from '../../src-main/workers/code-cache';

const root = mkdtempSync(path.join(tmpdir(), 'plandesk-code-cache-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

/**
 * The module as a bundle, as the threads load it (no tsx in the thread: its hooks would compile the
 * libraries' code too).
 */
const MODULE = path.join(root, 'code-cache.cjs');
buildSync({
  entryPoints: ['src-main/workers/code-cache.ts'],
  bundle: true,
  platform: 'node',
  format: 'cjs',
  outfile: MODULE,
  logLevel: 'warning',
});

/** A thread's report: what the library answered, and the cache's figures after its saves. */
interface Run {
  answer: Record<string, unknown>;
  stats: CodeCacheStats;
}

/** A new thread: the cache installed over `cacheDir`, the library in `project` loaded, then saved. */
async function run(project: string, cacheDir: string, saves = 1): Promise<Run> {
  const script = path.join(project, 'thread.mjs');
  writeFileSync(
    script,
    `import { parentPort, workerData } from 'node:worker_threads';
import { createRequire } from 'node:module';
const { installThreadCodeCache } = createRequire(import.meta.url)(${JSON.stringify(MODULE)});
const cache = installThreadCodeCache(workerData.cacheDir);
const require = createRequire(${JSON.stringify(pathToFileURL(path.join(project, 'app.js')).href)});
let answer;
try {
  answer = await require('lib').answer();
} catch (err) {
  answer = { error: String(err && err.name) + ': ' + String(err && err.message) };
}
for (let i = 0; i < workerData.saves; i++) cache.save();
parentPort.postMessage({ answer, stats: cache.stats });
`,
  );
  const worker = new Worker(script, { execArgv: [], workerData: { cacheDir, saves } });
  try {
    return await new Promise<Run>((resolve, reject) => {
      worker.once('message', resolve);
      worker.once('error', reject);
    });
  } finally {
    await worker.terminate();
  }
}

/** A project with a library `lib` in its node_modules: index.js (which requires a sibling) and more. */
function project(name: string, version = 1): string {
  const dir = path.join(root, name);
  const lib = path.join(dir, 'node_modules', 'lib');
  mkdirSync(lib, { recursive: true });
  writeFileSync(path.join(lib, 'package.json'), JSON.stringify({ name: 'lib', main: 'index.js' }));
  writeFileSync(path.join(lib, 'helper.js'), `exports.twice = (n) => n * 2;\n`);
  writeFileSync(path.join(lib, 'data.mjs'), `export const fromEsm = 'esm ok';\n`);
  // A module that imports: left to Node (see code-cache.ts), so it works whether the rest is cached.
  writeFileSync(path.join(lib, 'esm.js'), `exports.load = () => import('./data.mjs');\n`);
  writeFileSync(
    path.join(lib, 'index.js'),
    `'use strict';
const { twice } = require('./helper');
exports.answer = async function answer() {
  return {
    version: ${version},
    twice: twice(21),
    dirname: __dirname,
    filename: __filename,
    resolved: require.resolve('./helper'),
    cached: Object.keys(require.cache).some((f) => f.endsWith('helper.js')),
    sameModule: module.exports === exports,
    esm: (await require('./esm').load()).fromEsm,
  };
};
`,
  );
  return dir;
}

function cacheFiles(cacheDir: string): string[] {
  const [runtime] = readdirSync(cacheDir);
  return runtime ? readdirSync(path.join(cacheDir, runtime)).map((f) => path.join(cacheDir, runtime, f)) : [];
}

describe('the code cache of worker threads', () => {
  it('loads a library as Node does, keeps its code, and a new thread takes it from there', async () => {
    const dir = project('plain');
    const cacheDir = path.join(root, 'plain-cache');
    const first = await run(dir, cacheDir);
    const lib = path.join(dir, 'node_modules', 'lib');
    expect(first.answer).toEqual({
      version: 1,
      twice: 42,
      dirname: lib,
      filename: path.join(lib, 'index.js'),
      resolved: path.join(lib, 'helper.js'),
      cached: true,
      sameModule: true,
      esm: 'esm ok',
    });
    // index.js and helper.js: not esm.js (it imports), nor the thread's script (not in node_modules).
    expect(first.stats).toMatchObject({ hits: 0, misses: 2, rejected: 0, written: 2 });
    const files = cacheFiles(cacheDir);
    expect(files).toHaveLength(2);
    const written = files.map((f) => statSync(f).mtimeMs);

    const second = await run(dir, cacheDir);
    expect(second.answer).toEqual(first.answer);
    expect(second.stats).toEqual({ hits: 2, misses: 0, rejected: 0, written: 0 });
    expect(cacheFiles(cacheDir).map((f) => statSync(f).mtimeMs)).toEqual(written);
  });

  it('never runs the code of an older source: a changed library is compiled again', async () => {
    const cacheDir = path.join(root, 'changed-cache');
    expect((await run(project('changed', 1), cacheDir)).answer.version).toBe(1);
    const again = await run(project('changed', 2), cacheDir);
    expect(again.answer.version).toBe(2);
    // helper.js is the same; index.js is new.
    expect(again.stats).toMatchObject({ hits: 1, misses: 1 });
  });

  it('never hands V8 a damaged file: compiled as without a cache, and written anew', async () => {
    const dir = project('damaged');
    const cacheDir = path.join(root, 'damaged-cache');
    await run(dir, cacheDir);
    const files = cacheFiles(cacheDir);
    const whole = files.map((f) => readFileSync(f));
    // V8 itself checks little of its code (a version, its flags, the source's length): bytes
    // changed in the middle of the code, or a file cut short as a write cut off by a power loss,
    // would reach it. Each is caught by the file's own header and costs a compile, nothing else.
    const damages: ((b: Buffer) => Buffer)[] = [
      (b) => {
        const c = Buffer.from(b);
        for (let i = c.length >> 1; i < (c.length >> 1) + 8; i++) c[i] = c[i]! ^ 0xff;
        return c;
      },
      (b) => Buffer.concat([b.subarray(0, b.length - 100), Buffer.alloc(100)]),
      (b) => b.subarray(0, b.length >> 1),
      () => Buffer.from('not V8 code at all'),
      () => Buffer.alloc(0),
    ];
    for (const damage of damages) {
      files.forEach((f, i) => writeFileSync(f, damage(whole[i]!)));
      const damaged = await run(dir, cacheDir);
      expect(damaged.answer.twice).toBe(42);
      expect(damaged.stats).toMatchObject({ hits: 0, misses: 0, rejected: 2, written: 2 });
      expect((await run(dir, cacheDir)).stats).toMatchObject({ hits: 2, rejected: 0, written: 0 });
    }
  });

  it('does not take another module’s file for its own', async () => {
    const dir = project('swapped');
    const cacheDir = path.join(root, 'swapped-cache');
    await run(dir, cacheDir);
    // Each file holds the other's code, whole: its header names the key it was written for.
    const [a, b] = cacheFiles(cacheDir);
    const [codeA, codeB] = [readFileSync(a!), readFileSync(b!)];
    writeFileSync(a!, codeB);
    writeFileSync(b!, codeA);
    const swapped = await run(dir, cacheDir);
    expect(swapped.answer.twice).toBe(42);
    expect(swapped.stats).toMatchObject({ hits: 0, rejected: 2 });
  });

  it('loads everything when the folder cannot be written, keeping nothing', async () => {
    const dir = project('unwritable');
    const blocked = path.join(root, 'a-file');
    writeFileSync(blocked, 'in the way');
    const result = await run(dir, path.join(blocked, 'cache'));
    expect(result.answer.twice).toBe(42);
    expect(result.stats).toMatchObject({ misses: 2, written: 0 });
  });

  it('never fails a task when a file cannot be written: that code is only not kept', async () => {
    const dir = project('in-the-way');
    const cacheDir = path.join(root, 'in-the-way-cache');
    await run(dir, cacheDir);
    // Folders where the files go: every write of them fails (the first save empties nothing).
    for (const file of cacheFiles(cacheDir)) {
      rmSync(file);
      mkdirSync(path.join(file, 'inside'), { recursive: true });
    }
    const result = await run(dir, cacheDir, 2);
    expect(result.answer.twice).toBe(42);
    expect(result.stats).toMatchObject({ hits: 0, misses: 2, written: 0 });
    // No temporary file left behind.
    expect(readdirSync(path.dirname(cacheFiles(cacheDir)[0]!)).filter((f) => f.endsWith('.tmp'))).toEqual([]);
  });

  it('reports a library that does not compile as Node does', async () => {
    const dir = project('broken');
    writeFileSync(path.join(dir, 'node_modules', 'lib', 'helper.js'), 'exports.twice = (n) => {\n');
    const result = await run(dir, path.join(root, 'broken-cache'));
    expect(result.answer).toEqual({ error: expect.stringMatching(/^SyntaxError: /) });
  });

  it('saves a few times with what has been compiled by then, and then no more', async () => {
    const dir = project('saves');
    const result = await run(dir, path.join(root, 'saves-cache'), 6);
    // Two modules, written at each of the first four saves.
    expect(result.stats.written).toBe(8);
  });
});
