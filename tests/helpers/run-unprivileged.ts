/**
 * Runs a TypeScript file (node + tsx) in a child process as a user without root's powers. Root may
 * write into any folder whatever its mode, so a test about a folder the user cannot write means
 * nothing as root, and CI runs everything as root. As root the child is started through util-linux's
 * setpriv as `nobody`; as anyone else it simply runs as that user.
 */
import { execFile, execFileSync } from 'node:child_process';
import { promises as fs } from 'node:fs';
import path from 'node:path';
import { setpriv, toolPath } from './external-tools';

const UNPRIVILEGED_USER = 'nobody';

function idOf(flag: '-u' | '-g'): number {
  return Number(execFileSync('id', [flag, UNPRIVILEGED_USER], { encoding: 'utf8' }).trim());
}

async function chownTree(target: string, uid: number, gid: number): Promise<void> {
  await fs.chown(target, uid, gid);
  if (!(await fs.lstat(target)).isDirectory()) return;
  for (const name of await fs.readdir(target)) await chownTree(path.join(target, name), uid, gid);
}

export interface UnprivilegedRun {
  code: number | null;
  stdout: string;
  stderr: string;
}

/**
 * Runs `script` with `args`. `ownedDirs` are handed to the unprivileged user first (as root only),
 * as a user's own data folder would be theirs. The repository and node_modules must be readable by
 * other users (the default with umask 022).
 */
export async function runUnprivileged(
  script: string,
  args: readonly string[],
  ownedDirs: readonly string[] = [],
): Promise<UnprivilegedRun> {
  const node = [process.execPath, '--import', 'tsx', path.resolve(script), ...args];
  let command: string[] = node;
  if (process.getuid?.() === 0) {
    const uid = idOf('-u');
    const gid = idOf('-g');
    for (const dir of ownedDirs) await chownTree(dir, uid, gid);
    command = [toolPath(setpriv), `--reuid=${uid}`, `--regid=${gid}`, '--clear-groups', ...node];
  }
  return new Promise((resolve) =>
    execFile(
      command[0] as string,
      command.slice(1),
      // Only PATH: nothing of the test process's environment (TMPDIR, NODE_OPTIONS) may be root's.
      { env: { PATH: process.env.PATH ?? '' }, timeout: 60_000 },
      (err, stdout, stderr) =>
        resolve({ code: err ? (typeof err.code === 'number' ? err.code : null) : 0, stdout, stderr }),
    ),
  );
}
