import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { ProjectFile } from '../api/schemas';
import type { Dialogs } from '../dialogs';
import type { ActiveSource } from '../app/active-workspace';
import type { Operations } from '../operations/operations';
import { ALLOWED_UPLOAD_EXTENSIONS, uploadTypeOf } from './file-types';
import { deleteFile, downloadFile, listFiles, uploadFile } from './files-service';
import type { FilePreview, FileRow, UploadResult } from '../../src-shared/files/types';
import { ServiceError } from '../errors/service-error';

const PREVIEW_MAX_BYTES = 20 * 1024 * 1024;
const PREVIEWABLE = new Set(['png', 'jpg', 'jpeg', 'gif', 'webp', 'bmp', 'svg', 'pdf']);

/** The project files screen, on top of files-service and the client. */
export class FilesAppService {
  constructor(
    private readonly active: ActiveSource,
    private readonly operations: Operations,
    private readonly dialogs: Dialogs,
    /** A folder of ours for previews and "open with": cleaned on exit. */
    private readonly scratchDir: string = path.join(os.tmpdir(), 'plandesk-files'),
  ) {}

  async list(projectId: string): Promise<FileRow[]> {
    const { client } = await this.active();
    return (await listFiles(client, projectId)).map(toRow);
  }

  /**
   * Uploads dropped files (their paths) or, with none given, the files picked in the open dialog.
   * Types are checked for every file before anything is sent. Progress counts bytes over all files.
   */
  async upload(projectId: string, paths: string[] | undefined, operationId?: string): Promise<UploadResult> {
    const files = paths?.length ? paths : await this.dialogs.openFiles(ALLOWED_UPLOAD_EXTENSIONS);
    if (files.length === 0) return { uploaded: [] };
    const sizes: number[] = [];
    for (const f of files) {
      uploadTypeOf(path.basename(f));
      const stat = await fs.stat(f).catch(() => null);
      if (!stat?.isFile())
        throw new ServiceError('validation', `"${path.basename(f)}" is not a file PlanDesk can read.`);
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

  async download(projectId: string, fileId: string, operationId?: string): Promise<{ path: string | null }> {
    const folder = await this.dialogs.chooseFolder();
    if (!folder) return { path: null };
    const { client } = await this.active();
    const file = await this.find(projectId, fileId);
    const dest = await freeName(folder, file.name);
    const op = this.operations.start(operationId);
    try {
      const r = await downloadFile(client, projectId, file, dest, {
        signal: op.signal,
        onProgress: (bytes, total) => op.progress(bytes, total),
      });
      return { path: r.path };
    } finally {
      op.finish();
    }
  }

  async open(projectId: string, fileId: string, operationId?: string): Promise<{ path: string }> {
    const r = await this.fetchToScratch(projectId, fileId, operationId);
    await this.dialogs.openPath(r);
    return { path: r };
  }

  async preview(projectId: string, fileId: string): Promise<FilePreview | null> {
    const file = await this.find(projectId, fileId);
    const type = (file.file_type ?? path.extname(file.name).slice(1)).toLowerCase();
    if (!PREVIEWABLE.has(type) || (file.size ?? 0) > PREVIEW_MAX_BYTES) return null;
    const local = await this.fetchToScratch(projectId, fileId);
    try {
      const bytes = await fs.readFile(local);
      const contentType = file.content_type ?? uploadTypeOf(file.name).contentType;
      return { contentType, dataUrl: `data:${contentType};base64,${bytes.toString('base64')}` };
    } finally {
      await fs.rm(local, { force: true });
    }
  }

  async delete(projectId: string, fileId: string): Promise<{ deleted: true }> {
    const { client } = await this.active();
    await deleteFile(client, projectId, fileId);
    return { deleted: true };
  }

  private async find(projectId: string, fileId: string): Promise<ProjectFile> {
    const { client } = await this.active();
    const file = (await listFiles(client, projectId)).find((f) => f.id === fileId);
    if (!file) throw new ServiceError('not-found', 'That file is no longer in the project.');
    return file;
  }

  private async fetchToScratch(projectId: string, fileId: string, operationId?: string): Promise<string> {
    const { client } = await this.active();
    const file = await this.find(projectId, fileId);
    const dir = await fs.mkdtemp(path.join(await ensureDir(this.scratchDir), 'f-'));
    const op = this.operations.start(operationId);
    try {
      return (
        await downloadFile(client, projectId, file, path.join(dir, safeName(file.name)), {
          signal: op.signal,
        })
      ).path;
    } finally {
      op.finish();
    }
  }
}

/** The service's file name made safe for any file system (no folders, no reserved characters). */
function safeName(name: string): string {
  const base = path.basename(name.replace(/\\/g, '/'));
  return (
    base
      .replace(/[\\/:*?"<>|]+/g, '_')
      .replace(/^\.+/, '_')
      .slice(0, 200) || 'file'
  );
}

/** `name`, or `name (2)`, … : never overwrites a file the user already has. */
async function freeName(folder: string, name: string): Promise<string> {
  const safe = safeName(name);
  const ext = path.extname(safe);
  const stem = safe.slice(0, safe.length - ext.length);
  for (let i = 1; i < 1000; i++) {
    const candidate = path.join(folder, i === 1 ? safe : `${stem} (${i})${ext}`);
    if (!(await fs.stat(candidate).catch(() => null))) return candidate;
  }
  throw new ServiceError('validation', `Too many files named "${safe}" in that folder.`);
}

async function ensureDir(dir: string): Promise<string> {
  await fs.mkdir(dir, { recursive: true });
  return dir;
}

function toRow(f: ProjectFile): FileRow {
  return {
    id: f.id,
    name: f.name,
    type: (f.file_type ?? path.extname(f.name).slice(1)).toLowerCase(),
    contentType: f.content_type ?? null,
    size: f.size ?? null,
    created: f.created ?? null,
    origin: f.origin ?? null,
  };
}
