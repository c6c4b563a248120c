import { afterEach, describe, expect, it, vi } from 'vitest';
import { ExportThread } from '../../src-main/exports/export-thread';
import { silentLogger } from '../../src-main/log/logger';
import type { Workers } from '../../src-main/workers/pool';
import type { OpenedEstimate } from '../../src-main/estimates/estimates-service';

/** The pool's one method the export thread uses; the real pool is tested in tests/integration/workers.test.ts. */
function workers() {
  const run = vi.fn(() => Promise.resolve(undefined));
  return { run, pool: { run } as unknown as Workers };
}

const opened = (bytes: Uint8Array | null) =>
  ({ cachedBytes: vi.fn(() => bytes) }) as unknown as OpenedEstimate;

describe('ExportThread', () => {
  afterEach(() => vi.useRealTimers());

  it("warms up a second after an estimate opens, with that estimate's bytes when it is small", async () => {
    vi.useFakeTimers();
    const { run, pool } = workers();
    const thread = new ExportThread(pool, silentLogger);
    const estimate = opened(new Uint8Array([1, 2, 3]));
    thread.estimateOpened(estimate);
    expect(run).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(run).toHaveBeenCalledTimes(1);
    expect(run).toHaveBeenCalledWith(
      'export-warm',
      { layOut: true, estimate: new Uint8Array([1, 2, 3]) },
      expect.objectContaining({ transfer: [expect.any(ArrayBuffer)] }),
    );
  });

  it('once closed, reads no cache and starts no warm-up: neither one still waiting nor a new one', async () => {
    vi.useFakeTimers();
    const { run, pool } = workers();
    const thread = new ExportThread(pool, silentLogger);
    const waiting = opened(new Uint8Array([1]));
    thread.estimateOpened(waiting);
    thread.close();
    const late = opened(new Uint8Array([2]));
    thread.estimateOpened(late);
    await thread.warm();
    await vi.advanceTimersByTimeAsync(5_000);
    expect(waiting.cachedBytes).not.toHaveBeenCalled();
    expect(late.cachedBytes).not.toHaveBeenCalled();
    expect(run).not.toHaveBeenCalled();
  });
});
