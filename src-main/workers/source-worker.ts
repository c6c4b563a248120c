/**
 * The worker script when PlanDesk runs from its TypeScript sources (tests, benchmarks, development):
 * bundled once per process with esbuild, the way the build bundles it. A worker thread does not get
 * tsx's module hooks for dynamic imports, so the task modules (each imported on first use) could not
 * be found from the sources. The bundle lives in node_modules/.cache (so it finds the packages it
 * leaves out, like better-sqlite3) until the process exits.
 */
import { randomUUID } from 'node:crypto';
import { mkdirSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, sep } from 'node:path';

let bundled: string | null = null;

export function sourceWorkerBundle(entry: string): string {
  if (bundled) return bundled;
  // Resolved at run time: the app's own bundle never carries esbuild (it has its built worker).
  const require = createRequire(entry);
  const esbuild = require('esbuild') as typeof import('esbuild');
  const packageDir = dirname(require.resolve('esbuild/package.json'));
  const cache = join(
    packageDir.slice(0, packageDir.lastIndexOf(`${sep}node_modules${sep}`)),
    'node_modules',
    '.cache',
  );
  mkdirSync(cache, { recursive: true });
  const out = join(cache, `plandesk-worker-${process.pid}-${randomUUID().slice(0, 8)}.cjs`);
  esbuild.buildSync({
    entryPoints: [entry],
    outfile: out,
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'cjs',
    sourcemap: 'inline',
    logLevel: 'warning',
    // As in the CLI's build (scripts/build-cli.mjs).
    external: ['better-sqlite3', 'piscina'],
  });
  process.once('exit', () => rmSync(out, { force: true }));
  bundled = out;
  return out;
}
