import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';
import { Decimal } from '../../src-shared/money/decimal';
import {
  computeEstimateTotals,
  generateDemoDataset,
  generateLargeDataset,
} from '../../simulator/data/generate';
import { Prng } from '../../simulator/data/prng';
import { pricePosition, simItem } from '../../simulator/data/estimate-item';
import type {
  SimDataset,
  SimEstimate,
  SimEstimateItem,
  SimFormElement,
  SimStatistics,
  SimWorkspace,
} from '../../simulator/data/types';

const DATASET_PATH = fileURLToPath(new URL('../../resources/demo/dataset.json', import.meta.url));

const FIXED = /^-?\d+\.\d{12}$/;
const SQL_TIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;
const ISO_MICRO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}\+00:00$/;
const ISO_OFFSET = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?\+00:00$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

const MONEY_FIELDS = [
  'quantity',
  'labor_unit_price',
  'equipment_unit_price',
  'material_unit_price',
  'other_unit_price',
  'labor_cost',
  'equipment_cost',
  'material_cost',
  'other_cost',
  'total_cost',
  'markup',
  'discount',
  'tax',
] as const;

const D = (text: string | null): Decimal => {
  if (text === null) throw new Error('unexpected null decimal');
  return Decimal.parse(text);
};

function allEstimates(ds: SimDataset): SimEstimate[] {
  return ds.workspaces.flatMap((w) => w.projects.flatMap((p) => p.estimates));
}

/** Depth of every item (top level = 1), from parent_id. */
function depths(items: SimEstimateItem[]): Map<string, number> {
  const byId = new Map(items.map((i) => [i.id, i]));
  const memo = new Map<string, number>();
  const depthOf = (item: SimEstimateItem): number => {
    const known = memo.get(item.id);
    if (known !== undefined) return known;
    const parent = item.parent_id === null ? undefined : byId.get(item.parent_id);
    const d = parent ? depthOf(parent) + 1 : 1;
    memo.set(item.id, d);
    return d;
  };
  for (const item of items) depthOf(item);
  return memo;
}

/** Deepest chain of nested groups (a top-level group alone counts 1). */
function groupNesting(items: SimEstimateItem[]): number {
  const d = depths(items);
  let max = 0;
  for (const item of items) if (item.type === 'group') max = Math.max(max, d.get(item.id) ?? 0);
  return max;
}

/**
 * Checks one estimate's items exactly and returns the problems found (empty when all is well).
 * Plain checks instead of `expect` per field: the 20,000-item estimate would otherwise take seconds.
 */
