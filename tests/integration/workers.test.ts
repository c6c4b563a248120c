/**
 * Heavy work in worker threads (src-main/workers): real threads running the real worker scripts.
 * A cancelled task stops by itself (its thread stays, never ended mid-work: workers/cancel-point.ts)
 * and a cancelled export leaves no file; errors come back as the same typed values; a body read in a
 * worker gives what the same body read on the calling thread gives.
 */
import { parseEstimateView } from '../../src-shared/estimates/view-text';
import { spawnSync } from 'node:child_process';
import {
  copyFileSync,
  existsSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { getPriority, tmpdir } from 'node:os';
import Database from 'better-sqlite3';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { storedJsonBytes } from '../../src-main/cache/cache-db';
import {
  estimateReadTask,
  estimateViewTask,
  type EstimateViewOutput,
} from '../../src-main/estimates/estimate-tasks';
import { countPdfPagesInWorker, writeDocumentInWorker } from '../../src-main/exports/write-in-worker';
import { ServiceError } from '../../src-main/errors/service-error';
import { ExportThread } from '../../src-main/exports/export-thread';
import { bodyJob, runOnBody } from '../../src-main/workers/body-job';
import { createWorkers, type Workers } from '../../src-main/workers/pool';
import { WORKER_THREAD_NICE_STEP } from '../../src-main/workers/thread-priority';
import { pricedEstimate as estimateOf } from '../helpers/priced-estimate';
import { captureLog } from '../helpers/log-capture';

const dirs: string[] = [];
const pools: Workers[] = [];

function tempDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'plandesk-workers-'));
  dirs.push(dir);
  return dir;
}

function pool(options: { cancelGraceMs?: number } = {}): Workers {
  const workers = createWorkers(captureLog().logger, undefined, undefined, options);
  pools.push(workers);
  return workers;
}

afterEach(async () => {
  await Promise.all(pools.splice(0).map((p) => p.close()));
});
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/**
 * Resolves once `condition` holds, looking every 10 ms: what the test waits for (a thread taking a
 * task, a file appearing) has no event of its own. No deadline of its own either: the test's timeout
 * is the one limit, so a busy machine is never mistaken for a failure.
 */
async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((r) => setTimeout(r, 10));
}

let built: string | undefined;

/** The worker scripts built into a folder of their own, once. */
function builtScripts(): string {
  if (built) return built;
  // Built inside the checkout, so the scripts' dependencies resolve from node_modules, as in the app.
  const dir = path.resolve('out', 'test-workers');
  const result = spawnSync(process.execPath, ['scripts/build-cli.mjs', dir, '--workers-only'], {
    encoding: 'utf8',
  });
  expect(result.status, result.stderr).toBe(0);
  return (built = dir);
}

/** The bytes the offline cache keeps of an estimate. */
function cacheBytes(estimate: unknown): Uint8Array {
  return new Uint8Array(storedJsonBytes(estimate));
}

/** The service's answer to GET …/estimates/{id}: UTF-8 JSON with the detail in `data`. */
function answerBytes(estimate: unknown): Uint8Array {
  return new Uint8Array(Buffer.from(JSON.stringify({ data: [estimate] }), 'utf8'));
}

const options = { preset: 'internal', language: 'de-DE' as const };
const HEAVY = { timeout: 180_000 };

