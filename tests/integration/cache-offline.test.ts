import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ApiClient, type ApiClientOptions } from '../../src-main/api/client';
import { parseJsonLossless } from '../../src-main/api/lossless-json';
import { cacheKeys, openCache, type CacheDb, type CacheKind } from '../../src-main/cache/cache-db';
import { CachedClient } from '../../src-main/cache/cached-client';
import { makeAvailableOffline, offlineStatus } from '../../src-main/cache/offline-sync';
import { startSimulator, type Simulator } from '../../simulator';
import { captureLog } from '../helpers/log-capture';
import { hostileClient, json, startHostileService } from '../helpers/hostile-service';
import { FAST_RETRY, failure, testClient } from '../helpers/sim-client';
import { fixtureDataset, WS_A } from './simulator-fixture';
import Database from 'better-sqlite3';
import { estimateWorkFor } from '../../src-main/estimates/estimate-reader';
import { createWorkers, type Workers } from '../../src-main/workers/pool';

// Real parts: SQLite files in a temp folder, the simulator over HTTP, the real ApiClient.

const WS_ID = '0f9d3a52-5b1e-4a55-9a0c-1d2e3f405162';

let sim: Simulator;
let dir: string;
let cache: CacheDb;
let log: ReturnType<typeof captureLog>;
let project: { id: string; planId: string; estimateIds: string[] };

function apiClient(s: Simulator = sim, extra: Partial<ApiClientOptions> = {}): ApiClient {
  return testClient({ baseUrl: s.baseUrl, ...s.workspaces[0]! }, { timeoutMs: 5_000, ...extra });
}

/** Every cached part of the project, as stored: to prove a failed sync changed nothing. */
function snapshot(c: CacheDb, p: typeof project): unknown {
  const parts: [CacheKind, string][] = [
    ['project', cacheKeys.project(p.id)],
    ['plan', cacheKeys.plan(p.planId)],
    ['estimates-list', cacheKeys.estimatesList(p.id)],
    ...p.estimateIds.map((e): [CacheKind, string] => ['estimate', cacheKeys.estimate(p.id, e)]),
  ];
  return {
    parts: parts.map(([k, key]) => {
      const hit = c.get(k, key);
      return hit && { kind: k, key, fetchedAt: hit.fetchedAt.getTime(), body: JSON.stringify(hit.data) };
    }),
    record: c.getOfflineProject(p.id),
  };
}

beforeAll(async () => {
  sim = await startSimulator({ dataset: 'demo' });
  // A project with a plan and several estimates.
  const client = apiClient();
  for (const p of await client.listAllProjects()) {
    const detail = await client.getProject(p.id);
    const estimates = await client.listAllEstimates(p.id);
    if (detail.plan_id && estimates.length >= 3) {
      project = { id: p.id, planId: detail.plan_id, estimateIds: estimates.map((e) => e.id) };
      break;
    }
  }
  expect(project).toBeDefined();
});
afterAll(async () => {
  await sim.close();
});
beforeEach(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'plandesk-cache-'));
  log = captureLog();
  cache = openCache(dir, WS_ID, log.logger);
});
afterEach(async () => {
  sim.faults.clearFaults();
  cache.close();
  await fs.rm(dir, { recursive: true, force: true });
});

