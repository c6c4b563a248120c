/**
 * Request/response plumbing shared by the API, admin and storage servers.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { writeJson } from './json-writer';

/** Field path → messages, e.g. `{ "children[0].type": ["is required"] }`. */
export type FieldErrors = Record<string, string[]>;

/** An expected failure: becomes an error response with this status. */
export class HttpError extends Error {
  override readonly name = 'HttpError';
  constructor(
    readonly status: number,
    message: string,
    readonly details: { fields?: FieldErrors; [key: string]: unknown } = {},
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
  }
}

export function badRequest(message: string, fields?: FieldErrors): HttpError {
  return new HttpError(400, message, fields ? { fields } : {});
}

export function notFound(what = 'Resource'): HttpError {
  return new HttpError(404, `${what} not found`);
}

export function methodNotAllowed(allowed: string[]): HttpError {
  return new HttpError(405, 'Method not allowed', { allowed }, { Allow: allowed.join(', ') });
}

export type Reply =
  | { kind: 'json'; status: number; body: unknown; headers?: Record<string, string> }
  | { kind: 'bytes'; status: number; body: Buffer; contentType: string; headers?: Record<string, string> };

export function json(body: unknown, status = 200): Reply {
  return { kind: 'json', status, body };
}

export function bytes(body: Buffer, contentType: string, headers?: Record<string, string>): Reply {
  return { kind: 'bytes', status: 200, body, contentType, headers };
}

/** The error body: the chosen default `{status, message, details}` or the live `{message, data}`. */
export function errorBody(err: HttpError, messageDataErrors: boolean): unknown {
  if (messageDataErrors) {
    return { message: err.message, data: err.details.fields ? { errors: err.details.fields } : '' };
  }
  return { status: err.status, message: err.message, details: err.details };
}

export function sendReply(res: ServerResponse, reply: Reply, moneyAsStrings: boolean): void {
  if (res.headersSent || res.destroyed) return;
  let payload: Buffer;
  let type: string;
  if (reply.kind === 'json') {
    payload = Buffer.from(writeJson(reply.body, { moneyAsStrings }), 'utf8');
    type = 'application/json; charset=utf-8';
  } else {
    payload = reply.body;
    type = reply.contentType;
  }
  res.statusCode = reply.status;
  res.setHeader('Content-Type', type);
  res.setHeader('Content-Length', payload.length);
  for (const [k, v] of Object.entries(reply.headers ?? {})) res.setHeader(k, v);
  res.end(payload);
}

/** Beyond this much body, reading stops being polite: the connection is cut. */
const DRAIN_LIMIT = 64 * 1024 * 1024;

/**
 * Reads a request body up to `cap` bytes. A bigger body is drained (so the client can read our
 * answer instead of failing on a reset) and then refused with 413.
 */
export function readBody(req: IncomingMessage, cap: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const declared = Number(req.headers['content-length']);
    const chunks: Buffer[] = [];
    let total = 0;
    let tooLarge = Number.isFinite(declared) && declared > cap;
    const tooLargeError = () => new HttpError(413, `Request body exceeds ${cap} bytes`, { limit: cap });
    if (tooLarge && declared > DRAIN_LIMIT) {
      // Not worth draining: the 413 goes out with Connection: close, which ends the socket.
      reject(tooLargeError());
      return;
    }
    req.on('data', (chunk: Buffer) => {
      total += chunk.length;
      if (total > cap) tooLarge = true;
      if (tooLarge) {
        chunks.length = 0;
        if (total > DRAIN_LIMIT) req.destroy();
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => (tooLarge ? reject(tooLargeError()) : resolve(Buffer.concat(chunks, total))));
    req.on('error', reject);
    req.on('close', () => {
      if (!req.complete) reject(new HttpError(400, 'Request body incomplete'));
    });
  });
}

/** Parses a JSON request body; an empty body is `undefined`. */
export function parseJsonBody(raw: Buffer, contentType: string | undefined): unknown {
  if (raw.length === 0) return undefined;
  const mediaType = (contentType ?? '').split(';')[0]?.trim().toLowerCase();
  if (mediaType !== 'application/json') {
    throw badRequest('Content-Type must be application/json', {
      'Content-Type': ['must be application/json'],
    });
  }
  try {
    return JSON.parse(raw.toString('utf8')) as unknown;
  } catch {
    throw badRequest('Malformed JSON');
  }
}

export function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** The request path without its query (query strings may carry signatures). */
export function pathOnly(url: string | undefined): string {
  const u = url ?? '/';
  const q = u.indexOf('?');
  return q === -1 ? u : u.slice(0, q);
}

export const delay = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

export function isLoopback(address: string | undefined): boolean {
  return address === '127.0.0.1' || address === '::1' || address === '::ffff:127.0.0.1';
}
