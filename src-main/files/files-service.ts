/**
 * Project files: list, upload (three steps over a presigned URL), download (to a temporary file,
 * renamed into place when complete), delete.
 *
 * Bytes are streamed from and to disk, never held whole in memory. The storage transfers go through
 * `api/storage`, which never sees the service's credentials. Every call can be cancelled with an
 * AbortSignal; a cancelled or failed upload never registers a file, and a cancelled or failed
 * download never leaves a file (whole or partial) at the destination.
 */
import { createHash, randomUUID } from 'node:crypto';
import { createReadStream, type ReadStream } from 'node:fs';
import { open, rename, stat, unlink, type FileHandle } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import { Readable, Transform, type Writable } from 'node:stream';
import type { ApiClient } from '../api/client';
import type { ProjectFile } from '../api/schemas';
import { downloadFromPresignedUrl, putToPresignedUrl, type DownloadLimits } from '../api/storage';
import { uploadTypeOf } from './file-types';
import { ServiceError } from '../errors/service-error';
import { localFileError } from '../local-files/write-atomically';
import { markAsFromInternet } from '../local-files/zone-identifier';
import { faultPoint } from '../faults/fault-points';

export type { ProjectFile };

/** The steps of an upload, in order; `onStage` is told when each begins. */
export type UploadStage = 'presign' | 'upload' | 'register';

export interface TransferOptions {
  signal?: AbortSignal;
  /** Bytes sent so far and the file size. */
  onProgress?: (bytes: number, total: number) => void;
}

export interface UploadOptions extends TransferOptions {
  /** The name the file gets in the project; default: the file's own name. Same extension required. */
  name?: string;
  /**
   * Called as each step begins, e.g. to show "Uploading…" / "Registering…"; the step waits for it
   * (the outbox writes "registering" to disk before the register call leaves), and a throw stops it.
   */
  onStage?: (stage: UploadStage) => void | Promise<void>;
  /**
   * The SHA-256 the bytes must have (taken when the outbox copied the file). Checked as they are
   * read: the last chunk is held back until the whole file matched, so a damaged file never reaches
   * storage complete, and it is never registered (a `ContentMismatchError`).
   */
  sha256?: string;
}

/** The bytes read for an upload do not match the checksum taken when the file was copied. */
export class ContentMismatchError extends ServiceError {
  constructor(file: string) {
    super(
      'damaged',
      `"${basename(file)}" no longer has the bytes PlanDesk copied: it was changed or damaged on this computer, and was not uploaded.`,
    );
  }
}

export interface DownloadOptions {
  signal?: AbortSignal;
  onProgress?: (bytes: number, total: number | null) => void;
  /** A ceiling, whatever the listed size or the transfer's length (e.g. a preview's). */
  maxBytes?: number;
  /** The whole download, start to end; none by default (a download can be cancelled instead). */
  deadlineMs?: number;
}

export interface DownloadResult {
  file: ProjectFile;
  /** Where the bytes are now. */
  path: string;
  /** What arrived: all the transfer's own length (its Content-Length). */
  bytes: number;
  /**
   * The size the file list gave, a hint only (the cap is it plus a margin): when it differs from
   * `bytes`, the list was stale or rounded, and the caller may say so.
   */
  listedBytes: number | null;
  /** True when the listed link had expired and a fresh one was fetched. */
  refreshedUrl: boolean;
}

/** Read size for uploads: big enough for throughput, small enough to keep memory flat. */
const UPLOAD_CHUNK_BYTES = 256 * 1024;

/** Every file of the project (all pages; the service pages files by 10 whatever is asked). */
export function listFiles(
  client: ApiClient,
  projectId: string,
  opts: { signal?: AbortSignal } = {},
): Promise<ProjectFile[]> {
  return client.listAllProjectFiles(projectId, { signal: opts.signal });
}

/** Permanently deletes a file of the project. */
export function deleteFile(
  client: ApiClient,
  projectId: string,
  fileId: string,
  opts: { signal?: AbortSignal } = {},
): Promise<void> {
  return client.deleteProjectFile(projectId, fileId, { signal: opts.signal });
}

/**
 * Uploads a file from disk and registers it with the project; returns the registered file.
 *
 * 1. the type is checked (by extension) and the file stat'ed — no request before both pass;
 * 2. the service gives a presigned storage URL (`file_name`, `content_type`, `size`);
 * 3. the bytes are streamed from disk to that URL with exactly the headers the service returned;
 * 4. only after storage confirmed the complete upload is the file registered.
 *
 * A failure or cancellation before step 4 leaves nothing registered. To retry, call again: every
 * attempt asks for a fresh URL (an expired one answers 403: kind 'auth').
 */
