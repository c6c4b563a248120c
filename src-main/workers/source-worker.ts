/**
 * The worker script when PlanDesk runs from its TypeScript sources (tests, benchmarks, development):
 * bundled once per process with esbuild, the way the build bundles it. A worker thread does not get
 * tsx's module hooks for dynamic imports, so the task modules (each imported on first use) could not
 * be found from the sources. The packages it leaves out (see scripts/build-cli.mjs) are required by
 * their full path, so the bundle works from the temporary folder, where it lives until the process
 * exits.
 */
import { randomUUID } from 'node:crypto';
import { rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Required from node_modules, never bundled (as in scripts/build-cli.mjs). */
const LEFT_OUT = ['better-sqlite3', 'piscina'];

let bundled: string | null = null;

export function sourceWorkerBundle(entry: string): string {
  if (bundled) return bundled;
  // Resolved at run time: the app's own bundle never carries esbuild (it has its built worker).
  const require = createRequire(entry);
  const esbuild = require('esbuild') as typeof import('esbuild');
  const out = join(tmpdir(), `plandesk-worker-${process.pid}-${randomUUID().slice(0, 8)}.cjs`);
  const result = esbuild.buildSync({
    entryPoints: [entry],
    outfile: out,
    write: false,
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'cjs',
    sourcemap: 'inline',
    logLevel: 'warning',
    external: LEFT_OUT,
  });
  let code = result.outputFiles[0]!.text;
  for (const name of LEFT_OUT) {
    code = code.split(`require("${name}")`).join(`require(${JSON.stringify(require.resolve(name))})`);
  }
  writeFileSync(out, code, { mode: 0o600 });
  process.once('exit', () => rmSync(out, { force: true }));
  bundled = out;
  return out;
}
