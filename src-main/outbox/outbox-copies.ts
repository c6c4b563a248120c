/**
 * The outbox's copies of the files waiting to be uploaded, in the data folder:
 * `outbox/<workspace>/<entry folder>/<the file's own name>`. The copy is what gets uploaded later, so
 * the original may be moved or deleted once it is in the outbox. The copy keeps the file's own name:
 * the service names the uploaded file after it.
 *
 * A copy is made in `<folder>.part/`, synced to disk and renamed into place before its record is
 * written; a `.part` folder, or a folder without a record (a crash between the two), is removed
 * when the outbox starts.
 */
import { randomUUID } from 'node:crypto';
import { copyFile, chmod, lstat, mkdir, open, readdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { PRIVATE_FILE_MODE, PRIVATE_FOLDER_MODE } from '../local-files/data-folder';
import { localFileError } from '../local-files/write-atomically';

const PART = '.part';

export class OutboxCopies {
  constructor(
    /** `<user data>/outbox` */
    private readonly root: string,
  ) {}

  /** The copy of an entry (its folder and the file's name as recorded). */
  pathOf(workspaceId: string, folder: string, fileName: string): string {
    return path.join(this.root, workspaceId, folder, fileName);
  }

  /** Copies `source` into a new folder of the workspace's outbox; returns the folder and the size. */
  async add(workspaceId: string, source: string): Promise<{ folder: string; size: number }> {
    const base = path.join(this.root, workspaceId);
    const folder = randomUUID();
    const partDir = path.join(base, `${folder}${PART}`);
    const name = path.basename(source);
    const target = path.join(partDir, name);
    try {
      await mkdir(partDir, { recursive: true, mode: PRIVATE_FOLDER_MODE });
      await copyFile(source, target);
      // copyFile gives the copy the original's mode; the outbox is the user's alone.
      await chmod(target, PRIVATE_FILE_MODE).catch(() => undefined);
      const handle = await open(target, 'r');
      try {
        await handle.sync();
      } finally {
        await handle.close();
      }
      const size = (await lstat(target)).size;
      await rename(partDir, path.join(base, folder));
      return { folder, size };
    } catch (err) {
      await rm(partDir, { recursive: true, force: true }).catch(() => undefined);
      throw localFileError(err, target, 'write');
    }
  }

  async remove(workspaceId: string, folder: string): Promise<void> {
    await rm(path.join(this.root, workspaceId, folder), { recursive: true, force: true }).catch(
      () => undefined,
    );
  }

  /** Removes unfinished copies and copies no record names (made just before a crash). */
  async sweep(workspaceId: string, recorded: ReadonlySet<string>): Promise<string[]> {
    const base = path.join(this.root, workspaceId);
    const names = await readdir(base).catch(() => [] as string[]);
    const gone = names.filter((n) => n.endsWith(PART) || !recorded.has(n));
    await Promise.all(
      gone.map((n) => rm(path.join(base, n), { recursive: true, force: true }).catch(() => undefined)),
    );
    return gone;
  }

  /** The whole workspace's outbox (the workspace is removed). */
  async removeWorkspace(workspaceId: string): Promise<void> {
    await rm(path.join(this.root, workspaceId), { recursive: true, force: true }).catch(() => undefined);
  }

  /** Whether the copy is still there, a regular file of the recorded size. */
  async intact(workspaceId: string, folder: string, fileName: string, size: number): Promise<boolean> {
    const info = await lstat(this.pathOf(workspaceId, folder, fileName)).catch(() => null);
    return info !== null && info.isFile() && info.size === size;
  }
}
