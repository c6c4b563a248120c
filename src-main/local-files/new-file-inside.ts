import { open, unlink } from 'node:fs/promises';
import path from 'node:path';
import { safeFileName } from '../../src-shared/files/safe-file-name';
import { ServiceError } from '../errors/service-error';
import { PRIVATE_FILE_MODE } from './data-folder';
import { localFileError } from './write-atomically';

const MAX_NUMBERED = 999;

/**
 * Writes a file whose name the service chose into `folder`, the one way PlanDesk does so: the name
 * is made safe (safeFileName), the path is checked to lie directly inside `folder`, and the file is
 * created new (`name`, else `name (2)`, …): never over a file, folder or link already there.
 *
 * The empty file is claimed first (created exclusively), then `write` fills that path (e.g. by
 * renaming a complete download over it). If `write` fails, the claimed file is removed again.
 */
export async function writeNewFileInside<T>(
  folder: string,
  serviceName: string,
  write: (target: string) => Promise<T>,
  fallbackName = 'download',
): Promise<{ path: string; result: T }> {
  const target = await claimNewFile(folder, serviceName, fallbackName);
  try {
    return { path: target, result: await write(target) };
  } catch (err) {
    await unlink(target).catch(() => undefined);
    throw err;
  }
}

/** Creates an empty file under a free, safe name inside `folder` and returns its path. */
export async function claimNewFile(
  folder: string,
  serviceName: string,
  fallbackName = 'download',
): Promise<string> {
  const dir = path.resolve(folder);
  const safe = safeFileName(serviceName, fallbackName);
  const ext = path.extname(safe);
  const stem = safe.slice(0, safe.length - ext.length);
  for (let n = 1; n <= MAX_NUMBERED; n++) {
    const candidate = path.join(dir, n === 1 ? safe : `${stem} (${n})${ext}`);
    if (path.dirname(candidate) !== dir) {
      throw new ServiceError('validation', `PlanDesk refused to write "${safe}" outside the chosen folder.`);
    }
    try {
      // O_EXCL: fails on anything already there, a dangling link included.
      const handle = await open(candidate, 'wx', PRIVATE_FILE_MODE);
      await handle.close();
      return candidate;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'EEXIST') continue;
      throw localFileError(err, candidate, 'write');
    }
  }
  throw new ServiceError('validation', `Too many files named "${safe}" in that folder.`);
}