describe('read-through cache', () => {
  it('stores what it fetches and answers from the cache while the service drops connections', async () => {
    const cc = new CachedClient(apiClient(), cache, { logger: log.logger });
    const changes: boolean[] = [];
    cc.onChange((online) => changes.push(online));

    const before = Date.now();
    const first = await cc.getProject(project.id);
    expect(first.source).toBe('network');
    // Stamped when it was fetched: during the call.
    expect(first.fetchedAt.getTime()).toBeGreaterThanOrEqual(before);
    expect(first.fetchedAt.getTime()).toBeLessThanOrEqual(Date.now());
    const stored = cache.get('project', cacheKeys.project(project.id));
    expect(stored?.fetchedAt.getTime()).toBe(first.fetchedAt.getTime());
    expect(stored?.data).toEqual(first.data);
    expect(cc.online).toBe(true);

    sim.faults.setFaults({ drop: 100 });
    const offline = await cc.getProject(project.id);
    expect(offline.source).toBe('cache');
    expect(offline.fetchedAt.getTime()).toBe(first.fetchedAt.getTime());
    expect(offline.data).toEqual(first.data);
    expect(offline.offlineReason).toMatch(/Could not reach the service/);
    expect(cc.online).toBe(false);
    expect(cc.offlineReason).toMatch(/Could not reach the service/);

    sim.faults.clearFaults();
    const back = await cc.getProject(project.id);
    expect(back.source).toBe('network');
    expect(back.fetchedAt.getTime()).toBeGreaterThanOrEqual(first.fetchedAt.getTime());
    expect(cc.online).toBe(true);
    expect(changes).toEqual([false, true]);
  });

  it('serves every kind from the cache when offline: projects page, project, plan, estimates, estimate', async () => {
    const cc = new CachedClient(apiClient(), cache);
    const query = { page: 1, pageSize: 5 };
    const online = {
      page: await cc.listProjects(query),
      project: await cc.getProject(project.id),
      plan: await cc.getPlan(project.planId),
      list: await cc.listAllEstimates(project.id),
      estimate: await cc.getEstimate(project.id, project.estimateIds[0]!),
    };
    for (const r of Object.values(online)) expect(r.source).toBe('network');

    sim.faults.setFaults({ drop: 1_000 });
    const offline = {
      page: await cc.listProjects(query),
      project: await cc.getProject(project.id),
      plan: await cc.getPlan(project.planId),
      list: await cc.listAllEstimates(project.id),
      estimate: await cc.getEstimate(project.id, project.estimateIds[0]!),
    };
    for (const k of Object.keys(online) as (keyof typeof online)[]) {
      expect(offline[k].source, k).toBe('cache');
      expect(offline[k].fetchedAt.getTime(), k).toBe(online[k].fetchedAt.getTime());
      expect(offline[k].data, k).toEqual(online[k].data);
    }
    // Another page (another key) was never fetched: the network error comes through.
    const other = await failure(cc.listProjects({ page: 2, pageSize: 5 }));
    expect(other.kind).toBe('network');
  });

  it('tries a read with a cached copy once while the service is known to be out of reach: the copy shows at once', async () => {
    const h = await startHostileService();
    try {
      const client = hostileClient(h, { retry: { baseDelayMs: 5, maxDelayMs: 20, maxAttemptsTransient: 3 } });
      const cc = new CachedClient(client, cache, {
        whileOffline: client.withRetry({ retryUnanswered: false }),
      });
      const key = cacheKeys.project('p-1');
      cache.put('project', key, { id: 'p-1', name: 'Kept before' });
      let answer: 'none' | 503 = 'none';
      h.route('GET', /^\/api\/v2\/projects\/p-1$/, (req, res) => {
        if (answer === 'none') req.socket.destroy();
        else json(res, 503, { error: 'busy' });
      });
      const attempts = () => h.requests.filter((r) => r.path.endsWith('/projects/p-1')).length;

      // Not yet known: tried again, as for any request without an answer.
      expect((await cc.getProject('p-1')).source).toBe('cache');
      expect(attempts()).toBe(3);
      expect(cc.online).toBe(false);
      // Known now: one attempt, and the cached copy.
      const second = await cc.getProject('p-1');
      expect(second.source).toBe('cache');
      expect(second.data).toEqual({ id: 'p-1', name: 'Kept before' });
      expect(attempts()).toBe(4);
      // Nothing kept to show instead: tried again as ever.
      h.route('GET', /^\/api\/v2\/projects\/p-2$/, (req) => void req.socket.destroy());
      expect((await failure(cc.getProject('p-2'))).kind).toBe('network');
      expect(h.requests.filter((r) => r.path.endsWith('/projects/p-2'))).toHaveLength(3);
      // An answer (even an error) is the service reached: tried again as ever, and online again.
      answer = 503;
      expect((await failure(cc.getProject('p-1'))).status).toBe(503);
      expect(attempts()).toBe(7);
      expect(cc.online).toBe(true);
    } finally {
      await h.close();
    }
  });

  it('rethrows the network error when nothing is cached', async () => {
    const cc = new CachedClient(apiClient(), cache);
    sim.faults.setFaults({ drop: 100 });
    const err = await failure(cc.getProject(project.id));
    expect(err.kind).toBe('network');
    expect(cc.online).toBe(false);
  });

  it('never serves a not-found from the cache, and forgets the stale entry', async () => {
    const cc = new CachedClient(apiClient(), cache);
    const gone = 'a0000000-0000-4000-8000-000000000000';
    cache.put('project', cacheKeys.project(gone), { id: gone, name: 'Deleted meanwhile' });
    cache.put('estimate', cacheKeys.estimate(project.id, gone), { id: gone, items: [] });
    expect((await failure(cc.getProject(gone))).kind).toBe('not-found');
    expect((await failure(cc.getEstimate(project.id, gone))).kind).toBe('not-found');
    expect(cache.get('project', cacheKeys.project(gone))).toBeNull();
    expect(cache.get('estimate', cacheKeys.estimate(project.id, gone))).toBeNull();
    expect(cc.online).toBe(true);
  });

  it('never serves an auth error from the cache', async () => {
    await new CachedClient(apiClient(), cache).getProject(project.id);
    const revoked = new CachedClient(apiClient(sim, { key: 'not-the-right-key-0000' }), cache);
    const err = await failure(revoked.getProject(project.id));
    expect(err.kind).toBe('auth');
    // The copy stays for when the key is fixed; the service was reached, so we are online.
    expect(cache.get('project', cacheKeys.project(project.id))).not.toBeNull();
    expect(revoked.online).toBe(true);
  });

  it('does not answer a cancelled request from the cache', async () => {
    const cc = new CachedClient(apiClient(), cache);
    await cc.getProject(project.id);
    const ac = new AbortController();
    ac.abort();
    expect((await failure(cc.getProject(project.id, { signal: ac.signal }))).kind).toBe('cancelled');
    expect(cc.online).toBe(true);
  });

  it('keeps money strings byte-identical through the cache', async () => {
    const fixture = await startSimulator({ dataset: fixtureDataset() });
    try {
      const client = new ApiClient({ baseUrl: fixture.baseUrl, ...WS_A, retry: FAST_RETRY });
      const cc = new CachedClient(client, cache);
      const fromNetwork = await cc.getEstimate('p-a01', 'est-a1');
      const raw = await fetch(`${fixture.baseUrl}/projects/p-a01/estimates/est-a1`, {
        headers: { customer: WS_A.customer, key: WS_A.key },
      });
      const rawDetail = (parseJsonLossless(await raw.text()) as { data: Record<string, unknown>[] }).data[0]!;

      await fixture.close();
      const fromCache = await cc.getEstimate('p-a01', 'est-a1');
      expect(fromCache.source).toBe('cache');
      expect(JSON.stringify(fromCache.data)).toBe(JSON.stringify(fromNetwork.data));
      // The value a double cannot hold, exactly as the service wrote it.
      expect(fromCache.data.estimate_totals?.total).toBe('123456789012.123456789012');
      const rawTotals = rawDetail.estimate_totals as Record<string, unknown>;
      for (const [field, value] of Object.entries(rawTotals)) {
        expect((fromCache.data.estimate_totals as Record<string, unknown>)[field], field).toBe(value);
      }
      const rawItems = rawDetail.items as Record<string, unknown>[];
      fromCache.data.items.forEach((item, i) => {
        for (const field of ['quantity', 'labor_unit_price', 'material_unit_price', 'total_cost', 'total']) {
          expect((item as Record<string, unknown>)[field], `${item.id}.${field}`).toBe(rawItems[i]![field]);
        }
      });
    } finally {
      await fixture.close();
    }
  });

  it('still returns the data when the cache cannot write', async () => {
    const seeded = openCache(dir, 'ro-ws', log.logger);
    seeded.close();
    const readonly = openCache(dir, 'ro-ws', log.logger, { readonly: true });
    try {
      const cc = new CachedClient(apiClient(), readonly);
      const r = await cc.getProject(project.id);
      expect(r.source).toBe('network');
      expect(r.data.id).toBe(project.id);
      expect(readonly.get('project', cacheKeys.project(project.id))).toBeNull();
      expect(log.lines.some((l) => l.includes('could not write') && l.includes('SQLITE_READONLY'))).toBe(
        true,
      );
    } finally {
      readonly.close();
    }
  });

  it('unsubscribes connectivity listeners, and a throwing listener harms nothing', async () => {
    const cc = new CachedClient(apiClient(), cache, { logger: log.logger });
    const seen: boolean[] = [];
    const off = cc.onChange((online) => seen.push(online));
    cc.onChange(() => {
      throw new Error('listener bug');
    });
    sim.faults.setFaults({ drop: 100 });
    expect(await cc.probe()).toBe(false);
    off();
    sim.faults.clearFaults();
    expect(await cc.probe()).toBe(true);
    expect(seen).toEqual([false]);
    expect(log.lines.some((l) => l.includes('listener bug'))).toBe(true);
  });
});

