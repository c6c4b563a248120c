import { availableParallelism, loadavg } from 'node:os';
import type { EstimateDetail } from '../src-main/api/schemas';
import { storedJsonBytes } from '../src-main/cache/cache-db';
import { toEstimateDocument } from '../src-main/estimates/document';
import { flattenTree } from '../src-main/estimates/flatten';
import { silentLogger } from '../src-main/log/logger';
import type { RoomsCostsOutput } from '../src-main/plans/rooms-costs-task';
import { createWorkers } from '../src-main/workers/pool';
import { buildRoomsCosts } from '../src-main/plans/rooms-costs';
import { placePositions } from '../src-shared/plans/room-matching';
import type { PlanRooms } from '../src-shared/plans/rooms-costs-types';
import { planRooms } from '../tests/helpers/plan-rooms';
import { builtWorkerScripts } from './built-workers';
import { fetchLargeEstimate } from './cache';

const FLOORS = 5;
const ROOMS_PER_FLOOR = 100;
const RUNS = 11;
const TARGET_MS = 100;

function median(values: number[]): number {
  const s = [...values].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
}

const ms = (v: number): string => v.toFixed(1);

const floorName = (f: number) => `${f}. Obergeschoss`;
/** Every tenth room of a floor is a "Flur": a name on every floor (ambiguous without the floor). */
const roomName = (f: number, r: number) =>
  r % 10 === 0 ? 'Flur' : `Raum ${f}.${String(r).padStart(2, '0')}`;

/** A plan of 500 rooms on 5 floors. */
function plan(): PlanRooms {
  const floors = Array.from({ length: FLOORS }, (_, f) => ({
    name: floorName(f),
    rooms: Array.from({ length: ROOMS_PER_FLOOR }, (_, r) => roomName(f, r)),
  }));
  return planRooms(floors, 'bench-plan');
}

/**
 * The 20,000-item estimate of the large data set, its groups and positions located in the 500 rooms
 * the way estimates are written: most positions by the room's name (one in ten on a "Flur" of some
 * floor, so named with the floor: "3. Obergeschoss / Flur"), some only by their room group, some by
 * a name that is on no floor.
 */
function locatedEstimate(detail: EstimateDetail): EstimateDetail {
  let k = 0;
  const items = detail.items.map((raw) => {
    const item = { ...(raw as Record<string, unknown>) };
    const n = k++;
    const f = n % FLOORS;
    const r = Math.floor(n / FLOORS) % ROOMS_PER_FLOOR;
    const name = roomName(f, r);
    const located = name === 'Flur' ? `${floorName(f)} / Flur` : name;
    if (item.type === 'group') item.location = '';
    else if (n % 20 === 0) item.location = `Garage ${n}`;
    else if (n % 13 === 0) item.location = '';
    else item.location = located;
    return item;
  });
  return { ...detail, plan_id: 'bench-plan', items: items as EstimateDetail['items'] };
}

/**
 * Placing the 20,000 positions of an estimate on a plan of 500 rooms (issue 28): the matching and the
 * per-room model as the `rooms-costs` task runs them in a worker thread (the time measured inside the
 * thread, beside its target; the first run in a fresh thread apart), the whole task from the cache's
 * bytes to the model as main waits for it, and the placing alone on this thread for reference.
 * Medians of 11 after a warm-up. The machine's load average is printed with them.
 */
export async function benchRoomsCosts(): Promise<Record<string, string | number>> {
  const { estimate } = await fetchLargeEstimate();
  const detail = locatedEstimate(estimate);
  const rooms = plan();
  const body = storedJsonBytes(detail);
  const workers = createWorkers(silentLogger, 1, builtWorkerScripts());
  try {
    const inThread: number[] = [];
    const cpuInThread: number[] = [];
    const roundTrip: number[] = [];
    let last: RoomsCostsOutput | null = null;
    let firstMs = 0;
    for (let run = 0; run <= RUNS; run++) {
      const bytes = new Uint8Array(body);
      const t0 = performance.now();
      last = await workers.run(
        'rooms-costs',
        { origin: 'cache', body: bytes, plan: rooms, problem: null },
        { transfer: [bytes.buffer] },
      );
      const t1 = performance.now();
      if (run === 0) {
        firstMs = last.placingMs; // a fresh thread: the code not yet compiled
        continue;
      }
      inThread.push(last.placingMs);
      cpuInThread.push(last.placingCpuMs);
      roundTrip.push(t1 - t0);
    }
    const doc = toEstimateDocument(detail);
    const rows = flattenTree(doc.tree);
    const onMain: number[] = [];
    const matchingOnMain: number[] = [];
    for (let run = 0; run <= RUNS; run++) {
      const t0 = performance.now();
      buildRoomsCosts(rooms, null, { header: doc.estimate, rows, serviceNet: null });
      const t1 = performance.now();
      placePositions(rooms.floors, rows);
      if (run > 0) {
        onMain.push(t1 - t0);
        matchingOnMain.push(performance.now() - t1);
      }
    }
    const costs = last!.costs;
    const placed = costs.rooms.reduce((n, r) => n + r.positionIds.length, 0);
    const t = median(inThread);
    return {
      'positions, rooms': `${placed + costs.notOnPlan.positionIds.length}, ${costs.rooms.length}`,
      'placed / not on the plan': `${placed} / ${costs.notOnPlan.positionIds.length}`,
      'rooms not priced': costs.notPriced.length,
      'sum rule holds': costs.totals.sumHolds ? 'yes' : 'no',
      'placing in a worker (ms)': ms(t),
      'target (ms)': `≤ ${TARGET_MS}`,
      'within target': t <= TARGET_MS ? 'yes' : 'no',
      'CPU time of it (ms)': ms(median(cpuInThread)),
      'first, in a fresh thread (ms)': ms(firstMs),
      'whole task, bytes → model (ms)': ms(median(roundTrip)),
      'reference: placing on main (ms)': ms(median(onMain)),
      '… of which the matching (ms)': ms(median(matchingOnMain)),
      'load average (1 min, cores)': `${loadavg()[0]!.toFixed(1)}, ${availableParallelism()}`,
    };
  } finally {
    await workers.close();
  }
}
