import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimulator, type Simulator } from '../../simulator/index';
import { admin, api, fixtureDataset, WS_A, WS_B } from './simulator-fixture';

describe('simulator authentication and workspace isolation', () => {
  let sim: Simulator;
  const log: string[] = [];

  beforeAll(async () => {
    sim = await startSimulator({ dataset: fixtureDataset(), logger: (l) => log.push(l) });
  });
  afterAll(() => sim.close());

  it('exposes both servers on different origins and lists the workspaces', () => {
    expect(sim.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api\/v2$/);
    expect(sim.adminUrl).toBe(sim.baseUrl.replace('/api/v2', '/_sim'));
    expect(new URL(sim.storageUrl).origin).not.toBe(new URL(sim.baseUrl).origin);
    expect(sim.workspaces).toEqual([
      { name: 'Acme Builders', ...WS_A },
      { name: 'Bravo Homes', ...WS_B },
    ]);
  });

  it('answers GET /workspace with valid headers (the connectivity check)', async () => {
    const r = await api(sim, '/workspace');
    expect(r.status).toBe(200);
    expect(r.json.data).toEqual({
      id: 'ws-a',
      name: 'Acme Builders',
      owner: { id: 'u-a1', email: 'alice@acme.test', firstname: 'Alice', lastname: 'Example' },
      webhook_url: null,
      formats: ['pdf', 'jpg', 'png', 'svg', 'dxf', 'xml'],
      logo: `${sim.baseUrl}/workspace/logo.png`,
    });
  });

  it.each([
    ['no headers', {}],
    ['customer only', { customer: WS_A.customer }],
    ['key only', { key: WS_A.key }],
    ['wrong key', { customer: WS_A.customer, key: 'nope' }],
    ['unknown customer', { customer: 'who', key: WS_A.key }],
    ["another workspace's key", { customer: WS_A.customer, key: WS_B.key }],
  ])('answers 401 with an error body for %s', async (_name, hdrs) => {
    const r = await api(sim, '/projects', { creds: null, headers: hdrs });
    expect(r.status).toBe(401);
    expect(r.json.status).toBe(401);
    expect(typeof r.json.message).toBe('string');
    expect(r.json.message.length).toBeGreaterThan(0);
    expect(r.json).toHaveProperty('details');
  });

  it('asks for credentials even on unknown API paths, then answers 404', async () => {
    expect((await api(sim, '/nope', { creds: null })).status).toBe(401);
    expect((await api(sim, '/nope')).status).toBe(404);
  });

  it('image endpoints need the headers too', async () => {
    const path = '/plans/pl-p-a01/floors/pl-p-a01-f1/image.png';
    expect((await fetch(`${sim.baseUrl}${path}`)).status).toBe(401);
    expect((await api(sim, path)).status).toBe(200);
  });

  it("never lists another workspace's projects, forms or teams", async () => {
    const a = await api(sim, '/projects?page_size=50');
    const b = await api(sim, '/projects?page_size=50', { creds: WS_B });
    const idsA = a.json.data.map((p: { id: string }) => p.id);
    const idsB = b.json.data.map((p: { id: string }) => p.id);
    expect(idsA).toContain('p-a01');
    expect(idsA.some((id: string) => id.startsWith('p-b'))).toBe(false);
    expect(idsB).toEqual(['p-b01', 'p-b02']);
    const formsB = await api(sim, '/forms', { creds: WS_B });
    expect(formsB.json.data.map((f: { id: string }) => f.id)).toEqual(['form-b1']);
    const teamsB = await api(sim, '/teams', { creds: WS_B });
    expect(teamsB.json.data.map((t: { id: string }) => t.id)).toEqual(['t-b1']);
  });

  it.each([
    ['GET', '/projects/p-a01'],
    ['GET', '/plans/get/pl-p-a01'],
    ['GET', '/plans/pl-p-a01/floors/pl-p-a01-f1/image.png'],
    ['GET', '/projects/p-a01/estimates'],
    ['GET', '/projects/p-a01/estimates/est-a1'],
    ['GET', '/projects/p-a01/files'],
    ['DELETE', '/projects/p-a01/files/f-a1'],
    ['PUT', '/projects/p-a01/restore'],
    ['GET', '/forms/form-a1'],
    ['DELETE', '/forms/form-a1'],
    ['GET', '/teams/t-a1'],
  ])("answers 404 for another workspace's resource: %s %s", async (method, path) => {
    const r = await api(sim, path, { method, creds: WS_B });
    expect(r.status).toBe(404);
    // And the owner still sees it (nothing was deleted by the attempt).
    if (method === 'GET') expect((await api(sim, path)).status).toBe(200);
  });

  it('checks acting_user against the workspace users', async () => {
    expect((await api(sim, '/projects', { headers: { acting_user: 'bob@acme.test' } })).status).toBe(200);
    const r = await api(sim, '/projects', { headers: { acting_user: 'berta@bravo.test' } });
    expect(r.status).toBe(401);
    expect(r.json.message).toMatch(/acting_user/);
  });

  it('refuses workspace settings to a member acting user', async () => {
    const body = { webhook_url: null };
    const member = await api(sim, '/workspace', {
      method: 'PUT',
      body,
      headers: { acting_user: 'bob@acme.test' },
    });
    expect(member.status).toBe(401);
    const adminUser = await api(sim, '/workspace', {
      method: 'PUT',
      body,
      headers: { acting_user: 'alice@acme.test' },
    });
    expect(adminUser.status).toBe(200);
  });

  it('serves the workspace unwrapped under the live variant', async () => {
    await admin(sim, '/variants', 'POST', { unwrappedWorkspace: true });
    try {
      const r = await api(sim, '/workspace');
      expect(r.json.data).toBeUndefined();
      expect(r.json.id).toBe('ws-a');
      expect(r.json.owner.email).toBe('alice@acme.test');
    } finally {
      await admin(sim, '/variants', 'POST', { unwrappedWorkspace: false });
    }
  });

  it('logs method, path, status and time, never header values or query strings', async () => {
    const before = log.length;
    await api(sim, '/projects?external_reference_id=SECRET-REF', {
      headers: { acting_user: 'alice@acme.test' },
    });
    expect(log.slice(before)).toHaveLength(1);
    expect(log[before]).toMatch(/^GET \/api\/v2\/projects 200 \d+(\.\d+)?ms$/);
    const all = log.join('\n');
    expect(all).not.toContain(WS_A.key);
    expect(all).not.toContain(WS_B.key);
    expect(all).not.toContain('SECRET-REF');
    expect(all).not.toContain('alice@acme.test');
  });
});

