import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ApiClientOptions } from '../../src-main/api/client';
import { downloadFromPresignedUrl } from '../../src-main/api/storage';
import { downloadCommand } from '../../src-main/cli/commands/files';
import {
  DOWNLOAD_SIZE_MARGIN_BYTES,
  MAX_LIST_PAGE_JSON_BYTES,
  MAX_LOGO_BYTES,
} from '../../src-main/api/limits';
import type { RunningServices } from '../../src-main/app/services';
import { startAppWithWorkspace } from '../helpers/app-services';
import { testDialogs } from '../helpers/test-dialogs';
import {
  hostileClient,
  json,
  startHostileService,
  stream,
  trickle,
  type HostileService,
  type RouteHandler,
} from '../helpers/hostile-service';

// Issue 10, item 6: a hostile service (a stand-in on 127.0.0.1) sends too much, too slowly, or less
// than it promised. Every cap holds while the bytes arrive, and every long transfer ends.

const MiB = 1024 * 1024;
/** What sockets and buffers may still take in after the client stopped reading. */
const IN_FLIGHT_SLACK = 24 * MiB;

let h: HostileService;
let dir: string;

beforeEach(async () => {
  h = await startHostileService();
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'plandesk-hostile-limits-'));
});
afterEach(async () => {
  await h.close();
  await fs.rm(dir, { recursive: true, force: true });
});

const client = (options: Partial<ApiClientOptions> = {}) => hostileClient(h, options);

/** Runs `work` and reports how long it took and the longest stall of the event loop meanwhile. */
async function timed<T>(
  work: () => Promise<T>,
): Promise<{ result: T | Error; ms: number; maxBlockMs: number }> {
  const loop = monitorEventLoopDelay({ resolution: 10 });
  loop.enable();
  const started = Date.now();
  let result: T | Error;
  try {
    result = await work();
  } catch (err) {
    result = err as Error;
  }
  loop.disable();
  return { result, ms: Date.now() - started, maxBlockMs: loop.max / 1e6 };
}

