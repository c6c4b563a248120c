import { createHash, randomBytes } from 'node:crypto';
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startSimulator, type Simulator } from '../../simulator/index';
import { admin, api, fixtureDataset, WS_A, WS_B } from './simulator-fixture';

async function presign(sim: Simulator, body: unknown, project = 'p-a01') {
  return api(sim, `/projects/${project}/files/temporary-presigned-url`, { method: 'POST', body });
}

async function put(url: string, headers: Record<string, string>, body: Buffer): Promise<Response> {
  return fetch(url, { method: 'PUT', headers, body: new Uint8Array(body) });
}

describe('simulator file upload and download', () => {
  let sim: Simulator;
  const log: string[] = [];
  beforeAll(async () => {
    sim = await startSimulator({ dataset: fixtureDataset(), logger: (line) => log.push(line) });
  });
  afterAll(() => sim.close());

  it('uploads in three steps and downloads the same bytes without credentials', async () => {
    const bytes = randomBytes(300_000);
    const step1 = await presign(sim, {
      file_name: 'survey.pdf',
      content_type: 'application/pdf',
      size: bytes.length,
    });
    expect(step1.status).toBe(200);
    const p = step1.json.data;
    expect(p).toMatchObject({ method: 'PUT', headers: { 'Content-Type': 'application/pdf' } });
    expect(p.headers['x-sim-upload-token']).toMatch(/^[0-9a-f]{32}$/);
    expect(new URL(p.url).origin).toBe(sim.storageUrl);
    expect(p.expires_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\+00:00$/);

    const step2 = await put(p.url, p.headers, bytes);
    expect(step2.status).toBe(200);

    const step3 = await api(sim, '/projects/p-a01/files', {
      method: 'POST',
      body: { upload_id: p.upload_id, name: 'Survey 2025.pdf' },
    });
    expect(step3.status).toBe(201);
    const file = step3.json.data;
    expect(file).toMatchObject({
      name: 'Survey 2025.pdf',
      file_type: 'pdf',
      content_type: 'application/pdf',
      size: bytes.length,
      origin: 'upload',
    });

    const list = await api(sim, '/projects/p-a01/files');
    const listed = list.json.data.find((f: { id: string }) => f.id === file.id);
    expect(listed).toBeDefined();
    expect(new URL(listed.url).origin).toBe(sim.storageUrl);
    expect(Date.parse(listed.url_expires_at) - Date.now()).toBeGreaterThan(59 * 60 * 1000);

    const dl = await fetch(listed.url);
    expect(dl.status).toBe(200);
    expect(dl.headers.get('content-type')).toBe('application/pdf');
    const got = Buffer.from(await dl.arrayBuffer());
    expect(createHash('sha256').update(got).digest('hex')).toBe(
      createHash('sha256').update(bytes).digest('hex'),
    );

    // Registered uploads cannot be registered twice or uploaded to again.
    const twice = await api(sim, '/projects/p-a01/files', {
      method: 'POST',
      body: { upload_id: p.upload_id },
    });
    expect(twice.status).toBe(400);
    expect((await put(p.url, p.headers, bytes)).status).toBe(403);
  });

  it('does not register an upload before its PUT completed', async () => {
    const p = (await presign(sim, { file_name: 'a.png', content_type: 'image/png' })).json.data;
    const early = await api(sim, '/projects/p-a01/files', {
      method: 'POST',
      body: { upload_id: p.upload_id },
    });
    expect(early.status).toBe(400);
    expect(early.json.message).toBe('Upload not complete');
    expect(early.json.details.fields.upload_id).toBeDefined();
  });

  it('does not register a cancelled upload', async () => {
    const p = (await presign(sim, { file_name: 'big.pdf', content_type: 'application/pdf', size: 5_000_000 }))
      .json.data;
    const u = new URL(p.url);
    await new Promise<void>((resolve) => {
      const req = request({
        host: u.hostname,
        port: u.port,
        path: u.pathname + u.search,
        method: 'PUT',
        headers: { ...p.headers, 'Content-Length': 5_000_000 },
      });
      req.on('error', () => undefined);
      req.on('close', () => resolve());
      req.write(randomBytes(100_000), () => req.destroy());
    });
    // The storage server learns of the abort over the network, on its own time: wait until it has
    // given up the upload, so the registration below cannot overtake it.
    await vi.waitFor(() =>
      expect(log.some((l) => l.startsWith(`storage PUT ${u.pathname} interrupted`))).toBe(true),
    );
    const r = await api(sim, '/projects/p-a01/files', { method: 'POST', body: { upload_id: p.upload_id } });
    expect(r.status).toBe(400);
    expect(r.json.message).toBe('Upload not complete');
  });

  it('refuses a PUT whose length differs from the declared size', async () => {
    const p = (await presign(sim, { file_name: 'x.csv', content_type: 'text/csv', size: 10 })).json.data;
    const short = await put(p.url, p.headers, Buffer.from('12345'));
    expect(short.status).toBe(400);
    expect(
      (await api(sim, '/projects/p-a01/files', { method: 'POST', body: { upload_id: p.upload_id } })).status,
    ).toBe(400);
    // A correct retry to the same URL works.
    expect((await put(p.url, p.headers, Buffer.from('1234567890'))).status).toBe(200);
    expect(
      (await api(sim, '/projects/p-a01/files', { method: 'POST', body: { upload_id: p.upload_id } })).status,
    ).toBe(201);
  });

  it('requires exactly the presigned headers on the PUT', async () => {
    const p = (await presign(sim, { file_name: 'h.png', content_type: 'image/png' })).json.data;
    const body = Buffer.from('png?');
    expect((await put(p.url, { 'Content-Type': 'image/png' }, body)).status).toBe(403);
    expect((await put(p.url, { ...p.headers, 'x-sim-upload-token': 'wrong' }, body)).status).toBe(403);
    expect((await put(p.url, { ...p.headers, 'Content-Type': 'image/jpeg' }, body)).status).toBe(403);
    const tampered = p.url.replace(/signature=[0-9a-f]{4}/, 'signature=0000');
    expect((await put(tampered, p.headers, body)).status).toBe(403);
    expect((await put(p.url, p.headers, body)).status).toBe(200);
  });

  it('answers 400 and counts a leak when storage sees API credentials', async () => {
    const before = (await admin(sim, '/stats', 'GET')).json.credentialLeaks;
    const file = (await api(sim, '/projects/p-a01/files')).json.data[0];
    const leaked = await fetch(file.url, { headers: { ...WS_A } });
    expect(leaked.status).toBe(400);
    const onlyKey = await fetch(file.url, { headers: { key: WS_A.key } });
    expect(onlyKey.status).toBe(400);
    const p = (await presign(sim, { file_name: 'l.png', content_type: 'image/png' })).json.data;
    expect((await put(p.url, { ...p.headers, customer: WS_A.customer }, Buffer.from('x'))).status).toBe(400);
    const stats = (await admin(sim, '/stats', 'GET')).json;
    expect(stats.credentialLeaks).toBe(before + 3);
    expect(sim.faults.stats().credentialLeaks).toBe(before + 3);
    expect((await fetch(file.url)).status).toBe(200);
  });

  it('serves seeded files with the listed size and a valid header for the type', async () => {
    const files = (await api(sim, '/projects/p-a01/files')).json.data;
    const byName = Object.fromEntries(files.map((f: { name: string }) => [f.name, f]));
    for (const [name, magic] of [
      ['plan.pdf', '%PDF-'],
      ['photo.png', '\x89PNG'],
      ['notes.csv', 'item,'],
    ] as const) {
      const f = byName[name];
      const got = Buffer.from(await (await fetch(f.url)).arrayBuffer());
      expect(got.length).toBe(f.size);
      expect(got.subarray(0, magic.length).toString('latin1')).toBe(magic);
    }
    expect(byName['plan.pdf'].size).toBe(4000);
    const jpg = (await api(sim, '/projects/p-a04/files')).json.data[0];
    const jpgBytes = Buffer.from(await (await fetch(jpg.url)).arrayBuffer());
    expect(jpgBytes.length).toBe(jpg.size);
    expect(jpgBytes.subarray(0, 2).toString('hex')).toBe('ffd8');
    expect(jpgBytes.subarray(-2).toString('hex')).toBe('ffd9');
  });

  it('deletes a file permanently', async () => {
    const files = (await api(sim, '/projects/p-a01/files')).json.data;
    const victim = files.find((f: { name: string }) => f.name === 'notes.csv');
    const r = await api(sim, `/projects/p-a01/files/${victim.id}`, { method: 'DELETE' });
    expect(r.status).toBe(200);
    expect(r.json.data).toEqual({ id: victim.id, deleted: true });
    expect((await api(sim, `/projects/p-a01/files/${victim.id}`, { method: 'DELETE' })).status).toBe(404);
    const after = (await api(sim, '/projects/p-a01/files')).json.data.map((f: { id: string }) => f.id);
    expect(after).not.toContain(victim.id);
    expect((await fetch(victim.url)).status).toBe(404);
  });

  it('validates the presign request', async () => {
    const r = await presign(sim, { file_name: 'virus.exe', content_type: 'bad type', size: -1 });
    expect(r.status).toBe(400);
    expect(Object.keys(r.json.details.fields).sort()).toEqual(['content_type', 'file_name', 'size']);
    expect((await presign(sim, {})).json.details.fields).toEqual({
      file_name: ['is required'],
      content_type: ['is required'],
    });
    expect(
      (await presign(sim, { file_name: 'a.pdf', content_type: 'application/pdf' }, 'p-b01')).status,
    ).toBe(404);
    const cross = await api(sim, '/projects/p-b01/files/temporary-presigned-url', {
      method: 'POST',
      creds: WS_B,
      body: { file_name: 'a.pdf', content_type: 'application/pdf' },
    });
    expect(cross.status).toBe(200);
    // An upload of workspace B cannot be registered to a project of workspace A.
    const other = await api(sim, '/projects/p-a01/files', {
      method: 'POST',
      body: { upload_id: cross.json.data.upload_id },
    });
    expect(other.status).toBe(400);
  });
});

