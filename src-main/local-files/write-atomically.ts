import { randomUUID } from 'node:crypto';
import { readdirSync, readFileSync, unlinkSync } from 'node:fs';
import { mkdir, open, rename, unlink, writeFile } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { ServiceError } from '../errors/service-error';
import { faultPoint } from '../faults/fault-points';

/** `.<name>.<8 hex>.part`: the temporary file beside a file being written. */
const TEMPORARY_NAME = /^\..+\.[0-9a-f]{8}\.part$/;

/** Where each temporary file under way is noted (the data folder's tmp/writes), or nowhere. */
let notesDir: string | null = null;

/**
 * The temporary files this process is writing now. A start never removes one of them: it is no
 * crash's leftover. (The app runs one set of services per process; the tests run several side by
 * side, and the notes of one may then sit in another's data folder.)
 */
const underWay = new Set<string>();

/**
 * Notes every temporary file while it exists in `dir`, so one left by a crash (in a folder of the
 * user's, beside an export) is removed at the next start (`removeLeftTemporaries`). The app sets it;
 * the CLI does not (a crash there leaves the hidden `.part` file, nothing under the name asked for).
 */
export function noteTemporaryFilesIn(dir: string | null): void {
  notesDir = dir;
}

/**
 * Writes `path` so that a failure (a full disk, a cancelled export, a crash) never leaves a half-written
 * file under its name: `write` fills a hidden temporary file beside it, which is synced to disk and
 * renamed over `path` when complete (atomic on one filesystem), and removed when anything fails.
 */
export async function writeAtomically(path: string, write: (tmp: string) => Promise<void>): Promise<void> {
  const tmp = join(dirname(path), `.${basename(path)}.${randomUUID().slice(0, 8)}.part`);
  underWay.add(tmp);
  const note = await noteTemporary(tmp);
  try {
    await write(tmp);
    await syncFile(tmp);
    await faultPoint('export:write');
    await rename(tmp, path);
  } catch (err) {
    await unlink(tmp).catch(() => undefined);
    throw isFileSystemError(err) ? localFileError(err, path, 'write') : err;
  } finally {
    underWay.delete(tmp);
    if (note) await unlink(note).catch(() => undefined);
  }
}

/**
 * Removes the temporary files a crash left (noted by `writeAtomically` in `dir`), then the notes; at
 * start, before anything writes. Only a name of the temporary files' own pattern is ever removed.
 */
export function removeLeftTemporaries(dir: string): number {
  let removed = 0;
  let names: string[] = [];
  try {
    names = readdirSync(dir);
  } catch {
    return 0;
  }
  for (const name of names) {
    const note = join(dir, name);
    try {
      const { pid, tmp } = readNote(readFileSync(note, 'utf8'));
      if (underWay.has(tmp)) continue;
      // Another PlanDesk process that is still running is writing it (its note sits here because it
      // shares the data folder); only a crash's leftover goes.
      if (pid !== null && pid !== process.pid && isRunning(pid)) continue;
      if (TEMPORARY_NAME.test(basename(tmp))) {
        unlinkSync(tmp);
        removed++;
      }
    } catch {
      // gone already, or not ours to remove
    }
    try {
      unlinkSync(note);
    } catch {
      // left for the next start
    }
  }
  return removed;
}

/** A note: the writing process's id on its first line, then the temporary file (older notes: the file alone). */
function readNote(text: string): { pid: number | null; tmp: string } {
  const lines = text.trim().split('\n');
  if (lines.length < 2) return { pid: null, tmp: lines[0] ?? '' };
  const pid = Number(lines[0]);
  return { pid: Number.isSafeInteger(pid) && pid > 0 ? pid : null, tmp: lines.slice(1).join('\n') };
}

/** Whether a process of this id runs (signal 0 only asks; EPERM: it runs, as another user). */
function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function noteTemporary(tmp: string): Promise<string | null> {
  if (!notesDir) return null;
  const note = join(notesDir, `${randomUUID()}.note`);
  try {
    await mkdir(notesDir, { recursive: true, mode: 0o700 });
    await writeFile(note, `${process.pid}\n${tmp}`, { mode: 0o600 });
    return note;
  } catch {
    // Only the clean-up after a crash suffers (a full disk fails the write itself next).
    return null;
  }
}

/**
 * A folder's entries on disk (after a rename into it, so a power cut never takes the new name back).
 * POSIX only: Windows cannot open a folder for syncing (NTFS journals the rename itself).
 */
export async function syncFolder(dir: string): Promise<void> {
  if (process.platform === 'win32') return;
  const handle = await open(dir, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** A file's bytes on disk (before a rename, so a power cut never leaves a name over missing bytes). */
export async function syncFile(file: string): Promise<void> {
  const handle = await open(file, 'r+');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

function isFileSystemError(err: unknown): boolean {
  return typeof (err as NodeJS.ErrnoException)?.code === 'string' && !(err instanceof ServiceError);
}

/** Whether a file-system error (or SQLite's) means that the disk is full. */
export function isDiskFull(err: unknown): boolean {
  const code = (err as NodeJS.ErrnoException)?.code;
  return code === 'ENOSPC' || code === 'EDQUOT' || code === 'SQLITE_FULL';
}

/** The disk holding `path` is full: said so, and where. */
export function diskFullError(path: string, action = 'write'): ServiceError {
  return new ServiceError(
    'disk-full',
    `The disk is full: PlanDesk could not ${action} "${path}". Free some space, then try again.`,
    undefined,
    undefined,
    undefined,
    path,
  );
}

/** A file-system failure on the user's own file, in words (never a raw code where one is known). */
export function localFileError(err: unknown, path: string, action: 'read' | 'write'): ServiceError {
  if (isDiskFull(err)) return diskFullError(path, action);
  return new ServiceError(
    'validation',
    `PlanDesk could not ${action} "${path}": ${fileSystemReason(err, action)}.`,
    undefined,
    undefined,
    undefined,
    path,
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
