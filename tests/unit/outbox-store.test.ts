import { createHash } from 'node:crypto';
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { silentLogger } from '../../src-main/log/logger';
import { DrainLock, type LockOwner } from '../../src-main/outbox/drain-lock';
import { MANIFEST, OutboxCopies } from '../../src-main/outbox/outbox-copies';
import { openOutboxStore, OUTBOX_FILE } from '../../src-main/outbox/open-outbox-store';
import type { NewOutboxRow, OutboxStore } from '../../src-main/outbox/outbox-store';
import { removeLeftTemporaries } from '../../src-main/local-files/write-atomically';

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

  it('a damaged file is moved aside and what it still holds is read back', async () => {
    const store = open();
    store.add([row('a'), row('b')]);
    store.close();
    stores.splice(0);
    const file = path.join(dir, OUTBOX_FILE);
    const bytes = await fs.readFile(file);
    // The schema page intact, the rest scribbled over.
    bytes.fill(0x5a, 4096 + 200, bytes.length - 200);
    await fs.writeFile(file, bytes);
    const opened = openOutboxStore(dir, silentLogger);
    stores.push(opened.store);
    expect(opened.recovered?.movedTo).toMatch(/outbox\.sqlite\.unreadable-/);
    expect(opened.store.list('ws')).toEqual([]);
    // As far as SQLite could still read it (its copies' manifests name the rest).
    for (const r of opened.recovered!.rows) expect(['a', 'b']).toContain(r.folder);
    expect(await fs.readFile(opened.recovered!.movedTo)).toEqual(bytes);
  });
});

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
    expect((await copies.sweep('ws')).sort()).toEqual([made.folder, 'older-copy'].sort());
    expect((await fs.readdir(base)).sort()).toEqual([made.folder, 'older-copy'].sort());
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
});
