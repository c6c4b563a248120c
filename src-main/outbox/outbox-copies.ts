/**
 * The outbox's copies of the files waiting to be uploaded, in the data folder:
 * `outbox/<workspace>/<entry folder>/<the file's own name>`. The copy is what gets uploaded later, so
 * the original may be moved or deleted once it is in the outbox. The copy keeps the file's own name:
 * the service names the uploaded file after it.
 *
 * A copy is made in `<folder>.part/` while its SHA-256 is taken from the bytes as they are copied; it
 * is synced to disk with `.plandesk-entry.json` beside it (what its record says when it is added:
 * workspace, project, name, size, checksum, time) and the folder is renamed into place before its
 * record is written. So every complete copy can name its own record if the records are lost
 * (outbox-recovery.ts). A copy is never deleted unless its record says the service registered it,
 * or the user removed it: a removal first renames the folder to `<folder>.removed` (the decision,
 * atomic), and only those and unfinished `.part` folders are deleted at start.
 */
import { createHash, randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { lstat, mkdir, open, readdir, readFile, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { faultPoint } from '../faults/fault-points';
import { PRIVATE_FILE_MODE, PRIVATE_FOLDER_MODE } from '../local-files/data-folder';
import { localFileError, syncFile } from '../local-files/write-atomically';

const PART = '.part';
const REMOVED = '.removed';
/** Not a name the service accepts for an upload (no .json), so never a copy's own name. */
export const MANIFEST = '.plandesk-entry.json';

/** What a copy's folder says about it (written once, with the copy). */
export interface CopyManifest {
  workspaceId: string;
  projectId: string;
  projectName: string;
  fileName: string;
  size: number;
  sha256: string;
  addedAt: string;
}

export interface MadeCopy {
  folder: string;
  size: number;
  sha256: string;
}

export class OutboxCopies {
  constructor(
    /** `<user data>/outbox` */
    readonly root: string,
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
   * the manifest beside it; returns the folder, the size and the checksum.
   */
  async add(
    source: string,
    about: Omit<CopyManifest, 'fileName' | 'size' | 'sha256' | 'addedAt'>,
    addedAt: Date,
  ): Promise<MadeCopy> {
    const base = path.join(this.root, about.workspaceId);
    const folder = randomUUID();
    const partDir = path.join(base, `${folder}${PART}`);
    const fileName = path.basename(source);
    const target = path.join(partDir, fileName);
    try {
      await mkdir(partDir, { recursive: true, mode: PRIVATE_FOLDER_MODE });
      const { size, sha256 } = await copyHashed(source, target);
      const manifest: CopyManifest = { ...about, fileName, size, sha256, addedAt: addedAt.toISOString() };
      await writeSynced(path.join(partDir, MANIFEST), JSON.stringify(manifest));
      await rename(partDir, path.join(base, folder));
      return { folder, size, sha256 };
    } catch (err) {
      await rm(partDir, { recursive: true, force: true }).catch(() => undefined);
      // Said of the file the user chose when it cannot be read, else of the outbox's folder (the
      // temporary copy is gone again).
      const reading = (err as NodeJS.ErrnoException)?.path === source;
      throw localFileError(err, reading ? source : base, reading ? 'read' : 'write');
    }
  }

  /**
   * The user's decision to drop a copy, made atomic: its folder is renamed `<folder>.removed` (gone
   * from the outbox's view at once), then deleted. A crash in between leaves only the rename, which
   * `sweep` finishes.
   */
  async remove(workspaceId: string, folder: string): Promise<void> {
    const dir = this.folderOf(workspaceId, folder);
    const gone = `${dir}${REMOVED}`;
    await rename(dir, gone).catch(() => undefined);
    await rm(gone, { recursive: true, force: true }).catch(() => undefined);
  }

  /**
   * At start: unfinished copies (`.part`, never recorded, the user never told they wait) and removals
   * a crash interrupted are deleted. Returns every complete copy's folder.
   */
  async sweep(workspaceId: string): Promise<string[]> {
    const base = path.join(this.root, workspaceId);
    const names = await readdir(base).catch(() => [] as string[]);
    const unfinished = names.filter((n) => n.endsWith(PART) || n.endsWith(REMOVED));
    await Promise.all(
      unfinished.map((n) => rm(path.join(base, n), { recursive: true, force: true }).catch(() => undefined)),
    );
    const complete: string[] = [];
    for (const n of names) {
      if (unfinished.includes(n)) continue;
      if ((await lstat(path.join(base, n)).catch(() => null))?.isDirectory()) complete.push(n);
    }
    return complete;
  }

  /** What a copy's folder says about it; null when it says nothing readable (an older PlanDesk's). */
  async manifest(workspaceId: string, folder: string): Promise<CopyManifest | null> {
    try {
      const text = await readFile(path.join(this.folderOf(workspaceId, folder), MANIFEST), 'utf8');
      const m = JSON.parse(text) as Partial<CopyManifest>;
      const strings = [m.workspaceId, m.projectId, m.projectName, m.fileName, m.sha256, m.addedAt];
      if (strings.some((v) => typeof v !== 'string') || typeof m.size !== 'number') return null;
      if (m.fileName !== path.basename(m.fileName!) || m.workspaceId !== workspaceId) return null;
      return m as CopyManifest;
    } catch {
      return null;
    }
  }

  /** The file a folder holds besides its manifest (a copy an older PlanDesk made has no manifest). */
  async fileIn(workspaceId: string, folder: string): Promise<{ name: string; size: number } | null> {
    const dir = this.folderOf(workspaceId, folder);
    for (const name of await readdir(dir).catch(() => [] as string[])) {
      if (name === MANIFEST) continue;
      const info = await lstat(path.join(dir, name)).catch(() => null);
      if (info?.isFile()) return { name, size: info.size };
    }
    return null;
  }

  /** The whole workspace's outbox (the workspace is removed): renamed away first, then deleted. */
  async removeWorkspace(workspaceId: string): Promise<void> {
    const dir = path.join(this.root, workspaceId);
    const gone = `${dir}${REMOVED}`;
    await rename(dir, gone).catch(() => undefined);
    await rm(gone, { recursive: true, force: true }).catch(() => undefined);
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
}

/** Copies the bytes, hashing them as they pass; the copy is the user's alone and synced to disk. */
async function copyHashed(source: string, target: string): Promise<{ size: number; sha256: string }> {
  const hash = createHash('sha256');
  const total = (await lstat(source)).size;
  let size = 0;
  let halfway = false;
  const tap = new Transform({
    transform(chunk: Buffer, _enc, done) {
      hash.update(chunk);
      size += chunk.length;
      if (!halfway && size * 2 >= total) {
        halfway = true;
        faultPoint('outbox:copy-in').then(() => done(null, chunk), done);
        return;
      }
      done(null, chunk);
    },
  });
  const out = createWriteStream(target, { flags: 'wx', mode: PRIVATE_FILE_MODE });
  await pipeline(createReadStream(source), tap, out);
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
