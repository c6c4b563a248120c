import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ApiClient } from '../../src-main/api/client';
import type { ProjectFile } from '../../src-main/api/schemas';
import { ServiceError } from '../../src-main/errors/service-error';
import { silentLogger } from '../../src-main/log/logger';
import { registeredAmiss } from '../../src-main/outbox/outbox-attempt';
import { OutboxService } from '../../src-main/outbox/outbox-service';
import { openOutboxStore } from '../../src-main/outbox/open-outbox-store';
import type { OutboxStore } from '../../src-main/outbox/outbox-store';
import { UploadWaiters } from '../../src-main/outbox/upload-waiters';

// The drain's decisions on real records and copies, against a service that answers from memory:
// only the steps that need no storage transfer (the project check, the files list, the presign
// call) are reached; a presign call is what "sent again" looks like here.

let dir: string;
let services: OutboxService[];
let stores: OutboxStore[];

beforeEach(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'plandesk-outbox-drain-'));
  services = [];
  stores = [];
});
afterEach(async () => {
  for (const s of services) await s.close();
  for (const s of stores) s.close();
  await fs.rm(dir, { recursive: true, force: true });
});

interface FakeService {
  client: ApiClient;
  files: ProjectFile[];
  presigned: number;
}

/** The service: the project exists; the files list is `files`; a presign call finds no connection. */
function fakeService(): FakeService {
  const fake: FakeService = {
    files: [],
    presigned: 0,
    client: {} as ApiClient,
  };
  fake.client = {
    getProject: () => Promise.resolve({ id: 'p1', name: 'Projekt', archived_at: null }),
    listAllProjectFiles: () => Promise.resolve(fake.files),
    requestUploadUrl: () => {
      fake.presigned++;
      return Promise.reject(new ServiceError('network', 'Could not reach the service.'));
    },
  } as unknown as ApiClient;
  return fake;
}

function outbox(fake: FakeService): OutboxService {
  const s = new OutboxService({
    root: path.join(dir, 'outbox'),
    cacheFor: () => {
      throw new Error('no cache in this test');
    },
    clientFor: () => Promise.resolve(fake.client),
    workspaceIds: () => Promise.resolve(['ws']),
    inMemoryByDesign: () => false,
    emit: () => undefined,
    logger: silentLogger,
    busyRetryMs: 60_000,
    offlineRetryMs: 60_000,
  });
  services.push(s);
  return s;
}

/** A second connection to the records, as another process (or the test) sees them. */
function records(): OutboxStore {
  const { store } = openOutboxStore(path.join(dir, 'outbox'), silentLogger);
  stores.push(store);
  return store;
}

async function added(s: OutboxService, name: string, bytes = 1234): Promise<number> {
  const file = path.join(dir, name);
  await fs.writeFile(file, Buffer.alloc(bytes, 7));
  const [row] = await s.enqueue('ws', 'p1', 'Projekt', [file], { drain: false });
  return row!.id;
}

const serviceFile = (id: string, name: string, size: number, created: Date): ProjectFile => ({
  id,
  name,
  size,
  created: created.toISOString(),
});

describe('an upload whose register call may have arrived', () => {
  it('held meanwhile (a refused key) and released: looked for first, never sent a second time', async () => {
    const fake = fakeService();
    const s = outbox(fake);
    const id = await added(s, 'Foto Küche.jpg');
    const started = new Date();
    // Its register call was cut off, then the key was refused: held, to be looked for first.
    records().update(id, {
      state: 'held',
      problem: 'key-revoked',
      checkFirst: true,
      attemptStartedAt: started,
    });
    // The call had arrived.
    fake.files = [serviceFile('f-1', 'Foto Küche.jpg', 1234, new Date(started.getTime() + 500))];
    s.releaseKeyHolds('ws');
    await s.drain('ws');
    expect(s.count('ws').entries).toBe(0);
    expect(fake.presigned).toBe(0);
    expect(records().registeredFiles('ws', 'p1')).toEqual(new Set(['f-1']));
  });

  it('a file of the same name and size that is another entry’s is not taken for it: it is sent', async () => {
    const fake = fakeService();
    const s = outbox(fake);
    const id = await added(s, 'IMG_0001.jpg');
    const started = new Date();
    const store = records();
    // The same photo was uploaded a moment before, through this outbox; this one's call was cut off.
    store.noteRegisteredFile('ws', 'p1', 'f-earlier', new Date(started.getTime() - 1000));
    store.update(id, { state: 'registering', attemptStartedAt: started });
    fake.files = [serviceFile('f-earlier', 'IMG_0001.jpg', 1234, new Date(started.getTime() - 1000))];
    await s.drain('ws');
    // Not found: sent again (here the connection is gone at the presign call, so it waits).
    expect(fake.presigned).toBe(1);
    expect(s.list('ws')).toMatchObject([{ name: 'IMG_0001.jpg', state: 'waiting', problem: 'offline' }]);
  });

  it('the file chosen again while Retry already released it: the entry keeps its copy, the new one goes', async () => {
    const fake = fakeService();
    const s = outbox(fake);
    const id = await added(s, 'Aufmaß.pdf');
    const store = records();
    store.update(id, { state: 'held', problem: 'copy-damaged' });
    const again = path.join(dir, 'again', 'Aufmaß.pdf');
    await fs.mkdir(path.dirname(again));
    await fs.writeFile(again, Buffer.alloc(1234, 8));
    const replacing = s.replaceCopy('ws', id, again);
    // While the file is being copied, Retry released the entry (it is being sent with its old copy).
    store.update(id, { state: 'waiting', problem: null });
    await expect(replacing).rejects.toMatchObject({ kind: 'validation' });
    const folders = await fs.readdir(path.join(dir, 'outbox', 'ws'));
    expect(folders).toEqual([records().get(id)!.folder]);
  });
});

describe('what the service registered is checked', () => {
  it('a size the service gives must be the copy’s', () => {
    const row = { size: 1234 };
    expect(registeredAmiss({ id: 'f', name: 'a.jpg', size: 1234 }, row)).toBeNull();
    expect(registeredAmiss({ id: 'f', name: 'a.jpg', size: null }, row)).toBeNull();
    expect(registeredAmiss({ id: 'f', name: 'a.jpg', size: 1000 }, row)).toMatch(
      /1000 bytes where the copy has 1234/,
    );
  });
});

describe('an upload the user waits for', () => {
  it('learns its own fate as soon as it is settled, not when the rest of the backlog is sent', async () => {
    const waiters = new UploadWaiters();
    let finishRun: () => void = () => undefined;
    const run = new Promise<void>((resolve) => (finishRun = resolve));
    const waited = waiters.wait('ws', [7], () => run);
    waiters.settle('ws', 7, { kind: 'registered', file: null });
    // The drain is still sending older entries: the upload is answered already.
    expect(await waited).toEqual(new Map([[7, { kind: 'registered', file: null }]]));
    finishRun();
  });

  it('what the drain did not get to (it stopped, or another process sends) waits', async () => {
    const waiters = new UploadWaiters();
    const got = await waiters.wait('ws', [1, 2], async () => {
      waiters.settle('ws', 1, { kind: 'removed' });
    });
    expect(got).toEqual(
      new Map<number, unknown>([
        [1, { kind: 'removed' }],
        [2, { kind: 'waiting' }],
      ]),
    );
  });
});
