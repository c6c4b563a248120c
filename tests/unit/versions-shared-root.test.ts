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
/** The same, with what both chains begin with given once (versions/version-bodies.ts bodiesOf). */
function viaChains(a: Uint8Array[], va: Snapshot, b: Uint8Array[], vb: Snapshot): Promise<unknown> {
  let shared = 0;
  while (shared < a.length && shared < b.length && a[shared] === b[shared]) shared++;
  return viaWorkerTask(a.slice(0, shared), side(a.slice(shared), va), side(b.slice(shared), vb));
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
        const e2 = encodeVersion(v2, { snapshot: v1, depth: 0 });
        const e3 = encodeVersion(v3, { snapshot: v2, depth: 1 });
        // Chains as the store keeps them: a version kept whole (smaller than its delta) starts one.
        const c1 = [encodeFull(v1)];
        const c2 = e2.isDelta ? [...c1, e2.body] : [e2.body];
        const c3 = e3.isDelta ? [...c2, e3.body] : [e3.body];
        // Each read after the first starts from the whole copy the thread kept when its chain begins
        // with it; the results are the versions' own.
        expect(await viaChains(c1, v1, c2, v2)).toEqual(direct(v1, v2));
        expect(await viaChains(c2, v2, c3, v3)).toEqual(direct(v2, v3));
        expect(await viaWorkerTask([], side(c3, v3), side(c1, v1))).toEqual(direct(v3, v1));
        expect(await viaChains(c3, v3, c1, v1)).toEqual(direct(v3, v1));
      }),
      // The seed that once built a chain with a whole copy in its middle, which no store keeps.
      { numRuns: 40, examples: [[172570118]] },
    );
  });
});
