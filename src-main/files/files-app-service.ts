import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ProjectFile } from '../api/schemas';
import type { Dialogs } from '../dialogs';
import type { ActiveSource } from '../app/active-workspace';
import type { Operations } from '../operations/operations';
import { ALLOWED_UPLOAD_EXTENSIONS, UPLOAD_CONTENT_TYPES, uploadTypeOf } from './file-types';
import { UploadGrants } from './upload-grants';
import { deleteFile, downloadFile, listFiles, uploadFile } from './files-service';
import type { FilePreview, FileRow, UploadResult } from '../../src-shared/files/types';
import { ServiceError } from '../errors/service-error';
import { MAX_PREVIEW_BYTES, PREVIEW_DEADLINE_MS } from '../api/limits';
import { writeNewFileInside } from '../local-files/new-file-inside';
import { emptyFolder, PRIVATE_FOLDER_MODE } from '../local-files/data-folder';
import { localFileError } from '../local-files/write-atomically';
import { displayFileName, fileExtension } from '../../src-shared/files/safe-file-name';

const PREVIEWABLE = new Set(['png', 'jpg', 'jpeg', 'gif', 'webp', 'bmp', 'svg', 'pdf']);

/** The project files screen, on top of files-service and the client. */
export class FilesAppService {
  constructor(
    private readonly active: ActiveSource,
    private readonly operations: Operations,
    private readonly dialogs: Dialogs,
    /** A folder of ours for previews and "open with": emptied at start, on exit and on removal. */
    private readonly scratchDir: string = path.join(os.tmpdir(), 'plandesk-files'),
    private readonly grants: UploadGrants = new UploadGrants(),
  ) {}

  async list(projectId: string): Promise<FileRow[]> {
    const { client } = await this.active();
    return (await listFiles(client, projectId)).map(toRow);
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
   */
  async upload(projectId: string, paths: string[] | undefined, operationId?: string): Promise<UploadResult> {
    let files: string[];
    if (paths?.length) {
      files = paths;
    } else {
      files = await this.dialogs.openFiles(ALLOWED_UPLOAD_EXTENSIONS);
      this.grants.grant(files);
    }
    if (files.length === 0) return { uploaded: [] };
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
    const { client } = await this.active();
    const op = this.operations.start(operationId);
    const total = sizes.reduce((a, b) => a + b, 0);
    let before = 0;
    const uploaded: FileRow[] = [];
    try {
      for (const [i, f] of files.entries()) {
        const file = await uploadFile(client, projectId, f, {
          signal: op.signal,
          onProgress: (bytes) => op.progress(before + bytes, total),
        });
        before += sizes[i]!;
        uploaded.push(toRow(file));
      }
      return { uploaded };
    } finally {
      op.finish();
    }
  }

  /** Into a folder the user chooses, under the file's name made safe, never over another file. */
  async download(projectId: string, fileId: string, operationId?: string): Promise<{ path: string | null }> {
    const folder = await this.dialogs.chooseFolder();
    if (!folder) return { path: null };
    const { client } = await this.active();
    const file = await this.find(projectId, fileId);
    const op = this.operations.start(operationId);
    try {
      const saved = await writeNewFileInside(folder, file.name, (dest) =>
        downloadFile(client, projectId, file, dest, {
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
    const { client } = await this.active();
    await deleteFile(client, projectId, fileId);
    return { deleted: true };
  }

  /** Empties the scratch folder (at start, on exit, when a workspace is removed). */
  async clearScratch(): Promise<void> {
    await emptyFolder(this.scratchDir);
  }

  private async find(projectId: string, fileId: string): Promise<ProjectFile> {
    const { client } = await this.active();
    const file = (await listFiles(client, projectId)).find((f) => f.id === fileId);
    if (!file) throw new ServiceError('not-found', 'That file is no longer in the project.');
    return file;
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
    const op = this.operations.start(options.operationId);
    try {
      const saved = await writeNewFileInside(dir, file.name, (dest) =>
        downloadFile(client, projectId, file, dest, {
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

function isOpenable(extension: string): boolean {
  return Object.hasOwn(UPLOAD_CONTENT_TYPES, extension);
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
