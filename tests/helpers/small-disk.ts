/**
 * Runs a TypeScript file (node + tsx) with a small file system of its own as its last argument: a
 * tmpfs of `bytes`, mounted in a private mount namespace (util-linux's unshare; as root directly,
 * otherwise in a user namespace), so a test can fill a disk to the last byte without touching the
 * machine's. The mount goes away with the process.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { UnprivilegedRun } from './run-unprivileged';
import { toolPath, unshare } from './external-tools';

export async function runOnSmallDisk(
  script: string,
  args: readonly string[],
  bytes: number,
): Promise<UnprivilegedRun> {
  const mountPoint = await mkdtemp(path.join(os.tmpdir(), 'plandesk-small-disk-'));
  const node = [process.execPath, '--import', 'tsx', path.resolve(script), ...args, mountPoint];
  const inner = `mount -t tmpfs -o size=${bytes} tmpfs "$0" && exec "$@"`;
  const namespace = process.getuid?.() === 0 ? ['--mount'] : ['--user', '--map-root-user', '--mount'];
  try {
    return await new Promise((resolve) =>
      execFile(
        toolPath(unshare),
        [...namespace, 'sh', '-c', inner, mountPoint, ...node],
        { env: { PATH: process.env.PATH ?? '' }, timeout: 120_000 },
        (err, stdout, stderr) =>
          resolve({ code: err ? (typeof err.code === 'number' ? err.code : null) : 0, stdout, stderr }),
      ),
    );
  } finally {
    await rm(mountPoint, { recursive: true, force: true });
  }
}