function estimateProblems(estimate: SimEstimate): string[] {
  const problems: string[] = [];
  const fail = (message: string): void => {
    if (problems.length < 20) problems.push(`${estimate.id}: ${message}`);
  };
  const items = estimate.items;
  const byId = new Map(items.map((i) => [i.id, i]));
  if (byId.size !== items.length) fail('duplicate item ids');

  const childTotals = new Map<string, Decimal>();
  const siblingSorts = new Map<string, Set<number>>();
  for (const item of items) {
    // Parents exist in the same estimate and are groups.
    if (item.parent_id !== null) {
      const parent = byId.get(item.parent_id);
      if (!parent) fail(`parent of ${item.id} is not in the estimate`);
      else if (parent.type !== 'group') fail(`parent of ${item.id} is not a group`);
    }
    // `sort` is an integer, unique among siblings.
    if (!Number.isInteger(item.sort)) fail(`sort of ${item.id} is not an integer`);
    const key = item.parent_id ?? '<root>';
    const sorts = siblingSorts.get(key) ?? new Set<number>();
    if (sorts.has(item.sort)) fail(`duplicate sort ${item.sort} under ${key}`);
    sorts.add(item.sort);
    siblingSorts.set(key, sorts);

    if (!FIXED.test(item.total)) fail(`total of ${item.id}: ${item.total}`);
    if (!SQL_TIME.test(item.created) || !SQL_TIME.test(item.modified)) fail(`timestamps of ${item.id}`);
    if (item.modified < item.created) fail(`${item.id} modified before created`);

    if (item.parent_id !== null) {
      childTotals.set(item.parent_id, (childTotals.get(item.parent_id) ?? Decimal.ZERO).add(D(item.total)));
    }

    if (item.type === 'group') {
      for (const f of MONEY_FIELDS) if (item[f] !== null) fail(`${f} of group ${item.id} is not null`);
      if (item.unit !== null) fail(`unit of group ${item.id} is not null`);
      continue;
    }
    if (item.type !== 'position') fail(`type of ${item.id}: ${String(item.type)}`);

    let complete = true;
    for (const f of MONEY_FIELDS) {
      const v = item[f];
      if (v === null || !FIXED.test(v)) {
        fail(`${f} of position ${item.id}: ${String(v)}`);
        complete = false;
      }
    }
    if (typeof item.unit !== 'string' || item.unit === '') fail(`unit of position ${item.id}`);
    if (!complete) continue;
    const q = D(item.quantity);
    const labor = q.mul(D(item.labor_unit_price)).round(2);
    const equipment = q.mul(D(item.equipment_unit_price)).round(2);
    const material = q.mul(D(item.material_unit_price)).round(2);
    const other = q.mul(D(item.other_unit_price)).round(2);
    if (!D(item.labor_cost).eq(labor)) fail(`labor_cost of ${item.id}`);
    if (!D(item.equipment_cost).eq(equipment)) fail(`equipment_cost of ${item.id}`);
    if (!D(item.material_cost).eq(material)) fail(`material_cost of ${item.id}`);
    if (!D(item.other_cost).eq(other)) fail(`other_cost of ${item.id}`);
    const totalCost = labor.add(equipment).add(material).add(other);
    if (!D(item.total_cost).eq(totalCost)) fail(`total_cost of ${item.id}`);
    const expected = totalCost
      .add(D(item.markup))
      .sub(D(item.discount))
      .mul(Decimal.fromInteger(1).add(D(item.tax)))
      .round(2);
    if (!D(item.total).eq(expected))
      fail(`total of ${item.id}: ${item.total}, expected ${expected.toFixed(12)}`);
  }

  // A group's total is the exact sum of its children's totals.
  for (const item of items) {
    if (item.type !== 'group') continue;
    const sum = childTotals.get(item.id) ?? Decimal.ZERO;
    if (!D(item.total).eq(sum))
      fail(`total of group ${item.id}: ${item.total}, children sum ${sum.toFixed(12)}`);
  }

  // Totals: as computed by computeEstimateTotals, and consistent in themselves.
  const totals = estimate.estimate_totals;
  if (JSON.stringify(totals) !== JSON.stringify(computeEstimateTotals(items))) {
    fail('estimate_totals differ from computeEstimateTotals(items)');
  }
  for (const [k, v] of Object.entries(totals)) if (!FIXED.test(v)) fail(`${k}: ${v}`);
  const positions = items.filter((i) => i.type === 'position');
  const sum = (f: keyof SimEstimateItem): Decimal => Decimal.sum(positions.map((p) => D(p[f] as string)));
  if (!D(totals.labor_costs_total).eq(sum('labor_cost'))) fail('labor_costs_total');
  if (!D(totals.material_costs_total).eq(sum('material_cost'))) fail('material_costs_total');
  if (!D(totals.costs_total).eq(sum('total_cost'))) fail('costs_total');
  if (!D(totals.total).eq(sum('total'))) fail('total');
  if (!D(totals.subtotal_without_tax).add(D(totals.tax_total)).eq(D(totals.total)))
    fail('subtotal + tax ≠ total');
  // The grand total is also the sum of the top-level items' totals.
  const topLevel = Decimal.sum(items.filter((i) => i.parent_id === null).map((i) => D(i.total)));
  if (!topLevel.eq(D(totals.total))) fail('top-level totals do not add up to the total');
  return problems;
}

function collectFormIds(elements: SimFormElement[], out: string[]): number {
  let depth = 0;
  for (const el of elements) {
    out.push(el.id);
    const childDepth = el.children ? collectFormIds(el.children, out) : 0;
    depth = Math.max(depth, 1 + childDepth);
  }
  return depth;
}

/** Every identifier in a workspace. */
function workspaceIds(w: SimWorkspace): string[] {
  const ids: string[] = [w.id];
  for (const u of w.users) ids.push(u.id);
  for (const t of w.teams) ids.push(t.id);
  for (const f of w.forms) {
    ids.push(f.id);
    collectFormIds(f.children, ids);
  }
  for (const p of w.projects) {
    ids.push(p.id, p.plan.id);
    for (const floor of p.plan.floors) {
      ids.push(floor.id);
      for (const room of floor.rooms) {
        ids.push(room.id);
        for (const wall of room.walls) ids.push(wall.uid);
        for (const o of room.objects) ids.push(o.uid);
      }
    }
    for (const e of p.estimates) {
      ids.push(e.id);
      for (const i of e.items) ids.push(i.id);
    }
    for (const f of p.files) ids.push(f.id);
  }
  return ids;
}

