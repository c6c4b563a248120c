import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
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
} from '../../src-main/cli/commands/files';
import { uploadCommand, type UploadContext } from '../../src-main/cli/commands/upload';
import { openCliOutbox, type CliOutbox } from '../../src-main/cli/cli-outbox';
import { silentLogger } from '../../src-main/log/logger';
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

/**
 * `upload` as `runCli` runs it: the app's outbox over a data folder of its own (PLANDESK_DATA_DIR),
 * opened for the command and closed after it.
 */
async function upload(
  flags: Record<string, string | boolean>,
  positionals: string[],
  progress: ((text: string) => void) | null = null,
): Promise<string> {
  let opened: CliOutbox | null = null;
  const context: UploadContext = {
    outbox: async () =>
      (opened ??= await openCliOutbox(
        c,
        { baseUrl: sim.baseUrl, customer: WS_A.customer },
        { PLANDESK_DATA_DIR: join(dir, 'data') },
        silentLogger,
      )),
  };
  try {
    return await uploadCommand(c, flags, positionals, context, progress);
  } finally {
    await (opened as CliOutbox | null)?.close();
  }
}

/** The copies waiting in the CLI workspace's outbox. */
async function waitingCopies(): Promise<string[]> {
  const root = join(dir, 'data', 'outbox');
  const workspaces = await readdir(root).catch(() => [] as string[]);
  const all = await Promise.all(workspaces.map((w) => readdir(join(root, w)).catch(() => [] as string[])));
  return all.flat();
}

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
    const uploaded = await upload({}, ['p-a13', src], (t) => progress.push(t));
    expect(uploaded).toMatch(/^Uploaded\s+Aufmaß\.pdf$/m);
    // Copied into the outbox first (its checksum taken), then sent: both steps counted in bytes.
    expect(progress.join('')).toMatch(
      /Copying Aufmaß\.pdf for the upload: 100%[^]*Uploading Aufmaß\.pdf: 100%/,
    );
    expect(await waitingCopies()).toEqual([]);
    const id = /^ID\s+(\S+)$/m.exec(uploaded)![1]!;

    const renamed = JSON.parse(await upload({ json: true, name: 'Bericht.pdf' }, ['p-a13', src]));
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
    await expect(upload({}, ['p-a13', exe])).rejects.toMatchObject({
      kind: 'validation',
      message: expect.stringMatching(/^PlanDesk cannot upload "\.exe" files\. Allowed: /),
    });
    expect(sim.faults.stats().requests).toBe(before);
  });

  it('upload: offline it waits in the outbox; the next upload sends it too; a refusal keeps nothing', async () => {
    const a = join(dir, 'Baustelle Nord.jpg');
    const b = join(dir, 'Baustelle Süd.jpg');
    await writeFile(a, Buffer.alloc(40_000, 1));
    await writeFile(b, Buffer.alloc(50_000, 2));
    await sim.suspend();
    try {
      expect(await upload({}, ['p-a13', a])).toMatch(
        /^Baustelle Nord\.jpg waits to be uploaded: PlanDesk keeps a copy/,
      );
    } finally {
      await sim.resume();
    }
    // The original may go: the copy is what is sent.
    await rm(a);
    const sent = await upload({ json: true }, ['p-a13', b]);
    expect(JSON.parse(sent)).toMatchObject({ name: 'Baustelle Süd.jpg', size: 50_000 });
    const names = JSON.parse(await filesCommand(c, { json: true }, ['p-a13'])).data.map(
      (f: { name: string }) => f.name,
    );
    expect(names.filter((n: string) => n === 'Baustelle Nord.jpg')).toHaveLength(1);
    expect(names.filter((n: string) => n === 'Baustelle Süd.jpg')).toHaveLength(1);
    expect(await waitingCopies()).toEqual([]);

    // A project that does not exist: the service's reason, and nothing left waiting.
    await expect(upload({}, ['no-such-project', b])).rejects.toMatchObject({
      kind: 'not-found',
      message: expect.stringMatching(/^The project no longer exists in the service\./),
    });
    expect(await waitingCopies()).toEqual([]);
    // A name of another type is refused before anything is copied.
    await expect(upload({ name: 'Bericht.exe' }, ['p-a13', b])).rejects.toMatchObject({ kind: 'validation' });
  });

  it('formatSize', () => {
    expect(formatSize(null)).toBe('');
    expect(formatSize(512)).toBe('512 B');
    expect(formatSize(1536)).toBe('1.5 KB');
    expect(formatSize(50 * 1024 * 1024)).toBe('50.0 MB');
  });
});
