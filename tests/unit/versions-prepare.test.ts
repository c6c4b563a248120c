/**
 * A versions thread readied ahead of a comparison (version-tasks.ts prepareVersionsTask, which the app
 * runs when an estimate's versions list is shown): the comparison that follows starts from the whole
 * copy read ahead, and compares exactly as the versions themselves do. The tasks run here, in this
 * thread, as they run in the versions thread.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { compareSnapshots } from '../../src-main/versions/compare';
import type { Snapshot } from '../../src-main/versions/snapshot';
import { contentHash, encodeFull, encodeVersion } from '../../src-main/versions/version-codec';
import {
  compareVersionsTask,
  prepareVersionsTask,
  type SideInput,
} from '../../src-main/versions/version-tasks';
import { editedItems, randomItems, ref, snapshot } from '../helpers/estimate-versions';

const options = { from: ref('e1'), to: ref('e1'), includeUnchanged: true };

/** A side with a hash of its own, so the versions the thread read last never answer for it. */
let calls = 0;
const side = (bodies: Uint8Array[], s: Snapshot): SideInput => ({
  bodies,
  hash: `${contentHash(s)}#${++calls}`,
});

/** Three versions of one estimate as the store keeps them: a whole copy, then two deltas. */
function chainOf(seed: number) {
  const v1 = snapshot(randomItems(seed, 400, true));
  const v2 = snapshot(editedItems(v1.items, seed, 8), { name: 'Quote, second' });
  const v3 = snapshot(editedItems(v2.items, seed + 1, 8));
  const whole = encodeFull(v1);
  const e2 = encodeVersion(v2, { snapshot: v1, depth: 0 });
  const e3 = encodeVersion(v3, { snapshot: v2, depth: 1 });
  expect([e2.isDelta, e3.isDelta]).toEqual([true, true]);
  return { v1, v2, v3, whole, d2: e2.body, d3: e3.body };
}

/** v2 → v3 as the app asks for it (their chains share the whole copy and the first delta), and the longest text parsed meanwhile. */
async function compareWatchingParses(c: ReturnType<typeof chainOf>) {
  const parse = vi.spyOn(JSON, 'parse');
  try {
    const out = await compareVersionsTask({
      common: [c.whole, c.d2],
      from: side([], c.v2),
      to: side([c.d3], c.v3),
      options,
    });
    const longest = Math.max(
      0,
      ...parse.mock.calls.map(([text]) => (typeof text === 'string' ? text.length : 0)),
    );
    return { comparison: JSON.parse(out.comparisonJson) as unknown, longest };
  } finally {
    parse.mockRestore();
  }
}

const direct = (a: Snapshot, b: Snapshot): unknown =>
  JSON.parse(JSON.stringify(compareSnapshots(a, b, options).comparison));

afterEach(() => vi.restoreAllMocks());

describe('a versions thread readied when the versions list is shown', () => {
  it('starts the comparison that follows from the whole copy it read ahead', async () => {
    const wholeText = (s: Snapshot) => JSON.stringify({ ...s.header, items: s.items }).length;

    // Not readied (the thread last read another estimate): the whole copy is parsed in the comparison.
    const cold = chainOf(11);
    await prepareVersionsTask({ whole: chainOf(99).whole });
    const unready = await compareWatchingParses(cold);
    expect(unready.comparison).toEqual(direct(cold.v2, cold.v3));
    expect(unready.longest).toBeGreaterThan(wholeText(cold.v1) / 2);

    // Readied with this estimate's whole copy: only the deltas are parsed.
    const ready = chainOf(12);
    await prepareVersionsTask({ whole: ready.whole });
    const after = await compareWatchingParses(ready);
    expect(after.comparison).toEqual(direct(ready.v2, ready.v3));
    expect(after.longest).toBeLessThan(wholeText(ready.v1) / 10);
  });

  it('leaves a copy it cannot read to the comparison, which still compares readable versions', async () => {
    const c = chainOf(13);
    const damaged = Uint8Array.from(c.whole);
    damaged[damaged.length >> 1] = damaged[damaged.length >> 1]! ^ 0xff;
    await expect(prepareVersionsTask({ whole: damaged })).resolves.toBeUndefined();
    await expect(prepareVersionsTask({ whole: new Uint8Array() })).resolves.toBeUndefined();
    expect((await compareWatchingParses(c)).comparison).toEqual(direct(c.v2, c.v3));
  });
});
