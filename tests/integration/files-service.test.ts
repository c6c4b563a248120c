import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream, existsSync } from 'node:fs';
import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../../src-main/api/client';
import { SlidingWindowBudget } from '../../src-main/api/rate-budget';
import {
  ALLOWED_UPLOAD_EXTENSIONS,
  extensionOf,
  isAllowedUploadName,
  uploadTypeOf,
} from '../../src-main/files/file-types';
import {
  deleteFile,
  downloadFile,
  listFiles,
  uploadFile,
  type UploadStage,
} from '../../src-main/files/files-service';
import { startSimulator, type Simulator } from '../../simulator';
import { fixtureDataset, WS_A } from './simulator-fixture';
import { ServiceError } from '../../src-main/errors/service-error';

let sim: Simulator;
let dir: string;
const MB = 1024 * 1024;

function client(): ApiClient {
  return new ApiClient({
    baseUrl: sim.baseUrl,
    customer: WS_A.customer,
    key: WS_A.key,
    retry: { baseDelayMs: 10, maxDelayMs: 50 },
    budget: new SlidingWindowBudget(10_000, 60_000),
  });
}

async function failure(p: Promise<unknown>): Promise<ServiceError> {
  try {
    await p;
  } catch (e) {
    expect(e).toBeInstanceOf(ServiceError);
    return e as ServiceError;
  }
  throw new Error('expected the call to fail');
}

/** A file of `size` bytes written in 1 MB chunks (never whole in memory); every chunk differs. */
async function makeFile(name: string, size: number): Promise<string> {
  const path = join(dir, name);
  const out = createWriteStream(path);
  const block = randomBytes(Math.min(size, MB));
  for (let written = 0, i = 0; written < size; i++) {
    const n = Math.min(block.length, size - written);
    const chunk = Buffer.from(block.subarray(0, n));
    chunk.writeUInt32LE(i, 0);
    if (!out.write(chunk)) await new Promise<void>((r) => out.once('drain', () => r()));
    written += n;
  }
  await new Promise<void>((resolve, reject) =>
    out.end((err?: Error | null) => (err ? reject(err) : resolve())),
  );
  return path;
}

