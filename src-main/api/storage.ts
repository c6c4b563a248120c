import http from 'node:http';
import https from 'node:https';
import type { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { isAllowedRedirectTarget } from './base-url';
import { StallWatchdog } from './body-reader';
import { ServiceError } from '../errors/service-error';
import {
  DOWNLOAD_SIZE_MARGIN_BYTES,
  MAX_UNLISTED_DOWNLOAD_BYTES,
  STALL_TIMEOUT_MS,
  sizeInWords,
} from './limits';

/**
 * Transfers to and from presigned storage URLs. Deliberately a separate path from the API client:
 * nothing here knows the service's credentials, so they cannot leak to a storage host. Bodies are
 * streamed, never held whole in memory.
 */
export interface TransferOptions {
  signal?: AbortSignal;
  onProgress?: (bytes: number, total: number | null) => void;
  /** No byte sent or received for this long: the transfer has stalled (limits.ts STALL_TIMEOUT_MS). */
  timeoutMs?: number;
}

export interface DownloadLimits {
  /**
   * The size the file list gave: a hint. With the transfer's own Content-Length it sets how much is
   * read (downloadCap); without a Content-Length or chunked encoding, a transfer ending short of it
   * is an error (nothing else could tell a cut-off transfer from a complete one).
   */
  listedBytes?: number | null;
  /** Never more than this, whatever was listed or announced (a preview's limit). */
  maxBytes?: number;
  /** The whole transfer, start to end. */
  deadlineMs?: number;
}

const isSize = (n: number | null | undefined): n is number =>
  typeof n === 'number' && Number.isFinite(n) && n >= 0;

/**
 * How many bytes a download may bring: the larger of the listed size plus a margin and the
 * transfer's own Content-Length — so a stale list size never blocks a file that grew — but never
 * more than `ceiling` nor MAX_UNLISTED_DOWNLOAD_BYTES (limits.ts).
 */
export function downloadCap(
  listedBytes: number | null | undefined,
  declaredBytes: number | null | undefined,
  ceiling: number = MAX_UNLISTED_DOWNLOAD_BYTES,
): number {
  const limit = Math.min(ceiling, MAX_UNLISTED_DOWNLOAD_BYTES);
  const fromList = isSize(listedBytes) ? listedBytes + DOWNLOAD_SIZE_MARGIN_BYTES : null;
  const fromTransfer = isSize(declaredBytes) ? declaredBytes : null;
  if (fromList === null && fromTransfer === null) return limit;
  return Math.min(limit, Math.max(fromList ?? 0, fromTransfer ?? 0));
}

/** PUTs `size` bytes from `source` with exactly the headers the service returned for the URL. */
export async function putToPresignedUrl(
  url: string,
  headers: Record<string, string>,
  source: Readable,
  size: number,
  options: TransferOptions = {},
): Promise<void> {
  const target = checkedUrl(url);
  const res = await exchange(
    target,
    'PUT',
    { ...headers, 'content-length': String(size) },
    options,
    (req) => {
      let sent = 0;
      source.on('data', (chunk: Buffer) => {
        sent += chunk.length;
        options.onProgress?.(sent, size);
      });
      return pipeline(source, req);
    },
  );
  const text = await readSmall(res);
  if (res.statusCode === 403)
    throw new ServiceError('auth', 'The upload link has expired. Start the upload again.', 403);
  if (!res.statusCode || res.statusCode < 200 || res.statusCode >= 300) {
    throw new ServiceError(
      'server',
      `The storage service refused the upload (HTTP ${res.statusCode}).${text ? ` ${text}` : ''}`,
      res.statusCode,
    );
  }
}

/**
 * GETs a presigned URL into `sink`, at most downloadCap's bytes. Complete is what the transfer
 * itself says: all of its Content-Length, or a chunked body that ended properly; fewer bytes than
 * its Content-Length is an error. Only a body with neither (it ends when the connection closes, so a
 * cut-off looks like an end) is held to the listed size: fewer bytes than listed is an error then.
 * Otherwise a stale or rounded listed size decides nothing (the caller notes a difference). A 403
 * means the link expired: the caller asks for a fresh link.
 */
export async function downloadFromPresignedUrl(
  url: string,
  sink: Writable,
  options: TransferOptions = {},
  limits: DownloadLimits = {},
): Promise<number> {
  const target = checkedUrl(url);
  const stallMs = options.timeoutMs ?? STALL_TIMEOUT_MS;
  const stall = new StallWatchdog(stallMs);
  const deadline = limits.deadlineMs === undefined ? null : AbortSignal.timeout(limits.deadlineMs);
  const signals = [stall.signal];
  if (deadline) signals.push(deadline);
  if (options.signal) signals.push(options.signal);
  const signal = AbortSignal.any(signals);
  /** Why the transfer was cut off by us (not by the user), if it was. */
  const stopped = (): ServiceError | null => {
    if (options.signal?.aborted) return null;
    if (deadline?.aborted) return tooSlow(limits.deadlineMs!);
    if (stall.fired) {
      return new ServiceError(
        'network',
        `The storage service stopped sending (nothing for ${Math.round(stallMs / 1000)} s).`,
      );
    }
    return null;
  };
  try {
    let res: http.IncomingMessage;
    try {
      res = await exchange(target, 'GET', {}, { ...options, timeoutMs: stallMs, signal }, (req) => {
        req.end();
        return Promise.resolve();
      });
    } catch (err) {
      throw stopped() ?? err;
    }
    if (res.statusCode === 403) {
      res.resume();
      throw new ServiceError('auth', 'The download link has expired.', 403);
    }
    if (!res.statusCode || res.statusCode < 200 || res.statusCode >= 300) {
      res.resume();
      throw new ServiceError(
        'server',
        `The storage service refused the download (HTTP ${res.statusCode}).`,
        res.statusCode,
      );
    }
    const header = res.headers['content-length'];
    const declared = header === undefined ? NaN : Number(header);
    const total = isSize(declared) ? declared : null;
    const chunked = /\bchunked\b/i.test(res.headers['transfer-encoding'] ?? '');
    const listed = isSize(limits.listedBytes) ? limits.listedBytes : null;
    const maxBytes = downloadCap(listed, total, limits.maxBytes);
    if (total !== null && total > maxBytes) {
      res.destroy();
      throw tooLarge(maxBytes, total);
    }
    let received = 0;
    let over = false;
    stall.kick();
    res.on('data', (chunk: Buffer) => {
      stall.kick();
      received += chunk.length;
      if (received > maxBytes) {
        over = true;
        res.destroy();
        return;
      }
      options.onProgress?.(received, total);
    });
    try {
      await pipeline(res, sink, { signal });
    } catch (err) {
      if (options.signal?.aborted) throw new ServiceError('cancelled', 'The download was cancelled.');
      if (over) throw tooLarge(maxBytes);
      throw (
        stopped() ?? new ServiceError('network', `The download was interrupted (${(err as Error).message}).`)
      );
    }
    if (over) throw tooLarge(maxBytes);
    if (total !== null && received < total) {
      throw new ServiceError(
        'network',
        `The download ended early: ${received} of ${total} bytes arrived. Try again.`,
      );
    }
    // Neither a length nor chunks: the connection closing is the only end, and a cut-off looks the same.
    if (total === null && !chunked && listed !== null && received < listed) {
      throw new ServiceError(
        'network',
        `The download ended early: ${received} of the ${listed} bytes the file list gives arrived, and the storage service did not say how long the file is. Try again.`,
      );
    }
    return received;
  } finally {
    stall.stop();
  }
}

function tooLarge(maxBytes: number, announced?: number): ServiceError {
  return new ServiceError(
    'invalid-response',
    announced === undefined
      ? `The storage service sent more than the file's listed size (over ${sizeInWords(maxBytes)}); the download was stopped.`
      : `The storage service announced ${sizeInWords(announced)}, more than PlanDesk takes here (${sizeInWords(maxBytes)}); the download was stopped.`,
  );
}

function tooSlow(deadlineMs: number): ServiceError {
  return new ServiceError(
    'network',
    `The file did not arrive within ${Math.round(deadlineMs / 1000)} s; the transfer was stopped.`,
  );
}

function checkedUrl(url: string): URL {
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    throw new ServiceError('invalid-response', 'The service gave a storage address that is not valid.');
  }
  if (!isAllowedRedirectTarget(u))
    throw new ServiceError('invalid-response', 'The storage address is not https.');
  return u;
}