export async function uploadFile(
  client: ApiClient,
  projectId: string,
  filePath: string,
  opts: UploadOptions = {},
): Promise<ProjectFile> {
  const { signal } = opts;
  const fileName = basename(filePath);
  const { extension, contentType } = uploadTypeOf(fileName);
  if (opts.name !== undefined && uploadTypeOf(opts.name).extension !== extension) {
    throw new ServiceError(
      'validation',
      `The name "${opts.name}" would change the file's type: keep the ".${extension}" extension.`,
    );
  }
  const size = await regularFileSize(filePath);
  throwIfCancelled(signal, 'upload');

  await opts.onStage?.('presign');
  const presigned = await client.requestUploadUrl(
    projectId,
    { file_name: fileName, content_type: contentType, size },
    { signal },
  );
  if (presigned.method && presigned.method.toUpperCase() !== 'PUT') {
    throw new ServiceError(
      'invalid-response',
      `The service asked for an upload with ${presigned.method}; PlanDesk uploads with PUT only.`,
    );
  }
  throwIfCancelled(signal, 'upload');

  await opts.onStage?.('upload');
  opts.onProgress?.(0, size);
  const source = openSource(filePath, size, opts.sha256);
  try {
    await putToPresignedUrl(presigned.url, presigned.headers ?? {}, source, size, {
      signal,
      onProgress: (bytes) => opts.onProgress?.(bytes, size),
    });
  } finally {
    // The source is finished on success; on any failure (403 before the body was read, cancel) it
    // must not keep its file descriptor open.
    source.destroy();
  }
  throwIfCancelled(signal, 'upload');

  // The register call itself is not interrupted: cut off halfway, nobody could tell whether the file
  // was registered. A cancel that arrives meanwhile removes the file again.
  await opts.onStage?.('register');
  const registering = client.registerUploadedFile(projectId, {
    upload_id: presigned.upload_id,
    ...(opts.name !== undefined ? { name: opts.name } : {}),
  });
  await faultPoint('outbox:during-registration', registering);
  const file = await registering;
  if (signal?.aborted) {
    try {
      await client.deleteProjectFile(projectId, file.id);
    } catch {
      throw new ServiceError(
        'cancelled',
        `The upload was cancelled after the file had been registered, and removing it failed: "${file.name}" (${file.id}) is in the project.`,
      );
    }
    throw cancelledError('upload');
  }
  return file;
}

/**
 * Downloads a file of the project to `destPath`. The bytes go to a temporary file next to it, which
 * is renamed to `destPath` only when complete: a failure or cancel leaves no file there (an
 * existing file at `destPath` is replaced only by a complete download). At most the larger of the
 * listed size (plus a margin, limits.ts) and the transfer's own length is read; complete is what the
 * transfer itself says (storage.ts), and a listed size that differs is only reported
 * (`listedBytes`). On Windows the file is marked as coming from the Internet (zone-identifier.ts).
 *
 * `file` is the file's ID (the file list is read to get its download link) or an entry of a file
 * list read earlier. Download links expire after 60 minutes; on a 403 the list is read again for a
 * fresh link and the download retried once, without the caller noticing.
 */
export async function downloadFile(
  client: ApiClient,
  projectId: string,
  file: string | ProjectFile,
  destPath: string,
  opts: DownloadOptions = {},
): Promise<DownloadResult> {
  const { signal } = opts;
  throwIfCancelled(signal, 'download');
  const fileId = typeof file === 'string' ? file : file.id;
  let entry = typeof file === 'string' ? await findFile(client, projectId, fileId, signal) : file;
  let refreshedUrl = false;

  for (;;) {
    throwIfCancelled(signal, 'download');
    const url = entry.url;
    if (!url) {
      if (!refreshedUrl && typeof file !== 'string') {
        entry = await findFile(client, projectId, fileId, signal);
        refreshedUrl = true;
        continue;
      }
      throw new ServiceError('invalid-response', `The service gave no download link for "${entry.name}".`);
    }
    try {
      const limits: DownloadLimits = {
        listedBytes: typeof entry.size === 'number' ? entry.size : null,
        ...(opts.maxBytes !== undefined ? { maxBytes: opts.maxBytes } : {}),
        ...(opts.deadlineMs !== undefined ? { deadlineMs: opts.deadlineMs } : {}),
      };
      const bytes = await downloadToFile(url, destPath, opts, limits);
      await markAsFromInternet(destPath, url);
      const listedBytes = typeof entry.size === 'number' ? entry.size : null;
      return { file: entry, path: destPath, bytes, listedBytes, refreshedUrl };
    } catch (err) {
      const expired = err instanceof ServiceError && err.status === 403;
      if (!expired || refreshedUrl || signal?.aborted) {
        if (expired) {
          throw new ServiceError(
            'auth',
            'The download link was refused even after PlanDesk fetched a fresh one.',
            403,
          );
        }
        throw err;
      }
      entry = await findFile(client, projectId, fileId, signal);
      refreshedUrl = true;
    }
  }
}

