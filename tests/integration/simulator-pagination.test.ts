import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimulator, type Simulator } from '../../simulator/index';
import { admin, api, fixtureDataset } from './simulator-fixture';

describe('simulator pagination and list filters', () => {
  let sim: Simulator;
  beforeAll(async () => {
    sim = await startSimulator({ dataset: fixtureDataset() });
  });
  afterAll(() => sim.close());

  it('defaults to page 1 with 10 items and a camelCase page_info', async () => {
    const r = await api(sim, '/projects');
    expect(r.status).toBe(200);
    expect(r.json.data).toHaveLength(10);
    expect(r.json.page_info).toEqual({ totalCount: 23, page: 1, pageSize: 10, totalPages: 3 });
    expect(r.json.data[0].id).toBe('p-a01');
  });

  it('serves later pages, a short last page and an empty page past the end', async () => {
    const p3 = await api(sim, '/projects?page=3');
    expect(p3.json.data.map((p: { id: string }) => p.id)).toEqual(['p-a21', 'p-a22', 'p-a23']);
    const p4 = await api(sim, '/projects?page=4');
    expect(p4.status).toBe(200);
    expect(p4.json.data).toEqual([]);
    expect(p4.json.page_info.totalPages).toBe(3);
  });

  it('accepts page_size 50 and refuses 51 with a message and details', async () => {
    const ok = await api(sim, '/projects?page_size=50');
    expect(ok.json.data).toHaveLength(23);
    expect(ok.json.page_info).toEqual({ totalCount: 23, page: 1, pageSize: 50, totalPages: 1 });
    const bad = await api(sim, '/projects?page_size=51');
    expect(bad.status).toBe(400);
    expect(bad.json.message).toBe('page_size must be at most 50');
    expect(bad.json.details.fields.page_size).toEqual(['must be at most 50']);
  });

  it.each(['page_size=0', 'page_size=abc', 'page_size=2.5', 'page=0', 'page=-1', 'page=x'])(
    'refuses %s with 400',
    async (q) => {
      const r = await api(sim, `/projects?${q}`);
      expect(r.status).toBe(400);
      expect(r.json.message).toMatch(/must be a positive integer/);
    },
  );

  it('writes snake_case page_info under the live variant', async () => {
    await admin(sim, '/variants', 'POST', { snakeCasePageInfo: true });
    try {
      const r = await api(sim, '/projects?page=2&page_size=5&name=project');
      expect(r.json.page_info).toEqual({
        current_page: 2,
        page_size: 5,
        total_pages: 4,
        total_count: 19,
        next_page: 3,
        next_page_url: `${sim.baseUrl}/projects?page=3&page_size=5&name=project`,
        prev_page: 1,
        prev_page_url: `${sim.baseUrl}/projects?page=1&page_size=5&name=project`,
      });
      const last = await api(sim, '/projects?page=3');
      expect(last.json.page_info.next_page).toBeNull();
      expect(last.json.page_info.next_page_url).toBeNull();
    } finally {
      await admin(sim, '/variants', 'POST', { snakeCasePageInfo: false });
    }
  });

  it('filters by exact external_reference_id', async () => {
    const r = await api(sim, '/projects?external_reference_id=CRM-1001');
    expect(r.json.data.map((p: { id: string }) => p.id)).toEqual(['p-a01']);
    expect(r.json.page_info.totalCount).toBe(1);
    const partial = await api(sim, '/projects?external_reference_id=CRM-10');
    expect(partial.json.data).toEqual([]);
  });

  it('filters by case-insensitive name substring', async () => {
    const r = await api(sim, '/projects?name=RENOV');
    expect(r.json.data.map((p: { name: string }) => p.name)).toEqual(['Kitchen Renovation']);
  });

  it('lists project items without plan_id, with the live fields', async () => {
    const r = await api(sim, '/projects?page_size=2');
    expect(r.json.data[0]).toEqual({
      id: 'p-a01',
      name: 'Kitchen Renovation',
      external_reference_id: 'CRM-1001',
      thumbnail_url: `${sim.baseUrl}/plans/pl-p-a01/floors/pl-p-a01-f1/image.png`,
      assignee: { id: 'u-a2', email: 'bob@acme.test' },
      user_created: '2025-03-01T09:30:12.123456+00:00',
      user_modified: '2025-03-02T09:30:12.123456+00:00',
      archived_at: null,
    });
    expect(r.json.data[1].archived_at).toBe('2025-03-03T10:00:00.000000+00:00');
  });

  it('pages project files by 10 whatever page_size says', async () => {
    const p1 = await api(sim, '/projects/p-a04/files?page_size=5');
    expect(p1.json.data).toHaveLength(10);
    expect(p1.json.page_info).toEqual({ totalCount: 12, page: 1, pageSize: 10, totalPages: 2 });
    const p2 = await api(sim, '/projects/p-a04/files?page=2&page_size=51');
    expect(p2.json.data.map((f: { id: string }) => f.id)).toEqual(['f-a4-10', 'f-a4-11']);
  });

  it('pages teams and lists all forms on one page', async () => {
    const teams = await api(sim, '/teams');
    expect(teams.json.page_info).toEqual({ totalCount: 1, page: 1, pageSize: 10, totalPages: 1 });
    expect(teams.json.data[0].members.map((m: { email: string }) => m.email)).toEqual([
      'alice@acme.test',
      'bob@acme.test',
    ]);
    const forms = await api(sim, '/forms');
    expect(forms.json.page_info).toEqual({ totalCount: 1, page: 1, pageSize: 1, totalPages: 1 });
  });
});
