/**
 * Cancelling worker tasks (workers/cancel-point.ts): a task stops by itself wherever the cancel finds
 * it, and its thread is never ended mid-work — Node aborts the whole process when a thread is ended
 * while it creates a zlib stream, which writers and readers do all the time. Only a task that does not
 * stop within its grace has its thread ended. Real threads running the real worker scripts.
 */
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { latin1JsonText, storedJsonBytes } from '../../src-main/cache/cache-db';
import { writeDocumentInWorker } from '../../src-main/exports/write-in-worker';
import { ExportThread } from '../../src-main/exports/export-thread';
import { runOnBody } from '../../src-main/workers/body-job';
import { createWorkers, type Workers } from '../../src-main/workers/pool';
import { estimateReadTask, estimateViewTask } from '../../src-main/estimates/estimate-tasks';
import { pricedEstimate } from '../helpers/priced-estimate';
import { captureLog } from '../helpers/log-capture';

const dirs: string[] = [];
const pools: Workers[] = [];
const HEAVY = { timeout: 300_000 };
const options = { preset: 'internal', language: 'de-DE' as const };

function tempDir(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'plandesk-cancel-'));
  dirs.push(dir);
  return dir;
}

function pool(settings: { cancelGraceMs?: number } = {}): {
  workers: Workers;
  log: ReturnType<typeof captureLog>;
} {
  const log = captureLog();
  const workers = createWorkers(log.logger, 1, undefined, settings);
  pools.push(workers);
  return { workers, log };
}

afterEach(async () => {
  await Promise.all(pools.splice(0).map((p) => p.close()));
});
afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

