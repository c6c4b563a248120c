import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';

/**
 * The checkout's root: the nearest folder above this file with a package.json. Found, not assumed,
 * because a benchmark may run from the sources (bench/) or from a bundle of them (out/bench/).
 */
export function checkoutRoot(): string {
  for (let dir = __dirname; ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'package.json'))) return dir;
    if (dirname(dir) === dir) throw new Error(`No package.json above ${__dirname}.`);
  }
}
