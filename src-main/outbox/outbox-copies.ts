/**
 * The outbox's copies of the files waiting to be uploaded, in the data folder:
 * `outbox/<workspace>/<entry folder>/<the file's own name>`. The copy is what gets uploaded later, so
 * the original may be moved or deleted once it is in the outbox. The copy keeps the file's own name:
 * the service names the uploaded file after it.
 *
 * A copy is made in `<folder>.part/` while its SHA-256 is taken from the bytes as they are copied; it
 * is synced to disk with `.plandesk-entry.json` beside it (what its record says when it is added:
 * workspace, project, name, size, checksum, time) and the folder is renamed into place (the rename
 * synced too) before its record is written. So every complete copy can name its own record if the
 * records are lost (outbox-recovery.ts).
 *
 * A copy is never deleted unless its record says the service registered it, or the user removed it.
 * Removing is decided per file, and that decision cannot be skipped: the manifest is renamed to
 * `.plandesk-removed` (written, where there is no manifest) before anything else; only then may the
 * record go. A folder holding that mark is never adopted again, only deleted. The folder itself is
 * then renamed `<folder>.removed` and deleted, as far as the system lets it (a file in use on Windows
 * keeps it until the next start).
 *
 * At start only what no process is working on is swept: unfinished `.part` folders and interrupted
 * removals, never a folder this process is making, nor one written since it started (another process
 * on the same data folder may be making it).
 */
