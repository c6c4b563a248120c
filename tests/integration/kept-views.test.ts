import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { RunningServices } from '../../src-main/app/services';
import { cacheKeys, type CacheDb } from '../../src-main/cache/cache-db';
import {
  decodeStoredView,
  encodeStoredView,
  estimateDigest,
  storedViewFormat,
} from '../../src-main/estimates/stored-view';
import { MemorySecretStore } from '../../src-main/secrets/secret-store';
import { parseEstimateView } from '../../src-shared/estimates/view-text';
import type { EstimateView } from '../../src-shared/estimates/types';
import { startSimulator, type Simulator } from '../../simulator';
import { simWorkspace, startAppServices, startAppWithWorkspace } from '../helpers/app-services';
import { bulkPositions, editEstimate } from '../helpers/estimate-edits';

// The views of large estimates kept beside their cached copies, through main's services as the app
// wires them: the simulator over HTTP (then gone, for the offline opens), the real SQLite cache and
// the worker pool.

let sim: Simulator;
let userData: string;
let services: RunningServices;
const secrets = new MemorySecretStore();
/** Enough positions for a view above the size kept (some 850 bytes a row). */
const ADDED = 600;

beforeEach(async () => {
  sim = await startSimulator({ dataset: 'demo' });
  userData = await fs.mkdtemp(path.join(os.tmpdir(), 'plandesk-views-'));
  services = await startAppWithWorkspace(simWorkspace(sim), { userDataDir: userData, secrets });
});

afterEach(async () => {
  await services.close();
  await sim.close().catch(() => undefined);
  await fs.rm(userData, { recursive: true, force: true });
});

async function twoEstimates(): Promise<{ projectId: string; large: string; small: string }> {
  const page = await services.projects.list({ page: 1, pageSize: 50, sort: 'service', direction: 'asc' });
  for (const p of page.rows) {
    const list = await services.estimates.list(p.id);
    if (list.rows.length >= 2) {
      const [large, small] = list.rows.map((r) => r.id) as [string, string];
      await editEstimate(sim.adminUrl, p.id, large, { add: bulkPositions(ADDED) });
      return { projectId: p.id, large, small };
    }
  }
  throw new Error('no project with two estimates in the demo data');
}

async function cache(): Promise<CacheDb> {
  return services.caches.for((await services.workspaces.activeMeta()).id);
}

async function open(projectId: string, estimateId: string): Promise<EstimateView> {
  return parseEstimateView(await services.estimates.get(projectId, estimateId));
}

/** The kept view of `key` as the running PlanDesk (`version`) reads it for the cached bytes, or null. */
async function keptView(db: CacheDb, key: string, version: string): Promise<EstimateView | null> {
  const row = db.getBytes('estimate-view', key);
  const estimate = db.getBytes('estimate', key);
  if (!row || !estimate) return null;
  const kept = await decodeStoredView(
    row.bytes,
    await estimateDigest(estimate.bytes),
    storedViewFormat(version),
  );
  return kept && parseEstimateView({ viewBytes: kept.viewBytes, source: 'cache', fetchedAt: '' });
}

/**
 * Keeps a view for the estimate's cached bytes, as PlanDesk `version` keeps one, with `name` as the
 * estimate's name: a marker that tells a view read from the row from one built again.
 */
async function keepMarked(db: CacheDb, key: string, view: EstimateView, version: string, name: string) {
  const marked = { ...shown(view), estimate: { ...view.estimate, name } };
  const viewBytes = new TextEncoder().encode(JSON.stringify(marked));
  const summary = { currency: view.estimate.currency, quote: view.quote };
  const digest = await estimateDigest(db.getBytes('estimate', key)!.bytes);
  const bytes = await encodeStoredView(
    { viewBytes, summary, modified: view.estimate.modified },
    digest,
    storedViewFormat(version),
  );
  db.putMany([{ kind: 'estimate-view', key, bytes }]);
}

/** What the screen shows of a view, without where and when it came from. */
function shown(view: EstimateView) {
  const { source: _source, fetchedAt: _fetchedAt, ...rest } = view;
  return rest;
}

