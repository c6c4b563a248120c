/**
 * PlanDesk's own part of the user-data folder: `settings.json`, `logs/`, `cache/`, `tmp/`, `outbox/`
 * (copies of files waiting to be uploaded: the user's data, never emptied at start). On POSIX
 * systems all of it is for the user alone (folders 0700, files 0600: the cache holds customers'
 * names, e-mails and addresses), whatever the umask; what an older version made readable by others
 * is tightened at start. Something in the way of a folder (a file named `logs`) is moved aside, never
 * deleted, and PlanDesk starts anyway.
 */
import {
  chmodSync,
  closeSync,
  existsSync,
  lstatSync,
  mkdirSync,
  openSync,
  readdirSync,
  renameSync,
  rmSync,
  unlinkSync,
} from 'node:fs';
import { mkdir, readdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { fileSystemReason, removeLeftTemporaries } from './write-atomically';

export const PRIVATE_FOLDER_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;

/** The folders PlanDesk keeps in the user-data folder. */
export const DATA_FOLDERS = ['logs', 'cache', 'tmp', 'outbox'] as const;

/**
 * The name a workspace the app does not know gets from the CLI in the same data folder (its cache,
 * its outbox): `cli-<hash>`. The app leaves those alone.
 */
export const CLI_WORKSPACE_PREFIX = 'cli-';

export interface PreparedDataFolder {
  /** What was in the way of a folder, and where it is now. */
  movedAside: { name: string; movedTo: string }[];
  /** Set when the folder cannot be written (read-only, no permission): why, in words. */
  unwritable: string | null;
}

/**
 * Makes the data folder ready before anything else touches it: the folders exist (and are folders),
 * modes are tightened, `tmp/` is emptied. Never throws: a folder that cannot be written is reported
 * in `unwritable`, and each operation that needs it says so when it fails.
 */
export function prepareDataFolder(
  userDataDir: string,
  platform: NodeJS.Platform = process.platform,
  now: Date = new Date(),
): PreparedDataFolder {
  const result: PreparedDataFolder = { movedAside: [], unwritable: null };
  try {
    mkdirSync(userDataDir, { recursive: true, mode: PRIVATE_FOLDER_MODE });
  } catch (err) {
    result.unwritable = fileSystemReason(err);
    return result;
  }
  for (const name of DATA_FOLDERS) {
    const dir = path.join(userDataDir, name);
    try {
      const stat = lstatSync(dir, { throwIfNoEntry: false });
      if (stat && !stat.isDirectory()) {
        const movedTo = asideName(dir, now);
        renameSync(dir, movedTo);
        result.movedAside.push({ name, movedTo });
      }
      mkdirSync(dir, { recursive: true, mode: PRIVATE_FOLDER_MODE });
    } catch (err) {
      result.unwritable ??= fileSystemReason(err);
    }
  }
  if (platform !== 'win32') tightenModes(userDataDir);
  // A crash during a write leaves its hidden temporary file beside the target: noted in tmp/writes.
  removeLeftTemporaries(temporaryNotesDir(userDataDir));
  emptyFolderSync(path.join(userDataDir, 'tmp'));
  result.unwritable ??= probeWritable(userDataDir);
  return result;
}

/** Where the app notes the temporary files of atomic writes under way (write-atomically.ts). */
export function temporaryNotesDir(userDataDir: string): string {
  return path.join(userDataDir, 'tmp', 'writes');
}

/** `<name>.unreadable-<time>`, numbered if taken: where a damaged file or folder is moved. */
export function asideName(file: string, now: Date = new Date()): string {
  const time = now.toISOString().replace(/[:.]/g, '-');
  let target = `${file}.unreadable-${time}`;
  for (let n = 2; existsSync(target); n++) target = `${file}.unreadable-${time}-${n}`;
  return target;
}

/** Empties `dir` (keeping it); a failure is left for the next start. */
export async function emptyFolder(dir: string): Promise<void> {
  const entries = await readdir(dir).catch(() => [] as string[]);
  await Promise.all(
    entries.map((name) => rm(path.join(dir, name), { recursive: true, force: true }).catch(() => undefined)),
  );
  await mkdir(dir, { recursive: true, mode: PRIVATE_FOLDER_MODE }).catch(() => undefined);
}

export function emptyFolderSync(dir: string): void {
  for (const name of readdirQuietly(dir)) {
    try {
      rmSync(path.join(dir, name), { recursive: true, force: true });
    } catch {
      // left for the next start
    }
  }
}

/**
 * No access for anyone but the user to PlanDesk's folders and files (settings.json and what was moved
 * aside next to it, the cache with its -wal/-shm, the logs, tmp/): new ones are made 0700 and 0600,
 * and here the group and other bits of existing ones are cleared (the user's own bits are left as
 * they are: a folder the user made read-only stays so). The user-data folder itself too: Electron
 * keeps the renderer's storage there.
 */
function tightenModes(userDataDir: string): void {
  privateMode(userDataDir);
  for (const name of readdirQuietly(userDataDir)) {
    const full = path.join(userDataDir, name);
    if (name.startsWith('settings.json') || (DATA_FOLDERS as readonly string[]).includes(name)) {
      tightenTree(full, 3);
    }
  }
}

function tightenTree(target: string, depth: number): void {
  const stat = lstatSync(target, { throwIfNoEntry: false });
  if (!stat || stat.isSymbolicLink()) return;
  privateMode(target, stat.mode);
  if (!stat.isDirectory() || depth === 0) return;
  for (const name of readdirQuietly(target)) tightenTree(path.join(target, name), depth - 1);
}

/** The names in `dir`; none when it cannot be read (nothing to do there, then). */
function readdirQuietly(dir: string): string[] {
  try {
    return readdirSync(dir);
  } catch {
    return [];
  }
}

function privateMode(target: string, mode?: number): void {
  try {
    const current = (mode ?? lstatSync(target).mode) & 0o777;
    if (current & 0o077) chmodSync(target, current & 0o700);
  } catch {
    // not ours to change (another owner): left as it is
  }
}

/** Null when a file can be created in the folder; else why not, in words. */
function probeWritable(dir: string): string | null {
  const probe = path.join(dir, `.write-check-${process.pid}`);
  try {
    closeSync(openSync(probe, 'w', PRIVATE_FILE_MODE));
    unlinkSync(probe);
    return null;
  } catch (err) {
    return fileSystemReason(err);
  }
}
