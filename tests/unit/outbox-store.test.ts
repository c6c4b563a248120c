import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { silentLogger } from '../../src-main/log/logger';
import { DrainLock, type LockOwner } from '../../src-main/outbox/drain-lock';
import { LockKeeper } from '../../src-main/outbox/lock-keeper';
import { reconcileOutbox, unlistedLeftovers } from '../../src-main/outbox/outbox-recovery';
import { MANIFEST, OutboxCopies } from '../../src-main/outbox/outbox-copies';
import { openOutboxStore, OUTBOX_FILE } from '../../src-main/outbox/open-outbox-store';
import type { NewOutboxRow } from '../../src-main/outbox/outbox-rows';
import type { OutboxStore } from '../../src-main/outbox/outbox-store';
import {
  noteTemporaryFilesIn,
  removeLeftTemporaries,
  writeAtomically,
} from '../../src-main/local-files/write-atomically';

// The outbox's own records on a real SQLite file, two connections standing for two processes.

let dir: string;
const stores: OutboxStore[] = [];

beforeEach(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'plandesk-outbox-store-'));
});
afterEach(async () => {
  for (const s of stores.splice(0)) s.close();
  await fs.rm(dir, { recursive: true, force: true });
});

function open(): OutboxStore {
  const { store } = openOutboxStore(dir, silentLogger);
  stores.push(store);
  return store;
}

const row = (folder: string): NewOutboxRow => ({
  workspaceId: 'ws',
  projectId: 'p1',
  projectName: 'Projekt',
  fileName: `${folder}.jpg`,
  size: 3,
  sha256: 'x'.repeat(64),
  folder,
  addedAt: new Date(0),
});

const owner = (name: string, pid: number): LockOwner => ({ owner: name, host: 'here', pid });

