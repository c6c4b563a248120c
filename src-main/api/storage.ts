import http from 'node:http';
import https from 'node:https';
import type { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { isAllowedRedirectTarget } from './base-url';
import { ServiceError } from '../errors/service-error';

/**
 * Transfers to and from presigned storage URLs. Deliberately a separate path from the API client:
 * nothing here knows the service's credentials, so they cannot leak to a storage host. Bodies are
 * streamed, never held whole in memory.
 */
export interface TransferOptions {
  signal?: AbortSignal;
  onProgress?: (bytes: number, total: number | null) => void;
  timeoutMs?: number;
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

/** GETs a presigned URL into `sink`. A 403 means the link expired: the caller asks the service for a fresh one. */
export async function downloadFromPresignedUrl(
  url: string,
  sink: Writable,
  options: TransferOptions = {},
): Promise<number> {
  const target = checkedUrl(url);
  const res = await exchange(target, 'GET', {}, options, (req) => {
    req.end();
    return Promise.resolve();
  });
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
  const total = Number(res.headers['content-length']) || null;
  let received = 0;
  res.on('data', (chunk: Buffer) => {
    received += chunk.length;
    options.onProgress?.(received, total);
  });
  try {
    await pipeline(res, sink, { signal: options.signal });
  } catch (err) {
    if (options.signal?.aborted) throw new ServiceError('cancelled', 'The download was cancelled.');
    throw new ServiceError('network', `The download was interrupted (${(err as Error).message}).`);
  }
  return received;
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
        new ServiceError(
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