describe('views kept beside large cached estimates', () => {
  it('keeps the view of a large estimate opened online, and opens it offline from there', async () => {
    const { projectId, large } = await twoEstimates();
    const key = cacheKeys.estimate(projectId, large);
    const online = await open(projectId, large);
    expect(online.source).toBe('network');
    expect(online.rows.length).toBeGreaterThan(ADDED);
    const db = await cache();
    // Kept in the background, for these very bytes and this PlanDesk.
    await expect.poll(() => keptView(db, key, 'test').then((v) => v && shown(v))).toEqual(shown(online));

    // Offline: what the kept view holds is what the screen gets. A marker in it tells that it was read
    // (not the estimate again): its name.
    await keepMarked(db, key, online, 'test', 'Read from the kept view');
    await sim.close();
    const offline = await open(projectId, large);
    expect(offline.source).toBe('cache');
    expect(offline.fetchedAt).toBe(online.fetchedAt);
    expect(offline.estimate.name).toBe('Read from the kept view');

    // A damaged row: the estimate is read again, the screen gets its view, and it is kept again.
    const damaged = new Uint8Array(db.getBytes('estimate-view', key)!.bytes);
    damaged[damaged.length >> 1]! ^= 0xff;
    db.putMany([{ kind: 'estimate-view', key, bytes: damaged }]);
    const rebuilt = await open(projectId, large);
    expect(rebuilt.source).toBe('cache');
    expect(shown(rebuilt)).toEqual(shown(online));
    await expect.poll(() => keptView(db, key, 'test').then((v) => v && shown(v))).toEqual(shown(online));
  });

  it('builds the view again for other estimate bytes and for another PlanDesk; keeps none for a small one', async () => {
    const { projectId, large, small } = await twoEstimates();
    const key = cacheKeys.estimate(projectId, large);
    const online = await open(projectId, large);
    expect((await open(projectId, small)).source).toBe('network');
    const db = await cache();
    await expect.poll(() => db.has('estimate-view', key)).toBe(true);
    const kept = db.getBytes('estimate-view', key)!.bytes;

    // The estimate's cached copy changed under the view (fetched again with other content): the view
    // no longer fits it, and the estimate's own is shown.
    await editEstimate(sim.adminUrl, projectId, large, { header: { name: 'Renamed in the service' } });
    const renamed = await open(projectId, large);
    expect(renamed.estimate.name).toBe('Renamed in the service');
    await expect
      .poll(() => keptView(db, key, 'test').then((v) => v?.estimate.name))
      .toBe('Renamed in the service');
    db.putMany([{ kind: 'estimate-view', key, bytes: kept }]);
    await sim.close();
    expect((await open(projectId, large)).estimate.name).toBe('Renamed in the service');
    await expect
      .poll(() => keptView(db, key, 'test').then((v) => v?.estimate.name))
      .toBe('Renamed in the service');

    // An update of PlanDesk: the view kept by the one before is not used, and it is kept anew.
    const small_ = cacheKeys.estimate(projectId, small);
    await keepMarked(db, key, renamed, 'test', 'Kept by the PlanDesk before');
    await services.close();
    services = startAppServices({ userDataDir: userData, secrets, version: 'test-2' });
    const db2 = await cache();
    expect(await keptView(db2, key, 'test')).not.toBeNull();
    const updated = await open(projectId, large);
    expect(updated.source).toBe('cache');
    expect(updated.estimate.name).toBe('Renamed in the service');
    expect(updated.rows).toHaveLength(online.rows.length);
    await expect
      .poll(() => keptView(db2, key, 'test-2').then((v) => v?.estimate.name))
      .toBe('Renamed in the service');

    // A small estimate is quick to build: nothing is kept beside it, online or offline.
    expect((await open(projectId, small)).source).toBe('cache');
    expect(db2.has('estimate', small_)).toBe(true);
    expect(db2.has('estimate-view', small_)).toBe(false);
  });

  it('keeps the views of large estimates with a project made available offline', async () => {
    const { projectId, large, small } = await twoEstimates();
    const db = await cache();
    // A view kept for an estimate the project no longer lists goes with the copy.
    const gone = cacheKeys.estimate(projectId, 'no-longer-listed');
    db.putMany([{ kind: 'estimate-view', key: gone, bytes: new Uint8Array([1, 2, 3]) }]);
    const status = await services.offline.makeAvailable(projectId);
    expect(status.available).toBe(true);
    expect(db.has('estimate-view', gone)).toBe(false);
    const key = cacheKeys.estimate(projectId, large);
    // Kept once the copy is made, for the bytes it holds.
    await expect.poll(() => keptView(db, key, 'test').then((v) => v !== null)).toBe(true);
    const kept = await keptView(db, key, 'test');
    expect(db.has('estimate-view', cacheKeys.estimate(projectId, small))).toBe(false);
    await sim.close();
    const offline = await open(projectId, large);
    expect(offline.source).toBe('cache');
    expect(shown(offline)).toEqual(shown(kept!));
    expect(offline.rows.length).toBeGreaterThan(ADDED);
  });
});
