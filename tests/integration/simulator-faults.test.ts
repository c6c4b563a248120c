import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startSimulator, type Simulator } from '../../simulator/index';
import { admin, api, fixtureDataset, WS_A, WS_B } from './simulator-fixture';

describe('simulator faults', () => {
  let sim: Simulator;
  beforeAll(async () => {
    sim = await startSimulator({ dataset: fixtureDataset() });
  });
  afterEach(async () => {
    await admin(sim, '/faults', 'DELETE');
  });
  afterAll(() => sim.close());

  it('fails the next n requests with 500, then recovers', async () => {
    const set = await admin(sim, '/faults', 'POST', { fail500: 2 });
    expect(set.json.faults).toEqual({ fail500: 2 });
    const a = await api(sim, '/workspace');
    const b = await api(sim, '/projects');
    expect([a.status, b.status]).toEqual([500, 500]);
    expect(a.json.message).toBe('Internal server error');
    expect((await api(sim, '/workspace')).status).toBe(200);
  });

  it('fails with 429 before authentication', async () => {
    sim.faults.setFaults({ fail429: 1 });
    const r = await api(sim, '/workspace', { creds: null });
    expect(r.status).toBe(429);
    expect(r.headers.get('retry-after')).toBeNull();
    expect((await api(sim, '/workspace', { creds: null })).status).toBe(401);
  });

  it('drops the connection without an answer', async () => {
    await admin(sim, '/faults', 'POST', { drop: 1 });
    await expect(fetch(`${sim.baseUrl}/workspace`, { headers: { ...WS_A } })).rejects.toThrow();
    expect((await api(sim, '/workspace')).status).toBe(200);
    expect(sim.faults.stats().byStatus.dropped).toBe(1);
  });

  it('sends a truncated JSON body with 200', async () => {
    await admin(sim, '/faults', 'POST', { malformed: 1 });
    const r = await api(sim, '/projects');
    expect(r.status).toBe(200);
    expect(r.text).toBe('{"data": [');
    expect(r.json).toBeUndefined();
  });

  it('delays answers by latencyMs until cleared', async () => {
    await admin(sim, '/faults', 'POST', { latencyMs: 300 });
    const t0 = performance.now();
    expect((await api(sim, '/workspace')).status).toBe(200);
    expect(performance.now() - t0).toBeGreaterThanOrEqual(290);
    const t1 = performance.now();
    await api(sim, '/workspace');
    expect(performance.now() - t1).toBeGreaterThanOrEqual(290);
    // Cleared, an answer comes at once: with an hour's latency still set it would never come in
    // the test's time (a busy machine may be slow, but never an hour slow).
    await admin(sim, '/faults', 'POST', { latencyMs: 3_600_000 });
    await admin(sim, '/faults', 'DELETE');
    expect((await api(sim, '/workspace')).status).toBe(200);
  });

  it('only affects requests whose path contains the filter', async () => {
    await admin(sim, '/faults', 'POST', { fail500: 1, path: '/estimates' });
    expect((await api(sim, '/projects')).status).toBe(200);
    expect((await api(sim, '/projects/p-a01/estimates')).status).toBe(500);
    expect((await api(sim, '/projects/p-a01/estimates')).status).toBe(200);
  });

  it('never applies faults to the admin API', async () => {
    // An hour's latency and dropped connections: an admin call they reached would fail or hang.
    await admin(sim, '/faults', 'POST', { drop: 5, latencyMs: 3_600_000 });
    const stats = await admin(sim, '/stats', 'GET');
    expect(stats.status).toBe(200);
    expect(stats.json).toMatchObject({ requests: expect.any(Number), rateLimited: 0, credentialLeaks: 0 });
  });

  it('validates fault specs', async () => {
    const r = await admin(sim, '/faults', 'POST', { fail500: -1, latencyMs: 'slow', explode: 1 });
    expect(r.status).toBe(400);
    expect(Object.keys(r.json.details.fields).sort()).toEqual(['explode', 'fail500', 'latencyMs']);
    expect(() => sim.faults.setFaults({ drop: 1.5 })).toThrow(/Invalid fault spec/);
    expect((await admin(sim, '/variants', 'POST', { nope: true })).status).toBe(400);
    expect((await admin(sim, '/nothing', 'GET')).status).toBe(404);
  });

  it('counts answers by status', async () => {
    const before = sim.faults.stats();
    await api(sim, '/nope');
    const after = sim.faults.stats();
    expect(after.requests).toBe(before.requests + 1);
    expect(after.byStatus['404']).toBe((before.byStatus['404'] ?? 0) + 1);
  });
});

describe('simulator rate limits', () => {
  let sim: Simulator;
  // The rate windows' clock: moved past a window instead of waiting for it.
  let now = Date.now();
  beforeAll(async () => {
    sim = await startSimulator({
      dataset: fixtureDataset(),
      rateLimit: { standard: 5, highThroughput: 8, windowMs: 2000, now: () => now },
    });
  });
  afterAll(() => sim.close());

  it('answers 429 past the standard limit, per key, and recovers after the window', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push((await api(sim, '/projects')).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    const limited = await api(sim, '/workspace');
    expect(limited.status).toBe(429);
    expect(limited.json.message).toBe('Too many requests');
    expect(limited.headers.get('retry-after')).toBeNull();

    // High-throughput endpoints have their own budget.
    expect((await api(sim, '/plans/get/pl-p-a01')).status).toBe(200);
    expect((await api(sim, '/projects/p-a01/estimates/est-a1')).status).toBe(200);
    // Another key is not affected.
    expect((await api(sim, '/workspace', { creds: WS_B })).status).toBe(200);
    // The admin API is never limited.
    expect((await admin(sim, '/stats', 'GET')).json.rateLimited).toBe(2);

    now += 1999;
    expect((await api(sim, '/workspace')).status).toBe(429);
    now += 1;
    expect((await api(sim, '/workspace')).status).toBe(200);
  });

  it('limits high-throughput endpoints at their own limit', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 9; i++)
      statuses.push((await api(sim, '/plans/get/pl-p-a01', { creds: WS_B })).status);
    // pl-p-a01 belongs to workspace A: 404s still count against B's budget.
    expect(statuses.slice(0, 8).every((s) => s === 404)).toBe(true);
    expect(statuses[8]).toBe(429);
  });
});
