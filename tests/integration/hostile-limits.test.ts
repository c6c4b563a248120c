import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PassThrough } from 'node:stream';
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
//
// Nothing here reads the clock: which limit ended a transfer shows in the error it gave (each limit
// words its own), the transfers are set up so that any other ending would come far later (past the
// test's timeout), and the server's own events say when a request came and when its answer was over.
// How fast a refusal comes and how long it holds the event loop are figures of bench/hostile-answers.ts.

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

/** What `work` gave, or the error it threw. */
async function outcome<T>(work: () => Promise<T>): Promise<T | Error> {
  try {
    return await work();
  } catch (err) {
    return err as Error;
  }
}

/** The bytes the server wrote to `path` once its response is over (the client went away). */
const bytesWritten = (pathPrefix: string): Promise<number> => h.responseOver(pathPrefix);

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
  it('100 MB of `{},` as a project list: refused at the list cap, the rest never read', async () => {
    h.route('GET', /^\/api\/v2\/projects\?/, async (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{"data":[');
      await stream(res, Buffer.from('{},'.repeat(20_000)), 100 * MiB);
    });
    const result = await outcome(() => client().listProjects({ page: 1, pageSize: 50 }));
    expect(result).toMatchObject({
      kind: 'invalid-response',
      message: expect.stringContaining('larger than PlanDesk accepts'),
    });
    expect(await bytesWritten('/api/v2/projects?')).toBeLessThan(MAX_LIST_PAGE_JSON_BYTES + IN_FLIGHT_SLACK);
  });

  it('an answer that declares a length over the cap is refused before its body is read', async () => {
    h.route('GET', /^\/api\/v2\/projects\/big$/, (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': String(500 * MiB) });
      res.write('{"data":{"id":"big","name":"');
      // …and then nothing: a client that waited for the rest would end on a timeout (a `network`
      // error), not on the size.
    });
    const result = await outcome(() => client({ timeoutMs: 20_000 }).getProject('big'));
    expect(result).toMatchObject({
      kind: 'invalid-response',
      message: expect.stringContaining('larger than PlanDesk accepts'),
    });
  });

  it('an answer that stops coming is given up after the stall timeout, not the attempt timeout', async () => {
    h.route('GET', /^\/api\/v2\/projects\/slow$/, (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.write('{"data":');
    });
    const result = await outcome(() =>
      client({ timeoutMs: 20_000, stallTimeoutMs: 1_000, retry: { maxAttemptsTransient: 1 } }).getProject(
        'slow',
      ),
    );
    // The attempt's timeout would say "no answer within 20 s".
    expect(result).toMatchObject({
      kind: 'network',
      message: expect.stringContaining('nothing received for 1 s'),
    });
  });

  it('retries end at the overall deadline, whatever the attempts left', async () => {
    h.route('GET', /^\/api\/v2\/projects\/trickle$/, (_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      trickle(res, Buffer.from(JSON.stringify({ data: { id: 'trickle', name: 'x'.repeat(200) } })), 100);
    });
    const result = await outcome(() =>
      client({
        timeoutMs: 1_000,
        deadlineMs: 1_500,
        retry: { maxAttemptsTransient: 6, baseDelayMs: 5, maxDelayMs: 20 },
      }).getProject('trickle'),
    );
    // Six attempts run out with "no answer within 1 s"; the deadline says its own words.
    expect(result).toMatchObject({
      kind: 'network',
      message: expect.stringContaining('did not answer completely within 2 s'),
    });
  });
});

describe('images are capped while they arrive', () => {
  it('a 400 MB "logo" is dropped at its cap without being buffered whole', async () => {
    h.route('GET', /^\/storage\/logo\.png$/, async (_req, res) => {
      res.writeHead(200, { 'content-type': 'image/png' });
      await stream(res, Buffer.alloc(MiB, 0x89), 400 * MiB);
    });
    expect(await outcome(() => client().fetchImage(`${h.origin}/storage/logo.png`))).toBeNull();
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
      // The files screen gets both sizes for its note.
      expect(saved.sizeDiffers).toEqual({ listed: 1000, received: 500 });
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

  it('a file replaced by one over a megabyte larger than the stale list size still downloads, by its own length', async () => {
    const size = 1000 + DOWNLOAD_SIZE_MARGIN_BYTES + 512 * 1024;
    const { services } = await listedAt1000((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/pdf', 'content-length': size });
      void stream(res, Buffer.alloc(64 * 1024, 0x25), size);
    });
    try {
      const saved = await services.files.download('p1', 'f1');
      expect((await fs.stat(saved.path!)).size).toBe(size);
      expect(saved.sizeDiffers).toEqual({ listed: 1000, received: size });
    } finally {
      await services.close();
    }
  });

  /** Answers with neither Content-Length nor chunked encoding: the body ends when the connection closes. */
  const closeDelimited =
    (bytes: number): RouteHandler =>
    (_req, res) => {
      const head = 'HTTP/1.1 200 OK\r\ncontent-type: application/pdf\r\nconnection: close\r\n\r\n';
      res.socket!.end(Buffer.concat([Buffer.from(head), Buffer.alloc(bytes, 0x25)]));
    };

  it('a transfer with neither a length nor chunks that ends short of the listed size is an error, and leaves no file', async () => {
    const { services, dialogs } = await listedAt1000(closeDelimited(500));
    try {
      await expect(services.files.download('p1', 'f1')).rejects.toMatchObject({
        kind: 'network',
        message: expect.stringContaining('500 of the 1000 bytes'),
      });
      expect(await fs.readdir(dialogs.answers.folder!)).toEqual([]);
    } finally {
      await services.close();
    }
  });

  it('a transfer with neither a length nor chunks is complete with the listed size or more; chunks decide for themselves', async () => {
    const { services } = await listedAt1000(closeDelimited(1200));
    try {
      const saved = await services.files.download('p1', 'f1');
      expect((await fs.stat(saved.path!)).size).toBe(1200);
      // A chunked body ended properly is complete by itself, shorter than listed or not.
      h.route('GET', /^\/storage\/aufmass\.pdf$/, (_req, res) => {
        res.writeHead(200, { 'content-type': 'application/pdf' });
        res.end(Buffer.alloc(500, 0x25));
      });
      const chunked = await services.files.download('p1', 'f1');
      expect((await fs.stat(chunked.path!)).size).toBe(500);
      expect(chunked.sizeDiffers).toEqual({ listed: 1000, received: 500 });
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
      // Cancelled while the bytes trickle in: the whole file would take 1024 × 200 ms, far past the
      // test's timeout, so only the cancel can end it in time.
      await h.requested('/storage/foto.jpg');
      expect(services.operations.cancel('op-preview')).toBe(true);
      expect(await settled).toMatchObject({ kind: 'cancelled' });
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
    const stalled = await outcome(() =>
      downloadFromPresignedUrl(
        `${h.origin}/storage/stalled`,
        new PassThrough().resume(),
        { timeoutMs: 500 },
        {
          maxBytes: 2000,
        },
      ),
    );
    // The stalled host sends nothing more: only the stall watchdog can end this one.
    expect(stalled).toMatchObject({
      kind: 'network',
      message: expect.stringContaining('stopped sending'),
    });
    const slow = await outcome(() =>
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
    // A byte every 50 ms never stalls, and the whole would take 50 s: only the deadline ends it.
    expect(slow).toMatchObject({
      kind: 'network',
      message: expect.stringContaining('did not arrive within'),
    });
  });
});
