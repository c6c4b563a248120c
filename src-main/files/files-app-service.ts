import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ProjectFile } from '../api/schemas';
import type { Dialogs } from '../dialogs';
import type { ActiveSource, ActiveWorkspace } from '../contracts/active-workspace';
import { isClosing, type Operation, type Operations } from '../operations/operations';
import { ALLOWED_UPLOAD_EXTENSIONS, UPLOAD_CONTENT_TYPES } from './file-types';
import { UploadGrants } from './upload-grants';
import { checkUploadable } from './uploadable';
import { deleteFile, downloadFile } from './files-service';
import { keptFilePath } from './kept-files';
import type { UploadQueue } from './upload-queue';
import type {
  DownloadView,
  FileListView,
  FilePreview,
  FileRow,
  UploadResult,
} from '../../src-shared/files/types';
import type { OutboxProblem } from '../../src-shared/outbox/types';
import { fieldWords, ServiceError, toErrorValue } from '../errors/service-error';
import type { ErrorValue } from '../../src-shared/errors/service-error';
import { MAX_PREVIEW_BYTES, PREVIEW_DEADLINE_MS } from '../api/limits';
import { writeNewFileInside } from '../local-files/new-file-inside';
import { emptyFolder, PRIVATE_FOLDER_MODE } from '../local-files/data-folder';
import { localFileError } from '../local-files/write-atomically';
import { displayFileName, fileExtension } from '../../src-shared/files/safe-file-name';
import { opensWithSystem } from '../../src-shared/files/upload-types';
import { SavedFiles } from '../local-files/saved-files';

const PREVIEWABLE = new Set(['png', 'jpg', 'jpeg', 'gif', 'webp', 'bmp', 'svg', 'pdf']);

/**
 * Held for reasons an upload the user is watching is not kept for: the service refused the file, or
 * the project is gone. Every other hold (the key, an archived project, the copy) keeps the entry.
 */
const NOT_KEPT: readonly OutboxProblem[] = ['type-refused', 'refused', 'project-deleted'];

/** The project files screen, on top of files-service and the client. */
export class FilesAppService {
  constructor(
    private readonly active: ActiveSource,
    private readonly operations: Operations,
    private readonly dialogs: Dialogs,
    /** A folder of ours for previews and "open with": emptied at start, on exit and on removal. */
    private readonly scratchDir: string = path.join(os.tmpdir(), 'plandesk-files'),
    private readonly grants: UploadGrants = new UploadGrants(),
    private readonly queue: UploadQueue | null = null,
  ) {
    this.saved = new SavedFiles(dialogs);
  }

  /** What PlanDesk saved this session (exports): the notice after an export opens or shows them. */
  readonly saved: SavedFiles;

  /** The project's files, read through the cache: offline, the list kept on this computer. */
  async list(projectId: string): Promise<FileRow[]> {
    return (await this.listView(projectId)).rows;
  }

  async listView(projectId: string): Promise<FileListView> {
    const { cached } = await this.active();
    const r = await cached.listProjectFiles(projectId);
    const kept = new Set(cached.cache.keptFiles.list(projectId).map((f) => f.fileId));
    return {
      rows: r.data.map((f) => ({ ...toRow(f), ...(kept.has(f.id) ? { kept: true } : {}) })),
      source: r.source,
      fetchedAt: r.fetchedAt.toISOString(),
    };
  }

