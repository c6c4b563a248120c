/**
 * A Project Updated receiver for integrators (`plandesk webhook-listen`): plain HTTP on 127.0.0.1
 * that reads each call as the service sends it, reports it, and answers the XML the service
 * expects. It never crashes: whatever arrives (wrong method, wrong type, broken encoding, too big,
 * too slow) is reported and answered with status 2 ("parameter missing or invalid").
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { decodeServiceForm, MalformedForm } from '../../src-shared/webhook/form-encoding';
import type { WebhookStatus } from '../../src-shared/webhook/types';
import { FILE_URL_LIFETIME_MS, readCall, waitText, type FileUrl } from './project-updated';
import { replyXml } from '../../src-shared/webhook/reply-xml';

export interface ListenerOptions {
  /** 0 (default): a free port. */
  port?: number;
  /** The status for a well-formed call (default 0). Malformed calls always get 2. */
  replyStatus?: WebhookStatus;
  replyMessage?: string;
  /** Bodies beyond this are refused (413) without reading the rest. */
  maxBodyBytes?: number;
  /** A call whose body has not arrived within this is answered 408. */
  bodyTimeoutMs?: number;
  /** Print the `key` parameter in clear (default: masked). */
  showKey?: boolean;
  now?: () => Date;
  /** One call, fully read and answered. Exceptions it throws are ignored. */
  onCall: (call: ReceivedCall) => void;
}

export interface ReceivedCall {
  receivedAt: string;
  method: string;
  path: string;
  contentType: string | null;
  /** Whether it was a readable Project Updated call with every required parameter. */
  ok: boolean;
  /** Decoded parameters, null when the body could not be read. */
  fields: Record<string, string> | null;
  listing: string | null;
  files: Record<string, FileUrl[]>;
  /** When the file URLs stop working (60 minutes after arrival). */
  filesExpireAt: string;
  missing: string[];
  /** Why the call is not well-formed. */
  problems: string[];
  /** What deviates from the strict encoding but was read anyway. */
  notes: string[];
  reply: { httpStatus: number; status: number; message: string };
}

export const DEFAULT_MAX_BODY_BYTES = 1024 * 1024;
export const DEFAULT_BODY_TIMEOUT_MS = 15_000;
const FORM_TYPE = 'application/x-www-form-urlencoded';

export interface RunningListener {
  url: string;
  port: number;
  close(): Promise<void>;
}

function pathOf(req: IncomingMessage): string {
  const raw = req.url ?? '/';
  return raw.length > 500 ? `${raw.slice(0, 500)}…` : raw;
}

export async function startWebhookListener(o: ListenerOptions): Promise<RunningListener> {
  const maxBody = o.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES;
  const timeoutMs = o.bodyTimeoutMs ?? DEFAULT_BODY_TIMEOUT_MS;
  const now = o.now ?? (() => new Date());
  const replyStatus = o.replyStatus ?? 0;

  const report = (call: ReceivedCall) => {
    try {
      o.onCall(call);
    } catch {
      // The reporter's trouble (a closed stdout) must not take the listener down.
    }
  };

  const handle = (req: IncomingMessage, res: ServerResponse) => {
    const arrived = now();
    const contentType = req.headers['content-type'] ?? null;
    const base = {
      receivedAt: arrived.toISOString(),
      method: req.method ?? '',
      path: pathOf(req),
      contentType,
    };
    let answered = false;
    const answer = (httpStatus: number, read: Partial<ReceivedCall>, problems: string[]) => {
      if (answered) return;
      answered = true;
      clearTimeout(timer);
      const ok = problems.length === 0 && (read.missing?.length ?? 0) === 0;
      const status = ok ? replyStatus : 2;
      const message = ok
        ? (o.replyMessage ?? 'Received by PlanDesk webhook-listen')
        : [...problems, ...(read.missing?.length ? [`missing: ${read.missing.join(', ')}`] : [])].join('; ');
      const body = Buffer.from(replyXml(status, message), 'utf8');
      const headers: Record<string, string | number> = {
        'Content-Type': 'application/xml; charset=utf-8',
        'Content-Length': body.length,
      };
      if (httpStatus === 405) headers.Allow = 'POST';
      // After a refused body the rest is not read: the connection cannot be reused.
      if (httpStatus >= 400) headers.Connection = 'close';
      if (!res.headersSent && !res.destroyed) {
        res.writeHead(httpStatus, headers);
        res.end(body);
      }
      report({
        ...base,
        ok,
        fields: read.fields ?? null,
        listing: read.listing ?? null,
        files: read.files ?? {},
        filesExpireAt: new Date(arrived.getTime() + FILE_URL_LIFETIME_MS).toISOString(),
        missing: read.missing ?? [],
        problems,
        notes: read.notes ?? [],
        reply: { httpStatus, status, message },
      });
    };
    const timer = setTimeout(
      () => answer(408, {}, [`the body did not arrive within ${waitText(timeoutMs)}`]),
      timeoutMs,
    );

    if (req.method !== 'POST') {
      req.resume();
      return answer(405, {}, [`method ${req.method ?? '?'}: the service posts its calls`]);
    }
    const declared = Number(req.headers['content-length']);
    if (Number.isFinite(declared) && declared > maxBody) {
      req.resume();
      return answer(413, {}, [`body of ${declared} bytes is over the limit of ${maxBody}`]);
    }
    const chunks: Buffer[] = [];
    let total = 0;
    req.on('data', (chunk: Buffer) => {
      if (answered) return;
      total += chunk.length;
      if (total > maxBody) {
        answer(413, {}, [`body is over the limit of ${maxBody} bytes`]);
        req.resume();
        return;
      }
      chunks.push(chunk);
    });
    req.on('error', () => answer(400, {}, ['the body broke off']));
    req.on('close', () => {
      if (!req.complete) answer(400, {}, ['the caller hung up before the body was complete']);
    });
    req.on('end', () => {
      if (answered) return;
      const mediaType = (contentType ?? '').split(';')[0]!.trim().toLowerCase();
      if (mediaType !== FORM_TYPE) {
        return answer(200, {}, [
          `Content-Type is ${contentType ? `"${contentType.slice(0, 100)}"` : 'missing'}, not ${FORM_TYPE}`,
        ]);
      }
      try {
        const decoded = decodeServiceForm(Buffer.concat(chunks, total));
        const read = readCall(decoded.pairs, arrived, o.showKey ?? false);
        const notes = [...decoded.notes];
        if (read.repeated.length > 0)
          notes.push(`sent more than once (first kept): ${read.repeated.join(', ')}`);
        answer(200, { ...read, notes }, []);
      } catch (err) {
        const detail = err instanceof MalformedForm ? err.message : 'the body could not be read';
        answer(200, {}, [`malformed body: ${detail}`]);
      }
    });
  };

  const server: Server = createServer((req, res) => {
    try {
      handle(req, res);
    } catch {
      if (!res.headersSent) res.writeHead(500).end();
    }
  });
  server.requestTimeout = timeoutMs + 1000;
  server.headersTimeout = timeoutMs;
  // A request Node cannot even parse (bad request line, huge headers) gets a plain 400.
  server.on('clientError', (_err, socket) => {
    if (socket.writable) socket.end('HTTP/1.1 400 Bad Request\r\nConnection: close\r\n\r\n');
    else socket.destroy();
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(o.port ?? 0, '127.0.0.1', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}/`,
    port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
