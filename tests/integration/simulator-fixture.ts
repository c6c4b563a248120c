/**
 * A small, hand-made data set for the simulator's integration tests, plus request helpers.
 * Two workspaces so that isolation can be tested; numbers chosen so formatted values are known.
 */
import type {
  SimDataset,
  SimEstimate,
  SimEstimateItem,
  SimFile,
  SimPlan,
  SimProject,
  SimWorkspace,
} from '../../simulator/data/types';
import type { Simulator } from '../../simulator/index';
import { simItem } from '../../simulator/data/estimate-item';

export const WS_A = { customer: 'cust-acme', key: 'key-acme-0123456789abcdef' } as const;
export const WS_B = { customer: 'cust-bravo', key: 'key-bravo-fedcba9876543210' } as const;

const stats = (area: number, perimeter: number, height = 2.5) => ({
  area,
  perimeter,
  volume: Math.round(area * height * 100) / 100,
  walls_surface: Math.round(perimeter * height * 100) / 100,
  floor_surface: area,
  ceiling_surface: area,
});

function plan(
  id: string,
  name: string,
  unitSystem: 'metric' | 'imperial' = 'metric',
  detailed = false,
): SimPlan {
  const floorId = `${id}-f1`;
  const roomId = `${id}-r1`;
  return {
    id,
    name,
    unit_system: unitSystem,
    created: '2025-03-01T10:00:00+00:00',
    modified: '2025-03-02T11:00:00+00:00',
    statistics: stats(63.6, 33.2),
    door_count: detailed ? 2 : 0,
    windows_count: detailed ? 1 : 0,
    floors: [
      {
        id: floorId,
        name: 'Ground Floor',
        level: 0,
        statistics: stats(63.6, 33.2),
        image_map: {
          url: `{base}/plans/${id}/floors/${floorId}/image.png`,
          width: 400,
          height: 300,
          areas: detailed ? [{ room_id: roomId, coords: [10, 10, 200, 150] }] : [],
        },
        notes: detailed ? ['Check the stairs'] : [],
        values: { ceilingHeight: 2.5, notes: '' },
        rooms: detailed
          ? [
              {
                id: roomId,
                name: 'Kitchen',
                statistics: stats(14.7, 15.4),
                image_map: {
                  url: `{base}/plans/${id}/rooms/${roomId}/image.png`,
                  width: 200,
                  height: 150,
                  areas: [{ room_id: roomId, coords: [5, 5, 195, 145] }],
                },
                notes: ['Tiles to be replaced'],
                dimensions: { width: 3.5, length: 4.2 },
                walls: [
                  { uid: `${roomId}-w1`, values: [{ key: 'length', value: 3.5 }] },
                  { uid: `${roomId}-w2`, values: [{ key: 'length', value: 4.2 }] },
                ],
                values: { ceilingHeight: 2.5, roomType: 'kitchen', ground: { color: '#cccccc' }, notes: '' },
                objects: [
                  {
                    uid: `${roomId}-o1`,
                    symbol_id: 'door_single',
                    name: 'Door',
                    category: 'door',
                    wall_uid: `${roomId}-w1`,
                    values: { width: 0.9, height: 2.0, depth: 0.1 },
                  },
                  {
                    uid: `${roomId}-o2`,
                    symbol_id: 'table',
                    name: 'Table',
                    category: 'furniture',
                    wall_uid: null,
                    values: { width: 1.2, height: 0.75, depth: 0.8 },
                  },
                ],
              },
            ]
          : [],
      },
    ],
  };
}

function item(
  id: string,
  parentId: string | null,
  type: 'group' | 'position',
  sort: number,
  total: string,
): SimEstimateItem {
  const base = simItem({
    id,
    parent_id: parentId,
    type,
    code: `C-${id}`,
    name: `Item ${id}`,
    description: 'A "quoted" description',
    category: 'General',
    location: 'Kitchen',
    sort,
    total,
    modified: '2025-04-11 07:30:07',
    created: '2025-04-11 07:30:03',
  });
  if (type === 'group') return base;
  // Figures chosen to be recognised in the tests' output (the total deliberately leaves the tax out).
  return {
    ...base,
    quantity: '2.500000000000',
    unit: 'm²',
    labor_unit_price: '100.000000000000',
    equipment_unit_price: '0.000000000000',
    material_unit_price: '393.800000000000',
    other_unit_price: '0.000000000000',
    labor_cost: '250.000000000000',
    equipment_cost: '0.000000000000',
    material_cost: '984.500000000000',
    other_cost: '0.000000000000',
    total_cost: '1234.500000000000',
    markup: '0.000000000000',
    discount: '0.000000000000',
    tax: '0.190000000000',
  };
}