  /**
   * Uploads dropped files (their paths) or, with none given, the files picked in the open dialog.
   * Only files the user gave PlanDesk (its dialog, a real drop) are read, and only regular files,
   * never a link. Types are checked for every file before anything is sent.
   *
   * Every upload goes through the outbox: the files are copied there (with their checksums; the
   * operation's progress says `copying` meanwhile, and Cancel stops it) and, when online, sent at
   * once, one after another; progress counts bytes over all files. Those that cannot go now (offline,
   * the connection or the service failed on the way) wait there (`queued`) instead of failing, and so
   * do those held for the user (the key refused, the project archived, the copy damaged): the outbox
   * says why. One the service refuses, or whose project is gone, is not kept: it is in `refused`, with
   * the error, and the original is where the user chose it.
   */
  async upload(projectId: string, paths: string[] | undefined, operationId?: string): Promise<UploadResult> {
    // This call's workspace: what is picked or was dropped goes there, whatever is switched meanwhile.
    const workspace = await this.active();
    const { meta } = workspace;
    if (!paths?.length) {
      const picked = await this.dialogs.openFiles(ALLOWED_UPLOAD_EXTENSIONS);
      return picked.length === 0
        ? { uploaded: [], queued: [], refused: [] }
        : this.send(workspace, projectId, picked, operationId);
    }
    // Dropped on this project's view, in this workspace; each drop is good for one upload that
    // succeeds: a failed one (not one the user cancelled) keeps it for Retry.
    const grants = this.grants.use(paths, { workspaceId: meta.id, projectId }, meta.language);
    try {
      return await this.send(workspace, projectId, paths, operationId);
    } catch (err) {
      if (toErrorValue(err).kind !== 'cancelled') grants.restore();
      throw err;
    }
  }

  /** Puts `files` (the user gave each) in the outbox and, online, sends them at once. */
  private async send(
    { cached, meta }: ActiveWorkspace,
    projectId: string,
    files: string[],
    operationId: string | undefined,
  ): Promise<UploadResult> {
    for (const f of files) await checkUploadable(f);
    if (!this.queue) throw new ServiceError('config', 'PlanDesk has no outbox to upload through.');
    const projectName = cached.cachedProjects().items.find((p) => p.id === projectId)?.name ?? '';
    const op = this.operations.start(operationId);
    try {
      // Not sent by the outbox on its own: sent below, so this call learns what became of each.
      const entries = await this.queue.enqueue(meta.id, projectId, projectName, files, {
        signal: op.signal,
        onProgress: (copied, total) => op.progress(copied, total, 'copying'),
        drain: false,
      });
      if (op.signal.aborted) {
        // Cancelled by the user: not uploaded. PlanDesk closing: in the outbox, for the next start.
        if (!isClosing(op.signal)) for (const e of entries) await this.queue.remove(meta.id, e.id);
        throw new ServiceError('cancelled', 'The upload was cancelled.');
      }
      if (!cached.online) {
        // They wait; the outbox tries (and goes on trying) by itself.
        void this.queue.drain(meta.id);
        return { uploaded: [], queued: files.map(fileNameOf), refused: [] };
      }
      return await this.sendNow(meta.id, entries, files, op);
    } finally {
      op.finish();
    }
  }

  /**
   * The user chooses, in the open dialog, the file again for a waiting upload whose copy is gone or
   * damaged: it is copied anew (with a new checksum) and sent. False when the dialog was closed.
   */
  async chooseFileAgain(entryId: number): Promise<{ replaced: boolean }> {
    const [file] = await this.dialogs.openFiles(ALLOWED_UPLOAD_EXTENSIONS);
    if (!file) return { replaced: false };
    // Picked in main's own dialog for this entry, in this call: no grant needed.
    await checkUploadable(file);
    if (!this.queue) throw new ServiceError('config', 'PlanDesk has no outbox to upload through.');
    const { meta } = await this.active();
    await this.queue.replaceCopy(meta.id, entryId, file);
    return { replaced: true };
  }

