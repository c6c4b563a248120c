// Bundles the `plandesk` CLI into CommonJS files that run on plain Node (no Electron, no tsx): the
// command itself and the worker threads' scripts next to it (src-main/workers/pool.ts finds it there).
// Runs on `npm install` (prepare) so `npx plandesk` works straight after installing.
// `node scripts/build-cli.mjs DIR --workers-only`: only the worker scripts, into DIR (inside the
// checkout, so their dependencies resolve from node_modules): the benchmarks run the threads so.
import { readdirSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { build } from 'esbuild';

/** The worker scripts: name → source (the one list, which the pool and the app's build read too). */
const WORKER_SCRIPTS = JSON.parse(
  readFileSync(new URL('../src-main/workers/worker-scripts.json', import.meta.url)),
);

const common = {
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'cjs',
  sourcemap: 'linked',
  logLevel: 'warning',
  // piscina starts its workers from its own script (node_modules/piscina/dist/worker.js): bundled,
  // it would look for that script next to the bundle. better-sqlite3 finds its native binary from its
  // own package folder (only the commands that keep estimate versions load it).
  external: ['piscina', 'better-sqlite3'],
};

const args = process.argv.slice(2);
const outDir = args.find((a) => !a.startsWith('--')) ?? 'out/cli';
if (!args.includes('--workers-only')) await buildCommand(outDir);
for (const [script, source] of Object.entries(WORKER_SCRIPTS)) {
  // Their dependencies load from node_modules, as the app's do: bundled, old polyfills in them (a
  // `new Buffer()` in exceljs's zip code) would print Node's deprecation warning on every export.
  await build({ ...common, packages: 'external', entryPoints: [source], outfile: `${outDir}/${script}.cjs` });
}

/**
 * The command as ES modules split at each `import()` (src-main/cli/main.ts imports a command's code
 * when it runs): `plandesk.mjs` holds the argument parser and the help, and a run loads the chunks
 * of its own command only. Chunks sit beside the entry, so `__dirname` (which the worker pool looks
 * for its scripts in, src-main/workers/pool.ts) is the same folder in each; bundled CommonJS
 * dependencies get `require` from the banner (its names are its own: a chunk may declare `URL`).
 */
async function buildCommand(dir) {
  // Chunk names carry a content hash: the previous build's are removed, not left to pile up.
  for (const f of safeList(dir)) if (/^plandesk[.-]/.test(f)) rmSync(join(dir, f));
  await build({
    ...common,
    format: 'esm',
    splitting: true,
    entryPoints: { plandesk: 'src-main/cli/index.ts' },
    outdir: dir,
    outExtension: { '.js': '.mjs' },
    chunkNames: 'plandesk-[name]-[hash]',
    banner: {
      js: [
        "import { createRequire as __plandeskRequire } from 'node:module';",
        "import { fileURLToPath as __plandeskPath } from 'node:url';",
        "import { dirname as __plandeskDir } from 'node:path';",
        'const require = __plandeskRequire(import.meta.url);',
        'const __filename = __plandeskPath(import.meta.url);',
        'const __dirname = __plandeskDir(__filename);',
      ].join(' '),
    },
  });
}

function safeList(dir) {
  try {
    return readdirSync(dir);
  } catch {
    return [];
  }
}