export function estimate(id: string, planId: string, items: SimEstimateItem[]): SimEstimate {
  return {
    id,
    plan_id: planId,
    name: `Estimate ${id}`,
    unique_identifier: `E2025-${id}`,
    creator: 'Alice Example',
    last_modifier: 'Bob Example',
    status: 'draft',
    currency: 'EUR',
    date_issue: '2025-04-11 00:00:00',
    date_valid_until: '2025-05-11 00:00:00',
    created: '2025-04-11 07:30:03',
    modified: '2025-04-11 07:30:07',
    opening_statement: 'Hello',
    closing_statement: 'Bye',
    customer: {
      id: 'c1',
      firstname: 'Carla',
      lastname: 'Client',
      company: 'Client Co',
      email: 'carla@client.test',
      phone: '',
      fax: '',
      tax_id: 'DE123',
      address: 'Main St 1',
      city: 'Berlin',
      zip: '10115',
      area: '',
      country: 'DE',
    },
    project: {
      id: 'p-a01',
      name: 'Kitchen Renovation',
      description: '',
      address: {
        id: 'addr1',
        street: 'Main St 1',
        city: 'Berlin',
        country: 'DE',
        postal_code: '10115',
        latitude: 52.5,
        longitude: 13.4,
      },
    },
    company: {
      id: 'co1',
      logo_url: '{base}/workspace/logo.png',
      watermark_url: null,
      company: 'Acme Builders',
      email: 'office@acme.test',
      phone: '',
      fax: '',
      website: '',
      street: '',
      city: '',
      postal_code: '',
      country: 'DE',
      province: '',
    },
    items,
    estimate_totals: {
      equipment_costs_total: '0.000000000000',
      material_costs_total: '984.500000000000',
      labor_costs_total: '250.000000000000',
      other_costs_total: '0.000000000000',
      costs_total: '1234.500000000000',
      markup_total: '0.000000000000',
      discount_total: '0.000000000000',
      subtotal_without_tax: '1234.500000000000',
      tax_total: '234.555000000000',
      total: '123456789012.123456789012',
    },
  };
}

/** Groups nested two deep with positions under them: G1 > G1.1 > P1, P2; G1 > P3; G2 > P4. */
function nestedItems(): SimEstimateItem[] {
  return [
    item('g1', null, 'group', 1, '3703.500000000000'),
    item('g11', 'g1', 'group', 1, '2469.000000000000'),
    item('p1', 'g11', 'position', 1, '1234.500000000000'),
    item('p2', 'g11', 'position', 2, '1234.500000000000'),
    item('p3', 'g1', 'position', 2, '1234.500000000000'),
    item('g2', null, 'group', 2, '1234.500000000000'),
    item('p4', 'g2', 'position', 1, '1234.500000000000'),
  ];
}

/** A flat-ish estimate of `count` items (groups of 100 positions) for the serialisation benchmark. */
export function bigEstimate(id: string, planId: string, count: number): SimEstimate {
  const items: SimEstimateItem[] = [];
  for (let i = 0; i < count; i++) {
    if (i % 101 === 0) items.push(item(`${id}-g${i}`, null, 'group', i, '1234.500000000000'));
    else items.push(item(`${id}-p${i}`, `${id}-g${i - (i % 101)}`, 'position', i, '1234.500000000000'));
  }
  return estimate(id, planId, items);
}

function file(
  id: string,
  name: string,
  type: string,
  contentType: string,
  origin: 'upload' | 'export',
): SimFile {
  return {
    id,
    name,
    file_type: type,
    content_type: contentType,
    size: 4000,
    created: '2025-03-05T08:00:00+00:00',
    origin,
    content_seed: `seed-${id}`,
  };
}

function project(id: string, name: string, extra: Partial<SimProject> = {}): SimProject {
  return {
    id,
    name,
    external_reference_id: null,
    thumbnail_url: null,
    assignee_id: 'u-a2',
    creator_id: 'u-a1',
    team_id: null,
    user_created: '2025-03-01T09:30:12.123456+00:00',
    user_modified: '2025-03-02T09:30:12.123456+00:00',
    archived_at: null,
    address: {
      street: 'Main St 1',
      city: 'Berlin',
      country: 'DE',
      postal_code: '10115',
      latitude: 52.5,
      longitude: 13.4,
    },
    plan: plan(`pl-${id}`, name),
    estimates: [],
    files: [],
    ...extra,
  };
}

