import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimulator, type Simulator } from '../../simulator/index';
import { admin, api, fixtureDataset, WS_A, WS_B } from './simulator-fixture';

const ADDRESS = { street: 'Hauptstr. 5', city: 'München', postal_code: '80331', country: 'DE' };

describe('simulator projects', () => {
  let sim: Simulator;
  beforeAll(async () => {
    sim = await startSimulator({ dataset: fixtureDataset() });
  });
  afterAll(() => sim.close());

  it('returns the project detail with plan_id, team, user and address', async () => {
    const r = await api(sim, '/projects/p-a01');
    expect(r.status).toBe(200);
    expect(r.json.data).toMatchObject({
      id: 'p-a01',
      plan_id: 'pl-p-a01',
      team: { id: 't-a1', name: 'Field Team' },
      user: { id: 'u-a1', email: 'alice@acme.test', firstname: 'Alice', lastname: 'Example' },
      address: { street: 'Main St 1', city: 'Berlin', country: 'DE', postal_code: '10115', latitude: 52.5 },
    });
    expect(r.json.data.cloud_url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/cloud\/projects\/p-a01$/);
    expect((await api(sim, '/projects/nope')).status).toBe(404);
  });

  it('creates a project: 201, detail, a new plan with one empty floor, no estimates', async () => {
    const r = await api(sim, '/projects', {
      method: 'POST',
      body: {
        name: 'New Build',
        email: 'BOB@acme.test',
        external_reference_id: 'EXT-9',
        address: ADDRESS,
        team_id: 't-a1',
      },
    });
    expect(r.status).toBe(201);
    const p = r.json.data;
    expect(p).toMatchObject({
      name: 'New Build',
      external_reference_id: 'EXT-9',
      assignee: { id: 'u-a2', email: 'bob@acme.test' },
      team: { id: 't-a1', name: 'Field Team' },
      archived_at: null,
      address: { ...ADDRESS },
    });
    expect(p.address.latitude).toEqual(expect.any(Number));
    expect(p.user_created).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}\+00:00$/);
    expect(r.json.warnings).toBeUndefined();

    const plan = await api(sim, `/plans/get/${p.plan_id}`);
    expect(plan.status).toBe(200);
    expect(plan.json.data.project_id).toBe(p.id);
    expect(plan.json.data.floors).toHaveLength(1);
    expect(plan.json.data.floors[0].rooms).toEqual([]);
    const estimates = await api(sim, `/projects/${p.id}/estimates`);
    expect(estimates.json.data).toEqual([]);
    const found = await api(sim, '/projects?external_reference_id=EXT-9');
    expect(found.json.data.map((x: { id: string }) => x.id)).toEqual([p.id]);
    // The other workspace does not see it.
    expect((await api(sim, `/projects/${p.id}`, { creds: WS_B })).status).toBe(404);
  });

  it('answers 207 with a warning when the address has no postal code', async () => {
    const r = await api(sim, '/projects', {
      method: 'POST',
      body: { name: 'Somewhere', email: 'alice@acme.test', address: { street: 'Nowhere 1', city: 'X' } },
    });
    expect(r.status).toBe(207);
    expect(r.json.warnings).toEqual([{ message: 'Address could not be geocoded' }]);
    expect(r.json.data.address).toMatchObject({ postal_code: '', latitude: null, longitude: null });
    expect((await api(sim, `/projects/${r.json.data.id}`)).status).toBe(200);
  });

  it('answers 207 for every creation under the warnings207 variant', async () => {
    await admin(sim, '/variants', 'POST', { warnings207: true });
    try {
      const r = await api(sim, '/projects', {
        method: 'POST',
        body: { name: 'W', email: 'alice@acme.test', address: ADDRESS },
      });
      expect(r.status).toBe(207);
      expect(r.json.warnings[0].message).toBe('Address could not be geocoded');
      expect(r.json.data.name).toBe('W');
    } finally {
      await admin(sim, '/variants', 'POST', { warnings207: false });
    }
  });

  it('refuses malformed JSON', async () => {
    const r = await api(sim, '/projects', { method: 'POST', rawBody: '{"name": "x",' });
    expect(r.status).toBe(400);
    expect(r.json.message).toBe('Malformed JSON');
  });

  it('refuses a body that is not JSON or not an object', async () => {
    const text = await api(sim, '/projects', {
      method: 'POST',
      rawBody: 'name=x',
      headers: { 'Content-Type': 'text/plain' },
    });
    expect(text.status).toBe(400);
    const arr = await api(sim, '/projects', { method: 'POST', body: [1, 2] });
    expect(arr.status).toBe(400);
    expect(arr.json.message).toMatch(/JSON object/);
    const empty = await api(sim, '/projects', { method: 'POST' });
    expect(empty.status).toBe(400);
  });

  it('names every missing field', async () => {
    const r = await api(sim, '/projects', { method: 'POST', body: {} });
    expect(r.status).toBe(400);
    expect(r.json.details.fields).toEqual({ name: ['is required'], email: ['is required'] });
  });

  it('names every field of the wrong type or value', async () => {
    const r = await api(sim, '/projects', {
      method: 'POST',
      body: {
        name: 42,
        email: true,
        external_reference_id: 7,
        address: { street: 1, city: 'ok', postal_code: ['x'] },
        team_id: 5,
      },
    });
    expect(r.status).toBe(400);
    expect(r.json.details.fields).toEqual({
      name: ['must be a string'],
      email: ['must be a string'],
      external_reference_id: ['must be a string'],
      'address.street': ['must be a string'],
      'address.postal_code': ['must be a string'],
      team_id: ['must be a string'],
    });
    const r2 = await api(sim, '/projects', {
      method: 'POST',
      body: { name: '  ', email: 'stranger@else.test', address: 'Main St', team_id: 't-b1' },
    });
    expect(r2.json.details.fields).toEqual({
      name: ['must not be empty'],
      email: ['is not a user of this workspace'],
      address: ['must be an object'],
      team_id: ['is not a team of this workspace'],
    });
  });

  it('writes errors as {message, data} under the live variant', async () => {
    await admin(sim, '/variants', 'POST', { messageDataErrors: true });
    try {
      const fields = await api(sim, '/projects', { method: 'POST', body: { email: 'alice@acme.test' } });
      expect(fields.json).toEqual({
        message: 'Validation failed',
        data: { errors: { name: ['is required'] } },
      });
      const plain = await api(sim, '/projects/nope');
      expect(plain.json).toEqual({ message: 'Project not found', data: '' });
    } finally {
      await admin(sim, '/variants', 'POST', { messageDataErrors: false });
    }
  });

  it('archives with acting_user in the body, then restores', async () => {
    const archived = await api(sim, '/projects/p-a05/archive', {
      method: 'PUT',
      body: { acting_user: 'alice@acme.test' },
    });
    expect(archived.status).toBe(200);
    expect(archived.json.data.archived_at).toMatch(/^\d{4}-\d\d-\d\dT/);
    const again = await api(sim, '/projects/p-a05/archive', { method: 'PUT' });
    expect(again.status).toBe(400);
    expect(again.json.message).toBe('Project is already archived');

    const restored = await api(sim, '/projects/p-a05/restore', { method: 'PUT' });
    expect(restored.status).toBe(200);
    expect(restored.json.data.archived_at).toBeNull();
    const twice = await api(sim, '/projects/p-a05/restore', { method: 'PUT' });
    expect(twice.status).toBe(400);
    expect(twice.json.message).toBe('Project is not archived');
  });

  it('restores the seeded archived project', async () => {
    const r = await api(sim, '/projects/p-a02/restore', { method: 'PUT' });
    expect(r.status).toBe(200);
    expect(r.json.data.archived_at).toBeNull();
  });

  it('refuses an archive by an unknown acting_user with 401 and a bad type with 400', async () => {
    const unknown = await api(sim, '/projects/p-a06/archive', {
      method: 'PUT',
      body: { acting_user: 'x@y.test' },
    });
    expect(unknown.status).toBe(401);
    const wrongType = await api(sim, '/projects/p-a06/archive', { method: 'PUT', body: { acting_user: 3 } });
    expect(wrongType.status).toBe(400);
    expect((await api(sim, '/projects/p-a06')).json.data.archived_at).toBeNull();
  });

  it('answers 405 for a wrong method on a known path and 404 for unknown paths', async () => {
    const r = await api(sim, '/projects/p-a01', { method: 'DELETE' });
    expect(r.status).toBe(405);
    expect(r.headers.get('allow')).toBe('GET');
    expect((await api(sim, '/projects/p-a01/nothing')).status).toBe(404);
    expect((await api(sim, '/projects/%E0%A4%A')).status).toBe(404);
    const outside = await fetch(sim.baseUrl.replace('/api/v2', '/api/v1/projects'), { headers: { ...WS_A } });
    expect(outside.status).toBe(404);
  });

  it('answers 413 for a JSON body over 10 MB', async () => {
    const big = JSON.stringify({ name: 'x'.repeat(11 * 1024 * 1024), email: 'alice@acme.test' });
    const r = await api(sim, '/projects', { method: 'POST', rawBody: big });
    expect(r.status).toBe(413);
    expect(r.json.message).toMatch(/exceeds/);
    // The server is still fine afterwards.
    expect((await api(sim, '/workspace')).status).toBe(200);
  });
});
