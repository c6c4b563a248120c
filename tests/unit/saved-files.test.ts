import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SavedFiles } from '../../src-main/local-files/saved-files';

/* The files an export saved, opened or shown after the export (issue 26): only those, only types PlanDesk opens. */

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'plandesk-saved-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

function opener() {
  const calls = { opened: [] as string[], shown: [] as string[] };
  return {
    calls,
    opener: {
      openPath: async (p: string) => void calls.opened.push(p),
      showInFolder: async (p: string) => void calls.shown.push(p),
    },
  };
}

describe('saved files', () => {
  it('opens and shows a file an export saved; shows, never opens, a type PlanDesk does not open', async () => {
    const { calls, opener: o } = opener();
    const saved = new SavedFiles(o);
    const pdf = path.join(dir, 'Angebot.pdf');
    const json = path.join(dir, 'Formular.json');
    await writeFile(pdf, '%PDF-1.4');
    await writeFile(json, '{}');
    expect(saved.remembered({ path: pdf, source: 'network' })).toEqual({ path: pdf, source: 'network' });
    saved.remembered({ path: json });
    saved.remembered({ path: null });

    await saved.open(pdf);
    await saved.showInFolder(pdf);
    await saved.showInFolder(json);
    await expect(saved.open(json)).rejects.toMatchObject({ kind: 'validation' });
    expect(calls).toEqual({ opened: [pdf], shown: [pdf, json] });
  });

  it('refuses any path it did not save this session, and says so when the file is gone', async () => {
    const { calls, opener: o } = opener();
    const saved = new SavedFiles(o);
    const other = path.join(dir, 'other.pdf');
    await writeFile(other, '%PDF-1.4');
    await expect(saved.open(other)).rejects.toMatchObject({ kind: 'validation' });
    await expect(saved.showInFolder('/etc/passwd')).rejects.toMatchObject({ kind: 'validation' });
    const gone = path.join(dir, 'gone.xlsx');
    saved.remembered({ path: gone });
    await expect(saved.open(gone)).rejects.toMatchObject({ kind: 'validation' });
    expect(calls).toEqual({ opened: [], shown: [] });
  });

  it('remembers the newest fifty', async () => {
    const saved = new SavedFiles(opener().opener);
    const first = path.join(dir, 'first.pdf');
    await writeFile(first, '%PDF-1.4');
    saved.remembered({ path: first });
    for (let i = 0; i < 50; i++) saved.remembered({ path: path.join(dir, `n${i}.pdf`) });
    await expect(saved.showInFolder(first)).rejects.toMatchObject({ kind: 'validation' });
  });
});
