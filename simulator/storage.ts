/**
 * The storage host: a separate HTTP server (its own origin) that serves presigned upload and
 * download URLs, like a cloud bucket. It never accepts API credentials, so tests can prove the
 * client keeps `customer`/`key` away from it.
 */
import { createHmac, randomBytes, randomUUID, timingSafeEqual } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdtemp, rename, rm, stat, unlink } from 'node:fs/promises';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { SimFile } from './data/types';
import { generateFileBytes } from './file-bytes';
import { pathOnly } from './http-util';
import { percentEncodeAll } from './percent-encoding';

export const DOWNLOAD_URL_TTL_MS = 60 * 60 * 1000;
export const UPLOAD_URL_TTL_MS = 15 * 60 * 1000;
/** Uploads beyond this are refused; keeps a runaway client from filling the disk. */
export const MAX_UPLOAD_BYTES = 2 * 1024 ** 3;

export interface StorageDeps {
  host: string;
  now(): number;
  resolveFile(workspaceId: string, projectId: string, fileId: string): SimFile | undefined;
  countRequest(): void;
  countLeak(): void;
  log?(line: string): void;
}

export interface PendingUpload {
  id: string;
  workspaceId: string;
  projectId: string;
  fileName: string;
  contentType: string;
  declaredSize: number | null;
  headerToken: string;
  expiresAt: number;
  state: 'pending' | 'uploading' | 'complete' | 'registered';
  path: string | null;
  size: number;
}

class StorageError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export class StorageService {
  private readonly secret = randomBytes(32);
  private readonly uploads = new Map<string, PendingUpload>();
  /** `${workspaceId}/${fileId}` → temp file holding a registered upload's bytes. */
  private readonly uploadedPaths = new Map<string, string>();
  private readonly seededSizes = new WeakMap<SimFile, number>();
  private server!: Server;
  private tmpDir!: string;
  origin = '';

  private constructor(private readonly deps: StorageDeps) {}