describe('worker threads', () => {
  // The two exports below are real work (a thread started, its writers loaded, thousands of rows):
  // on a loaded machine they take long, so their limit is generous; nothing in them is timed.
  it(
    'a PDF export cancelled while its thread works stops by itself, leaves no file, and the thread writes the next',
    HEAVY,
    async () => {
      const body = cacheBytes(estimateOf(2_000));
      const dir = tempDir();
      const workers = pool();
      const cancel = new AbortController();
      const target = path.join(dir, 'cancelled.pdf');
      const run = writeDocumentInWorker(workers, {
        format: 'pdf',
        bodies: [body.slice()],
        options,
        target,
        signal: cancel.signal,
      });
      // Cancelled once a thread has the task (it then loads the writers and lays out 2,000 rows, seconds
      // of work), whatever the machine's load.
      await until(() => workers.running === 1);
      cancel.abort();
      await expect(run).rejects.toMatchObject({ kind: 'cancelled' });
      expect(readdirSync(dir)).toEqual([]);
      expect(workers.running).toBe(0);
      expect(workers.forcedEnds).toBe(0);
      expect(workers.exportThreads).toBe(1);
      // The same thread, warm, writes the next one whole.
      await writeDocumentInWorker(workers, { format: 'pdf', bodies: [body.slice()], options, target });
      expect(readdirSync(dir)).toEqual(['cancelled.pdf']);
      expect(workers.forcedEnds).toBe(0);
    },
  );

  it(
    'an Excel export cancelled while it writes stops by itself and leaves no partial file',
    HEAVY,
    async () => {
      const body = cacheBytes(estimateOf(20_000));
      const dir = tempDir();
      const workers = pool();
      const cancel = new AbortController();
      const target = path.join(dir, 'estimate.xlsx');
      const run = writeDocumentInWorker(workers, {
        format: 'xlsx',
        bodies: [body],
        options,
        target,
        signal: cancel.signal,
      });
      // Cancelled once the temporary file exists: the writer is half-way through the rows.
      await until(() => readdirSync(dir).length > 0);
      expect(readdirSync(dir)).toHaveLength(1);
      cancel.abort();
      await expect(run).rejects.toMatchObject({ kind: 'cancelled' });
      expect(readdirSync(dir)).toEqual([]);
      expect(workers.forcedEnds).toBe(0);
      expect(workers.exportThreads).toBe(1);
    },
  );

  it('reads a body in a worker (large) or here (small) with the same result, and starts over on a retry', async () => {
    const estimate = estimateOf(300);
    const answer = answerBytes(estimate);
    const workers = pool();
    const read = async (inlineBelow: number, retry: boolean): Promise<EstimateViewOutput> => {
      const job = bodyJob(
        workers,
        'estimate-view',
        { origin: 'response' },
        { inlineBelow, here: estimateViewTask },
      );
      if (retry) {
        // A first attempt breaks off after a few bytes; the transport starts the body over.
        job.sink.begin(answer.byteLength);
        job.sink.push(answer.slice(0, 100));
      }
      job.sink.begin(answer.byteLength);
      for (let at = 0; at < answer.byteLength; at += 16_384) job.sink.push(answer.slice(at, at + 16_384));
      job.sink.end();
      return job.result();
    };
    const inWorker = await read(0, false);
    const here = await read(Number.MAX_SAFE_INTEGER, false);
    const retried = await read(0, true);
    const viewOf = (out: EstimateViewOutput) =>
      parseEstimateView({ viewBytes: out.viewBytes, source: 'network', fetchedAt: '' });
    expect(viewOf(inWorker)).toEqual(viewOf(here));
    expect(Buffer.from(retried.viewBytes).equals(Buffer.from(inWorker.viewBytes))).toBe(true);
    // Moved back from the thread, not copied: bytes of their own.
    expect(inWorker.viewBytes.byteLength).toBe(inWorker.viewBytes.buffer.byteLength);
    expect(inWorker.summary).toEqual(here.summary);
    expect(inWorker.summary.quote.source).toBe('items');
    expect(viewOf(inWorker).rows).toHaveLength(306);
    // The cache's copy made from the answer reads back as the same estimate.
    const fromCache = await runOnBody(workers, 'estimate-read', { origin: 'cache' }, inWorker.cacheBody!, {
      inlineBelow: 0,
      here: estimateReadTask,
    });
    expect(fromCache.summary).toEqual(inWorker.summary);
    expect(fromCache.label).toEqual({
      uniqueIdentifier: 'E-1',
      name: 'Test',
      projectName: null,
      companyCountry: null,
    });
  });

  it('gives a broken answer back as the same typed error from a worker as from here', async () => {
    const workers = pool();
    const broken = new Uint8Array(Buffer.from('{"data": [{"id": "x", "items": [', 'utf8'));
    for (const inlineBelow of [0, Number.MAX_SAFE_INTEGER]) {
      const job = bodyJob(
        workers,
        'estimate-view',
        { origin: 'response' },
        { inlineBelow, here: estimateViewTask },
      );
      job.sink.begin(broken.byteLength);
      job.sink.push(broken.slice());
      job.sink.end();
      const err = await job.result().then(
        () => null,
        (e: unknown) => e,
      );
      expect(err).toBeInstanceOf(ServiceError);
      expect(err).toMatchObject({ kind: 'invalid-response' });
    }
  });

  it('ends the work on a body that never comes (its request failed)', async () => {
    const workers = pool();
    const job = bodyJob(
      workers,
      'estimate-view',
      { origin: 'response' },
      { inlineBelow: 0, here: estimateViewTask },
    );
    job.sink.begin(null);
    job.sink.push(new Uint8Array(Buffer.from('{"data": [', 'utf8')));
    // The task has started on a thread and waits there for the rest of the body.
    await until(() => workers.running === 1);
    job.abort();
    await expect(job.result()).rejects.toMatchObject({ kind: 'cancelled' });
    expect(workers.running).toBe(0);
    // Woken while it waited for the next chunk: it stopped by itself.
    expect(workers.forcedEnds).toBe(0);
    expect(workers.threads).toBe(1);
  });

  it('runs the worker scripts built into a folder given, as the app ships them, and says when there are none', async () => {
    const dir = builtScripts();
    const workers = createWorkers(captureLog().logger, 1, dir);
    pools.push(workers);
    const answer = answerBytes(estimateOf(120));
    const [inWorker, here] = await Promise.all(
      [0, Number.MAX_SAFE_INTEGER].map((inlineBelow) =>
        runOnBody(workers, 'estimate-read', { origin: 'response' }, answer.slice(), {
          inlineBelow,
          here: estimateReadTask,
        }),
      ),
    );
    expect(workers.threads).toBe(1);
    expect(inWorker!.summary).toEqual(here!.summary);
    expect(inWorker!.label).toEqual({
      uniqueIdentifier: 'E-1',
      name: 'Test',
      projectName: null,
      companyCountry: null,
    });
    expect(() => createWorkers(captureLog().logger, 1, tempDir())).toThrow(/no built worker scripts/);
  });

  it('fails the tasks waiting for a thread that cannot start (a damaged install), with words, and never hangs', async () => {
    // The built scripts, their threads' entry damaged: every thread fails as it starts.
    const dir = tempDir();
    for (const f of readdirSync(builtScripts())) {
      if (f.endsWith('.cjs')) copyFileSync(path.join(builtScripts(), f), path.join(dir, f));
    }
    writeFileSync(path.join(dir, 'thread-entry.cjs'), "throw new Error('a damaged install');\n");
    const { logger, lines } = captureLog();
    const workers = createWorkers(logger, 2, dir);
    pools.push(workers);
    const answer = answerBytes(estimateOf(120));
    const read = () =>
      runOnBody(workers, 'estimate-read', { origin: 'response' }, answer.slice(), {
        inlineBelow: 0,
        here: estimateReadTask,
      });
    // Two waiting at once, then a later one (which tries a new thread, and fails the same way).
    for (const outcome of [await Promise.allSettled([read(), read()]), await Promise.allSettled([read()])]) {
      for (const r of outcome) {
        expect(r.status).toBe('rejected');
        expect((r as PromiseRejectedResult).reason).toMatchObject({
          kind: 'server',
          message: 'Something went wrong inside PlanDesk. Details are in the log.',
        });
      }
    }
    expect(lines.some((l) => l.includes('worker pool: Error: a damaged install'))).toBe(true);
    expect(workers.running).toBe(0);
  });

  it('keeps the threads’ compiled library code in the folder given, and a new thread starts from it', async () => {
    const scripts = builtScripts();
    const codeCache = path.join(tempDir(), 'code-cache');
    const answer = answerBytes(estimateOf(120));
    const read = async (): Promise<unknown> => {
      const workers = createWorkers(captureLog().logger, 1, scripts, { codeCache });
      try {
        const out = await runOnBody(workers, 'estimate-read', { origin: 'response' }, answer.slice(), {
          inlineBelow: 0,
          here: estimateReadTask,
        });
        return out.summary;
      } finally {
        await workers.close();
      }
    };
    const first = await read();
    // One folder for this runtime, holding the code of the libraries the estimate script loaded.
    const [runtime, ...others] = readdirSync(codeCache);
    expect(others).toEqual([]);
    const files = readdirSync(path.join(codeCache, runtime!));
    expect(files.length).toBeGreaterThan(10);
    const written = files.map((f) => statSync(path.join(codeCache, runtime!, f)).mtimeMs);

    // A new pool's thread: the same answer, every library from the cache (nothing written again).
    expect(await read()).toEqual(first);
    expect(readdirSync(path.join(codeCache, runtime!))).toEqual(files);
    expect(files.map((f) => statSync(path.join(codeCache, runtime!, f)).mtimeMs)).toEqual(written);
    expect(first).toEqual((await estimateReadTask({ origin: 'response', body: answer.slice() })).summary);
  });
});