describe('make available offline', () => {
  it('fetches the whole project with progress, and everything opens from the cache after the service is gone', async () => {
    const own = await startSimulator({ dataset: 'demo' });
    try {
      const cc = new CachedClient(apiClient(own), cache);
      const events: [number, number][] = [];
      const before = Date.now();
      const summary = await cc.makeAvailableOffline(project.id, {
        onProgress: (d, t) => events.push([d, t]),
      });

      const n = project.estimateIds.length;
      expect(summary).toMatchObject({ projectId: project.id, planId: project.planId, estimates: n });
      expect(summary.fetchedAt.getTime()).toBeGreaterThanOrEqual(before - 1);
      // 1 project + 1 plan + 1 estimates list + 1 files list + n estimates (the floor images need
      // the plans feature, which names them; none here); the total grows as it becomes known.
      expect(events[0]).toEqual([0, 3]);
      expect(events.at(-1)).toEqual([4 + n, 4 + n]);
      for (let i = 1; i < events.length; i++) {
        expect(events[i]![0]).toBe(events[i - 1]![0] + 1);
        expect(events[i]![1]).toBeGreaterThanOrEqual(events[i - 1]![1]);
        expect(events[i]![0]).toBeLessThanOrEqual(events[i]![1]);
      }
      expect(offlineStatus(cache, project.id)).toEqual({
        available: true,
        fetchedAt: summary.fetchedAt,
        estimates: n,
        images: 0,
        filesList: true,
        keepFiles: false,
      });

      await own.close();
      const p = await cc.getProject(project.id);
      expect(p.source).toBe('cache');
      expect(p.data.plan_id).toBe(project.planId);
      expect(cc.online).toBe(false);
      const plan = await cc.getPlan(project.planId);
      expect(plan.source).toBe('cache');
      const list = await cc.listAllEstimates(project.id);
      expect(list.source).toBe('cache');
      expect(list.data.map((e) => e.id)).toEqual(project.estimateIds);
      for (const e of list.data) {
        const est = await cc.getEstimate(project.id, e.id);
        expect(est.source).toBe('cache');
        expect(est.data.id).toBe(e.id);
        expect(est.data.items.length).toBeGreaterThan(0);
        expect(est.fetchedAt.getTime()).toBeGreaterThanOrEqual(summary.fetchedAt.getTime());
      }
    } finally {
      await own.close();
    }
  });

  it('going offline mid-sync fails with a network error and leaves the earlier offline copy unchanged', async () => {
    const client = apiClient();
    const earlier = await makeAvailableOffline(client, cache, project.id, {
      now: () => new Date('2026-01-01T08:00:00Z'),
    });
    const before = snapshot(cache, project);

    // The list answers; every estimate request is dropped.
    sim.faults.setFaults({ drop: 100, path: '/estimates/' });
    const events: number[] = [];
    const err = await failure(
      makeAvailableOffline(client, cache, project.id, { onProgress: (d) => events.push(d) }),
    );
    expect(err.kind).toBe('network');
    expect(Math.max(...events)).toBe(4); // project, plan, estimates list, files list
    expect(snapshot(cache, project)).toEqual(before);
    expect(offlineStatus(cache, project.id)).toEqual({
      available: true,
      fetchedAt: earlier.fetchedAt,
      estimates: project.estimateIds.length,
      images: 0,
      filesList: true,
      keepFiles: false,
    });
  });

  it('the server closing mid-sync fails the sync and writes nothing', async () => {
    const own = await startSimulator({ dataset: 'demo' });
    try {
      const cc = new CachedClient(apiClient(own), cache);
      own.faults.setFaults({ latencyMs: 100, path: '/estimates/' });
      let closing: Promise<void> | null = null;
      const err = await failure(
        cc.makeAvailableOffline(project.id, {
          onProgress: (done) => {
            if (done === 3) closing ??= own.close();
          },
        }),
      );
      await closing;
      expect(err.kind).toBe('network');
      expect(cc.online).toBe(false);
      expect(cache.get('project', cacheKeys.project(project.id))).toBeNull();
      expect(offlineStatus(cache, project.id)).toMatchObject({ available: false, reason: 'never' });
    } finally {
      await own.close();
    }
  });

  it('cancelled mid-sync → cancelled, nothing written', async () => {
    const ac = new AbortController();
    sim.faults.setFaults({ latencyMs: 150, path: '/estimates/' });
    const events: number[] = [];
    const err = await failure(
      makeAvailableOffline(apiClient(), cache, project.id, {
        signal: ac.signal,
        onProgress: (done) => {
          events.push(done);
          if (done === 4) ac.abort(); // after the first estimate; the others are in flight
        },
      }),
    );
    expect(err.kind).toBe('cancelled');
    expect(Math.max(...events)).toBe(4);
    for (const kind of ['project', 'plan', 'estimates-list'] as const) {
      const key = kind === 'plan' ? cacheKeys.plan(project.planId) : cacheKeys.project(project.id);
      expect(cache.get(kind, key), kind).toBeNull();
    }
    for (const e of project.estimateIds)
      expect(cache.get('estimate', cacheKeys.estimate(project.id, e))).toBeNull();
    expect(cache.getOfflineProject(project.id)).toBeNull();
  });

  it('an already-aborted signal fetches nothing', async () => {
    const ac = new AbortController();
    ac.abort();
    const before = sim.faults.stats().requests;
    const err = await failure(makeAvailableOffline(apiClient(), cache, project.id, { signal: ac.signal }));
    expect(err.kind).toBe('cancelled');
    expect(sim.faults.stats().requests).toBe(before);
  });

  it('a cache that cannot write fails the sync with a clear error', async () => {
    openCache(dir, 'ro-sync', log.logger).close();
    const readonly = openCache(dir, 'ro-sync', log.logger, { readonly: true });
    try {
      const err = await failure(makeAvailableOffline(apiClient(), readonly, project.id));
      expect(err.kind).toBe('config');
      expect(err.message).toMatch(/could not save the offline copy/);
    } finally {
      readonly.close();
    }
  });

  it('reports an offline copy as incomplete once a refreshed list names an estimate it lacks', async () => {
    const cc = new CachedClient(apiClient(), cache);
    await cc.makeAvailableOffline(project.id);
    const list = cache.get<{ id: string }[]>('estimates-list', cacheKeys.estimatesList(project.id))!;
    cache.put('estimates-list', cacheKeys.estimatesList(project.id), [...list.data, { id: 'new-estimate' }]);
    expect(offlineStatus(cache, project.id)).toMatchObject({ available: false, reason: 'incomplete' });
    // Syncing again completes it (and drops the entry the service does not list).
    await cc.makeAvailableOffline(project.id);
    expect(cc.offlineStatus(project.id).available).toBe(true);
  });
});

