import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ApiClient } from '../src-main/api/client';
import { downloadFile, deleteFile, uploadFile } from '../src-main/files/files-service';
import { childSimulator } from './child-simulator';

const MB = 1024 * 1024;
const SIZE = 200 * MB;
const SAMPLE_MS = 20;

/**
 * A 200 MB file uploaded to the simulator (storage on loopback), then downloaded back: throughput,
 * and the peak RSS of this process above its idle level (sampled every 20 ms). The simulator runs
 * in a child process, so its own buffers do not count as the client's.
 */
export async function benchUpload(): Promise<Record<string, string | number>> {
  const dir = await mkdtemp(join(tmpdir(), 'plandesk-bench-upload-'));
  const backend = await childSimulator();
  try {
    const path = join(dir, 'bench-200mb.pdf');
    await writeBigFile(path, SIZE);
    const client = new ApiClient({ baseUrl: backend.baseUrl, customer: backend.customer, key: backend.key });
    const project = (await client.listProjects({ page: 1, pageSize: 1 })).items[0];
    if (!project) throw new Error('The simulator has no project to upload to.');

    const idle = await idleRss();
    const up = await measured(() => uploadFile(client, project.id, path));
    if (up.result.size !== SIZE) throw new Error(`Registered ${up.result.size} bytes, expected ${SIZE}.`);

    const back = join(dir, 'bench-200mb-back.pdf');
    const down = await measured(() => downloadFile(client, project.id, up.result.id, back));
    if (down.result.bytes !== SIZE)
      throw new Error(`Downloaded ${down.result.bytes} bytes, expected ${SIZE}.`);
    await deleteFile(client, project.id, up.result.id);

    return {
      simulator: backend.where,
      'file size (MB)': SIZE / MB,
      'idle RSS (MB)': mb(idle),
      'upload time (s)': (up.ms / 1000).toFixed(2),
      'upload throughput (MB/s)': (SIZE / MB / (up.ms / 1000)).toFixed(1),
      'upload peak over idle (MB)': mb(Math.max(0, up.peak - idle)),
      'download time (s)': (down.ms / 1000).toFixed(2),
      'download throughput (MB/s)': (SIZE / MB / (down.ms / 1000)).toFixed(1),
      'download peak over idle (MB)': mb(Math.max(0, down.peak - idle)),
      'target peak over idle': '≤ 100 MB',
    };
  } finally {
    await backend.close();
    await rm(dir, { recursive: true, force: true });
  }
}

export async function measured<T>(work: () => Promise<T>): Promise<{ result: T; ms: number; peak: number }> {
  let peak = process.memoryUsage().rss;
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, SAMPLE_MS);
  const started = performance.now();
  try {
    const result = await work();
    const ms = performance.now() - started;
    peak = Math.max(peak, process.memoryUsage().rss);
    return { result, ms, peak };
  } finally {
    clearInterval(timer);
  }
}

/** RSS at rest: after a GC where exposed, the median of samples over half a second. */
export async function idleRss(): Promise<number> {
  (globalThis as { gc?: () => void }).gc?.();
  await sleep(200);
  const samples: number[] = [];
  for (let i = 0; i < 25; i++) {
    samples.push(process.memoryUsage().rss);
    await sleep(SAMPLE_MS);
  }
  samples.sort((a, b) => a - b);
  return samples[Math.floor(samples.length / 2)]!;
}

/** Written in 1 MB chunks, never whole in memory. */
export async function writeBigFile(path: string, size: number): Promise<void> {
  const out = createWriteStream(path);
  const block = Buffer.alloc(MB);
  for (let i = 0; i < block.length; i++) block[i] = (i * 31 + 7) & 0xff;
  for (let written = 0, n = 0; written < size; n++, written += MB) {
    const chunk = Buffer.from(block);
    chunk.writeUInt32LE(n, 0);
    if (!out.write(chunk)) await new Promise<void>((r) => out.once('drain', () => r()));
  }
  await new Promise<void>((res, rej) => out.end((err?: Error | null) => (err ? rej(err) : res())));
}

export function mb(bytes: number): string {
  return (bytes / MB).toFixed(1);
}

function sleep(ms: number): Promise<void> {
  return new Promise((r) => setTimeout(r, ms));
}