/** Resolves once `condition` holds (the test's own timeout is the only limit: see workers.test.ts). */
async function until(condition: () => boolean): Promise<void> {
  while (!condition()) await new Promise((r) => setTimeout(r, 2));
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('a cancelled task stops by itself', () => {
  it.each([
    // From the moment the thread takes the task to well into the work: reading the copy (a gunzip),
    // laying out, measuring rows, printing pages (each closed with a deflate); for a workbook, its
    // rows in batches and the zip.
    { format: 'pdf' as const, moments: [0, 1, 3, 10, 30, 60, 120, 250, 400, 600, 900] },
    { format: 'xlsx' as const, moments: [0, 1, 3, 10, 20, 40, 80, 120, 200, 300] },
  ])(
    'a $format export cancelled at any moment of its work: no file, no thread ended, the thread goes on',
    HEAVY,
    async ({ format, moments }) => {
      const body = new Uint8Array(storedJsonBytes(pricedEstimate(2_000)));
      const { workers, log } = pool();
      await new ExportThread(workers, captureLog().logger).warm();
      const dir = tempDir();
      let cancelledCount = 0;
      for (const [i, ms] of moments.entries()) {
        const target = path.join(dir, `quote-${i}.${format}`);
        const cancel = new AbortController();
        const run = writeDocumentInWorker(workers, {
          format,
          bodies: [body.slice()],
          options,
          target,
          signal: cancel.signal,
        }).then(
          () => 'written' as const,
          (err: unknown) => err,
        );
        await until(() => workers.running === 1);
        await sleep(ms);
        cancel.abort();
        const outcome = await run;
        if (outcome === 'written') {
          // It finished before the cancel came: a whole file, as asked.
          expect(existsSync(target)).toBe(true);
        } else {
          expect(outcome).toMatchObject({ kind: 'cancelled' });
          expect(existsSync(target)).toBe(false);
          cancelledCount++;
        }
        expect(workers.forcedEnds).toBe(0);
        expect(workers.exportThreads).toBe(1);
      }
      // Most moments fall inside the work.
      expect(cancelledCount).toBeGreaterThan(moments.length / 2);
      // Nothing temporary is left beside the files written.
      expect(readdirSync(dir).every((name) => name.endsWith(`.${format}`))).toBe(true);
      // The same thread writes the next one whole, and nothing a stopped document left behind (a
      // stream still writing, a promise failing later) has failed anything meanwhile.
      const last = path.join(dir, `after.${format}`);
      await writeDocumentInWorker(workers, { format, bodies: [body.slice()], options, target: last });
      expect(existsSync(last)).toBe(true);
      expect(workers.forcedEnds).toBe(0);
      expect(log.lines.filter((line) => line.startsWith('[error]'))).toEqual([]);
    },
  );

  it(
    'an export cancelled while it waits behind another is taken out of the queue; the other is written',
    HEAVY,
    async () => {
      const body = new Uint8Array(storedJsonBytes(pricedEstimate(2_000)));
      const { workers } = pool();
      const dir = tempDir();
      const first = writeDocumentInWorker(workers, {
        format: 'pdf',
        bodies: [body.slice()],
        options,
        target: path.join(dir, 'first.pdf'),
      });
      await until(() => workers.running === 1);
      const cancel = new AbortController();
      const second = writeDocumentInWorker(workers, {
        format: 'xlsx',
        bodies: [body.slice()],
        options,
        target: path.join(dir, 'second.xlsx'),
        signal: cancel.signal,
      });
      cancel.abort();
      // Settled while the first still runs: the cancel did not wait for the thread.
      await expect(second).rejects.toMatchObject({ kind: 'cancelled' });
      expect(workers.running).toBe(1);
      await first;
      expect(readdirSync(dir)).toEqual(['first.pdf']);
      expect(workers.forcedEnds).toBe(0);
    },
  );

  it(
    'reads of cached copies (each one a gunzip) cancelled at random moments never end a thread',
    HEAVY,
    async () => {
      const body = new Uint8Array(storedJsonBytes(pricedEstimate(3_000)));
      const { workers } = pool();
      let cancelledCount = 0;
      for (let i = 0; i < 40; i++) {
        const cancel = new AbortController();
        const read = runOnBody(workers, 'estimate-read', { origin: 'cache' }, body.slice(), {
          signal: cancel.signal,
          inlineBelow: 0,
          here: estimateReadTask,
        }).then(
          (out) => out,
          (err: unknown) => err,
        );
        await sleep((i * 7) % 40);
        cancel.abort();
        const outcome = await read;
        if (outcome instanceof Error) {
          expect(outcome).toMatchObject({ kind: 'cancelled' });
          cancelledCount++;
        } else expect(outcome).toMatchObject({ summary: expect.anything() });
      }
      expect(cancelledCount).toBeGreaterThan(0);
      expect(workers.forcedEnds).toBe(0);
      expect(workers.threads).toBe(1);
    },
  );

  it('closing the pool stops a running export by itself before the threads end', HEAVY, async () => {
    const body = new Uint8Array(storedJsonBytes(pricedEstimate(2_000)));
    const { workers } = pool();
    const dir = tempDir();
    const run = writeDocumentInWorker(workers, {
      format: 'pdf',
      bodies: [body.slice()],
      options,
      target: path.join(dir, 'closing.pdf'),
    });
    // Its outcome is awaited below, after the close: caught now, it is no unhandled rejection meanwhile.
    const outcome = run.then(
      () => 'written',
      (err: unknown) => err,
    );
    await until(() => workers.running === 1);
    await workers.close();
    expect(await outcome).toMatchObject({ kind: 'cancelled' });
    expect(workers.forcedEnds).toBe(0);
    expect(workers.threads).toBe(0);
    expect(readdirSync(dir)).toEqual([]);
  });
});

describe('a task that does not stop within its grace', () => {
  it(
    'has its thread ended, says so in the log, and the cancel returns once the thread has ended',
    HEAVY,
    async () => {
      // A grace of none: the thread is ended as soon as the cancel is sent. The task reads a large
      // copy kept uncompressed (no zlib stream in its way: ending it cannot trip Node's abort).
      const text = latin1JsonText(pricedEstimate(20_000));
      const body = new Uint8Array(Buffer.from(text, 'latin1'));
      expect(body[0]).toBe('{'.charCodeAt(0));
      const { workers, log } = pool({ cancelGraceMs: 0 });
      const cancel = new AbortController();
      const read = runOnBody(workers, 'estimate-view', { origin: 'cache' }, body, {
        signal: cancel.signal,
        inlineBelow: 0,
        here: estimateViewTask,
      });
      await until(() => workers.running === 1);
      cancel.abort();
      await expect(read).rejects.toMatchObject({ kind: 'cancelled' });
      expect(workers.forcedEnds).toBe(1);
      expect(workers.threads).toBe(0);
      expect(log.lines.join('\n')).toMatch(/estimate-view did not stop within 0 ms of its cancel/);
    },
  );
});
