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
import {
  countPdfPagesInWorker,
  writeChangeOrderInWorker,
  writeDocumentInWorker,
} from '../../src-main/exports/write-in-worker';
import { contentHash, encodeFull } from '../../src-main/versions/version-codec';
import { snapshotOf } from '../../src-main/versions/snapshot';
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

/** Once the pool is idle: it started one thread and ended none (no cancel cost a thread). */
async function expectTheOneThreadKept(workers: Workers): Promise<void> {
  await until(() => workers.running === 0);
  expect(workers.threadsStarted).toBe(1);
  expect(workers.threadsEnded).toBe(0);
}

/**
 * Starts a task `times` times, each cancelled once `wait(i)` has passed. Each either finishes (what it
 * gave checked by `finished`) or is cancelled; gives back how many were cancelled.
 */
async function cancelEach(
  times: number,
  start: (signal: AbortSignal) => Promise<unknown>,
  wait: (i: number) => Promise<unknown>,
  finished: (value: unknown) => void,
): Promise<number> {
  let cancelledCount = 0;
  for (let i = 0; i < times; i++) {
    const cancel = new AbortController();
    const run = start(cancel.signal).then(
      (value) => ({ value }),
      (err: unknown) => ({ err }),
    );
    await wait(i);
    cancel.abort();
    const outcome = await run;
    if ('err' in outcome) {
      expect(outcome.err).toMatchObject({ kind: 'cancelled' });
      cancelledCount++;
    } else finished(outcome.value);
  }
  return cancelledCount;
}

/**
 * Writes a document to `target`, cancelled `ms` after its task began. Either it was written whole
 * before the cancel came, or it was cancelled and left no file: whether it was cancelled.
 */
