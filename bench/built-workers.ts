import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { checkoutRoot } from './checkout';

const ROOT = checkoutRoot();

/**
 * The worker threads' scripts built from the current sources as the app ships them (bundled, their
 * dependencies from node_modules), into a folder of the checkout: benchmarks measure the threads the
 * app runs, not the sources compiled on the fly by tsx in each thread.
 */
export function builtWorkerScripts(): string {
  const dir = join(ROOT, 'out', 'bench-workers');
  const r = spawnSync(process.execPath, [join(ROOT, 'scripts', 'build-cli.mjs'), dir, '--workers-only'], {
    cwd: ROOT,
    stdio: 'inherit',
  });
  if (r.status !== 0) throw new Error('The worker scripts could not be built for the benchmark.');
  return dir;
}