import { createHash, randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { lstat, mkdir, open, readdir, readFile, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { ServiceError } from '../errors/service-error';
import { faultPoint } from '../faults/fault-points';
import { PRIVATE_FILE_MODE, PRIVATE_FOLDER_MODE } from '../local-files/data-folder';
import { localFileError, syncFile, syncFolder } from '../local-files/write-atomically';

const PART = '.part';
const REMOVED = '.removed';
/** Not a name the service accepts for an upload (no .json), so never a copy's own name. */
export const MANIFEST = '.plandesk-entry.json';
/** The user's (or the registration's) decision that a copy goes: never adopted again. */
export const REMOVED_MARK = '.plandesk-removed';

/** What a copy's folder says about it (written once, with the copy). */
export interface CopyManifest {
  workspaceId: string;
  projectId: string;
  projectName: string;
  fileName: string;
  size: number;
  sha256: string;
  addedAt: string;
  /**
   * The folder of the copy this one replaces (the user chose the file again): a crash before the
   * record names the new copy leaves the record to be moved over to it, never a second entry.
   */
  replaces?: string;
}

export interface MadeCopy {
  folder: string;
  /** The copy's own name: the name the file gets in the project. */
  fileName: string;
  size: number;
  sha256: string;
}

export interface CopyOptions {
  /** Cancels the copy (nothing of it is left). */
  signal?: AbortSignal;
  /** Bytes copied so far, and the file's size. */
  onProgress?: (copied: number, total: number) => void;
  /** The copy's name (the name the file gets in the project), when not the file's own: a safe name. */
  name?: string;
}

/** The complete copies of a workspace, and which of them no process may adopt now. */
export interface SweptCopies {
  complete: string[];
  /** Made by this process and not recorded yet, or written since it started (another process's). */
  recent: Set<string>;
}

export class OutboxCopies {
  /** Folders this process is making or recording (`<workspace>/<folder>`): never swept, never adopted. */
  private readonly making = new Set<string>();

  constructor(
    /** `<user data>/outbox` */
    readonly root: string,
    /** When this process started: what was written since is another process's work in progress. */
    private readonly startedAt: number = Date.now(),
  ) {}

  /** The copy of an entry (its folder and the file's name as recorded). */
  pathOf(workspaceId: string, folder: string, fileName: string): string {
    return path.join(this.root, workspaceId, folder, fileName);
  }

  folderOf(workspaceId: string, folder: string): string {
    return path.join(this.root, workspaceId, folder);
  }

  /**
   * Copies `source` into a new folder of the workspace's outbox, taking its SHA-256 on the way, with
   * the manifest beside it; returns the folder, the size and the checksum. The folder counts as being
   * made until `recorded` says its record is written (or it was removed).
   */
  add(
    source: string,
    about: Omit<CopyManifest, 'fileName' | 'size' | 'sha256' | 'addedAt'>,
    addedAt: Date,
    options: CopyOptions = {},
  ): Promise<MadeCopy> {
    return this.make(source, about, addedAt, options, true);
  }

  /** `add`; the workspace's folder synced after the rename only with `syncBase` (else by the caller). */
  private async make(
    source: string,
    about: Omit<CopyManifest, 'fileName' | 'size' | 'sha256' | 'addedAt'>,
    addedAt: Date,
    options: CopyOptions,
    syncBase: boolean,
  ): Promise<MadeCopy> {
    const base = path.join(this.root, about.workspaceId);
    const folder = randomUUID();
    const partDir = path.join(base, `${folder}${PART}`);
    const fileName = options.name ?? path.basename(source);
    const target = path.join(partDir, fileName);
    this.making.add(key(about.workspaceId, folder));
    try {
      await mkdir(partDir, { recursive: true, mode: PRIVATE_FOLDER_MODE });
      const { size, sha256 } = await copyHashed(source, target, options);
      const manifest: CopyManifest = { ...about, fileName, size, sha256, addedAt: addedAt.toISOString() };
      await writeSynced(path.join(partDir, MANIFEST), JSON.stringify(manifest));
      await rename(partDir, path.join(base, folder));
      if (syncBase) await syncFolder(base);
      return { folder, fileName, size, sha256 };
    } catch (err) {
      await rm(partDir, { recursive: true, force: true }).catch(() => undefined);
      this.making.delete(key(about.workspaceId, folder));
      if (options.signal?.aborted) throw new ServiceError('cancelled', 'The upload was cancelled.');
      // Said of the file the user chose when it cannot be read, else of the outbox's folder (the
      // temporary copy is gone again).
      const reading = (err as NodeJS.ErrnoException)?.path === source;
      throw localFileError(err, reading ? source : base, reading ? 'read' : 'write');
    }
  }

  /**
   * Copies several files (`add`), all or none: one that fails, or a cancel, removes those made. The
   * progress counts the bytes copied over all of them.
   */
  async addAll(
    sources: readonly string[],
    about: Omit<CopyManifest, 'fileName' | 'size' | 'sha256' | 'addedAt'>,
    addedAt: Date,
    options: CopyOptions = {},
  ): Promise<MadeCopy[]> {
    const sizes = await Promise.all(
      sources.map((p) =>
        lstat(p).then(
          (i) => i.size,
          () => 0,
        ),
      ),
    );
    const total = sizes.reduce((a, b) => a + b, 0);
    const made: MadeCopy[] = [];
    let before = 0;
    try {
      for (const source of sources) {
        if (options.signal?.aborted) throw new ServiceError('cancelled', 'The upload was cancelled.');
        const copy = await this.make(
          source,
          about,
          addedAt,
          { ...options, onProgress: (copied) => options.onProgress?.(before + copied, total) },
          false,
        );
        made.push(copy);
        before += copy.size;
      }
      // The renames into place on disk, once for all of them, before their records are written.
      await syncFolder(path.join(this.root, about.workspaceId));
      return made;
    } catch (err) {
      await Promise.all(made.map((c) => this.remove(about.workspaceId, c.folder)));
      throw err;
    }
  }

  /** The copy's record is written (or the copy was given up): start may sweep and adopt it again. */
  recorded(workspaceId: string, folder: string): void {
    this.making.delete(key(workspaceId, folder));
  }

  /**
   * Drops a copy: first the decision, on disk (the manifest renamed to the removed mark), then the
   * folder, as far as the system lets it. False when the decision could not be made (nothing
   * changed): the caller keeps its record, and tries again later.
   */
  async remove(workspaceId: string, folder: string): Promise<boolean> {
    const dir = this.folderOf(workspaceId, folder);
    if (!(await markRemoved(dir))) return false;
    this.recorded(workspaceId, folder);
    await deleteFolder(dir);
    return true;
  }

  /**
   * At start: unfinished copies (`.part`, never recorded, the user never told they wait), removals a
   * crash interrupted and folders holding the removed mark are deleted — none a process may still be
   * working on. Returns every complete copy's folder, and which of them are too recent to adopt.
   */
  async sweep(workspaceId: string): Promise<SweptCopies> {
    const base = path.join(this.root, workspaceId);
    const names = await readdir(base).catch(() => [] as string[]);
    const swept: SweptCopies = { complete: [], recent: new Set() };
    for (const n of names) {
      const dir = path.join(base, n);
      const info = await lstat(dir).catch(() => null);
      if (!info?.isDirectory()) continue;
      const unfinished = n.endsWith(PART) || n.endsWith(REMOVED);
      const own = this.making.has(key(workspaceId, unfinished ? n.replace(/\.(part|removed)$/, '') : n));
      const recent = own || (await this.writtenSinceStart(dir, info.mtimeMs));
      if (unfinished) {
        if (!recent || n.endsWith(REMOVED)) await rm(dir, { recursive: true, force: true }).catch(() => {});
        continue;
      }
      if (await exists(path.join(dir, REMOVED_MARK))) {
        await deleteFolder(dir);
        continue;
      }
      swept.complete.push(n);
      if (recent) swept.recent.add(n);
    }
    return swept;
  }

  /** What a copy's folder says about it; null when it says nothing readable (an older PlanDesk's). */
  async manifest(workspaceId: string, folder: string): Promise<CopyManifest | null> {
    try {
      const text = await readFile(path.join(this.folderOf(workspaceId, folder), MANIFEST), 'utf8');
      const m = JSON.parse(text) as Partial<CopyManifest>;
      const strings = [m.workspaceId, m.projectId, m.projectName, m.fileName, m.sha256, m.addedAt];
      if (strings.some((v) => typeof v !== 'string') || typeof m.size !== 'number') return null;
      if (m.fileName !== path.basename(m.fileName!) || m.workspaceId !== workspaceId) return null;
      if (m.replaces !== undefined && typeof m.replaces !== 'string') return null;
      return m as CopyManifest;
    } catch {
      return null;
    }
  }

  /** The whole workspace's outbox (the workspace is removed): renamed away first, then deleted. */
  async removeWorkspace(workspaceId: string): Promise<void> {
    const dir = path.join(this.root, workspaceId);
    const gone = `${dir}${REMOVED}`;
    const renamed = await rename(dir, gone).then(
      () => true,
      (err: NodeJS.ErrnoException) => err.code === 'ENOENT',
    );
    if (!renamed) {
      // A copy in use (Windows): each is marked removed, so none is ever adopted again.
      for (const n of await readdir(dir).catch(() => [] as string[])) await markRemoved(path.join(dir, n));
    }
    await rm(renamed ? gone : dir, { recursive: true, force: true }).catch(() => undefined);
  }

  /** Removals of whole workspaces a crash interrupted. */
  async sweepRemovedWorkspaces(): Promise<void> {
    const names = await readdir(this.root).catch(() => [] as string[]);
    await Promise.all(
      names
        .filter((n) => n.endsWith(REMOVED))
        .map((n) => rm(path.join(this.root, n), { recursive: true, force: true }).catch(() => undefined)),
    );
  }

  /** The workspaces that have a folder of copies (some may no longer be set up). */
  async workspaceFolders(): Promise<string[]> {
    const names = await readdir(this.root).catch(() => [] as string[]);
    const out: string[] = [];
    for (const n of names) {
      if (n.endsWith(REMOVED)) continue;
      if ((await lstat(path.join(this.root, n)).catch(() => null))?.isDirectory()) out.push(n);
    }
    return out;
  }

  /** Whether the copy is still there, a regular file of the recorded size. */
  async intact(workspaceId: string, folder: string, fileName: string, size: number): Promise<boolean> {
    const info = await lstat(this.pathOf(workspaceId, folder, fileName)).catch(() => null);
    return info !== null && info.isFile() && info.size === size;
  }

  /** The SHA-256 of a copy as it is now (a copy an older PlanDesk made, adopted). */
  async hashOf(file: string): Promise<string> {
    const hash = createHash('sha256');
    await pipeline(createReadStream(file), hash);
    return hash.digest('hex');
  }

  /** Whether the folder, or a file in it, was written since this process started. */
  private async writtenSinceStart(dir: string, folderMtimeMs: number): Promise<boolean> {
    if (folderMtimeMs >= this.startedAt) return true;
    for (const n of await readdir(dir).catch(() => [] as string[])) {
      const info = await lstat(path.join(dir, n)).catch(() => null);
      if (info && info.mtimeMs >= this.startedAt) return true;
    }
    return false;
  }
}

function key(workspaceId: string, folder: string): string {
  return `${workspaceId}/${folder}`;
}

async function exists(p: string): Promise<boolean> {
  return (await lstat(p).catch(() => null)) !== null;
}

/**
 * The decision that a copy goes, on disk: its manifest renamed to the removed mark, or the mark
 * written where there is no manifest (an older copy). True when it is marked, or there is no folder.
 */
async function markRemoved(dir: string): Promise<boolean> {
  const mark = path.join(dir, REMOVED_MARK);
  try {
    await rename(path.join(dir, MANIFEST), mark);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') return false;
    if (!(await exists(dir))) return true;
    if (!(await exists(mark))) {
      try {
        await writeSynced(mark, '');
      } catch {
        return !(await exists(dir));
      }
    }
  }
  await syncFolder(dir).catch(() => undefined);
  return true;
}

/** Renamed away first (gone from view at once), then deleted; what the system keeps waits for a sweep. */
async function deleteFolder(dir: string): Promise<void> {
  const gone = `${dir}${REMOVED}`;
  const renamed = await rename(dir, gone).then(
    () => true,
    () => false,
  );
  await rm(renamed ? gone : dir, { recursive: true, force: true }).catch(() => undefined);
}

/** Copies the bytes, hashing them as they pass; the copy is the user's alone and synced to disk. */
async function copyHashed(
  source: string,
  target: string,
  options: CopyOptions,
): Promise<{ size: number; sha256: string }> {
  const hash = createHash('sha256');
  const total = (await lstat(source)).size;
  let size = 0;
  let halfway = false;
  const tap = new Transform({
    transform(chunk: Buffer, _enc, done) {
      hash.update(chunk);
      size += chunk.length;
      options.onProgress?.(size, total);
      if (!halfway && size * 2 >= total) {
        halfway = true;
        faultPoint('outbox:copy-in').then(() => done(null, chunk), done);
        return;
      }
      done(null, chunk);
    },
  });
  const out = createWriteStream(target, { flags: 'wx', mode: PRIVATE_FILE_MODE });
  await pipeline(createReadStream(source), tap, out, options.signal ? { signal: options.signal } : {});
  await syncFile(target);
  return { size, sha256: hash.digest('hex') };
}

async function writeSynced(file: string, text: string): Promise<void> {
  const handle = await open(file, 'wx', PRIVATE_FILE_MODE);
  try {
    await handle.writeFile(text, 'utf8');
    await handle.sync();
  } finally {
    await handle.close();
  }
}