async function sha256(path: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

async function leftovers(folder: string): Promise<string[]> {
  return (await readdir(folder)).filter((n) => n.endsWith('.part'));
}

beforeAll(async () => {
  sim = await startSimulator({ dataset: fixtureDataset() });
  dir = await mkdtemp(join(tmpdir(), 'plandesk-files-'));
});
afterAll(async () => {
  await sim.close();
  await rm(dir, { recursive: true, force: true });
});

describe('file types', () => {
  it('allows the service’s types by extension, case-insensitive, with a content type', () => {
    expect(ALLOWED_UPLOAD_EXTENSIONS).toEqual([
      'pdf',
      'doc',
      'docx',
      'xls',
      'xlsx',
      'ppt',
      'pptx',
      'csv',
      'jpeg',
      'jpg',
      'png',
      'gif',
      'bmp',
      'svg',
      'webp',
      'usdz',
    ]);
    expect(uploadTypeOf('Plan.PDF')).toEqual({ extension: 'pdf', contentType: 'application/pdf' });
    expect(uploadTypeOf('foto.JpEg').contentType).toBe('image/jpeg');
    expect(uploadTypeOf('a.b.svg').contentType).toBe('image/svg+xml');
    expect(uploadTypeOf('model.usdz').contentType).toBe('model/vnd.usdz+zip');
    expect(isAllowedUploadName('x.xlsx')).toBe(true);
    expect(isAllowedUploadName('x.exe')).toBe(false);
    expect(isAllowedUploadName('.pdf')).toBe(false);
    expect(isAllowedUploadName('constructor')).toBe(false);
    expect(isAllowedUploadName('x.constructor')).toBe(false);
    expect(extensionOf('archive.tar.gz')).toBe('gz');
    expect(extensionOf('noext')).toBe('');
    expect(extensionOf('trailing.')).toBe('');
  });

  it('rejects a disallowed type before any request', async () => {
    const exe = join(dir, 'setup.EXE');
    await writeFile(exe, 'MZ');
    const none = join(dir, 'README');
    await writeFile(none, 'text');
    const before = sim.faults.stats().requests;
    const e = await failure(uploadFile(client(), 'p-a05', exe));
    expect(e.kind).toBe('validation');
    expect(e.message).toMatch(/^PlanDesk cannot upload "\.exe" files\. Allowed: pdf, doc, docx, .*usdz\.$/);
    expect((await failure(uploadFile(client(), 'p-a05', none))).kind).toBe('validation');
    // A disallowed name to register under is refused too, and so is a missing file.
    const pdf = join(dir, 'ok.pdf');
    await writeFile(pdf, '%PDF-1.4');
    expect((await failure(uploadFile(client(), 'p-a05', pdf, { name: 'evil.bat' }))).kind).toBe('validation');
    const retyped = await failure(uploadFile(client(), 'p-a05', pdf, { name: 'picture.png' }));
    expect(retyped.message).toMatch(/keep the "\.pdf" extension/);
    const missing = await failure(uploadFile(client(), 'p-a05', join(dir, 'missing.pdf')));
    expect(missing.kind).toBe('validation');
    expect(missing.message).toMatch(/does not exist/);
    expect(sim.faults.stats().requests).toBe(before);
  });
});

describe('upload, download, delete', () => {
  it('1 KB: uploaded, listed, downloaded byte-identical', async () => {
    const c = client();
    const src = await makeFile('small.pdf', 1024);
    const stages: UploadStage[] = [];
    const progress: number[] = [];
    const file = await uploadFile(c, 'p-a05', src, {
      onStage: (s) => void stages.push(s),
      onProgress: (bytes, total) => {
        expect(total).toBe(1024);
        progress.push(bytes);
      },
    });
    expect(stages).toEqual(['presign', 'upload', 'register']);
    expect(progress.at(-1)).toBe(1024);
    expect(file).toMatchObject({ name: 'small.pdf', size: 1024, content_type: 'application/pdf' });

    const listed = await listFiles(c, 'p-a05');
    expect(listed.map((f) => f.id)).toContain(file.id);

    const dest = join(dir, 'small-back.pdf');
    const result = await downloadFile(c, 'p-a05', file.id, dest);
    expect(result).toMatchObject({ path: dest, bytes: 1024, refreshedUrl: false });
    expect(await sha256(dest)).toBe(await sha256(src));
    expect(await leftovers(dir)).toEqual([]);
  });

  it('registers under another name when asked', async () => {
    const src = await makeFile('scan.png', 2048);
    const file = await uploadFile(client(), 'p-a05', src, { name: 'Grundriss Süd.png' });
    expect(file.name).toBe('Grundriss Süd.png');
    expect(file.content_type).toBe('image/png');
  });

  it('50 MB streamed from disk and back, byte-identical', { timeout: 120_000 }, async () => {
    const c = client();
    const src = await makeFile('big.pdf', 50 * MB);
    let calls = 0;
    let last = 0;
    const file = await uploadFile(c, 'p-a06', src, {
      onProgress: (bytes, total) => {
        expect(total).toBe(50 * MB);
        expect(bytes).toBeGreaterThanOrEqual(last);
        last = bytes;
        calls++;
      },
    });
    expect(last).toBe(50 * MB);
    expect(calls).toBeGreaterThan(10);
    expect(file.size).toBe(50 * MB);
    const dest = join(dir, 'big-back.pdf');
    const result = await downloadFile(c, 'p-a06', file.id, dest);
    expect(result.bytes).toBe(50 * MB);
    expect(await sha256(dest)).toBe(await sha256(src));
    await rm(dest);
  });

  it(
    'cancelled halfway: no registered file, nothing at the download destination',
    { timeout: 60_000 },
    async () => {
      const c = client();
      const src = await makeFile('cancel.pdf', 20 * MB);
      const before = await listFiles(c, 'p-a07');

      const upload = new AbortController();
      let seen = 0;
      const e = await failure(
        uploadFile(c, 'p-a07', src, {
          signal: upload.signal,
          onProgress: (bytes, total) => {
            seen = bytes;
            if (bytes >= total / 2) upload.abort();
          },
        }),
      );
      expect(e.kind).toBe('cancelled');
      expect(seen).toBeGreaterThan(0);
      expect(seen).toBeLessThan(20 * MB);
      expect(await listFiles(c, 'p-a07')).toEqual(before.map((f) => expect.objectContaining({ id: f.id })));

      // Cancel before anything happens: no request at all.
      const requests = sim.faults.stats().requests;
      const early = new AbortController();
      early.abort();
      expect((await failure(uploadFile(c, 'p-a07', src, { signal: early.signal }))).kind).toBe('cancelled');
      expect(sim.faults.stats().requests).toBe(requests);

      // A download cancelled halfway leaves neither the destination nor a partial file.
      const file = await uploadFile(c, 'p-a07', src);
      const dest = join(dir, 'cancel-back.pdf');
      const download = new AbortController();
      const d = await failure(
        downloadFile(c, 'p-a07', file.id, dest, {
          signal: download.signal,
          onProgress: (bytes) => {
            if (bytes >= 10 * MB) download.abort();
          },
        }),
      );
      expect(d.kind).toBe('cancelled');
      expect(existsSync(dest)).toBe(false);
      expect(await leftovers(dir)).toEqual([]);
    },
  );

  it('a download never replaces the destination with a partial file', async () => {
    const c = client();
    const src = await makeFile('keep.pdf', 4 * MB);
    const file = await uploadFile(c, 'p-a07', src);
    const dest = join(dir, 'existing.pdf');
    await writeFile(dest, 'previous content');
    const ctl = new AbortController();
    await failure(
      downloadFile(c, 'p-a07', file.id, dest, {
        signal: ctl.signal,
        onProgress: (bytes) => {
          if (bytes > MB) ctl.abort();
        },
      }),
    );
    expect(await readFile(dest, 'utf8')).toBe('previous content');
    await downloadFile(c, 'p-a07', file.id, dest);
    expect(await sha256(dest)).toBe(await sha256(src));
    expect(await leftovers(dir)).toEqual([]);
  });

  it('a PUT refused (upload link expired) fails with nothing registered; calling again succeeds', async () => {
    const c = client();
    const src = await makeFile('expiry.pdf', 3 * MB);
    const before = (await listFiles(c, 'p-a08')).length;
    const e = await failure(
      uploadFile(c, 'p-a08', src, {
        // Between presign and PUT the upload URL (15 minutes) expires.
        onStage: (stage) => {
          if (stage === 'upload') sim.faults.advanceClock(16 * 60_000);
        },
      }),
    );
    expect(e.kind).toBe('auth');
    expect(e.status).toBe(403);
    expect(await listFiles(c, 'p-a08')).toHaveLength(before);

    const file = await uploadFile(c, 'p-a08', src);
    const files = await listFiles(c, 'p-a08');
    expect(files).toHaveLength(before + 1);
    expect(files.map((f) => f.id)).toContain(file.id);
    const dest = join(dir, 'expiry-back.pdf');
    await downloadFile(c, 'p-a08', file.id, dest);
    expect(await sha256(dest)).toBe(await sha256(src));
  });

  it('an upload cancelled on the first attempt succeeds on the second', async () => {
    const c = client();
    const src = await makeFile('retry.xlsx', 8 * MB);
    const ctl = new AbortController();
    const e = await failure(
      uploadFile(c, 'p-a09', src, {
        signal: ctl.signal,
        onProgress: (bytes) => {
          if (bytes > 2 * MB) ctl.abort();
        },
      }),
    );
    expect(e.kind).toBe('cancelled');
    expect(await listFiles(c, 'p-a09')).toHaveLength(0);
    const file = await uploadFile(c, 'p-a09', src);
    expect(file.content_type).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect((await listFiles(c, 'p-a09')).map((f) => f.id)).toEqual([file.id]);
  });

  it('a cancel during register removes the registered file again', async () => {
    const c = client();
    const src = await makeFile('late.csv', 1000);
    const ctl = new AbortController();
    const e = await failure(
      uploadFile(c, 'p-a10', src, {
        signal: ctl.signal,
        onStage: (s) => {
          if (s === 'register') setImmediate(() => ctl.abort());
        },
      }),
    );
    expect(e.kind).toBe('cancelled');
    expect(await listFiles(c, 'p-a10')).toHaveLength(0);
  });

  it('an expired download link (61 minutes after listing) is refreshed transparently', async () => {
    const c = client();
    const src = await makeFile('old-link.pdf', 256 * 1024);
    const file = await uploadFile(c, 'p-a11', src);
    const listed = (await listFiles(c, 'p-a11')).find((f) => f.id === file.id)!;
    sim.faults.advanceClock(61 * 60_000);

    const storageBefore = sim.faults.stats().storageRequests;
    const dest = join(dir, 'old-link-back.pdf');
    const result = await downloadFile(c, 'p-a11', listed, dest);
    expect(result.refreshedUrl).toBe(true);
    expect(sim.faults.stats().storageRequests - storageBefore).toBe(2); // 403, then the fresh link
    expect(await sha256(dest)).toBe(await sha256(src));
    expect(await leftovers(dir)).toEqual([]);
  });

  it('download errors: unknown file, missing folder — and no leftovers', async () => {
    const c = client();
    const e = await failure(downloadFile(c, 'p-a01', 'no-such-file', join(dir, 'x.pdf')));
    expect(e.kind).toBe('not-found');
    const f = await failure(downloadFile(c, 'p-a01', 'f-a1', join(dir, 'no', 'such', 'folder.pdf')));
    expect(f.kind).toBe('validation');
    expect(f.message).toMatch(/folder does not exist/);
    expect(await leftovers(dir)).toEqual([]);
  });

  it('downloads a seeded (export) file', async () => {
    const dest = join(dir, 'seeded.pdf');
    const result = await downloadFile(client(), 'p-a01', 'f-a1', dest);
    expect(result.file.name).toBe('plan.pdf');
    expect(result.bytes).toBe(result.file.size);
  });

  it('delete: gone from the list; deleting again is not-found', async () => {
    const c = client();
    const src = await makeFile('delete-me.docx', 5000);
    const file = await uploadFile(c, 'p-a12', src);
    expect((await listFiles(c, 'p-a12')).map((f) => f.id)).toEqual([file.id]);
    await deleteFile(c, 'p-a12', file.id);
    expect(await listFiles(c, 'p-a12')).toEqual([]);
    expect((await failure(deleteFile(c, 'p-a12', file.id))).kind).toBe('not-found');
  });

  it('listFiles reads every page (the service pages files by 10 whatever is asked)', async () => {
    const files = await listFiles(client(), 'p-a04');
    expect(files).toHaveLength(12);
    expect(new Set(files.map((f) => f.id)).size).toBe(12);
  });

  it('files of a Custom Export show up in listFiles', async () => {
    const c = client();
    const before = await listFiles(c, 'p-a04');
    const result = await sim.faults.customExport('p-a04', {});
    const after = await listFiles(c, 'p-a04');
    expect(after).toHaveLength(before.length + result.files.length);
    const ids = new Set(after.map((f) => f.id));
    for (const f of result.files) expect(ids.has(f.id)).toBe(true);
    expect(after.filter((f) => f.origin === 'export').map((f) => f.name)).toEqual(
      expect.arrayContaining(['plan.pdf', 'floor-1.png', 'plan.xml']),
    );
    const pdf = after.find((f) => f.origin === 'export' && f.name === 'plan.pdf')!;
    const dest = join(dir, 'export.pdf');
    await downloadFile(c, 'p-a04', pdf, dest);
    expect(existsSync(dest)).toBe(true);
  });

  it('credentials never reached storage', () => {
    expect(sim.faults.stats().storageRequests).toBeGreaterThan(10);
    expect(sim.faults.stats().credentialLeaks).toBe(0);
  });
});