describe('thread priority', () => {
  /** The nice value of each of this process's threads, by thread id (Linux's /proc). */
  function niceByThread(): Map<number, number> {
    const out = new Map<number, number>();
    for (const tid of readdirSync('/proc/self/task')) {
      const stat = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
      // The fields after the command's closing parenthesis; nice is the 17th of them.
      const nice = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]);
      out.set(Number(tid), nice);
    }
    return out;
  }

  it('lowers each worker thread a little below main’s on Linux, and only the thread', async () => {
    const mainNice = getPriority();
    const workers = pool();
    const dir = tempDir();
    const file = path.join(dir, 'c.sqlite');
    const db = new Database(file);
    db.pragma('journal_mode = WAL');
    db.exec('CREATE TABLE t (x)');
    try {
      // Any task starts a thread: a cache checkpoint is a small real one.
      await expect(workers.run('cache-checkpoint', { file })).resolves.toMatchObject({ busy: 0 });
    } finally {
      db.close();
    }
    expect(workers.threads).toBe(1);
    // This thread (and on other systems the whole process) keeps its priority.
    expect(getPriority()).toBe(mainNice);
    if (process.platform !== 'linux') return;
    const lowered = Math.min(19, mainNice + WORKER_THREAD_NICE_STEP);
    const nice = niceByThread();
    expect(nice.get(process.pid)).toBe(mainNice);
    expect([...nice.values()].filter((n) => n === lowered).length).toBeGreaterThanOrEqual(1);
    // No thread is anywhere else: the pool's thread (and any it started) is lowered, nothing more.
    expect([...nice.values()].filter((n) => n !== mainNice && n !== lowered)).toEqual([]);
  });
});