  static async start(deps: StorageDeps): Promise<StorageService> {
    const s = new StorageService(deps);
    s.tmpDir = await mkdtemp(join(tmpdir(), 'plandesk-sim-'));
    s.server = createServer((req, res) => {
      s.handle(req, res).catch((err: unknown) => {
        deps.log?.(`storage bug: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
        if (!res.headersSent) send(res, 500, 'Internal storage error');
        else res.destroy();
      });
    });
    await new Promise<void>((resolve, reject) => {
      s.server.once('error', reject);
      s.server.listen(0, deps.host, () => resolve());
    });
    const { port } = s.server.address() as AddressInfo;
    s.origin = `http://${hostForUrl(deps.host)}:${port}`;
    return s;
  }

  async close(): Promise<void> {
    await this.suspend();
    await rm(this.tmpDir, { recursive: true, force: true });
  }

  /** Stops listening (and cuts open connections); what is stored stays for `resume`. */
  suspend(): Promise<void> {
    return new Promise<void>((resolve) => {
      if (!this.server.listening) return resolve();
      this.server.close(() => resolve());
      this.server.closeAllConnections();
    });
  }

  /** Listens again on the same address, so the URLs given out before still lead here. */
  resume(): Promise<void> {
    return listenAt(this.server, new URL(this.origin));
  }

  private sign(text: string): string {
    return createHmac('sha256', this.secret).update(text).digest('hex');
  }

  private verify(text: string, signature: string | null): boolean {
    if (!signature) return false;
    const expected = Buffer.from(this.sign(text), 'utf8');
    const given = Buffer.from(signature, 'utf8');
    return expected.length === given.length && timingSafeEqual(expected, given);
  }

  presignUpload(input: {
    workspaceId: string;
    projectId: string;
    fileName: string;
    contentType: string;
    size: number | null;
  }): { upload_id: string; url: string; method: 'PUT'; headers: Record<string, string>; expires_at: number } {
    const id = randomUUID();
    const expiresAt = this.deps.now() + UPLOAD_URL_TTL_MS;
    const upload: PendingUpload = {
      id,
      workspaceId: input.workspaceId,
      projectId: input.projectId,
      fileName: input.fileName,
      contentType: input.contentType,
      declaredSize: input.size,
      headerToken: randomBytes(16).toString('hex'),
      expiresAt,
      state: 'pending',
      path: null,
      size: 0,
    };
    this.uploads.set(id, upload);
    const signature = this.sign(`PUT\n${id}\n${expiresAt}`);
    return {
      upload_id: id,
      url: `${this.origin}/upload/${id}?expires=${expiresAt}&signature=${signature}`,
      method: 'PUT',
      headers: { 'Content-Type': input.contentType, 'x-sim-upload-token': upload.headerToken },
      expires_at: expiresAt,
    };
  }

  downloadUrl(workspaceId: string, projectId: string, fileId: string): { url: string; expiresAt: number } {
    const expiresAt = this.deps.now() + DOWNLOAD_URL_TTL_MS;
    const signature = this.sign(`GET\n${workspaceId}\n${projectId}\n${fileId}\n${expiresAt}`);
    const path = [workspaceId, projectId, fileId].map((s) => `/${encodeURIComponent(s)}`).join('');
    return { url: `${this.origin}/download${path}?expires=${expiresAt}&signature=${signature}`, expiresAt };
  }

  upload(id: string): PendingUpload | undefined {
    return this.uploads.get(id);
  }

  /** Hands a completed upload's bytes over to a project file. */
  register(upload: PendingUpload, fileId: string): void {
    if (upload.state !== 'complete' || !upload.path) throw new Error('upload not complete');
    upload.state = 'registered';
    this.uploadedPaths.set(`${upload.workspaceId}/${fileId}`, upload.path);
    this.uploads.delete(upload.id);
  }

  /** Bytes of seeded files are generated; their size is whatever the generator produced. */
  fileSize(workspaceId: string, file: SimFile): number {
    if (this.uploadedPaths.has(`${workspaceId}/${file.id}`)) return file.size;
    let size = this.seededSizes.get(file);
    if (size === undefined) {
      size = this.seededBytes(file).length;
      this.seededSizes.set(file, size);
    }
    return size;
  }

  private seededBytes(file: SimFile): Buffer {
    return generateFileBytes(file.file_type, file.content_seed || file.id, file.name, file.size);
  }

  async forget(workspaceId: string, fileId: string): Promise<void> {
    const key = `${workspaceId}/${fileId}`;
    const path = this.uploadedPaths.get(key);
    this.uploadedPaths.delete(key);
    if (path) await unlink(path).catch(() => undefined);
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const started = performance.now();
    this.deps.countRequest();
    res.on('finish', () => {
      const ms = (performance.now() - started).toFixed(1);
      this.deps.log?.(`storage ${req.method} ${pathOnly(req.url)} ${res.statusCode} ${ms}ms`);
    });
    if (req.headers['customer'] !== undefined || req.headers['key'] !== undefined) {
      this.deps.countLeak();
      req.resume();
      return send(res, 400, 'API credentials (customer/key headers) must never be sent to storage');
    }
    let url: URL;
    try {
      url = new URL(req.url ?? '/', 'http://storage.invalid');
    } catch {
      return send(res, 400, 'Bad request URL');
    }
    const parts = url.pathname.split('/').slice(1);
    try {
      if (parts[0] === 'upload' && parts.length === 2) {
        if (req.method !== 'PUT') return send(res, 405, 'Method not allowed', { Allow: 'PUT' });
        return await this.handleUpload(req, res, decodeURIComponent(parts[1] as string), url.searchParams);
      }
      if (parts[0] === 'download' && parts.length === 4) {
        if (req.method !== 'GET' && req.method !== 'HEAD') {
          req.resume();
          return send(res, 405, 'Method not allowed', { Allow: 'GET, HEAD' });
        }
        const [ws, projectId, fileId] = parts.slice(1).map((s) => decodeURIComponent(s)) as [
          string,
          string,
          string,
        ];
        return await this.handleDownload(req, res, { ws, projectId, fileId }, url.searchParams);
      }
    } catch (err) {
      if (err instanceof StorageError) {
        req.resume();
        return send(res, err.status, err.message);
      }
      throw err;
    }
    req.resume();
    return send(res, 404, 'Not found');
  }

  private checkExpiry(query: URLSearchParams, signed: (expires: string) => string): void {
    const expires = query.get('expires') ?? '';
    if (!/^\d+$/.test(expires) || !this.verify(signed(expires), query.get('signature'))) {
      throw new StorageError(403, 'Signature does not match');
    }
    if (this.deps.now() > Number(expires)) throw new StorageError(403, 'Request has expired');
  }

  private async handleUpload(
    req: IncomingMessage,
    res: ServerResponse,
    id: string,
    query: URLSearchParams,
  ): Promise<void> {
    this.checkExpiry(query, (e) => `PUT\n${id}\n${e}`);
    const upload = this.uploads.get(id);
    if (!upload) throw new StorageError(403, 'Unknown or already registered upload');
    if (req.headers['content-type'] !== upload.contentType) {
      throw new StorageError(403, 'Content-Type differs from the presigned request');
    }
    if (req.headers['x-sim-upload-token'] !== upload.headerToken) {
      throw new StorageError(403, 'x-sim-upload-token differs from the presigned request');
    }
    if (upload.state === 'uploading') throw new StorageError(409, 'An upload to this URL is in progress');

    const previous = upload.path;
    upload.state = 'uploading';
    upload.path = null;
    if (previous) await unlink(previous).catch(() => undefined);

    const limit = upload.declaredSize ?? MAX_UPLOAD_BYTES;
    const partPath = join(this.tmpDir, `${id}.part`);
    let size = 0;
    try {
      // Streamed straight to disk: uploads of hundreds of megabytes must not sit in memory.
      await pipeline(
        req,
        async function* (source: AsyncIterable<Buffer>) {
          for await (const chunk of source) {
            size += chunk.length;
            if (size > limit) throw new StorageError(400, `Upload exceeds ${limit} bytes`);
            yield chunk;
          }
        },
        createWriteStream(partPath),
      );
    } catch (err) {
      upload.state = 'pending';
      await unlink(partPath).catch(() => undefined);
      if (err instanceof StorageError) throw err;
      if (!res.destroyed) return send(res, 400, 'Upload interrupted');
      // The client went away mid-body: no response finishes, so the request log would not show it.
      this.deps.log?.(`storage PUT ${pathOnly(req.url)} interrupted after ${size} bytes`);
      return;
    }
    if (upload.declaredSize !== null && size !== upload.declaredSize) {
      upload.state = 'pending';
      await unlink(partPath).catch(() => undefined);
      throw new StorageError(400, `Received ${size} bytes, ${upload.declaredSize} were declared`);
    }
    const finalPath = join(this.tmpDir, id);
    await rename(partPath, finalPath);
    upload.path = finalPath;
    upload.size = size;
    upload.state = 'complete';
    send(res, 200, '', { ETag: `"${id}-${size}"` });
  }

  private async handleDownload(
    req: IncomingMessage,
    res: ServerResponse,
    target: { ws: string; projectId: string; fileId: string },
    query: URLSearchParams,
  ): Promise<void> {
    const { ws: workspaceId, projectId, fileId } = target;
    this.checkExpiry(query, (e) => `GET\n${workspaceId}\n${projectId}\n${fileId}\n${e}`);
    req.resume();
    const file = this.deps.resolveFile(workspaceId, projectId, fileId);
    if (!file) throw new StorageError(404, 'File no longer exists');
    const headers = {
      'Content-Type': file.content_type,
      'Content-Disposition': `attachment; filename*=UTF-8''${percentEncodeAll(file.name)}`,
    };
    const path = this.uploadedPaths.get(`${workspaceId}/${fileId}`);
    if (path) {
      const { size } = await stat(path);
      res.writeHead(200, { ...headers, 'Content-Length': size });
      if (req.method === 'HEAD') return void res.end();
      await pipeline(createReadStream(path), res).catch(() => res.destroy());
      return;
    }
    const body = this.seededBytes(file);
    res.writeHead(200, { ...headers, 'Content-Length': body.length });
    res.end(req.method === 'HEAD' ? undefined : body);
  }
}

function send(
  res: ServerResponse,
  status: number,
  message: string,
  headers: Record<string, string> = {},
): void {
  if (res.destroyed) return;
  if (res.headersSent) return void res.destroy();
  const body = message ? Buffer.from(JSON.stringify({ message }), 'utf8') : Buffer.alloc(0);
  res.writeHead(status, {
    ...headers,
    ...(message ? { 'Content-Type': 'application/json; charset=utf-8' } : {}),
    'Content-Length': body.length,
  });
  res.end(body);
}

export function hostForUrl(host: string): string {
  if (host === '0.0.0.0' || host === '::' || host === '') return '127.0.0.1';
  return host.includes(':') ? `[${host}]` : host;
}

/** Listens on the host and port of `origin` (the ones given out in URLs). */
export function listenAt(server: Server, origin: URL): Promise<void> {
  if (server.listening) return Promise.resolve();
  const host = origin.hostname.replace(/^\[|\]$/g, '');
  return new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(Number(origin.port), host, () => {
      server.off('error', reject);
      resolve();
    });
  });
}
