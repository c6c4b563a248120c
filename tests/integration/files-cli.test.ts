import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../../src-main/api/client';
import { SlidingWindowBudget } from '../../src-main/api/rate-budget';
import {
  deleteFileCommand,
  downloadCommand,
  filesCommand,
  formatSize,
  uploadCommand,
} from '../../src-main/cli/commands/files';
import { startSimulator, type Simulator } from '../../simulator';
import { fixtureDataset, WS_A } from './simulator-fixture';

let sim: Simulator;
let dir: string;
let c: ApiClient;

beforeAll(async () => {
  sim = await startSimulator({ dataset: fixtureDataset() });
  dir = await mkdtemp(join(tmpdir(), 'plandesk-files-cli-'));
  c = new ApiClient({
    baseUrl: sim.baseUrl,
    customer: WS_A.customer,
    key: WS_A.key,
    budget: new SlidingWindowBudget(10_000, 60_000),
  });
});
afterAll(async () => {
  await sim.close();
  await rm(dir, { recursive: true, force: true });
});

describe('file commands', () => {
  it('files: a table of every file (all pages), or JSON', async () => {
    const text = await filesCommand(c, {}, ['p-a04']);
    const lines = text.split('\n');
    expect(lines[0]).toMatch(/^ID\s+Name\s+Type\s+Size\s+Date$/);
    expect(lines.at(-1)).toBe('12 files');
    expect(text).toContain('photo-11.jpg');
    expect(text).toMatch(/2025-03-05 08:00/);
    const json = JSON.parse(await filesCommand(c, { json: true }, ['p-a04']));
    expect(json.count).toBe(12);
    expect(json.data[0]).toMatchObject({ id: 'f-a4-0', name: 'photo-0.jpg' });
    await expect(filesCommand(c, {}, [])).rejects.toMatchObject({ kind: 'config' });
  });

  it('upload → files → download (to a file and into a folder) → delete-file', async () => {
    const src = join(dir, 'Aufmaß.pdf');
    const body = Buffer.from('%PDF-1.4\n' + 'x'.repeat(3000));
    await writeFile(src, body);
    const progress: string[] = [];
    const uploaded = await uploadCommand(c, {}, ['p-a13', src], (t) => progress.push(t));
    expect(uploaded).toMatch(/^Uploaded\s+Aufmaß\.pdf$/m);
    expect(progress.join('')).toMatch(/Uploading Aufmaß\.pdf: 100%/);
    const id = /^ID\s+(\S+)$/m.exec(uploaded)![1]!;

    const renamed = JSON.parse(
      await uploadCommand(c, { json: true, name: 'Bericht.pdf' }, ['p-a13', src], null),
    );
    expect(renamed).toMatchObject({ name: 'Bericht.pdf', size: body.length });

    expect(await filesCommand(c, {}, ['p-a13'])).toMatch(/2 files$/);

    const out = join(dir, 'back.pdf');
    const saved = await downloadCommand(c, { out }, ['p-a13', id], null);
    expect(saved).toBe(`Saved "Aufmaß.pdf" (${formatSize(body.length)}) to ${out}`);
    expect((await readFile(out)).equals(body)).toBe(true);

    const intoFolder = JSON.parse(
      await downloadCommand(c, { out: dir, json: true }, ['p-a13', renamed.id], null),
    );
    expect(intoFolder.path).toBe(join(dir, 'Bericht.pdf'));
    expect((await readFile(intoFolder.path)).equals(body)).toBe(true);

    await expect(downloadCommand(c, {}, ['p-a13', id], null)).rejects.toMatchObject({ kind: 'config' });
    await expect(downloadCommand(c, { out: dir }, ['p-a13', 'nope'], null)).rejects.toMatchObject({
      kind: 'not-found',
    });

    expect(await deleteFileCommand(c, {}, ['p-a13', id])).toBe(`Deleted file ${id} from project p-a13.`);
    expect(JSON.parse(await deleteFileCommand(c, { json: true }, ['p-a13', renamed.id]))).toEqual({
      id: renamed.id,
      deleted: true,
    });
    expect(await filesCommand(c, {}, ['p-a13'])).toMatch(/0 files$/);
    expect(sim.faults.stats().credentialLeaks).toBe(0);
  });

  it('upload refuses a disallowed type without a request', async () => {
    const exe = join(dir, 'tool.exe');
    await writeFile(exe, 'MZ');
    const before = sim.faults.stats().requests;
    await expect(uploadCommand(c, {}, ['p-a13', exe], null)).rejects.toMatchObject({
      kind: 'validation',
      message: expect.stringMatching(/^PlanDesk cannot upload "\.exe" files\. Allowed: /),
    });
    expect(sim.faults.stats().requests).toBe(before);
  });

  it('formatSize', () => {
    expect(formatSize(null)).toBe('');
    expect(formatSize(512)).toBe('512 B');
    expect(formatSize(1536)).toBe('1.5 KB');
    expect(formatSize(50 * 1024 * 1024)).toBe('50.0 MB');
  });
});