function exchange(
  url: URL,
  method: 'GET' | 'PUT',
  headers: Record<string, string>,
  options: TransferOptions,
  write: (req: http.ClientRequest) => Promise<void>,
): Promise<http.IncomingMessage> {
  return new Promise((resolve, reject) => {
    if (options.signal?.aborted) {
      reject(new ServiceError('cancelled', 'The transfer was cancelled.'));
      return;
    }
    const lib = url.protocol === 'https:' ? https : http;
    const req = lib.request(url, { method, headers, timeout: options.timeoutMs ?? 60_000 });
    let settled = false;
    const fail = (e: ServiceError) => {
      if (settled) return;
      settled = true;
      options.signal?.removeEventListener('abort', onAbort);
      req.destroy();
      reject(e);
    };
    const onAbort = () => fail(new ServiceError('cancelled', 'The transfer was cancelled.'));
    options.signal?.addEventListener('abort', onAbort, { once: true });
    req.on('timeout', () => fail(new ServiceError('network', 'The storage service stopped answering.')));
    req.on('error', (err) =>
      fail(
        err instanceof ServiceError
          ? err
          : new ServiceError(
              'network',
              `Could not reach the storage service (${(err as NodeJS.ErrnoException).code ?? err.message}).`,
            ),
      ),
    );
    req.on('response', (res) => {
      if (settled) return;
      settled = true;
      options.signal?.removeEventListener('abort', onAbort);
      resolve(res);
    });
    write(req).catch((err) => {
      if (options.signal?.aborted) return onAbort();
      // The source's own verdict (a file that cannot be read, bytes that fail their checksum) stands;
      // anything else broke the connection.
      if (err instanceof ServiceError) return fail(err);
      fail(new ServiceError('network', `Reading or sending the file failed (${(err as Error).message}).`));
    });
  });
}

async function readSmall(res: http.IncomingMessage): Promise<string> {
  let text = '';
  for await (const chunk of res) {
    if (text.length < 2000) text += String(chunk);
  }
  return text.trim().slice(0, 200);
}
