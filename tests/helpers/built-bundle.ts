import { readdirSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';

/** Where scripts/build-cli.mjs bundles the CLI and, beside it, the worker scripts. */
export const CLI_BUNDLE_DIR = 'out/cli';
/** What the bundle is built from. */
const SOURCES = ['src-main', 'src-shared', 'simulator', 'scripts/build-cli.mjs', 'package.json'];

/** The newest modification time under `path` (a file, or a folder walked whole). */
function newest(path: string): number {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let latest = stat.mtimeMs;
  for (const entry of readdirSync(path)) latest = Math.max(latest, newest(join(path, entry)));
  return latest;
}

/** Whether the CLI's bundle (and its worker scripts) is newer than every source it is built from. */
export function bundleIsFresh(): boolean {
  try {
    return statSync(join(CLI_BUNDLE_DIR, 'plandesk.mjs')).mtimeMs > Math.max(...SOURCES.map(newest));
  } catch {
    return false;
  }
}

let fresh: boolean | undefined;

/**
 * The built worker scripts, when they are fresh (the integration tests' global setup builds them):
 * threads start from the bundles as in the app, not from the sources compiled on the fly (a second
 * or more of CPU per thread). Else undefined: the sources, through tsx.
 */
export function builtWorkerScripts(): string | undefined {
  fresh ??= bundleIsFresh();
  return fresh ? resolve(CLI_BUNDLE_DIR) : undefined;
}
