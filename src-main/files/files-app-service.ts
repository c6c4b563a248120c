import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ProjectFile } from '../api/schemas';
import type { Dialogs } from '../dialogs';
import type { ActiveSource } from '../app/active-workspace';
import type { Operations } from '../operations/operations';
import { ALLOWED_UPLOAD_EXTENSIONS, UPLOAD_CONTENT_TYPES, uploadTypeOf } from './file-types';
import { UploadGrants } from './upload-grants';
import { deleteFile, downloadFile, uploadFile, type UploadStage } from './files-service';
import { keptFilePath } from './kept-files';
import type { FileListView, FilePreview, FileRow, UploadResult } from '../../src-shared/files/types';
import type { CachedClient } from '../cache/cached-client';
import { ServiceError } from '../errors/service-error';
import { MAX_PREVIEW_BYTES, PREVIEW_DEADLINE_MS } from '../api/limits';
import { writeNewFileInside } from '../local-files/new-file-inside';
import { emptyFolder, PRIVATE_FOLDER_MODE } from '../local-files/data-folder';
import { localFileError } from '../local-files/write-atomically';
import { displayFileName, fileExtension } from '../../src-shared/files/safe-file-name';
import { opensWithSystem } from '../../src-shared/files/upload-types';
import { SavedFiles } from '../local-files/saved-files';

const PREVIEWABLE = new Set(['png', 'jpg', 'jpeg', 'gif', 'webp', 'bmp', 'svg', 'pdf']);

/** Where files wait when they cannot be uploaded now (the outbox; see src-main/outbox). */
export interface UploadQueue {
  enqueue(
    workspaceId: string,
    projectId: string,
    projectName: string,
    files: readonly { path: string; registeringSince?: Date }[],
  ): Promise<unknown>;
}

/** The project files screen, on top of files-service and the client. */
export class FilesAppService {
  constructor(
    private readonly active: ActiveSource,
    private readonly operations: Operations,
    private readonly dialogs: Dialogs,
    /** A folder of ours for previews and "open with": emptied at start, on exit and on removal. */
    private readonly scratchDir: string = path.join(os.tmpdir(), 'plandesk-files'),
    private readonly grants: UploadGrants = new UploadGrants(),
    /** Without one, an upload that cannot be sent now fails as before. */
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

  /** The preload reports the path of a file really dropped on the window (see UploadGrants). */
  registerDrop(filePath: string): { registered: boolean } {
    if (!path.isAbsolute(filePath)) return { registered: false };
    this.grants.grant([filePath]);
    return { registered: true };
  }

  /**
   * Uploads dropped files (their paths) or, with none given, the files picked in the open dialog.
   * Only files the user gave PlanDesk (its dialog, a real drop) are read, and only regular files,
   * never a link. Types are checked for every file before anything is sent. Progress counts bytes
   * over all files.
   *
   * Offline, or when the connection drops on the way, the files not yet uploaded go to the outbox
   * (`queued`) instead of failing: copied now, sent when the service answers. One whose register
   * call was cut off goes there marked, so the files list is checked before it is sent again.
   */
  async upload(projectId: string, paths: string[] | undefined, operationId?: string): Promise<UploadResult> {
    let files: string[];
    if (paths?.length) {
      files = paths;
    } else {
      files = await this.dialogs.openFiles(ALLOWED_UPLOAD_EXTENSIONS);
      this.grants.grant(files);
    }
    if (files.length === 0) return { uploaded: [], queued: [] };
    const sizes: number[] = [];
    for (const f of files) {
      const name = displayFileName(path.basename(f));
      if (!this.grants.has(f)) {
        throw new ServiceError(
          'validation',
          `PlanDesk uploads only files chosen in its open dialog or dropped on its window ("${name}" was neither).`,
        );
      }
      uploadTypeOf(path.basename(f));
      const stat = await fs.lstat(f).catch(() => null);
      if (!stat?.isFile()) {
        throw new ServiceError(
          'validation',
          stat?.isSymbolicLink()
            ? `"${name}" is a link to another file; PlanDesk uploads only the file itself.`
            : `"${name}" is not a file PlanDesk can read.`,
        );
      }
      sizes.push(stat.size);
    }
    const { client, cached, meta } = await this.active();
    if (this.queue && !cached.online) {
      await this.enqueue(
        meta.id,
        cached,
        projectId,
        files.map((p) => ({ path: p })),
      );
      return { uploaded: [], queued: files.map(fileNameOf) };
    }
    const op = this.operations.start(operationId);
    const total = sizes.reduce((a, b) => a + b, 0);
    let before = 0;
    const uploaded: FileRow[] = [];
    try {
      for (const [i, f] of files.entries()) {
        let stage: UploadStage | null = null;
        let attemptStartedAt: Date | null = null;
        let file: ProjectFile;
        try {
          file = await uploadFile(client, projectId, f, {
            signal: op.signal,
            onProgress: (bytes) => op.progress(before + bytes, total),
            onStage: (s) => {
              stage = s;
              if (s === 'presign') attemptStartedAt = new Date();
            },
          });
        } catch (err) {
          if (!this.queue || !goesToOutbox(err, stage)) throw err;
          cached.noteOutcome(err);
          const rest = files.slice(i).map((p, j) => ({
            path: p,
            ...(j === 0 && stage === 'register' && attemptStartedAt
              ? { registeringSince: attemptStartedAt }
              : {}),
          }));
          await this.enqueue(meta.id, cached, projectId, rest);
          return { uploaded, queued: rest.map((r) => fileNameOf(r.path)) };
        }
        before += sizes[i]!;
        uploaded.push(toRow(file));
        cached.updateCachedFiles(projectId, (list) => [...list.filter((x) => x.id !== file.id), file]);
      }
      return { uploaded, queued: [] };
    } finally {
      op.finish();
    }
  }

  private async enqueue(
    workspaceId: string,
    cached: CachedClient,
    projectId: string,
    files: { path: string; registeringSince?: Date }[],
  ): Promise<void> {
    const name = cached.cachedProjects().items.find((p) => p.id === projectId)?.name ?? '';
    await this.queue!.enqueue(workspaceId, projectId, name, files);
  }

  /**
   * Into a folder the user chooses, under the file's name made safe, never over another file. A file
   * kept with the project's offline copy is copied from there (no connection needed).
   */
  async download(projectId: string, fileId: string, operationId?: string): Promise<{ path: string | null }> {
    const folder = await this.dialogs.chooseFolder();
    if (!folder) return { path: null };
    const { client } = await this.active();
    const file = await this.find(projectId, fileId);
    const kept = await this.keptCopy(projectId, file);
    const op = this.operations.start(operationId);
    try {
      const saved = await writeNewFileInside(folder, file.name, (dest): Promise<unknown> =>
        kept
          ? copyKept(kept, dest)
          : downloadFile(client, projectId, file, dest, {
              signal: op.signal,
              onProgress: (bytes, total) => op.progress(bytes, total),
            }),
      );
      return { path: saved.path };
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
 * Whether a failed upload goes to the outbox: no connection at any step, or an unknown end of the
 * register call (the service may have registered the file: the outbox checks before resending).
 */
function goesToOutbox(err: unknown, stage: UploadStage | null): boolean {
  if (!(err instanceof ServiceError)) return false;
  if (err.kind === 'network') return true;
  return stage === 'register' && (err.kind === 'server' || err.kind === 'invalid-response');
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