  /**
   * The entries just added, sent now. What the service refused (or whose project is gone) is removed
   * and said, per file; what is held for the user (a refused key, an archived project, a damaged
   * copy) stays in the outbox, which says why.
   */
  private async sendNow(
    workspaceId: string,
    entries: readonly { id: number; size: number }[],
    files: readonly string[],
    op: Operation,
  ): Promise<UploadResult> {
    const total = entries.reduce((sum, e) => sum + e.size, 0);
    const sent = new Map<number, number>();
    const fates = await this.queue!.send(
      workspaceId,
      entries.map((e) => e.id),
      {
        signal: op.signal,
        onProgress: (id, bytes) => {
          sent.set(id, bytes);
          op.progress(
            [...sent.values()].reduce((a, b) => a + b, 0),
            total,
          );
        },
      },
    );
    // The drain has put the registered files in the kept files list already.
    const result: UploadResult = { uploaded: [], queued: [], refused: [] };
    for (const [i, e] of entries.entries()) {
      const fate = fates.get(e.id) ?? { kind: 'waiting' };
      const name = fileNameOf(files[i]!);
      if (fate.kind === 'registered' && fate.file) result.uploaded.push(toRow(fate.file));
      else if (fate.kind === 'waiting') result.queued.push(name);
      else if (fate.kind === 'held' && !NOT_KEPT.includes(fate.problem)) result.queued.push(name);
      else if (fate.kind === 'held') {
        await this.queue!.remove(workspaceId, e.id);
        result.refused.push({ name, problem: fate.problem, ...refusal(fate.error) });
      }
    }
    if (op.signal.aborted) throw new ServiceError('cancelled', 'The upload was cancelled.');
    return result;
  }

  /**
   * Into a folder the user chooses, under the file's name made safe, never over another file. A file
   * kept with the project's offline copy is copied from there (no connection needed).
   */
  async download(projectId: string, fileId: string, operationId?: string): Promise<DownloadView> {
    const folder = await this.dialogs.chooseFolder();
    if (!folder) return { path: null };
    const { client } = await this.active();
    const file = await this.find(projectId, fileId);
    const kept = await this.keptCopy(projectId, file);
    const op = this.operations.start(operationId);
    try {
      const saved = await writeNewFileInside(folder, file.name, (dest) =>
        kept
          ? copyKept(kept, dest).then(() => null)
          : downloadFile(client, projectId, file, dest, {
              signal: op.signal,
              onProgress: (bytes, total) => op.progress(bytes, total),
            }),
      );
      const got = saved.result;
      // Complete by the transfer's own length; a list size that differs is worth a note.
      return got && got.listedBytes !== null && got.listedBytes !== got.bytes
        ? { path: saved.path, sizeDiffers: { listed: got.listedBytes, received: got.bytes } }
        : { path: saved.path };
    } finally {
      op.finish();
    }
  }

  /**
   * Opens the file with the program the OS associates with it: only for the types PlanDesk itself
   * uploads (by the real extension of the name on disk). Anything else could be a program the OS
   * would run; for those the screen offers "Show in folder".
   */
  async open(projectId: string, fileId: string, operationId?: string): Promise<{ path: string }> {
    const file = await this.find(projectId, fileId);
    const extension = fileExtension(file.name);
    if (!isOpenable(extension)) {
      throw new ServiceError(
        'validation',
        `PlanDesk does not open ${extension ? `".${extension}" files` : 'files without a known type'} with another program; use "Show in folder" instead.`,
      );
    }
    const local = await this.fetchToScratch(projectId, file, { operationId });
    await this.dialogs.openPath(local);
    return { path: local };
  }

  /** Fetches the file and shows it in the system's file manager, selected; nothing is run. */
  async showInFolder(projectId: string, fileId: string, operationId?: string): Promise<{ path: string }> {
    const file = await this.find(projectId, fileId);
    const local = await this.fetchToScratch(projectId, file, { operationId });
    await this.dialogs.showInFolder(local);
    return { path: local };
  }

  /**
   * Images and PDFs up to MAX_PREVIEW_BYTES, by the real extension (never the service's
   * `file_type`), with the content type PlanDesk itself gives that extension. Cancelled with its
   * operation, and given up after PREVIEW_DEADLINE_MS.
   */
  async preview(projectId: string, fileId: string, operationId?: string): Promise<FilePreview | null> {
    const file = await this.find(projectId, fileId);
    const type = fileExtension(file.name);
    const contentType = UPLOAD_CONTENT_TYPES[type];
    if (!PREVIEWABLE.has(type) || !contentType || (file.size ?? 0) > MAX_PREVIEW_BYTES) return null;
    const local = await this.fetchToScratch(projectId, file, {
      operationId,
      maxBytes: MAX_PREVIEW_BYTES,
      deadlineMs: PREVIEW_DEADLINE_MS,
    });
    try {
      const bytes = await fs.readFile(local).catch((err: unknown) => {
        throw localFileError(err, local, 'read');
      });
      return { contentType, dataUrl: `data:${contentType};base64,${bytes.toString('base64')}` };
    } finally {
      await fs.rm(path.dirname(local), { recursive: true, force: true });
    }
  }