const hundredths = (x: number): number => Math.round(x * 100);

/** Statistics in integer hundredths, so sums are exact. */
interface Sums {
  area: number;
  perimeter: number;
  volume: number;
  walls: number;
}
const emptySums = (): Sums => ({ area: 0, perimeter: 0, volume: 0, walls: 0 });
function addSums(into: Sums, s: Sums): void {
  into.area += s.area;
  into.perimeter += s.perimeter;
  into.volume += s.volume;
  into.walls += s.walls;
}

function expectStats(stats: SimStatistics, s: Sums): void {
  expect(hundredths(stats.area)).toBe(s.area);
  expect(hundredths(stats.perimeter)).toBe(s.perimeter);
  expect(hundredths(stats.volume)).toBe(s.volume);
  expect(hundredths(stats.walls_surface)).toBe(s.walls);
  expect(hundredths(stats.floor_surface)).toBe(s.area);
  expect(hundredths(stats.ceiling_surface)).toBe(s.area);
}

describe('demo data set', () => {
  let demo: SimDataset;
  beforeAll(() => {
    demo = generateDemoDataset();
  });

  it('matches the committed resources/demo/dataset.json', () => {
    const committed: unknown = JSON.parse(readFileSync(DATASET_PATH, 'utf8'));
    expect(committed).toEqual(JSON.parse(JSON.stringify(demo)));
  });

  it('is deterministic', () => {
    const again = generateDemoDataset();
    expect(JSON.stringify(again)).toBe(JSON.stringify(demo));
    expect(again).toEqual(demo);
  });

  it('has the two workspaces with distinct credentials and disjoint identifiers', () => {
    expect(demo.version).toBe(1);
    expect(demo.workspaces.map((w) => w.name)).toEqual([
      'Nordlicht Renovierung GmbH',
      'Atelier Lumière Rénovation',
    ]);
    const [a, b] = demo.workspaces as [SimWorkspace, SimWorkspace];
    expect(a.customer).toBe('demo-nordlicht');
    expect(a.key).toBe('demo-key-nordlicht-7Q2x9');
    expect(b.customer).toBe('demo-lumiere');
    expect(b.key).toBe('demo-key-lumiere-4Fp8k');
    expect(a.customer).not.toBe(b.customer);
    expect(a.key).not.toBe(b.key);

    const idsA = workspaceIds(a);
    const idsB = workspaceIds(b);
    expect(new Set(idsA).size).toBe(idsA.length);
    expect(new Set(idsB).size).toBe(idsB.length);
    const setA = new Set(idsA);
    expect(idsB.filter((id) => setA.has(id))).toEqual([]);
    for (const id of [...idsA, ...idsB]) expect(id).toMatch(UUID);
  });

  it('has users, teams and forms as specified', () => {
    for (const w of demo.workspaces) {
      expect(w.users.length).toBeGreaterThanOrEqual(3);
      expect(w.users.length).toBeLessThanOrEqual(6);
      expect(w.users[0]?.role).toBe('admin');
      expect(w.owner_id).toBe(w.users[0]?.id);
      expect(new Set(w.users.map((u) => u.email)).size).toBe(w.users.length);
      const userIds = new Set(w.users.map((u) => u.id));
      expect(w.teams.length).toBeGreaterThanOrEqual(2);
      expect(w.teams.length).toBeLessThanOrEqual(3);
      for (const t of w.teams) for (const m of t.member_ids) expect(userIds.has(m)).toBe(true);
      expect(w.forms.length).toBeGreaterThanOrEqual(3);
      expect(w.forms.length).toBeLessThanOrEqual(4);
      for (const f of w.forms) {
        expect(f.context.length).toBeGreaterThan(0);
        for (const c of f.context) expect(['plan', 'floor', 'room', 'objectsTree']).toContain(c);
        expect(collectFormIds(f.children, [])).toBeGreaterThanOrEqual(2);
      }
      expect(w.webhook_url).toBeNull();
      expect(w.formats).toContain('pdf');
      expect([null, '{base}/workspace/logo.png']).toContain(w.logo);
    }
  });

  it('has about thirty projects per workspace with the expected mix', () => {
    for (const w of demo.workspaces) {
      const projects = w.projects;
      expect(projects.length).toBeGreaterThanOrEqual(30);
      expect(projects.length).toBeLessThanOrEqual(31);
      const archived = projects.filter((p) => p.archived_at !== null).length;
      expect(archived).toBeGreaterThanOrEqual(3);
      expect(archived).toBeLessThanOrEqual(7);
      const refs = projects.map((p) => p.external_reference_id).filter((r): r is string => r !== null);
      expect(refs.length / projects.length).toBeGreaterThan(0.5);
      expect(refs.length / projects.length).toBeLessThan(0.7);
      expect(new Set(refs).size).toBe(refs.length);
      expect(projects.some((p) => p.plan.unit_system === 'imperial')).toBe(true);
      expect(projects.filter((p) => p.plan.unit_system === 'metric').length).toBeGreaterThan(
        projects.length / 2,
      );
      expect(projects.some((p) => p.estimates.length === 0)).toBe(true);
      expect(projects.some((p) => p.files.length > 10)).toBe(true);
      expect(projects.filter((p) => /[äöüßéèçñø]/i.test(p.name)).length).toBeGreaterThan(10);
      const userIds = new Set(w.users.map((u) => u.id));
      const teamIds = new Set(w.teams.map((t) => t.id));
      for (const p of projects) {
        expect(userIds.has(p.assignee_id)).toBe(true);
        expect(userIds.has(p.creator_id)).toBe(true);
        if (p.team_id !== null) expect(teamIds.has(p.team_id)).toBe(true);
        expect(p.user_created).toMatch(ISO_MICRO);
        expect(p.user_modified).toMatch(ISO_MICRO);
        if (p.archived_at !== null) expect(p.archived_at).toMatch(ISO_MICRO);
        expect(['DE', 'FR', 'PT', 'ES']).toContain(p.address.country);
      }
    }
  });

  it('has consistent plans: statistics, counts, walls, objects and image maps', () => {
    for (const w of demo.workspaces) {
      for (const p of w.projects) {
        const plan = p.plan;
        expect(plan.created).toMatch(ISO_OFFSET);
        expect(plan.floors.length).toBeGreaterThanOrEqual(1);
        expect(plan.floors.length).toBeLessThanOrEqual(3);
        const planSum = emptySums();
        let doors = 0;
        let windows = 0;
        for (const floor of plan.floors) {
          expect(floor.rooms.length).toBeGreaterThanOrEqual(2);
          expect(floor.rooms.length).toBeLessThanOrEqual(6);
          expect(floor.image_map.url).toBe(`{base}/plans/${plan.id}/floors/${floor.id}/image.png`);
          expect(floor.image_map.areas.map((a) => a.room_id)).toEqual(floor.rooms.map((r) => r.id));
          for (const a of floor.image_map.areas) expect(a.coords).toHaveLength(4);
          expect(typeof floor.values.ceilingHeight).toBe('number');
          const floorSum = emptySums();
          for (const room of floor.rooms) {
            expect(room.image_map.url).toBe(`{base}/plans/${plan.id}/rooms/${room.id}/image.png`);
            const wH = hundredths(room.dimensions.width);
            const lH = hundredths(room.dimensions.length);
            const cH = hundredths(room.values.ceilingHeight);
            const area = Math.round((wH * lH) / 100);
            const perimeter = 2 * (wH + lH);
            const volume = Math.round((area * cH) / 100);
            const walls = Math.round((perimeter * cH) / 100);
            const roomSums: Sums = { area, perimeter, volume, walls };
            expectStats(room.statistics, roomSums);
            addSums(floorSum, roomSums);

            expect(room.walls.length).toBeGreaterThanOrEqual(4);
            expect(room.walls.length).toBeLessThanOrEqual(6);
            const wallLength = room.walls.reduce((s, wall) => {
              expect(wall.values.map((v) => v.key)).toEqual(['length', 'height', 'thickness', 'material']);
              expect(['drywall', 'brick', 'concrete']).toContain(wall.values[3]?.value);
              return s + hundredths(wall.values[0]?.value as number);
            }, 0);
            expect(wallLength).toBe(perimeter);
            const wallUids = new Set(room.walls.map((wall) => wall.uid));
            for (const o of room.objects) {
              if (o.category === 'door') doors++;
              if (o.category === 'window') windows++;
              if (o.category === 'furniture') {
                if (o.wall_uid !== null) expect(wallUids.has(o.wall_uid)).toBe(true);
              } else {
                expect(wallUids.has(o.wall_uid)).toBe(true);
              }
              if (o.category === 'affected_area') {
                expect(o.values.color).toMatch(/^#[0-9A-F]{6}$/);
                expect(o.values.dimensions.width).toBeGreaterThan(0);
              } else {
                expect(o.values.width).toBeGreaterThan(0);
              }
            }
            expect(room.values.ground.color).toMatch(/^#[0-9A-F]{6}$/);
            expect(['living', 'kitchen', 'bathroom', 'bedroom', 'hallway', 'office']).toContain(
              room.values.roomType,
            );
          }
          expectStats(floor.statistics, floorSum);
          addSums(planSum, floorSum);
        }
        expectStats(plan.statistics, planSum);
        expect(plan.door_count).toBe(doors);
        expect(plan.windows_count).toBe(windows);
      }
    }
  });

  it('has files with matching content types', () => {
    for (const w of demo.workspaces) {
      for (const p of w.projects) {
        expect(p.files.length).toBeGreaterThanOrEqual(1);
        expect(new Set(p.files.map((f) => f.name)).size).toBe(p.files.length);
        for (const f of p.files) {
          expect(f.origin).toBe('upload');
          expect(f.name.toLowerCase().endsWith(`.${f.file_type}`)).toBe(true);
          expect(f.content_type).not.toBe('application/octet-stream');
          expect(f.size).toBeGreaterThanOrEqual(1_000);
          expect(f.size).toBeLessThanOrEqual(900_000);
          expect(f.created).toMatch(ISO_OFFSET);
          expect(f.content_seed.length).toBeGreaterThan(0);
        }
      }
    }
  });

  it('has estimates with exact money, valid trees and deep groups', () => {
    const estimates = allEstimates(demo);
    expect(estimates.length).toBeGreaterThan(40);
    for (const e of estimates) {
      expect(e.items.length).toBeGreaterThanOrEqual(15);
      expect(e.items.length).toBeLessThanOrEqual(80);
      expect(estimateProblems(e)).toEqual([]);
      if (e.items.length >= 20) expect(groupNesting(e.items)).toBeGreaterThanOrEqual(3);
      // Listed out of tree order: some item comes before its parent.
      const position = new Map(e.items.map((item, i) => [item.id, i]));
      expect(
        e.items.some(
          (i) => i.parent_id !== null && (position.get(i.parent_id) ?? 0) > (position.get(i.id) ?? 0),
        ),
      ).toBe(true);
    }
    expect(estimates.some((e) => groupNesting(e.items) >= 3)).toBe(true);
  });

  it('has estimate headers that mirror the project and workspace', () => {
    for (const w of demo.workspaces) {
      const names = new Set(w.users.map((u) => `${u.firstname} ${u.lastname}`));
      const uniqueIds = new Set<string>();
      for (const p of w.projects) {
        for (const e of p.estimates) {
          expect(e.plan_id).toBe(p.plan.id);
          expect(['draft', 'final']).toContain(e.status);
          expect(['EUR', 'CHF']).toContain(e.currency);
          expect(e.unique_identifier).toMatch(/^E2026\d{5}$/);
          expect(uniqueIds.has(e.unique_identifier)).toBe(false);
          uniqueIds.add(e.unique_identifier);
          expect(names.has(e.creator)).toBe(true);
          expect(names.has(e.last_modifier)).toBe(true);
          for (const t of [e.created, e.modified, e.date_issue, e.date_valid_until])
            expect(t).toMatch(SQL_TIME);
          expect(e.project.id).toBe(p.id);
          expect(e.project.name).toBe(p.name);
          expect(e.project.address.street).toBe(p.address.street);
          expect(e.project.address.id).toMatch(UUID);
          expect(e.customer.firstname.length).toBeGreaterThan(0);
          expect(e.customer.email).toContain('@');
          expect(e.company.company).toBe(w.name);
          expect([null, '{base}/workspace/logo.png']).toContain(e.company.logo_url);
          expect([null, '{base}/workspace/watermark.png']).toContain(e.company.watermark_url);
        }
      }
    }
    const estimates = allEstimates(demo);
    expect(estimates.some((e) => e.status === 'draft')).toBe(true);
    expect(estimates.some((e) => e.status === 'final')).toBe(true);
    expect(estimates.filter((e) => e.currency !== 'EUR').length).toBeLessThanOrEqual(1);
    expect(estimates.some((e) => e.items.some((i) => i.internal_notes !== ''))).toBe(true);
    expect(estimates.some((e) => e.items.some((i) => i.discount !== null && !D(i.discount).isZero()))).toBe(
      true,
    );
  });
});

describe('computeEstimateTotals', () => {
  it('sums positions only and derives tax and subtotal', () => {
    const at = { created: '2026-01-05 08:00:00', modified: '2026-01-05 08:00:00' };
    const items: SimEstimateItem[] = [
      simItem({ id: 'g', parent_id: null, type: 'group', sort: 1, total: '142.800000000000', ...at }),
      simItem({
        id: 'p',
        parent_id: 'g',
        type: 'position',
        sort: 1,
        ...at,
        unit: 'h',
        // 2 h × (50 + 5): cost 110, markup 11, discount 1, total 120 × 1.19 = 142.80.
        ...pricePosition({
          quantity: Decimal.parse('2'),
          labor: Decimal.parse('50'),
          material: Decimal.parse('5'),
          markupRate: Decimal.parse('0.1'),
          discount: { amount: Decimal.parse('1') },
          tax: Decimal.parse('0.19'),
        }).fields,
      }),
    ];
    expect(computeEstimateTotals(items)).toEqual({
      equipment_costs_total: '0.000000000000',
      material_costs_total: '10.000000000000',
      labor_costs_total: '100.000000000000',
      other_costs_total: '0.000000000000',
      costs_total: '110.000000000000',
      markup_total: '11.000000000000',
      discount_total: '1.000000000000',
      subtotal_without_tax: '120.000000000000',
      tax_total: '22.800000000000',
      total: '142.800000000000',
    });
  });
});

describe('Prng', () => {
  it('is deterministic and produces UUID-shaped identifiers', () => {
    const a = new Prng(42);
    const b = new Prng(42);
    const seqA = Array.from({ length: 20 }, () => a.uuid());
    const seqB = Array.from({ length: 20 }, () => b.uuid());
    expect(seqA).toEqual(seqB);
    for (const id of seqA) expect(id).toMatch(UUID);
    expect(new Set(seqA).size).toBe(seqA.length);
    const r = new Prng(7);
    for (let i = 0; i < 1000; i++) {
      const n = r.int(3, 5);
      expect(n).toBeGreaterThanOrEqual(3);
      expect(n).toBeLessThanOrEqual(5);
    }
  });
});

describe('large data set', () => {
  // Generating 5,000 projects is seconds of work, many on a loaded machine: a generous limit (the
  // generator's speed is not what this tests).
  it(
    'has 5,000 projects, one estimate with exactly 20,000 items and one with 2,000',
    { timeout: 180_000 },
    () => {
      const large = generateLargeDataset();
      expect(large.workspaces).toHaveLength(1);
      const w = large.workspaces[0] as SimWorkspace;
      expect(w.name).toBe('Large Workspace');
      expect(w.customer).toBe('large-customer');
      expect(w.key).toBe('large-key-0000000000');
      expect(w.projects).toHaveLength(5_000);
      const ids = workspaceIds(w);
      expect(new Set(ids).size).toBe(ids.length);

      const bench = w.projects[0];
      expect(bench?.name).toBe('Benchmark Tower');
      expect(bench?.external_reference_id).toBe('BENCH-20000');
      const big = bench?.estimates.find((e) => e.name === 'Benchmark estimate 20k');
      expect(big?.items).toHaveLength(20_000);
      expect(estimateProblems(big as SimEstimate)).toEqual([]);
      expect(groupNesting((big as SimEstimate).items)).toBeGreaterThanOrEqual(3);
      const bigPositions = (big as SimEstimate).items.filter((i) => i.type === 'position');
      const d = depths((big as SimEstimate).items);
      expect(bigPositions.some((i) => (d.get(i.id) ?? 0) >= 4)).toBe(true);

      // A second one of 2,000 items, for the PDF benchmarks.
      const quote = bench?.estimates.find((e) => e.name === 'Benchmark quote 2k');
      expect(quote?.items).toHaveLength(2_000);
      expect(bench?.estimates[0]).toBe(big);
      expect(estimateProblems(quote as SimEstimate)).toEqual([]);
      const others = allEstimates(large).filter((e) => e !== big);
      expect(others.every((e) => e.items.length < 20_000)).toBe(true);
      expect(others.flatMap((e) => estimateProblems(e))).toEqual([]);
    },
  );
});
