import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { ApiClient, type ApiClientOptions } from '../../src-main/api/client';
import { SlidingWindowBudget } from '../../src-main/api/rate-budget';

/**
 * A stand-in for a hostile (or broken) Floor-Plan Project Service on 127.0.0.1: real HTTP, with the
 * answers each test writes itself. Serves the API under `/api/v2` and "storage" (presigned file
 * links) under `/storage` on the same port. It knows a workspace (customer + key) and answers
 * `GET /workspace` by default so a client or the app's services can connect; everything else is a
 * route a test adds. Every request is recorded, and every response counts the bytes it managed to
 * write before the client went away.
 */
export interface HostileRequest {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
}

export type RouteHandler = (
  req: http.IncomingMessage,
  res: http.ServerResponse,
  match: RegExpMatchArray,
) => void | Promise<void>;

export interface HostileService {
  /** `http://127.0.0.1:<port>/api/v2` */
  baseUrl: string;
  /** `http://127.0.0.1:<port>` */
  origin: string;
  customer: string;
  key: string;
  /** The workspace `GET /workspace` answers with (a test may change it). */
  workspace: Record<string, unknown>;
  requests: HostileRequest[];
  /** Bytes written by responses that are over (path → bytes), including cut-off ones. */
  written: Map<string, number>;
  /**
   * Resolves when `count` requests whose path starts with `pathPrefix` have arrived (at once if they
   * already have): a test waits on the service's own events, never on the clock.
   */
  requested(pathPrefix: string, count?: number): Promise<void>;
  /** Resolves with the bytes written when the first response to a path starting with `pathPrefix` is over. */
  responseOver(pathPrefix: string): Promise<number>;
  /** Adds a route (the newest matching one answers); `path` is matched against the full path + query. */
  route(method: string, path: RegExp, handler: RouteHandler): void;
  close(): Promise<void>;
}

export async function startHostileService(): Promise<HostileService> {
  const routes: { method: string; path: RegExp; handler: RouteHandler }[] = [];
  const requests: HostileRequest[] = [];
  const written = new Map<string, number>();
  /** Checked after every request and every response's end: the waits that are now met resolve. */
  let waits: (() => boolean)[] = [];
  const recheck = () => {
    waits = waits.filter((met) => !met());
  };
  const waitFor = <T>(value: () => T | undefined): Promise<T> =>
    new Promise<T>((resolve) => {
      const met = () => {
        const v = value();
        if (v === undefined) return false;
        resolve(v);
        return true;
      };
      if (!met()) waits.push(met);
    });
  const service = {
    customer: 'hostile-customer',
    key: 'hostile-key-0123456789abcdef',
    workspace: { id: 'w-hostile', name: 'Hostile Workspace', webhook_url: null } as Record<string, unknown>,
  };
  const server = http.createServer((req, res) => {
    const url = req.url ?? '/';
    requests.push({ method: req.method ?? 'GET', path: url, headers: req.headers });
    recheck();
    let bytes = 0;
    const write = res.write.bind(res);
    res.write = ((chunk: unknown, ...rest: unknown[]) => {
      if (typeof chunk === 'string' || chunk instanceof Uint8Array) bytes += Buffer.byteLength(chunk);
      return (write as (...a: unknown[]) => boolean)(chunk, ...rest);
    }) as typeof res.write;
    res.on('close', () => {
      written.set(url, (written.get(url) ?? 0) + bytes);
      recheck();
    });
    for (let i = routes.length - 1; i >= 0; i--) {
      const r = routes[i]!;
      const match = r.method === req.method ? url.match(r.path) : null;
      if (match) {
        void Promise.resolve(r.handler(req, res, match)).catch(() => res.destroy());
        return;
      }
    }
    res.writeHead(404, { 'content-type': 'application/json' }).end('{"message":"not found"}');
  });
  server.keepAliveTimeout = 100;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const hostile: HostileService = {
    ...service,
    baseUrl: `${origin}/api/v2`,
    origin,
    requests,
    written,
    requested: async (pathPrefix, count = 1) => {
      await waitFor(() => requests.filter((r) => r.path.startsWith(pathPrefix)).length >= count || undefined);
    },
    responseOver: (pathPrefix) =>
      waitFor(() => [...written.entries()].find(([path]) => path.startsWith(pathPrefix))?.[1]),
    route(method, path, handler) {
      routes.push({ method, path, handler });
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
  hostile.route('GET', /^\/api\/v2\/workspace$/, (req, res) => {
    if (req.headers.customer !== hostile.customer || req.headers.key !== hostile.key) {
      return void res.writeHead(401, { 'content-type': 'application/json' }).end('{"message":"no"}');
    }
    json(res, 200, { data: hostile.workspace });
  });
  return hostile;
}

/** An API client for the hostile service's workspace: a budget of its own, short retries. */
export function hostileClient(h: HostileService, options: Partial<ApiClientOptions> = {}): ApiClient {
  return new ApiClient({
    baseUrl: h.baseUrl,
    customer: h.customer,
    key: h.key,
    budget: new SlidingWindowBudget(10_000, 60_000),
    retry: { baseDelayMs: 5, maxDelayMs: 20 },
    ...options,
  });
}

export function json(res: http.ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}

/**
 * Writes `chunk` again and again (respecting back-pressure) until `totalBytes` are out or the client
 * goes away; resolves with the bytes written.
 */
export function stream(res: http.ServerResponse, chunk: Buffer, totalBytes: number): Promise<number> {
  return new Promise((resolve) => {
    let sent = 0;
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      resolve(sent);
    };
    res.on('close', finish);
    const pump = () => {
      while (!done && sent < totalBytes) {
        const piece = sent + chunk.length <= totalBytes ? chunk : chunk.subarray(0, totalBytes - sent);
        sent += piece.length;
        if (!res.write(piece)) {
          res.once('drain', pump);
          return;
        }
      }
      if (!done && sent >= totalBytes) res.end(finish);
    };
    pump();
  });
}

/** Writes `bytes` one byte at a time, `everyMs` apart, until done or the client goes away. */
export function trickle(res: http.ServerResponse, bytes: Buffer, everyMs: number): void {
  let i = 0;
  const timer = setInterval(() => {
    if (res.destroyed || i >= bytes.length) {
      clearInterval(timer);
      if (!res.destroyed) res.end();
      return;
    }
    res.write(bytes.subarray(i, ++i));
  }, everyMs);
  res.on('close', () => clearInterval(timer));
}