describe('simulator URL expiry', () => {
  let sim: Simulator;
  beforeAll(async () => {
    sim = await startSimulator({ dataset: fixtureDataset() });
  });
  afterAll(() => sim.close());

  it('expires download URLs after 60 minutes of simulator time', async () => {
    const f = (await api(sim, '/projects/p-a01/files')).json.data[0];
    expect((await fetch(f.url)).status).toBe(200);
    await admin(sim, '/clock', 'POST', { advanceMs: 59 * 60 * 1000 });
    expect((await fetch(f.url)).status).toBe(200);
    await admin(sim, '/clock', 'POST', { advanceMs: 2 * 60 * 1000 });
    const expired = await fetch(f.url);
    expect(expired.status).toBe(403);
    expect(((await expired.json()) as { message: string }).message).toMatch(/expired/);
    const fresh = (await api(sim, '/projects/p-a01/files')).json.data[0];
    expect((await fetch(fresh.url)).status).toBe(200);
  });

  it('expires upload URLs after 15 minutes', async () => {
    const p = (await presign(sim, { file_name: 'late.pdf', content_type: 'application/pdf' })).json.data;
    sim.faults.advanceClock(16 * 60 * 1000);
    expect((await put(p.url, p.headers, Buffer.from('%PDF-'))).status).toBe(403);
    expect(
      (await api(sim, '/projects/p-a01/files', { method: 'POST', body: { upload_id: p.upload_id } })).status,
    ).toBe(400);
  });
});
