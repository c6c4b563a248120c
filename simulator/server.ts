/**
 * The API server's request pipeline: admin API, faults, authentication, rate limits, routing,
 * error bodies, statistics and the request log. No input can crash it: every failure becomes an
 * answer, and an unexpected exception is a 500 that is logged as a bug.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AdminContext } from './admin';
import { actingUser, authenticate } from './auth';
import { resolveLocale } from './formatting';
import {
  delay,
  errorBody,
  HttpError,
  isLoopback,
  json,
  methodNotAllowed,
  notFound,
  parseJsonBody,
  pathOnly,
  readBody,
  sendReply,
  type Reply,
} from './http-util';
import type { Router } from './router';
import type { FaultControls } from './sim-types';
import type { ApiContext, SimState } from './state';

export const API_PREFIX = '/api/v2';
export const ADMIN_PREFIX = '/_sim';
/** Request bodies of JSON endpoints beyond this answer 413. */
export const MAX_JSON_BODY = 10 * 1024 * 1024;

export interface ApiServerDeps {
  sim: SimState;
  api: Router<ApiContext>;
  admin: Router<AdminContext>;
  controls: FaultControls;
}

export function createApiServer(deps: ApiServerDeps): Server {
  return createServer((req, res) => {
    handle(deps, req, res).catch((err: unknown) => {
      logBug(deps.sim, `${req.method} ${pathOnly(req.url)}`, err);
      if (!res.headersSent)
        sendReply(res, json({ status: 500, message: 'Internal server error', details: {} }, 500), false);
      else res.destroy();
    });
  });
}

function logBug(sim: SimState, where: string, err: unknown): void {
  const text = `simulator bug in ${where}: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`;
  sim.log(text);
  if (!sim.hasLogger) console.error(text);
}

function errorReply(sim: SimState, err: unknown, where: string): Reply {
  if (err instanceof HttpError) {
    return {
      kind: 'json',
      status: err.status,
      body: errorBody(err, sim.variants.messageDataErrors),
      headers: err.status === 413 ? { ...err.headers, Connection: 'close' } : err.headers,
    };
  }
  logBug(sim, where, err);
  return errorReply(sim, new HttpError(500, 'Internal server error'), where);
}

function bodyReader(req: IncomingMessage): () => Promise<unknown> {
  let parsed: Promise<unknown> | null = null;
  return () =>
    (parsed ??= readBody(req, MAX_JSON_BODY).then((raw) => parseJsonBody(raw, req.headers['content-type'])));
}

async function handle(deps: ApiServerDeps, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const { sim } = deps;
  const started = performance.now();
  const method = req.method ?? 'GET';
  const logPath = pathOnly(req.url);
  const finish = (reply: Reply, counted: boolean) => {
    // Unread bodies are drained so a keep-alive connection stays usable.
    if (!req.readableEnded) req.resume();
    sendReply(res, reply, sim.variants.moneyAsStrings);
    if (counted) sim.stats.byStatus[reply.status] = (sim.stats.byStatus[reply.status] ?? 0) + 1;
    sim.log(`${method} ${logPath} ${reply.status} ${(performance.now() - started).toFixed(1)}ms`);
  };

  let url: URL;
  try {
    url = new URL(req.url ?? '/', 'http://sim.invalid');
  } catch {
    return finish(errorReply(sim, new HttpError(400, 'Bad request URL'), logPath), false);
  }
  const path = url.pathname;
  const body = bodyReader(req);

  if (path === ADMIN_PREFIX || path.startsWith(`${ADMIN_PREFIX}/`)) {
    let reply: Reply;
    try {
      if (!isLoopback(req.socket.remoteAddress))
        throw new HttpError(403, 'The admin API answers loopback only');
      const match = deps.admin.match(method, path.slice(ADMIN_PREFIX.length) || '/');
      if (match.kind === 'none') throw notFound('Admin endpoint');
      if (match.kind === 'method') {
        throw methodNotAllowed(match.allowed);
      }
      reply = await match.route.handler({ sim, controls: deps.controls, body }, match.params);
    } catch (err) {
      reply = errorReply(sim, err, `${method} ${logPath}`);
    }
    return finish(reply, false);
  }

  sim.stats.requests++;
  const fault = sim.faults.take(path, method);
  if (fault.latencyMs > 0) await delay(fault.latencyMs);
  switch (fault.action) {
    case 'drop':
      sim.stats.byStatus.dropped = (sim.stats.byStatus.dropped ?? 0) + 1;
      sim.log(`${method} ${logPath} dropped (fault)`);
      req.socket.destroy();
      return;
    case 'malformed': {
      if (!req.readableEnded) req.resume();
      const truncated = Buffer.from('{"data": [', 'utf8');
      res.writeHead(200, {
        'Content-Type': 'application/json; charset=utf-8',
        'Content-Length': truncated.length,
      });
      res.end(truncated);
      sim.stats.byStatus[200] = (sim.stats.byStatus[200] ?? 0) + 1;
      sim.log(`${method} ${logPath} 200 malformed (fault)`);
      return;
    }
    case 'fail500':
      return finish(errorReply(sim, new HttpError(500, 'Internal server error'), logPath), true);
    case 'fail429':
      return finish(errorReply(sim, new HttpError(429, 'Too many requests'), logPath), true);
    default:
      break;
  }

  let reply: Reply;
  try {
    reply = await routeApi(deps, req, url, body);
  } catch (err) {
    reply = errorReply(sim, err, `${method} ${logPath}`);
  }
  if (fault.action === 'dropAfter') {
    // Done, but the answer is lost on the way: what a connection cut at the wrong moment looks like.
    sim.stats.byStatus.dropped = (sim.stats.byStatus.dropped ?? 0) + 1;
    sim.log(`${method} ${logPath} ${reply.status} carried out, answer dropped (fault)`);
    req.socket.destroy();
    return;
  }
  finish(reply, true);
}

async function routeApi(
  deps: ApiServerDeps,
  req: IncomingMessage,
  url: URL,
  body: () => Promise<unknown>,
): Promise<Reply> {
  const { sim } = deps;
  const path = url.pathname;
  if (path !== API_PREFIX && !path.startsWith(`${API_PREFIX}/`)) throw notFound('Endpoint');
  const sub = path.slice(API_PREFIX.length) || '/';
  const ws = authenticate(sim.store, req.headers);
  const user = actingUser(ws, req.headers);
  const match = deps.api.match(req.method ?? 'GET', sub);
  const rateClass = match.kind === 'found' ? match.route.rateClass : 'standard';
  if (!sim.limiter.allow(ws.data.id, rateClass)) {
    sim.stats.rateLimited++;
    throw new HttpError(429, 'Too many requests');
  }
  if (match.kind === 'none') throw notFound('Endpoint');
  if (match.kind === 'method') {
    throw methodNotAllowed(match.allowed);
  }
  const ctx: ApiContext = {
    sim,
    ws,
    path: sub,
    query: url.searchParams,
    locale: resolveLocale(req.headers['accept-language']),
    actingUser: user,
    body,
  };
  return await match.route.handler(ctx, match.params);
}
