import { promises as fs } from 'node:fs';
import path from 'node:path';

/**
 * The window's page comes from PlanDesk's own scheme, `app://plandesk/…`, not from `file://`: a page
 * loaded from a file shares its origin with every local file, so the content security policy's
 * `'self'` would allow any of them; `app://plandesk` is an origin of its own, and the policy's
 * `'self'` (src-renderer/index.html) is that origin only. src-main/index.ts registers the scheme as
 * standard and secure before the app is ready and answers it with `rendererResponse`; the e2e
 * harness serves the built renderer with the same function. Plain Node: tested without Electron.
 */

export const APP_SCHEME = 'app';
export const APP_HOST = 'plandesk';
/** The window's page. */
export const RENDERER_URL = `${APP_SCHEME}://${APP_HOST}/index.html`;

/**
 * Electron's privileges for the scheme (protocol.registerSchemesAsPrivileged): a standard URL with an
 * origin of its own, a secure context like https, fetch for the page's own files, and V8's code cache
 * (a custom scheme has none unless asked; with it, later starts need not compile the renderer's
 * scripts again). Not CSP-bypassing, not CORS-enabled for other origins, no service workers.
 */
export const APP_SCHEME_PRIVILEGES = {
  standard: true,
  secure: true,
  supportFetchAPI: true,
  codeCache: true,
} as const;

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.wasm': 'application/wasm',
};

/** Whether `url` is the window's page (`app://plandesk/index.html`, maybe with a fragment). */
export function isRendererPage(url: string): boolean {
  try {
    const u = new URL(url);
    return (
      u.protocol === `${APP_SCHEME}:` && u.host === APP_HOST && u.pathname === '/index.html' && !u.search
    );
  } catch {
    return false;
  }
}

/**
 * The answer to one request for `app://plandesk/<path>`: the file of that path inside
 * `rendererDir`, with the content type of its extension (and nosniff), or 404. Nothing outside the
 * folder, no other host, only GET and HEAD. A missing page answers 404 with an empty body, which
 * Chromium turns into a failed load (a damaged install then fails to start, with the error shown).
 */
export async function rendererResponse(rendererDir: string, url: string, method = 'GET'): Promise<Response> {
  const notFound = () => new Response(null, { status: 404 });
  if (method !== 'GET' && method !== 'HEAD') return new Response(null, { status: 405 });
  let u: URL;
  try {
    u = new URL(url);
  } catch {
    return notFound();
  }
  if (u.protocol !== `${APP_SCHEME}:` || u.host !== APP_HOST) return notFound();
  let relative: string;
  try {
    relative = decodeURIComponent(u.pathname);
  } catch {
    return notFound();
  }
  if (relative === '/') relative = '/index.html';
  const root = path.resolve(rendererDir);
  const file = path.resolve(root, `.${relative}`);
  const inside = path.relative(root, file);
  if (!inside || inside.startsWith('..') || path.isAbsolute(inside) || relative.includes('\0'))
    return notFound();
  const type = CONTENT_TYPES[path.extname(file).toLowerCase()];
  if (!type) return notFound();
  const info = await fs.lstat(file).catch(() => null);
  if (!info?.isFile()) return notFound();
  const headers = {
    'content-type': type,
    'content-length': String(info.size),
    'x-content-type-options': 'nosniff',
    'cache-control': 'no-cache',
  };
  if (method === 'HEAD') return new Response(null, { status: 200, headers });
  const body = await fs.readFile(file).catch(() => null);
  return body ? new Response(body, { status: 200, headers }) : notFound();
}

/**
 * `response` with its body handed out as it is read, and `onRead` called once the reader has taken
 * all of it (it asked for more after the last byte). Main serves the page's files on its own thread
 * (protocol.handle): the entry waits for this before it loads its services, which holds the thread.
 */
export async function whenRead(response: Response, onRead: () => void): Promise<Response> {
  if (!response.body) {
    onRead();
    return response;
  }
  const bytes = new Uint8Array(await response.arrayBuffer());
  let handedOut = false;
  const body = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        if (!handedOut) {
          handedOut = true;
          controller.enqueue(bytes);
          return;
        }
        controller.close();
        onRead();
      },
      cancel() {
        onRead();
      },
    },
    // Nothing is taken ahead of the reader: each pull is the reader asking.
    { highWaterMark: 0 },
  );
  return new Response(body, { status: response.status, headers: response.headers });
}
