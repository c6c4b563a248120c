import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { ApiClient } from '../src-main/api/client';
import { downloadFile, deleteFile, uploadFile } from '../src-main/files/files-service';
import { startSimulator } from '../simulator';

const MB = 1024 * 1024;
const SIZE = 200 * MB;
const SAMPLE_MS = 20;

interface Backend {
  baseUrl: string;
  customer: string;
  key: string;
  where: string;
  close(): Promise<void>;
}

/**
 * A 200 MB file uploaded to the simulator (storage on loopback), then downloaded back: throughput,
 * and the peak RSS of this process above its idle level (sampled every 20 ms). The simulator runs
 * in a child process when the CLI is built, so its own buffers do not count as the client's.
 */
export async function benchUpload(): Promise<Record<string, string | number>> {
  const dir = await mkdtemp(join(tmpdir(), 'plandesk-bench-upload-'));
  const backend = await startBackend();
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

async function measured<T>(work: () => Promise<T>): Promise<{ result: T; ms: number; peak: number }> {
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
async function idleRss(): Promise<number> {
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
async function writeBigFile(path: string, size: number): Promise<void> {
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

async function startBackend(): Promise<Backend> {
  const root = resolve(typeof __dirname !== 'undefined' ? join(__dirname, '..') : process.cwd());
  const bin = join(root, 'bin', 'plandesk.cjs');
  if (existsSync(join(root, 'out', 'cli', 'plandesk.cjs'))) {
    try {
      return await childSimulator(bin, root);
    } catch (err) {
      console.error(`  (child simulator failed: ${(err as Error).message}; running it in-process)`);
    }
  }
  const sim = await startSimulator();
  const ws = sim.workspaces[0]!;
  return {
    baseUrl: sim.baseUrl,
    customer: ws.customer,
    key: ws.key,
    where: 'in-process (CLI not built: figure includes the simulator)',
    close: () => sim.close(),
  };
}

function childSimulator(bin: string, cwd: string): Promise<Backend> {
  return new Promise((resolveBackend, reject) => {
    const child: ChildProcess = spawn(process.execPath, [bin, 'simulator', '--port', '0'], {
      cwd,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const lines = createInterface({ input: child.stdout! });
    const timer = setTimeout(() => {
      child.kill('SIGTERM');
      reject(new Error('no answer within 20 s'));
    }, 20_000);
    child.once('error', (err) => {
      clearTimeout(timer);
      reject(err);
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`exited with ${code}`));
    });
    lines.once('line', (line) => {
      clearTimeout(timer);
      let info: { baseUrl: string; workspaces: { customer: string; key: string }[] };
      try {
        info = JSON.parse(line);
      } catch {
        child.kill('SIGTERM');
        reject(new Error(`unexpected output: ${line.slice(0, 100)}`));
        return;
      }
      const ws = info.workspaces[0]!;
      resolveBackend({
        baseUrl: info.baseUrl,
        customer: ws.customer,
        key: ws.key,
        where: `child process (pid ${child.pid})`,
        close: () =>
          new Promise<void>((done) => {
            if (child.exitCode !== null) return done();
            child.removeAllListeners('exit');
            child.once('exit', () => done());
            child.kill('SIGTERM');
          }),
      });
    });
  });
}

function mb(bytes: number): string {
  return (bytes / MB).toFixed(1);
}

function sleep(ms: number): Promise<void> {
  return new Promise((r) => setTimeout(r, ms));
}
