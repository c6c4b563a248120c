/**
 * /projects/{id}/files: list (presigned download URLs), presign an upload, register it, delete.
 */
import { randomUUID } from 'node:crypto';
import type { SimFile } from '../data/types';
import { isoSeconds } from '../formatting';
import { badRequest, json, notFound, type Reply } from '../http-util';
import { DEFAULT_PAGE_SIZE, paged, parsePaging } from '../paging';
import type { Router } from '../router';
import type { ProjectFileJson } from '../sim-types';
import type { ApiContext, SimState } from '../state';
import { MAX_UPLOAD_BYTES } from '../storage';
import type { WorkspaceState } from '../store';
import { FieldCollector, objectBody } from '../validation';
import { findProject } from './projects';

/** File types the live service accepts for upload. */
const UPLOAD_TYPES = new Set([
  'pdf',
  'doc',
  'docx',
  'xls',
  'xlsx',
  'ppt',
  'pptx',
  'csv',
  'jpeg',
  'jpg',
  'png',
  'gif',
  'bmp',
  'svg',
  'webp',
  'usdz',
]);

/** Content types end up in storage response headers, so only plain printable text is accepted. */
const CONTENT_TYPE = /^[a-z0-9!#$&^_.+-]+\/[a-z0-9!#$&^_.+-]+(?:\s*;\s*[\x20-\x7e]*)?$/i;

/** No control characters or path separators: names reach headers and temp paths. */
function isPlainFileName(name: string): boolean {
  for (let i = 0; i < name.length; i++) {
    const c = name.charCodeAt(i);
    if (c < 0x20 || c === 0x7f || c === 0x2f /* / */ || c === 0x5c /* \ */) return false;
  }
  return true;
}

export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot <= 0 || dot === name.length - 1 ? '' : name.slice(dot + 1).toLowerCase();
}

/** The size the list gives: the file's own, or (variant) rounded to whole kilobytes. */
function listedSize(sim: SimState, size: number): number {
  return sim.variants.roundedFileSizes ? Math.max(1000, Math.round(size / 1000) * 1000) : size;
}

export function fileJson(sim: SimState, ws: WorkspaceState, projectId: string, f: SimFile): ProjectFileJson {
  const { url, expiresAt } = sim.storage.downloadUrl(ws.data.id, projectId, f.id);
  return {
    id: f.id,
    name: f.name,
    file_type: f.file_type,
    content_type: f.content_type,
    size: listedSize(sim, sim.storage.fileSize(ws.data.id, f)),
    created: f.created,
    origin: f.origin,
    url,
    url_expires_at: isoSeconds(expiresAt),
  };
}

function listFiles(ctx: ApiContext, p: Record<string, string>): Reply {
  const project = findProject(ctx, p.id);
  // page_size is ignored entirely (not even checked): the live service pages files by 10.
  const query = new URLSearchParams(ctx.query);
  query.delete('page_size');
  const { page } = parsePaging(query);
  return json(
    paged(ctx, project.files, { page, pageSize: DEFAULT_PAGE_SIZE }, (f) =>
      fileJson(ctx.sim, ctx.ws, project.id, f),
    ),
  );
}

async function presign(ctx: ApiContext, p: Record<string, string>): Promise<Reply> {
  const project = findProject(ctx, p.id);
  const body = objectBody(await ctx.body());
  const f = new FieldCollector();
  const fileName = f.requiredString(body, 'file_name');
  if (fileName !== undefined) {
    const ext = extensionOf(fileName);
    if (!UPLOAD_TYPES.has(ext)) f.add('file_name', `file type "${ext}" is not allowed`);
    if (!isPlainFileName(fileName)) f.add('file_name', 'must not contain control characters or slashes');
  }
  const contentType = f.requiredString(body, 'content_type');
  if (contentType !== undefined && (!CONTENT_TYPE.test(contentType) || contentType.length > 200)) {
    f.add('content_type', 'must be a media type such as application/pdf');
  }
  let size: number | null = null;
  if (body.size !== undefined && body.size !== null) {
    if (typeof body.size !== 'number' || !Number.isSafeInteger(body.size) || body.size < 0) {
      f.add('size', 'must be a non-negative integer');
    } else if (body.size > MAX_UPLOAD_BYTES) {
      f.add('size', `must be at most ${MAX_UPLOAD_BYTES}`);
    } else {
      size = body.size;
    }
  }
  f.throwIfAny();
  if (fileName === undefined || contentType === undefined) throw badRequest('Validation failed');
  const presigned = ctx.sim.storage.presignUpload({
    workspaceId: ctx.ws.data.id,
    projectId: project.id,
    fileName,
    contentType,
    size,
  });
  return json({ data: { ...presigned, expires_at: isoSeconds(presigned.expires_at) } });
}

async function register(ctx: ApiContext, p: Record<string, string>): Promise<Reply> {
  const project = findProject(ctx, p.id);
  const body = objectBody(await ctx.body());
  const f = new FieldCollector();
  const uploadId = f.requiredString(body, 'upload_id');
  const name = f.optionalString(body, 'name');
  if (name !== undefined && (name.trim() === '' || !isPlainFileName(name))) {
    f.add('name', 'must be a non-empty file name');
  }
  f.throwIfAny();
  const upload = uploadId === undefined ? undefined : ctx.sim.storage.upload(uploadId);
  if (!upload || upload.workspaceId !== ctx.ws.data.id || upload.projectId !== project.id) {
    throw badRequest('Unknown upload', { upload_id: ['is not an upload of this project'] });
  }
  if (upload.state !== 'complete') {
    throw badRequest('Upload not complete', { upload_id: ['the file has not been uploaded completely'] });
  }
  const file: SimFile = {
    id: randomUUID(),
    name: name ?? upload.fileName,
    file_type: extensionOf(upload.fileName),
    content_type: upload.contentType,
    size: upload.size,
    created: isoSeconds(ctx.sim.now()),
    origin: 'upload',
    content_seed: '',
  };
  ctx.sim.storage.register(upload, file.id);
  project.files.push(file);
  return json({ data: fileJson(ctx.sim, ctx.ws, project.id, file) }, 201);
}

async function deleteFile(ctx: ApiContext, p: Record<string, string>): Promise<Reply> {
  const project = findProject(ctx, p.id);
  const index = project.files.findIndex((f) => f.id === p.fileId);
  if (index === -1) throw notFound('File');
  const [file] = project.files.splice(index, 1);
  if (file) await ctx.sim.storage.forget(ctx.ws.data.id, file.id);
  return json({ data: { id: p.fileId, deleted: true } });
}

export function registerFileRoutes(router: Router<ApiContext>): void {
  router
    .add('GET', '/projects/:id/files', listFiles)
    .add('POST', '/projects/:id/files', register)
    .add('POST', '/projects/:id/files/temporary-presigned-url', presign)
    .add('DELETE', '/projects/:id/files/:fileId', deleteFile);
}