describe('simulator key revocation', () => {
  let sim: Simulator;
  beforeAll(async () => {
    sim = await startSimulator({ dataset: fixtureDataset() });
  });
  afterAll(() => sim.close());

  it('answers 401 after a revoke, for that workspace only', async () => {
    expect((await api(sim, '/workspace')).status).toBe(200);
    const r = await admin(sim, '/revoke', 'POST', { customer: WS_A.customer });
    expect(r.status).toBe(200);
    const after = await api(sim, '/workspace');
    expect(after.status).toBe(401);
    expect(after.json.message).toMatch(/revoked/);
    expect((await api(sim, '/workspace', { creds: WS_B })).status).toBe(200);
    sim.faults.revoke(WS_B.customer);
    expect((await api(sim, '/workspace', { creds: WS_B })).status).toBe(401);
  });

  it('answers 404 when revoking an unknown customer', async () => {
    expect((await admin(sim, '/revoke', 'POST', { customer: 'ghost' })).status).toBe(404);
  });
});

// The demo data set is part of the repository (resources/demo/dataset.json): if it is missing, this fails.
describe('simulator with the demo data set', () => {
  it('starts with no options and serves /workspace for every demo workspace', async () => {
    const sim = await startSimulator();
    try {
      expect(sim.workspaces.length).toBeGreaterThan(0);
      for (const ws of sim.workspaces) {
        const r = await api(sim, '/workspace', { creds: ws });
        expect(r.status).toBe(200);
        expect(r.json.data.name).toBe(ws.name);
        const projects = await api(sim, '/projects', { creds: ws });
        expect(projects.status).toBe(200);
        expect(projects.json.page_info.totalCount).toBeGreaterThan(0);
      }
    } finally {
      await sim.close();
    }
  });
});
