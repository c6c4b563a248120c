import { randomUUID } from 'node:crypto';
import { rename, unlink } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { ServiceError } from '../errors/service-error';

/**
 * Writes `path` so that a failure (a full disk, a cancelled export, a crash) never leaves a half-written
 * file under its name: `write` fills a hidden temporary file beside it, which is renamed over `path`
 * when complete (atomic on one filesystem) and removed when anything fails.
 */
export async function writeAtomically(path: string, write: (tmp: string) => Promise<void>): Promise<void> {
  const tmp = join(dirname(path), `.${basename(path)}.${randomUUID().slice(0, 8)}.part`);
  try {
    await write(tmp);
    await rename(tmp, path);
  } catch (err) {
    await unlink(tmp).catch(() => undefined);
    throw isFileSystemError(err) ? localFileError(err, path, 'write') : err;
  }
}

function isFileSystemError(err: unknown): boolean {
  return typeof (err as NodeJS.ErrnoException)?.code === 'string' && !(err instanceof ServiceError);
}

/** A file-system failure on the user's own file, in words (never a raw code where one is known). */
export function localFileError(err: unknown, path: string, action: 'read' | 'write'): ServiceError {
  return new ServiceError(
    'validation',
    `PlanDesk could not ${action} "${path}": ${fileSystemReason(err, action)}.`,
  );
}

/** Why a file-system call failed, in a few words: "the disk is full", "the disk is read-only", … */
export function fileSystemReason(err: unknown, action: 'read' | 'write' = 'write'): string {
  const code = (err as NodeJS.ErrnoException)?.code;
  switch (code) {
    case 'ENOENT':
      return action === 'read' ? 'it does not exist' : 'its folder does not exist';
    case 'EACCES':
    case 'EPERM':
      return 'permission denied';
    case 'ENOSPC':
    case 'EDQUOT':
      return 'the disk is full';
    case 'EISDIR':
      return 'it is a folder';
    case 'ENOTDIR':
      return 'a file is in the way of a folder';
    case 'EROFS':
      return 'the disk is read-only';
    case 'EEXIST':
      return 'something of that name is already there';
    default:
      return code ?? 'unknown error';
  }
}