describe('the outbox records', () => {
  it('live in their own WAL database, every commit synchronous (FULL)', () => {
    const store = open();
    store.add([row('a')]);
    expect(store.path).toBe(path.join(dir, OUTBOX_FILE));
    expect(store.db.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(store.db.pragma('synchronous', { simple: true })).toBe(2);
  });

  it('a row is claimed by one process only: the changed-row count decides', () => {
    const [a, b] = [open(), open()];
    const [r] = a.add([row('a')]);
    expect(a.claim(r!.id, 'A', new Date())).toBe(true);
    expect(b.claim(r!.id, 'B', new Date())).toBe(false);
    expect(b.get(r!.id)).toMatchObject({ state: 'sending', owner: 'A', attempts: 1 });
    // Later steps are written only while the row is still the writer's.
    expect(b.update(r!.id, { state: 'registering' }, 'B')).toBe(false);
    expect(a.update(r!.id, { state: 'registering' }, 'A')).toBe(true);
    expect(b.claimCheck(r!.id, 'B')).toBe(false);
  });

  it('one drain lock: free or its own taken, a live holder kept, a gone or silent one taken over', () => {
    const [a, b] = [open(), open()];
    const [r] = a.add([row('a')]);
    let now = 1_000_000;
    let aRuns = true;
    const lockA = new DrainLock(
      a,
      owner('A', 101),
      30_000,
      () => new Date(now),
      () => true,
    );
    const lockB = new DrainLock(
      b,
      owner('B', 202),
      30_000,
      () => new Date(now),
      (pid) => pid !== 101 || aRuns,
    );
    expect(lockA.take()).toBe(true);
    expect(lockA.take()).toBe(true);
    a.claim(r!.id, 'A', new Date(now));
    expect(lockB.take()).toBe(false);

    // A's process is gone: B takes over, and what A had claimed (nothing registered yet) waits again.
    aRuns = false;
    expect(lockB.take()).toBe(true);
    expect(b.get(r!.id)).toMatchObject({ state: 'waiting', owner: null });
    expect(lockA.renew()).toBe(false);

    // B stops renewing (frozen, or on another computer): after the stale time A takes it back.
    aRuns = true;
    now += 31_000;
    expect(lockA.take()).toBe(true);
    lockA.release();
    expect(lockB.take()).toBe(true);
  });

  it('a registering row keeps its state when its drain is taken over: it is looked for first', () => {
    const [a, b] = [open(), open()];
    const [r] = a.add([row('a')]);
    new DrainLock(a, owner('A', 101), 30_000).take();
    a.claim(r!.id, 'A', new Date());
    a.update(r!.id, { state: 'registering' }, 'A');
    expect(new DrainLock(b, owner('B', 202), 30_000, undefined, () => false).take()).toBe(true);
    expect(b.get(r!.id)).toMatchObject({ state: 'registering', owner: null });
  });

  it('a silent holder taken over: its register calls may still arrive, so they are looked for only later', () => {
    const [a, b] = [open(), open()];
    const [sending, registering] = a.add([row('a'), row('b')]);
    let now = 1_000_000;
    new DrainLock(a, owner('A', 101), 30_000, () => new Date(now)).take();
    a.claim(sending!.id, 'A', new Date(now));
    a.claim(registering!.id, 'A', new Date(now));
    a.update(registering!.id, { state: 'registering' }, 'A');
    // A is alive but has not renewed for longer than the stale time (frozen, or another computer).
    now += 31_000;
    const lockB = new DrainLock(
      b,
      owner('B', 202),
      30_000,
      () => new Date(now),
      () => true,
      45_000,
    );
    expect(lockB.take()).toBe(true);
    expect(b.get(sending!.id)).toMatchObject({ state: 'waiting', owner: null });
    expect(b.get(registering!.id)).toMatchObject({ state: 'registering', owner: null });
    expect(b.get(registering!.id)!.nextTryAt!.getTime()).toBe(now + 45_000);
    // What A writes later no longer counts: the rows are not its own any more.
    expect(a.update(registering!.id, { state: 'registered' }, 'A')).toBe(false);
    expect(a.markRegistered(b.get(registering!.id)!, 'f-1', 'A', new Date(now))).toBe(false);
  });

  it('a drain that was taken over notices before its next row, not at its next renewal', () => {
    const [a, b] = [open(), open()];
    let now = 1_000_000;
    const lockA = new DrainLock(
      a,
      owner('A', 101),
      30_000,
      () => new Date(now),
      () => true,
    );
    const keeper = new LockKeeper(lockA, {
      renewMs: 60_000,
      retryMs: 60_000,
      logger: silentLogger,
      changedElsewhere: () => false,
      onChangedElsewhere: () => undefined,
      retry: () => undefined,
    });
    try {
      expect(keeper.hold()).toBe(true);
      now += 31_000;
      expect(
        new DrainLock(
          b,
          owner('B', 202),
          30_000,
          () => new Date(now),
          () => true,
        ).take(),
      ).toBe(true);
      expect(keeper.hold()).toBe(false);
    } finally {
      keeper.close();
    }
  });

  it('a held row is released only while it is held (Retry and the file chosen again never cross)', () => {
    const store = open();
    const [r] = store.add([row('a')]);
    expect(store.updateHeld(r!.id, { state: 'waiting' })).toBe(false);
    store.update(r!.id, { state: 'held', problem: 'copy-damaged' });
    expect(store.updateHeld(r!.id, { state: 'waiting', problem: null })).toBe(true);
    expect(store.get(r!.id)).toMatchObject({ state: 'waiting', problem: null });
  });

  it('a damaged file is moved aside and every record it still holds is read back', async () => {
    const store = open();
    store.add([row('a'), row('b')]);
    // The index of (workspace, folder) is what is damaged: the records themselves read.
    const index = pagesOf(store, 'sqlite_autoindex_entries_1');
    store.close();
    stores.splice(0);
    const file = path.join(dir, OUTBOX_FILE);
    const bytes = await scribblePages(file, index);
    const opened = openOutboxStore(dir, silentLogger);
    stores.push(opened.store);
    expect(opened.recovered?.movedTo).toMatch(/outbox\.sqlite\.unreadable-/);
    expect(opened.store.list('ws')).toEqual([]);
    expect(opened.recovered!.rows.map((r) => r.folder)).toEqual(['a', 'b']);
    expect(await fs.readFile(opened.recovered!.movedTo)).toEqual(bytes);
  });

  it('the records read before a damaged page are kept, not thrown away with it', async () => {
    const store = open();
    const folders = Array.from({ length: 120 }, (_, i) => `folder-${String(i).padStart(3, '0')}`);
    // Long names: the records span many pages.
    store.add(folders.map((f) => ({ ...row(f), projectName: `Projekt ${'x'.repeat(300)}` })));
    const leaves = pagesOf(store, 'entries', 'leaf');
    expect(leaves.length).toBeGreaterThan(3);
    store.close();
    stores.splice(0);
    await scribblePages(path.join(dir, OUTBOX_FILE), [leaves.at(-1)!]);
    const opened = openOutboxStore(dir, silentLogger);
    stores.push(opened.store);
    const back = opened.recovered!.rows.map((r) => r.folder);
    expect(back.length).toBeGreaterThan(0);
    expect(back.length).toBeLessThan(folders.length);
    expect(back).toEqual(folders.slice(0, back.length));
  });
});

/** The pages of a table or index (in the order of its b-tree, left to right). */
function pagesOf(store: OutboxStore, name: string, type?: 'leaf'): number[] {
  const rows = store.db
    .prepare('SELECT pageno, pagetype, path FROM dbstat WHERE name = ? ORDER BY path')
    .all(name) as { pageno: number; pagetype: string; path: string }[];
  return rows.filter((r) => type === undefined || r.pagetype === type).map((r) => r.pageno);
}

/** Each page's cells scribbled over (its header kept, so SQLite finds it damaged, not missing). */
async function scribblePages(file: string, pages: number[]): Promise<Buffer> {
  const bytes = await fs.readFile(file);
  const size = 4096;
  for (const p of pages) bytes.fill(0x5a, (p - 1) * size + 12, p * size);
  await fs.writeFile(file, bytes);
  return bytes;
}

describe('the copies', () => {
  it('are hashed while copied, carry their manifest, and only unfinished work is swept', async () => {
    const copies = new OutboxCopies(path.join(dir, 'outbox'));
    const source = path.join(dir, 'Foto Küche.jpg');
    const content = Buffer.from('bytes of a photo taken on site');
    await fs.writeFile(source, content);
    const made = await copies.add(
      source,
      { workspaceId: 'ws', projectId: 'p1', projectName: 'P' },
      new Date(5),
    );
    expect(made.sha256).toBe(createHash('sha256').update(content).digest('hex'));
    expect(await copies.manifest('ws', made.folder)).toEqual({
      workspaceId: 'ws',
      projectId: 'p1',
      projectName: 'P',
      fileName: 'Foto Küche.jpg',
      size: content.length,
      sha256: made.sha256,
      addedAt: new Date(5).toISOString(),
    });
    const base = path.join(dir, 'outbox', 'ws');
    expect((await fs.readdir(path.join(base, made.folder))).sort()).toEqual(
      [MANIFEST, 'Foto Küche.jpg'].sort(),
    );
    await fs.mkdir(path.join(base, 'crashed.part'));
    await fs.mkdir(path.join(base, 'dropped.removed'));
    await fs.mkdir(path.join(base, 'older-copy'));
    // While this process (or another one started since) may still be working on them: a `.part`
    // is kept, the copies are not adopted; an interrupted removal goes.
    const meanwhile = await copies.sweep('ws');
    expect(meanwhile.complete.sort()).toEqual([made.folder, 'older-copy'].sort());
    expect([...meanwhile.recent].sort()).toEqual([made.folder, 'older-copy'].sort());
    expect((await fs.readdir(base)).sort()).toEqual(['crashed.part', made.folder, 'older-copy'].sort());
    // The next start (a process started after all of it was written): unfinished work is swept, the
    // complete copies are kept and may be adopted.
    const later = new OutboxCopies(path.join(dir, 'outbox'), Date.now() + 60_000);
    const swept = await later.sweep('ws');
    expect(swept.complete.sort()).toEqual([made.folder, 'older-copy'].sort());
    expect(swept.recent.size).toBe(0);
    expect((await fs.readdir(base)).sort()).toEqual([made.folder, 'older-copy'].sort());
  });
});

describe('the file chosen again, and PlanDesk stopped before the record named the new copy', () => {
  it('the held record moves over to the new copy at the next start: one entry, never two', async () => {
    const root = path.join(dir, 'outbox');
    const copies = new OutboxCopies(root);
    const store = open();
    const original = path.join(dir, 'Foto Dach.jpg');
    await fs.writeFile(original, 'the photo');
    const about = { workspaceId: 'ws', projectId: 'p1', projectName: 'P' };
    const first = await copies.add(original, about, new Date(5));
    const [held] = store.add([
      { ...about, ...first, addedAt: new Date(5), state: 'held', problem: 'copy-damaged' },
    ]);
    const second = await copies.add(original, { ...about, replaces: first.folder }, new Date(5));
    // (crash here: the record still names the first copy)
    const later = new OutboxCopies(root, Date.now() + 60_000);
    await reconcileOutbox({
      workspaceId: 'ws',
      store,
      copies: later,
      cache: null,
      movedAsideRows: null,
      logger: silentLogger,
    });
    expect(store.list('ws')).toMatchObject([
      { id: held!.id, folder: second.folder, state: 'waiting', problem: null, sha256: second.sha256 },
    ]);
    expect(await fs.readdir(path.join(root, 'ws'))).toEqual([second.folder]);
  });
});

describe('copies of workspaces the app does not list', () => {
  it('a removed workspace’s are reported where they are; the CLI’s own are left to the CLI', async () => {
    const root = path.join(dir, 'outbox');
    const copies = new OutboxCopies(root);
    const store = open();
    const original = path.join(dir, 'Foto.jpg');
    await fs.writeFile(original, 'bytes');
    const about = (workspaceId: string) => ({ workspaceId, projectId: 'p1', projectName: 'P' });
    const gone = await copies.add(original, about('removed-ws'), new Date(5));
    const cli = await copies.add(original, about('cli-0123abcd'), new Date(5));
    store.add([{ ...about('cli-0123abcd'), ...cli, addedAt: new Date(5) }]);
    const later = new OutboxCopies(root, Date.now() + 60_000);
    const reports = await unlistedLeftovers(['ws'], store, later, silentLogger);
    expect(reports).toEqual([
      {
        workspaceId: 'removed-ws',
        waiting: [],
        needFile: [],
        kept: [],
        unlisted: [later.folderOf('removed-ws', gone.folder)],
      },
    ]);
    expect(store.list('cli-0123abcd')).toHaveLength(1);
  });
});

describe('temporary files a crash left beside an export', () => {
  it('are removed at the next start, and only names of their own pattern', async () => {
    const notes = path.join(dir, 'notes');
    await fs.mkdir(notes);
    const left = path.join(dir, '.Angebot.pdf.1a2b3c4d.part');
    const theirs = path.join(dir, 'Angebot.pdf');
    await fs.writeFile(left, 'half');
    await fs.writeFile(theirs, 'the user’s');
    await fs.writeFile(path.join(notes, '1.note'), left);
    await fs.writeFile(path.join(notes, '2.note'), theirs);
    expect(removeLeftTemporaries(notes)).toBe(1);
    expect((await fs.readdir(dir)).sort()).toEqual(['Angebot.pdf', 'notes']);
    expect(await fs.readdir(notes)).toEqual([]);
  });

  it('are not one another running process is writing, and are one a process that ended left', async () => {
    const notes = path.join(dir, 'notes');
    await fs.mkdir(notes);
    const running = path.join(dir, '.Angebot.pdf.1a2b3c4d.part');
    const ended = path.join(dir, '.Angebot.pdf.5e6f7a8b.part');
    await fs.writeFile(running, 'being written');
    await fs.writeFile(ended, 'half');
    // The parent of this process runs; a process that exited does not.
    const gone = spawnSync(process.execPath, ['-e', 'process.stdout.write(String(process.pid))']);
    await fs.writeFile(path.join(notes, '1.note'), `${process.ppid}\n${running}`);
    await fs.writeFile(path.join(notes, '2.note'), `${gone.stdout.toString()}\n${ended}`);
    expect(removeLeftTemporaries(notes)).toBe(1);
    expect((await fs.readdir(dir)).sort()).toEqual(['.Angebot.pdf.1a2b3c4d.part', 'notes']);
    // The running writer's note stays for the next start.
    expect(await fs.readdir(notes)).toEqual(['1.note']);
  });

  it('are not one this process is still writing (another start in the same process, as in the tests)', async () => {
    const notes = path.join(dir, 'notes');
    noteTemporaryFilesIn(notes);
    try {
      const out = path.join(dir, 'Angebot.pdf');
      let removed = -1;
      await writeAtomically(out, async (tmp) => {
        await fs.writeFile(tmp, '%PDF-1.7 whole');
        // A start of other services in this process, while the document is being written.
        removed = removeLeftTemporaries(notes);
      });
      expect(removed).toBe(0);
      expect(await fs.readFile(out, 'utf8')).toBe('%PDF-1.7 whole');
      expect((await fs.readdir(dir)).sort()).toEqual(['Angebot.pdf', 'notes']);
      expect(await fs.readdir(notes)).toEqual([]);
    } finally {
      noteTemporaryFilesIn(null);
    }
  });
});