describe('the export thread', () => {
  it('is started ahead of an export, writes on the thread it warmed, and ends once idle', async () => {
    const log = captureLog();
    const workers = createWorkers(log.logger, 1, undefined, { exportIdleMs: 1_500 });
    pools.push(workers);
    const exportThread = new ExportThread(workers, log.logger);
    expect(workers.exportThreads).toBe(0);
    await exportThread.warm({ layOut: true });
    expect(workers.exportThreads).toBe(1);
    expect(workers.threads).toBe(1);
    // A second warm-up finds it warm; the export runs on it (no other thread is started).
    await exportThread.warm({ layOut: true });
    const target = path.join(tempDir(), 'quote.pdf');
    await writeDocumentInWorker(workers, {
      format: 'pdf',
      bodies: [cacheBytes(estimateOf(60))],
      options,
      target,
    });
    expect(existsSync(target)).toBe(true);
    expect(workers.exportThreads).toBe(1);
    expect(workers.threads).toBe(1);
    // Idle for longer than its idle time: it ends, and nothing else runs.
    await until(() => workers.exportThreads === 0);
    expect(workers.threads).toBe(0);
  }, 120_000);

  it('ends with the pool, warm or not', async () => {
    const log = captureLog();
    const workers = createWorkers(log.logger, 1);
    await new ExportThread(workers, log.logger).warm();
    expect(workers.exportThreads).toBe(1);
    await workers.close();
    expect(workers.threads).toBe(0);
  });

  it('counts a PDF’s pages before writing it, and a count cancelled while it runs stops by itself', async () => {
    const workers = pool();
    const body = cacheBytes(estimateOf(2_000));
    const counted = await countPdfPagesInWorker(workers, { body, prepared: null, options });
    expect(counted.pages).toBeGreaterThan(40);
    // The writer takes the parts the count kept, and writes as many pages as were counted.
    const target = path.join(tempDir(), 'counted.pdf');
    await writeDocumentInWorker(workers, {
      format: 'pdf',
      bodies: [body.slice()],
      prepared: [counted.prepared],
      options,
      target,
    });
    const pdf = (await import('node:fs')).readFileSync(target, 'latin1');
    expect(pdf.match(/\/Type \/Page\b/g)).toHaveLength(counted.pages);

    // Cancelled while it runs on the export thread: the count never comes, the thread stays.
    const cancel = new AbortController();
    const run = countPdfPagesInWorker(workers, { body, prepared: null, options, signal: cancel.signal });
    await until(() => workers.running > 0);
    cancel.abort();
    await expect(run).rejects.toMatchObject({ kind: 'cancelled' });
    expect(workers.forcedEnds).toBe(0);
    expect(workers.exportThreads).toBe(1);
  }, 240_000);
});