/** Waits until the server has seen the end of the response to `path` (the client went away). */
async function bytesWritten(pathPrefix: string): Promise<number> {
  for (let i = 0; i < 200; i++) {
    const entry = [...h.written.entries()].find(([p]) => p.startsWith(pathPrefix));
    if (entry) return entry[1];
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error(`the response to ${pathPrefix} never ended`);
}

/** The app's services with a workspace on the hostile service, and a project with one file. */
async function appWithFile(file: Record<string, unknown>): Promise<{
  services: RunningServices;
  dialogs: ReturnType<typeof testDialogs>;
}> {
  h.route('GET', /^\/api\/v2\/projects\/p1\/files\?/, (_req, res) =>
    json(res, 200, { data: [file], page_info: { totalCount: 1, page: 1, pageSize: 10, totalPages: 1 } }),
  );
  const out = path.join(dir, 'out');
  await fs.mkdir(out);
  const dialogs = testDialogs(out);
  const services = await startAppWithWorkspace(h, {
    userDataDir: path.join(dir, 'userdata'),
    dialogs: dialogs.dialogs,
  });
  return { services, dialogs };
}

describe('JSON answers are capped while they arrive', () => {
  it('100 MB of `{},` as a project list: refused at the list cap, fast, without blocking the process', async () => {
    h.route('GET', /^\/api\/v2\/projects\?/, async (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{"data":[');
      await stream(res, Buffer.from('{},'.repeat(20_000)), 100 * MiB);
    });
    const run = await timed(() => client().listProjects({ page: 1, pageSize: 50 }));
    expect(run.result).toMatchObject({
      kind: 'invalid-response',
      message: expect.stringContaining('larger than PlanDesk accepts'),
    });
    expect(run.ms).toBeLessThan(5_000);
    expect(run.maxBlockMs).toBeLessThan(500);
    expect(await bytesWritten('/api/v2/projects?')).toBeLessThan(MAX_LIST_PAGE_JSON_BYTES + IN_FLIGHT_SLACK);
  });

  it('an answer that declares a length over the cap is refused before its body is read', async () => {
    h.route('GET', /^\/api\/v2\/projects\/big$/, (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': String(500 * MiB) });
      res.write('{"data":{"id":"big","name":"');
      // …and then nothing: the client must not wait for the rest.
    });
    const run = await timed(() => client({ timeoutMs: 20_000 }).getProject('big'));
    expect(run.result).toMatchObject({ kind: 'invalid-response' });
    expect(run.ms).toBeLessThan(2_000);
  });

  it('an answer that stops coming is given up after the stall timeout, not the attempt timeout', async () => {
    h.route('GET', /^\/api\/v2\/projects\/slow$/, (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{"data":');
    });
    const run = await timed(() =>
      client({ timeoutMs: 20_000, stallTimeoutMs: 1_000, retry: { maxAttemptsTransient: 1 } }).getProject(
        'slow',
      ),
    );
    expect(run.result).toMatchObject({
      kind: 'network',
      message: expect.stringContaining('nothing received'),
    });
    expect(run.ms).toBeLessThan(4_000);
  });

  it('retries end at the overall deadline, whatever the attempts left', async () => {
    h.route('GET', /^\/api\/v2\/projects\/trickle$/, (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      trickle(res, Buffer.from(JSON.stringify({ data: { id: 'trickle', name: 'x'.repeat(200) } })), 100);
    });
    const run = await timed(() =>
      client({
        timeoutMs: 1_000,
        deadlineMs: 1_500,
        retry: { maxAttemptsTransient: 6, baseDelayMs: 5, maxDelayMs: 20 },
      }).getProject('trickle'),
    );
    expect(run.result).toMatchObject({
      kind: 'network',
      message: expect.stringContaining('did not answer completely within 2 s'),
    });
    expect(run.ms).toBeLessThan(3_000);
  });
});

describe('images are capped while they arrive', () => {
  it('a 400 MB "logo" is dropped at its cap without being buffered whole', async () => {
    h.route('GET', /^\/storage\/logo\.png$/, async (_req, res) => {
      res.writeHead(200, { 'content-type': 'image/png' });
      await stream(res, Buffer.alloc(MiB, 0x89), 400 * MiB);
    });
    const run = await timed(() => client().fetchImage(`${h.origin}/storage/logo.png`));
    expect(run.result).toBeNull();
    expect(run.ms).toBeLessThan(5_000);
    expect(await bytesWritten('/storage/logo.png')).toBeLessThan(MAX_LOGO_BYTES + IN_FLIGHT_SLACK);
  });
});

describe('downloads are held to the size the file list gave', () => {
  it('a preview of a file listed as 1 kB that sends 100 MB stops at the listed size (plus the margin)', async () => {
    const { services } = await appWithFile({
      id: 'f1',
      name: 'Skizze.png',
      size: 1024,
      url: `${h.origin}/storage/skizze.png`,
    });
    h.route('GET', /^\/storage\/skizze\.png$/, async (_req, res) => {
      res.writeHead(200, { 'content-type': 'image/png' });
      await stream(res, Buffer.alloc(MiB, 0x42), 100 * MiB);
    });
    try {
      await expect(services.files.preview('p1', 'f1')).rejects.toMatchObject({
        kind: 'invalid-response',
        message: expect.stringContaining("more than the file's listed size"),
      });
      expect(await bytesWritten('/storage/skizze.png')).toBeLessThan(
        1024 + DOWNLOAD_SIZE_MARGIN_BYTES + IN_FLIGHT_SLACK,
      );
      // Nothing of it is left in the scratch folder.
      expect(await fs.readdir(path.join(dir, 'userdata', 'tmp'))).toEqual([]);
    } finally {
      await services.close();
    }
  });

  /** The app with one file listed at 1000 bytes, whose storage answers with `send`. */
  const listedAt1000 = (send: RouteHandler) => {
    h.route('GET', /^\/storage\/aufmass\.pdf$/, send);
    return appWithFile({ id: 'f1', name: 'Aufmaß.pdf', size: 1000, url: `${h.origin}/storage/aufmass.pdf` });
  };

  it('a transfer complete by its own length is kept whatever size the list gave; the CLI says so (issue 23, item 9)', async () => {
    // A stale (or rounded) size in the list: storage announces 500 bytes and sends them all.
    const { services, dialogs } = await listedAt1000((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/pdf', 'content-length': 500 });
      res.end(Buffer.alloc(500, 0x25));
    });
    try {
      const saved = await services.files.download('p1', 'f1');
      expect((await fs.stat(saved.path!)).size).toBe(500);
      const said = await downloadCommand(client(), { out: dialogs.answers.folder! }, ['p1', 'f1'], null);
      expect(said).toContain('the project’s file list gives 1000 bytes; the storage service sent 500');
      const asJson = JSON.parse(
        await downloadCommand(client(), { out: dialogs.answers.folder!, json: true }, ['p1', 'f1'], null),
      ) as { bytes: number; listedBytes: number };
      expect(asJson).toMatchObject({ bytes: 500, listedBytes: 1000 });
    } finally {
      await services.close();
    }
  });

  it('a transfer that ends before its own Content-Length is an error, and leaves no file', async () => {
    const { services, dialogs } = await listedAt1000((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/pdf', 'content-length': 1000 });
      res.write(Buffer.alloc(500, 0x25), () => res.destroy());
    });
    try {
      await expect(services.files.download('p1', 'f1')).rejects.toMatchObject({ kind: 'network' });
      expect(await fs.readdir(dialogs.answers.folder!)).toEqual([]);
    } finally {
      await services.close();
    }
  });

  it('a storage host trickling a byte at a time: the preview is cancelled at once', async () => {
    const { services } = await appWithFile({
      id: 'f1',
      name: 'Foto.jpg',
      size: 1024,
      url: `${h.origin}/storage/foto.jpg`,
    });
    h.route('GET', /^\/storage\/foto\.jpg$/, (_req, res) => {
      res.writeHead(200, { 'content-type': 'image/jpeg' });
      trickle(res, Buffer.alloc(1024, 0xff), 200);
    });
    try {
      const preview = services.files.preview('p1', 'f1', 'op-preview');
      const settled = preview.then(
        () => 'resolved',
        (err: unknown) => err,
      );
      await new Promise((r) => setTimeout(r, 600));
      expect(services.operations.cancel('op-preview')).toBe(true);
      const outcome = await Promise.race([
        settled,
        new Promise((r) => setTimeout(() => r('still running'), 1_500)),
      ]);
      expect(outcome).toMatchObject({ kind: 'cancelled' });
    } finally {
      await services.close();
    }
  });

  it('a storage host that stops sending, or sends too slowly, is given up', async () => {
    h.route('GET', /^\/storage\/stalled$/, (_req, res) => {
      res.writeHead(200, { 'content-length': '1000' });
      res.write(Buffer.alloc(10));
    });
    h.route('GET', /^\/storage\/slow$/, (_req, res) => {
      res.writeHead(200, { 'content-length': '1000' });
      trickle(res, Buffer.alloc(1000), 50);
    });
    const stalled = await timed(() =>
      downloadFromPresignedUrl(
        `${h.origin}/storage/stalled`,
        new PassThrough().resume(),
        { timeoutMs: 500 },
        {
          maxBytes: 2000,
        },
      ),
    );
    expect(stalled.result).toMatchObject({
      kind: 'network',
      message: expect.stringContaining('stopped sending'),
    });
    expect(stalled.ms).toBeLessThan(2_000);
    const slow = await timed(() =>
      downloadFromPresignedUrl(
        `${h.origin}/storage/slow`,
        new PassThrough().resume(),
        {},
        {
          maxBytes: 2000,
          deadlineMs: 800,
        },
      ),
    );
    expect(slow.result).toMatchObject({
      kind: 'network',
      message: expect.stringContaining('did not arrive within'),
    });
    expect(slow.ms).toBeLessThan(2_000);
  });
});