  async delete(projectId: string, fileId: string): Promise<{ deleted: true }> {
    const { client, cached } = await this.active();
    await deleteFile(client, projectId, fileId);
    cached.updateCachedFiles(projectId, (list) => list.filter((f) => f.id !== fileId));
    return { deleted: true };
  }

  /** Empties the scratch folder (at start, on exit, when a workspace is removed). */
  async clearScratch(): Promise<void> {
    await emptyFolder(this.scratchDir);
  }

  /** From the service's list (offline: the list kept), so a kept file opens without a connection. */
  private async find(projectId: string, fileId: string): Promise<ProjectFile> {
    const { cached } = await this.active();
    const file = (await cached.listProjectFiles(projectId)).data.find((f) => f.id === fileId);
    if (!file) throw new ServiceError('not-found', 'That file is no longer in the project.');
    return file;
  }

  /** The file's kept copy, when the project keeps its files and this one is complete. */
  private async keptCopy(projectId: string, file: ProjectFile): Promise<string | null> {
    const { cached } = await this.active();
    const kept = cached.cache.keptFiles.get(projectId, file.id);
    if (!kept || !cached.cache.keptFilesDir) return null;
    const at = keptFilePath(cached.cache.keptFilesDir, kept);
    const info = await fs.stat(at).catch(() => null);
    return info?.isFile() && info.size === kept.size ? at : null;
  }

  private async fetchToScratch(
    projectId: string,
    file: ProjectFile,
    options: { operationId?: string | undefined; maxBytes?: number; deadlineMs?: number },
  ): Promise<string> {
    const { client } = await this.active();
    let dir: string;
    try {
      await fs.mkdir(this.scratchDir, { recursive: true, mode: PRIVATE_FOLDER_MODE });
      dir = await fs.mkdtemp(path.join(this.scratchDir, 'f-'));
    } catch (err) {
      throw localFileError(err, this.scratchDir, 'write');
    }
    const kept = await this.keptCopy(projectId, file);
    const op = this.operations.start(options.operationId);
    try {
      const saved = await writeNewFileInside(dir, file.name, (dest): Promise<unknown> =>
        kept
          ? copyKept(kept, dest)
          : downloadFile(client, projectId, file, dest, {
              signal: op.signal,
              ...(options.maxBytes !== undefined ? { maxBytes: options.maxBytes } : {}),
              ...(options.deadlineMs !== undefined ? { deadlineMs: options.deadlineMs } : {}),
            }),
      );
      return saved.path;
    } catch (err) {
      await fs.rm(dir, { recursive: true, force: true });
      throw err;
    } finally {
      op.finish();
    }
  }
}

/**
 * Why the service (or this computer) would not take a file, as the error the user reads: what the
 * service said of each field is its words (the screen shows them beside the reason).
 */
function refusal(err: unknown): ErrorValue {
  if (!(err instanceof ServiceError)) {
    return toErrorValue(
      new ServiceError('validation', 'The file could not be uploaded; it was not kept for later.'),
    );
  }
  const value = toErrorValue(err);
  const fields = fieldWords(value);
  return fields ? { ...value, serviceMessage: fields } : value;
}

function fileNameOf(p: string): string {
  return displayFileName(path.basename(p));
}

async function copyKept(kept: string, dest: string): Promise<void> {
  await fs.copyFile(kept, dest).catch((err: unknown) => {
    throw localFileError(err, dest, 'write');
  });
}

function isOpenable(extension: string): boolean {
  return opensWithSystem(extension);
}

function toRow(f: ProjectFile): FileRow {
  const type = fileExtension(f.name);
  return {
    id: f.id,
    name: displayFileName(f.name),
    type,
    openable: isOpenable(type),
    contentType: f.content_type ?? null,
    size: f.size ?? null,
    created: f.created ?? null,
    origin: f.origin ?? null,
  };
}
