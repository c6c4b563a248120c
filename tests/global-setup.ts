import { execFileSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** What the CLI's bundle is built from (scripts/build-cli.mjs). */
const SOURCES = ['src-main', 'src-shared', 'simulator', 'scripts/build-cli.mjs', 'package.json'];
const BUNDLE = 'out/cli/plandesk.cjs';

/** The newest modification time under `path` (a file, or a folder walked whole). */
function newest(path: string): number {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let latest = stat.mtimeMs;
  for (const entry of readdirSync(path)) latest = Math.max(latest, newest(join(path, entry)));
  return latest;
}

function bundleTime(): number {
  try {
    return statSync(BUNDLE).mtimeMs;
  } catch {
    return -Infinity;
  }
}

// Some tests run the real `plandesk` bin (the simulator command, the webhook listener, exit codes)
// and the worker scripts as built: bundle them from the current sources first, unless the bundle is
// newer than every source (`npm test` has just built it with `npm run build`: it is built once).
export default function setup(): void {
  if (bundleTime() > Math.max(...SOURCES.map(newest))) return;
  execFileSync(process.execPath, ['scripts/build-cli.mjs'], { stdio: 'inherit' });
}