describe('estimates read as bytes (off main’s thread)', () => {
  const pools: Workers[] = [];
  afterAll(async () => {
    await Promise.all(pools.map((p) => p.close()));
  });
  function work() {
    const workers = createWorkers(log.logger);
    pools.push(workers);
    // 0: every body goes to a worker, however small.
    return estimateWorkFor(workers, 'estimate-read', new AbortController().signal, 0);
  }

  it('keeps the bytes a worker made, answers from them offline, and forgets an estimate that is gone', async () => {
    const cc = new CachedClient(apiClient(), cache);
    const estimateId = project.estimateIds[0]!;
    const parsed = await cc.getEstimate(project.id, estimateId);
    const online = await cc.readEstimate(project.id, estimateId, work());
    expect(online.source).toBe('network');
    expect(online.data.label.name).toBe(parsed.data.name);
    expect(online.data.modified).toBe(parsed.data.modified ?? null);
    // What the cache keeps is the checked detail, as `getEstimate` would have stored it.
    expect(cache.get('estimate', cacheKeys.estimate(project.id, estimateId))?.data).toEqual(parsed.data);

    sim.faults.setFaults({ drop: 1_000 });
    const offline = await cc.readEstimate(project.id, estimateId, work());
    expect(offline.source).toBe('cache');
    expect(offline.fetchedAt.getTime()).toBe(online.fetchedAt.getTime());
    expect(offline.data.summary).toEqual(online.data.summary);
    expect(cc.online).toBe(false);

    sim.faults.clearFaults();
    const gone = 'a0000000-0000-4000-8000-000000000000';
    cache.put('estimate', cacheKeys.estimate(project.id, gone), { id: gone, items: [] });
    expect((await failure(cc.readEstimate(project.id, gone, work()))).kind).toBe('not-found');
    expect(cache.getBytes('estimate', cacheKeys.estimate(project.id, gone))).toBeNull();
  });

  it('reads an estimate an older PlanDesk cached as text, any character included', async () => {
    const key = cacheKeys.estimate(project.id, 'older');
    const detail = { id: 'older', name: 'Küche ☃ 東京', unique_identifier: 'E-9', items: [] };
    const db = new Database(cache.path);
    db.prepare('INSERT INTO entries (kind, key, fetched_at, body) VALUES (?, ?, ?, ?)').run(
      'estimate',
      key,
      Date.now(),
      JSON.stringify(detail),
    );
    db.close();
    const bytes = cache.getBytes('estimate', key);
    expect(bytes).not.toBeNull();
    const read = await work().fromCache(bytes!.bytes);
    expect(read.label).toEqual({
      uniqueIdentifier: 'E-9',
      name: 'Küche ☃ 東京',
      projectName: null,
      companyCountry: null,
    });
  });
});