async function findFile(
  client: ApiClient,
  projectId: string,
  fileId: string,
  signal: AbortSignal | undefined,
): Promise<ProjectFile> {
  const files = await listFiles(client, projectId, { signal });
  const found = files.find((f) => f.id === fileId);
  if (!found) {
    throw new ServiceError(
      'not-found',
      `The project has no file with the ID "${fileId}" (it may have been deleted).`,
    );
  }
  return found;
}

/** One attempt: storage → temporary file → rename. The temporary file never outlives a failure. */
async function downloadToFile(
  url: string,
  destPath: string,
  opts: DownloadOptions,
  limits: DownloadLimits,
): Promise<number> {
  const partial = join(dirname(destPath), `.${basename(destPath)}.${randomUUID().slice(0, 8)}.part`);
  let handle: FileHandle;
  try {
    handle = await open(partial, 'wx', 0o600);
  } catch (err) {
    throw localFileError(err, destPath, 'write');
  }
  const sink = handle.createWriteStream();
  /** A failure writing the file (a full or read-only disk) is about this computer, not the network. */
  let writeError: unknown = null;
  sink.on('error', (err) => (writeError ??= err));
  let bytes: number;
  try {
    bytes = await downloadFromPresignedUrl(
      url,
      sink,
      { signal: opts.signal, onProgress: opts.onProgress },
      limits,
    );
  } catch (err) {
    await closed(sink);
    await unlink(partial).catch(() => undefined);
    throw isFileSystemError(writeError) && !opts.signal?.aborted
      ? localFileError(writeError, destPath, 'write')
      : err;
  }
  await closed(sink);
  if (opts.signal?.aborted) {
    await unlink(partial).catch(() => undefined);
    throw cancelledError('download');
  }
  try {
    await rename(partial, destPath);
  } catch (err) {
    await unlink(partial).catch(() => undefined);
    throw localFileError(err, destPath, 'write');
  }
  return bytes;
}

/** The socket's codes a pipeline passes on to the file when the storage host cuts the transfer off. */
const SOCKET_CODES = /^E(?:CONNRESET|CONNABORTED|CONNREFUSED|PIPE|TIMEDOUT|HOSTUNREACH|NETUNREACH|NETDOWN)$/;

/**
 * An error of the file system itself (ENOSPC, EACCES, EROFS, …), not one a stream passed on when the
 * transfer was cut off (ERR_STREAM_PREMATURE_CLOSE, or the socket's ECONNRESET).
 */
function isFileSystemError(err: unknown): boolean {
  const code = (err as NodeJS.ErrnoException | null)?.code;
  return typeof code === 'string' && /^E[A-Z]+$/.test(code) && !SOCKET_CODES.test(code);
}

/** Destroys the stream if still open and waits until its file descriptor is closed. */
async function closed(stream: Writable & { closed?: boolean }): Promise<void> {
  if (stream.closed) return;
  await new Promise<void>((resolve) => {
    stream.once('close', () => resolve());
    stream.once('error', () => undefined);
    stream.destroy();
  });
}

async function regularFileSize(filePath: string): Promise<number> {
  let info;
  try {
    info = await stat(filePath);
  } catch (err) {
    throw localFileError(err, filePath, 'read');
  }
  if (!info.isFile()) throw new ServiceError('validation', `"${filePath}" is not a file.`);
  return info.size;
}

/**
 * Exactly `size` bytes from the file, read in chunks (a file that grows meanwhile sends no extra byte);
 * with `sha256`, checked on the way (`ContentMismatchError`). A file that cannot be read fails with
 * that, in words, not as a broken connection.
 */
function openSource(filePath: string, size: number, sha256?: string): Readable {
  const file: ReadStream | Readable =
    size === 0
      ? Readable.from([])
      : createReadStream(filePath, { start: 0, end: size - 1, highWaterMark: UPLOAD_CHUNK_BYTES });
  if (sha256 === undefined) return file;
  const check = checkedBytes(filePath, sha256);
  file.on('error', (err: Error) => check.destroy(localFileError(err, filePath, 'read')));
  check.on('close', () => file.destroy());
  return file.pipe(check);
}

/** Passes the bytes on, holding the last chunk back until the whole file matched its checksum. */
function checkedBytes(filePath: string, expected: string): Transform {
  const hash = createHash('sha256');
  let held: Buffer | null = null;
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk);
      const previous = held;
      held = chunk;
      done(null, previous ?? undefined);
    },
    flush(done) {
      if (hash.digest('hex') !== expected) return done(new ContentMismatchError(filePath));
      done(null, held ?? undefined);
    },
  });
}

function throwIfCancelled(signal: AbortSignal | undefined, what: 'upload' | 'download'): void {
  if (signal?.aborted) throw cancelledError(what);
}

function cancelledError(what: 'upload' | 'download'): ServiceError {
  return new ServiceError('cancelled', `The ${what} was cancelled.`);
}
