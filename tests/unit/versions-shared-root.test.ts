import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { compareSnapshots } from '../../src-main/versions/compare';
import type { Snapshot } from '../../src-main/versions/snapshot';
import { contentHash, encodeFull, encodeVersion } from '../../src-main/versions/version-codec';
import { compareVersionsTask, type SideInput } from '../../src-main/versions/version-tasks';
import { editedItems, randomItems, ref, snapshot } from '../helpers/estimate-versions';

const options = { from: ref('e1'), to: ref('e1'), includeUnchanged: true };

/**
 * A side with a hash of its own for each call: the thread's versions read last (kept by hash) never
 * answer, so every call reads its chain, from the whole copy kept or not.
 */
let calls = 0;
const side = (bodies: Uint8Array[], s: Snapshot): SideInput => ({
  bodies,
  hash: `${contentHash(s)}#${++calls}`,
});

/** The comparison as the worker gives it, and as the snapshots themselves give it. */
async function viaWorkerTask(common: Uint8Array[], from: SideInput, to: SideInput): Promise<unknown> {
  return JSON.parse((await compareVersionsTask({ common, from, to, options })).comparisonJson);
}
const direct = (a: Snapshot, b: Snapshot): unknown =>
  JSON.parse(JSON.stringify(compareSnapshots(a, b, options).comparison));

describe('a versions thread reading chains that begin with the whole copy it read last', () => {
  it('compares as the versions themselves compare, and never changes the copy it keeps', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: 2 ** 31 - 1 }), async (seed) => {
        const v1 = snapshot(randomItems(seed, 40, true));
        const v2 = snapshot(editedItems(v1.items, seed, 6), { name: 'Quote, second' });
        const v3 = snapshot(editedItems(v2.items, seed + 1, 6));
        const whole = encodeFull(v1);
        const d2 = encodeVersion(v2, { snapshot: v1, depth: 0 }).body;
        const d3 = encodeVersion(v3, { snapshot: v2, depth: 1 }).body;
        // Each chain after the first starts from the whole copy the thread kept; whether a body is a
        // delta or (when that is smaller) whole again, the results are the versions' own.
        expect(await viaWorkerTask([whole], side([], v1), side([d2], v2))).toEqual(direct(v1, v2));
        expect(await viaWorkerTask([whole, d2], side([], v2), side([d3], v3))).toEqual(direct(v2, v3));
        expect(await viaWorkerTask([], side([whole, d2, d3], v3), side([whole], v1))).toEqual(direct(v3, v1));
        expect(await viaWorkerTask([whole], side([d2, d3], v3), side([], v1))).toEqual(direct(v3, v1));
      }),
      { numRuns: 40 },
    );
  });
});