async function writeCancelledAfter(
  workers: Workers,
  target: string,
  ms: number,
  write: (signal: AbortSignal) => Promise<unknown>,
): Promise<boolean> {
  const cancel = new AbortController();
  const run = write(cancel.signal).then(
    () => null,
    (err: unknown) => err,
  );
  await until(() => workers.running === 1);
  await sleep(ms);
  cancel.abort();
  const err = await run;
  // Written before the cancel came: a whole file, as asked; else no file.
  expect(existsSync(target)).toBe(err === null);
  if (err !== null) expect(err).toMatchObject({ kind: 'cancelled' });
  return err !== null;
}

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
        const write = (signal: AbortSignal) =>
          writeDocumentInWorker(workers, { format, bodies: [body.slice()], options, target, signal });
        if (await writeCancelledAfter(workers, target, ms, write)) cancelledCount++;
        expect(workers.threadsEnded).toBe(0);
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
      expect(workers.threadsStarted).toBe(1);
      expect(workers.threadsEnded).toBe(0);
      expect(log.lines.filter((line) => line.startsWith('[error]'))).toEqual([]);
    },
  );

  it(
    'a long change order stops within a short grace wherever the cancel finds it (reading, laying out, printing)',
    HEAVY,
    async () => {
      // 20,000 items, a third of them changed: some 340 pages, seconds of pdfmake's layout and as many
      // of printing, which only its per-page and per-item calls into PlanDesk can stop.
      const before = pricedEstimate(20_000);
      const after = {
        ...before,
        items: before.items.map((it, i) =>
          i % 3 === 1 && it.type !== 'group' ? { ...it, quantity: '9.000000000000' } : it,
        ),
      };
      const side = (detail: unknown) => {
        const snapshot = snapshotOf(detail as Record<string, unknown>);
        return { bodies: [encodeFull(snapshot)], hash: contentHash(snapshot) };
      };
      const ref = (seq: number) => ({
        estimateId: 'E-1',
        estimateName: 'Tower',
        uniqueIdentifier: 'E-1',
        versionId: seq,
        seq,
        name: null,
        fetchedAt: null,
        modified: null,
      });
      const sides = { from: side(before), to: side(after) };
      // A grace far below the work left at any of these moments: only the cancel points stop it in time.
      const { workers, log } = pool({ cancelGraceMs: 1_500 });
      const dir = tempDir();
      for (const [i, ms] of [200, 1_500, 4_000, 7_000].entries()) {
        const target = path.join(dir, `change-order-${i}.pdf`);
        const write = (signal: AbortSignal) =>
          writeChangeOrderInWorker(workers, {
            format: 'pdf',
            versions: {
              common: [],
              from: { ...sides.from, bodies: sides.from.bodies.map((b) => b.slice()) },
              to: { ...sides.to, bodies: sides.to.bodies.map((b) => b.slice()) },
            },
            refs: { from: ref(1), to: ref(2) },
            options: { preset: 'quote', language: 'de-DE' },
            madeAt: new Date('2026-11-27T10:00:00Z'),
            target,
            signal,
          });
        await writeCancelledAfter(workers, target, ms, write);
        expect(workers.forcedEnds).toBe(0);
        expect(workers.threadsEnded).toBe(0);
      }
      expect(log.lines.filter((line) => line.startsWith('[error]') || line.startsWith('[warn]'))).toEqual([]);
    },
  );

  it(
    'a task cancelled while it waits behind another settles at once, and its thread is kept; the other is written',
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
      // Sent to the export thread's queue (the count goes straight to the pool), then cancelled.
      const cancel = new AbortController();
      const queued = countPdfPagesInWorker(workers, { body, prepared: null, options, signal: cancel.signal });
      cancel.abort();
      // Settled while the first still runs: the cancel did not wait for the thread.
      await expect(queued).rejects.toMatchObject({ kind: 'cancelled' });
      expect(workers.running).toBe(1);
      await first;
      expect(readdirSync(dir)).toEqual(['first.pdf']);
      // The thread took the cancelled task after the first and answered it, having done nothing.
      await expectTheOneThreadKept(workers);
    },
  );

  it(
    'cancels racing a task’s way to its thread (sent, not yet begun) never end the thread',
    HEAVY,
    async () => {
      const body = new Uint8Array(storedJsonBytes(pricedEstimate(300)));
      const { workers } = pool();
      await new ExportThread(workers, captureLog().logger).warm();
      const racers: (() => Promise<unknown>)[] = [
        () => Promise.resolve(),
        () => new Promise<void>((r) => queueMicrotask(r)),
        () => new Promise((r) => setImmediate(r)),
        () => new Promise((r) => setTimeout(r, 0)),
        () => new Promise((r) => setTimeout(r, 2)),
      ];
      const cancelledCount = await cancelEach(
        40,
        (signal) => countPdfPagesInWorker(workers, { body, prepared: null, options, signal }),
        (i) => racers[i % racers.length]!(),
        (counted) => expect(counted).toMatchObject({ pages: expect.any(Number) }),
      );
      expect(cancelledCount).toBeGreaterThan(0);
      await expectTheOneThreadKept(workers);
    },
  );

  it(
    'reads of cached copies (each one a gunzip) cancelled at random moments never end a thread',
    HEAVY,
    async () => {
      const body = new Uint8Array(storedJsonBytes(pricedEstimate(3_000)));
      const { workers } = pool();
      const cancelledCount = await cancelEach(
        40,
        (signal) =>
          runOnBody(workers, 'estimate-read', { origin: 'cache' }, body.slice(), {
            signal,
            inlineBelow: 0,
            here: estimateReadTask,
          }),
        (i) => sleep((i * 7) % 40),
        (read) => expect(read).toMatchObject({ summary: expect.anything() }),
      );
      expect(cancelledCount).toBeGreaterThan(0);
      await expectTheOneThreadKept(workers);
    },
  );

  it('closing the pool stops a running export by itself before the threads end', HEAVY, async () => {
    const body = new Uint8Array(storedJsonBytes(pricedEstimate(2_000)));
    const { workers, log } = pool();
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
    // A task asked for while closing is not taken.
    await expect(countPdfPagesInWorker(workers, { body, prepared: null, options })).rejects.toMatchObject({
      kind: 'cancelled',
    });
    expect(log.lines.filter((line) => line.startsWith('[error]'))).toEqual([]);
  });
});

describe('a task that does not stop within its grace', () => {
  it(
    'has its thread ended, says so in the log, and the cancel returns once the thread has ended',
    HEAVY,
    async () => {
      // A grace of none: the thread is ended as soon as the cancel is sent, the task not asked. The task reads a large
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
      // Returned once the thread had ended (its exit seen), not merely once it was told to end.
      expect(workers.threadsEnded).toBe(1);
      expect(workers.threads).toBe(0);
      expect(log.lines.join('\n')).toMatch(/estimate-view did not stop within 0 ms of its cancel/);
    },
  );
});
