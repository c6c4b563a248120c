import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ApiClient } from '../src-main/api/client';
import { uploadFile } from '../src-main/files/files-service';
import { silentLogger } from '../src-main/log/logger';
import { OutboxService } from '../src-main/outbox/outbox-service';
import { childSimulator } from './child-simulator';
import { idleRss, mb, measured, writeBigFile } from './upload';

const MB = 1024 * 1024;
const BIG = 200 * MB;
const SMALL = 1 * MB;
const MANY = 50;
const DIRECT = 10;

/**
 * Every upload goes through the outbox: what that costs. A 200 MB file is copied in (its SHA-256
 * taken on the way) and sent (checked against it again as it is read), and 50 files of 1 MB are
 * added at once and sent one after another; each sent file beside the same file uploaded directly.
 * The simulator runs in a child process (its buffers are not PlanDesk's).
 */
export async function benchOutbox(): Promise<Record<string, string | number>> {
  const dir = await mkdtemp(join(tmpdir(), 'plandesk-bench-outbox-'));
  const backend = await childSimulator();
  const client = new ApiClient({ baseUrl: backend.baseUrl, customer: backend.customer, key: backend.key });
  const outbox = new OutboxService({
    root: join(dir, 'data', 'outbox'),
    cacheFor: () => {
      throw new Error('no cache: the files list is not kept in this benchmark');
    },
    clientFor: () => Promise.resolve(client),
    workspaceIds: () => Promise.resolve(['bench']),
    inMemoryByDesign: () => false,
    emit: () => undefined,
    logger: silentLogger,
  });
  try {
    const project = (await client.listProjects({ page: 1, pageSize: 1 })).items[0];
    if (!project) throw new Error('The simulator has no project to upload to.');
    const big = join(dir, 'site', 'bench-200mb.pdf');
    await mkdir(join(dir, 'site'), { recursive: true });
    await writeBigFile(big, BIG);
    const small: string[] = [];
    for (let i = 0; i < MANY; i++) {
      const p = join(dir, 'site', `Foto ${String(i).padStart(2, '0')}.jpg`);
      await writeFile(p, Buffer.alloc(SMALL, i));
      small.push(p);
    }

    const idle = await idleRss();
    const enqueueBig = await measured(() =>
      outbox.enqueue('bench', project.id, project.name ?? '', [big], { drain: false }),
    );
    const sendBig = await measured(() => outbox.send('bench', [enqueueBig.result[0]!.id]));
    if (sendBig.result.get(enqueueBig.result[0]!.id)?.kind !== 'registered')
      throw new Error(`The 200 MB file was not registered: ${JSON.stringify([...sendBig.result])}`);

    const enqueueMany = await measured(() =>
      outbox.enqueue('bench', project.id, project.name ?? '', small, { drain: false }),
    );
    const ids = enqueueMany.result.map((r) => r.id);
    const sendMany = await measured(() => outbox.send('bench', ids));
    const registered = [...sendMany.result.values()].filter((r) => r.kind === 'registered').length;
    if (registered !== MANY) throw new Error(`${registered} of ${MANY} small files were registered.`);

    const direct = await measured(async () => {
      for (const p of small.slice(0, DIRECT)) await uploadFile(client, project.id, p);
    });
    const perFileOutbox = (enqueueMany.ms + sendMany.ms) / MANY;
    const perFileDirect = direct.ms / DIRECT;
    return {
      simulator: backend.where,
      '200 MB: copy in + SHA-256 (s)': (enqueueBig.ms / 1000).toFixed(2),
      '200 MB: copy in (MB/s)': (BIG / MB / (enqueueBig.ms / 1000)).toFixed(1),
      '200 MB: send, checked (s)': (sendBig.ms / 1000).toFixed(2),
      '200 MB: peak over idle (MB)': mb(Math.max(0, Math.max(enqueueBig.peak, sendBig.peak) - idle)),
      'target peak over idle': '≤ 100 MB',
      '50 × 1 MB: add (ms)': enqueueMany.ms.toFixed(0),
      '50 × 1 MB: send (ms)': sendMany.ms.toFixed(0),
      '1 MB through the outbox (ms)': perFileOutbox.toFixed(1),
      '1 MB uploaded directly (ms)': perFileDirect.toFixed(1),
      'outbox cost per file (ms)': (perFileOutbox - perFileDirect).toFixed(1),
      'target cost per file': '≤ 50 ms',
    };
  } finally {
    await outbox.close();
    await backend.close();
    await rm(dir, { recursive: true, force: true });
  }
}
