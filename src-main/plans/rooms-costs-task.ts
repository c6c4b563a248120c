/**
 * The worker task of the per-room costs: an estimate's bytes read, its tree built, and its positions
 * placed on the plan's rooms (src-shared/plans/rooms-costs.ts), off main's thread for a large one.
 */
import type { PlanRoomsRead, RoomsCosts } from '../../src-shared/plans/rooms-costs-types';
import { buildRoomsCosts, type CostsEstimate } from './rooms-costs';
import { toEstimateDocument } from '../estimates/document';
import { cacheBodyOf } from '../estimates/estimate-body';
import { readEstimateDetail, type EstimateBodyInput } from '../estimates/estimate-tasks';
import { flattenTree } from '../estimates/flatten';
import { cancelPoint } from '../workers/cancel-point';

/** The estimate's bytes, and the plan's rooms (null when there is none: then `problem` says why). */
export type RoomsCostsInput = EstimateBodyInput & PlanRoomsRead;

export interface RoomsCostsOutput {
  costs: RoomsCosts;
  /** The cache's copy of an answer from the service (null for one read from the cache). */
  cacheBody: Uint8Array | null;
  /** How long placing the positions and summing them took in the thread (the benchmark reads it). */
  placingMs: number;
  /**
   * The CPU time the process spent meanwhile (this thread, and the collector's helpers): what placing
   * costs however busy the machine is, when nothing else runs in the process (the benchmark).
   */
  placingCpuMs: number;
}

export async function roomsCostsTask(input: RoomsCostsInput): Promise<RoomsCostsOutput> {
  const { estimate, cacheBody } = await readRows(input);
  cancelPoint();
  const started = performance.now();
  const cpu = process.cpuUsage();
  const costs = buildRoomsCosts(input.plan, input.problem, estimate);
  const used = process.cpuUsage(cpu);
  return {
    costs,
    cacheBody,
    placingMs: performance.now() - started,
    placingCpuMs: (used.user + used.system) / 1000,
  };
}

/**
 * The estimate's rows and what else the model reads. The detail and the tree are let go before the
 * positions are placed: what the collector finds alive while placing is the rows, not three copies.
 */
async function readRows(
  input: RoomsCostsInput,
): Promise<{ estimate: CostsEstimate; cacheBody: Uint8Array | null }> {
  const detail = await readEstimateDetail(input);
  // The cache's copy first: its JSON text is garbage before the tree is built (a lower peak).
  const cacheBody = input.origin === 'response' ? cacheBodyOf(detail) : null;
  const doc = toEstimateDocument(detail);
  return {
    estimate: {
      header: doc.estimate,
      rows: flattenTree(doc.tree),
      serviceNet: doc.service_totals.subtotal_without_tax ?? null,
    },
    cacheBody,
  };
}