function workspaceA(): SimWorkspace {
  const projects: SimProject[] = [
    project('p-a01', 'Kitchen Renovation', {
      external_reference_id: 'CRM-1001',
      team_id: 't-a1',
      thumbnail_url: '{base}/plans/pl-p-a01/floors/pl-p-a01-f1/image.png',
      plan: plan('pl-p-a01', 'Kitchen Renovation', 'metric', true),
      estimates: [estimate('est-a1', 'pl-p-a01', nestedItems())],
      files: [
        file('f-a1', 'plan.pdf', 'pdf', 'application/pdf', 'export'),
        file('f-a2', 'photo.png', 'png', 'image/png', 'upload'),
        file('f-a3', 'notes.csv', 'csv', 'text/csv', 'upload'),
      ],
    }),
    project('p-a02', 'Old Barn', { archived_at: '2025-03-03T10:00:00.000000+00:00' }),
    project('p-a03', 'Attic Conversion', { plan: plan('pl-p-a03', 'Attic Conversion', 'imperial', true) }),
    project('p-a04', 'Bathroom Refit', {
      files: Array.from({ length: 12 }, (_, i) =>
        file(`f-a4-${i}`, `photo-${i}.jpg`, 'jpg', 'image/jpeg', 'upload'),
      ),
    }),
  ];
  for (let i = 5; i <= 23; i++) {
    const n = String(i).padStart(2, '0');
    projects.push(project(`p-a${n}`, `Project ${n}`));
  }
  return {
    id: 'ws-a',
    name: 'Acme Builders',
    customer: WS_A.customer,
    key: WS_A.key,
    owner_id: 'u-a1',
    users: [
      { id: 'u-a1', email: 'alice@acme.test', firstname: 'Alice', lastname: 'Example', role: 'admin' },
      { id: 'u-a2', email: 'bob@acme.test', firstname: 'Bob', lastname: 'Example', role: 'member' },
    ],
    teams: [{ id: 't-a1', name: 'Field Team', member_ids: ['u-a1', 'u-a2'] }],
    webhook_url: null,
    formats: ['pdf', 'jpg', 'png', 'svg', 'dxf', 'xml'],
    logo: '{base}/workspace/logo.png',
    forms: [
      {
        id: 'form-a1',
        name: 'Room check',
        context: ['room'],
        children: [
          {
            id: 'el-1',
            type: 'section',
            label: 'General',
            children: [
              { id: 'el-2', type: 'question', label: 'Condition?', input: 'choice', options: ['ok', 'bad'] },
            ],
          },
        ],
        created: '2025-05-20T10:00:00+00:00',
        modified: '2025-05-20T10:00:00+00:00',
      },
    ],
    projects,
  };
}

function workspaceB(): SimWorkspace {
  return {
    id: 'ws-b',
    name: 'Bravo Homes',
    customer: WS_B.customer,
    key: WS_B.key,
    owner_id: 'u-b1',
    users: [{ id: 'u-b1', email: 'berta@bravo.test', firstname: 'Berta', lastname: 'Bravo', role: 'admin' }],
    teams: [{ id: 't-b1', name: 'Bravo Team', member_ids: ['u-b1'] }],
    webhook_url: null,
    formats: ['pdf'],
    logo: null,
    forms: [
      {
        id: 'form-b1',
        name: 'Bravo form',
        context: ['plan'],
        children: [],
        created: '2025-05-20T10:00:00+00:00',
        modified: '2025-05-20T10:00:00+00:00',
      },
    ],
    projects: [
      {
        ...project('p-b01', 'Bravo Loft', {
          assignee_id: 'u-b1',
          creator_id: 'u-b1',
          plan: plan('pl-p-b01', 'Bravo Loft', 'metric', true),
          files: [file('f-b1', 'bravo.pdf', 'pdf', 'application/pdf', 'upload')],
        }),
      },
      project('p-b02', 'Bravo Garage', { assignee_id: 'u-b1', creator_id: 'u-b1' }),
    ],
  };
}

export function fixtureDataset(): SimDataset {
  const ws = [workspaceA(), workspaceB()];
  const b = ws[1] as SimWorkspace;
  const loft = b.projects[0] as SimProject;
  loft.estimates = [estimate('est-b1', loft.plan.id, nestedItems())];
  return { version: 1, seed: 1, workspaces: ws };
}

// ---------------------------------------------------------------------------------------------
// Request helpers
// ---------------------------------------------------------------------------------------------

export type Creds = { customer: string; key: string };

/** Response bodies are checked field by field in the tests; a loose type keeps that readable. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Loose = any;

export function headers(creds: Creds, extra: Record<string, string> = {}): Record<string, string> {
  return { customer: creds.customer, key: creds.key, 'Content-Type': 'application/json', ...extra };
}

export async function api(
  sim: Simulator,
  path: string,
  init: {
    method?: string;
    creds?: Creds | null;
    body?: unknown;
    rawBody?: string;
    headers?: Record<string, string>;
  } = {},
): Promise<{ status: number; text: string; json: Loose; headers: Headers }> {
  const creds = init.creds === undefined ? WS_A : init.creds;
  const h: Record<string, string> = creds ? headers(creds, init.headers) : { ...init.headers };
  const res = await fetch(`${sim.baseUrl}${path}`, {
    method: init.method ?? 'GET',
    headers: h,
    body: init.rawBody ?? (init.body === undefined ? undefined : JSON.stringify(init.body)),
  });
  const text = await res.text();
  let json: unknown = undefined;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: res.status, text, json, headers: res.headers };
}

export async function admin(
  sim: Simulator,
  path: string,
  method = 'POST',
  body?: unknown,
): Promise<{ status: number; json: Loose }> {
  const res = await fetch(`${sim.adminUrl}${path}`, {
    method,
    headers: { 'Content-Type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: res.status, json: await res.json() };
}
