import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ErrorValue } from '../../src-shared/errors/service-error';
import type { RoomsCostsResult, RoomsDrift } from '../../src-shared/plans/rooms-costs-types';
import { buildRoomsCosts, type CostsRow } from '../../src-main/plans/rooms-costs';
import { planRooms } from '../helpers/plan-rooms';
import { loadRendererModule } from '../helpers/renderer-module';

// The plan view's costs store (issue 28): a plan that fails to load again takes nothing away.

interface Store {
  getState: () => {
    result: RoomsCostsResult | null;
    loading: boolean;
    drift: RoomsDrift | null;
    planError: ErrorValue | null;
    sync: (
      ref: { workspaceId: string | null; projectId: string; planId: string | null },
      token: string,
    ) => void;
    load: () => Promise<void>;
    pick: (estimateId: string) => void;
  };
}

const answers: RoomsCostsResult[] = [];
let useRoomsCosts: Store;

beforeAll(async () => {
  const api = {
    getRoomsCosts: async () => ({ ok: true, data: answers.shift() }),
    cancelOperation: async () => ({ ok: true, data: { cancelled: false } }),
  };
  (globalThis as { window?: unknown }).window = { api };
  ({ useRoomsCosts } = await loadRendererModule<{ useRoomsCosts: Store }>(
    'features/plans/rooms-costs-store.ts',
  ));
});
afterAll(() => {
  delete (globalThis as { window?: unknown }).window;
});

const row = (id: string, location: string, net: string): CostsRow => ({
  id,
  type: 'position',
  parentIndex: -1,
  name: null,
  location,
  quantity: null,
  unit: null,
  net_amount: net,
});
const header = (id: string) => ({
  id,
  name: id,
  unique_identifier: null,
  plan_id: 'plan-1',
  modified: '2026-05-02 10:00:00',
  currency: 'EUR',
});
const rows = [row('p1', 'Küche', '10.000000000000'), row('p2', 'Bad', '5.000000000000')];
const plan = planRooms([{ name: 'EG', rooms: ['Küche', 'Bad'] }]);
const failure: ErrorValue = { kind: 'server', message: 'HTTP 500' };
const drift: RoomsDrift = {
  since: '2026-05-01T10:00:00.000Z',
  planChanged: true,
  estimateChanged: false,
  versions: null,
  moved: [{ id: 'f0-r1', name: 'Bad', floor: 'EG', before: 'not-priced', after: 'priced' }],
  notOnPlan: { before: 1, after: 0, beforeNet: '5.000000000000', afterNet: '0.000000000000' },
};

function result(estimateId: string, failed: boolean, withDrift: RoomsDrift | null): RoomsCostsResult {
  const costs = failed
    ? buildRoomsCosts(
        null,
        { kind: 'plan-failed', error: failure },
        { header: header(estimateId), rows, serviceNet: null },
      )
    : buildRoomsCosts(plan, null, { header: header(estimateId), rows, serviceNet: null });
  return {
    estimates: [
      { id: 'e1', name: 'e1', uniqueId: null, status: null, modified: null },
      { id: 'e2', name: 'e2', uniqueId: null, status: null, modified: null },
    ],
    latestId: 'e1',
    estimateId,
    costs,
    drift: withDrift,
    source: 'network',
    fetchedAt: failed ? '2026-05-03T10:00:00.000Z' : '2026-05-02T10:00:00.000Z',
  };
}

/** The read under way has its answer (sync and pick read at once). */
const settled = () => vi.waitFor(() => expect(useRoomsCosts.getState().loading).toBe(false));

describe('the costs of the plan shown, when the plan fails to load again', () => {
  it('keeps the rooms, their costs and the drift shown, and says why they were not renewed', async () => {
    const store = useRoomsCosts.getState;
    answers.push(result('e1', false, drift));
    store().sync({ workspaceId: 'w', projectId: 'p', planId: 'plan-1' }, 'read-1');
    await settled();
    const shown = store().result!;
    expect(shown.costs!.rooms.map((r) => r.net)).toEqual(['10.000000000000', '5.000000000000']);
    expect(store().drift).toEqual(drift);

    answers.push(result('e1', true, null));
    await store().load();
    expect(store().result!.costs).toBe(shown.costs);
    expect(store().result!.fetchedAt).toBe('2026-05-02T10:00:00.000Z');
    expect(store().drift).toEqual(drift);
    expect(store().planError).toEqual(failure);

    // Read again with the plan: renewed, and nothing to explain any more.
    answers.push(result('e1', false, null));
    await store().load();
    expect(store().planError).toBeNull();
    expect(store().result!.costs!.planProblem).toBeNull();
    expect(store().drift).toEqual(drift);
  });

  it('another estimate whose plan fails shows that estimate, every position not on the plan, and why', async () => {
    const store = useRoomsCosts.getState;
    answers.push(result('e2', true, null));
    store().pick('e2');
    await settled();
    expect(store().result!.estimateId).toBe('e2');
    expect(store().result!.costs!.planProblem).toEqual({ kind: 'plan-failed', error: failure });
    expect(store().result!.costs!.notOnPlan.net).toBe('15.000000000000');
    expect(store().planError).toBeNull();
    expect(store().drift).toBeNull();
  });
});
