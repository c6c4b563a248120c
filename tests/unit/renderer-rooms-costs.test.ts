import { beforeAll, describe, expect, it } from 'vitest';
import type { EstimateRow } from '../../src-shared/estimates/types';

/* Loaded at run time for the reason given in renderer-i18n.test.ts (tsconfig.node.json does not include src-renderer). */
interface CostScale {
  digits: number;
  bounds: number[];
}
interface ScaleModule {
  COST_COLOURS: readonly string[];
  niceStep: (x: number) => number;
  minorUnitsOf: (shown: string, digits: number) => number;
  costScale: (nets: readonly number[], digits: number) => CostScale | null;
  costClass: (scale: CostScale, net: number) => number;
  boundText: (scale: CostScale, i: number) => string;
}
interface PlacesModule {
  rowsOfPositions: (rows: readonly EstimateRow[], ids: ReadonlySet<string>) => EstimateRow[];
  placeToken: (room: { roomId: string | null; index: number }) => string;
}

let scale: ScaleModule;
let places: PlacesModule;
beforeAll(async () => {
  const dir = '../../src-renderer/src/features/plans/';
  scale = (await import(/* @vite-ignore */ `${dir}cost-scale.ts`)) as ScaleModule;
  places = (await import(/* @vite-ignore */ `${dir}room-places.ts`)) as PlacesModule;
});

describe('the cost overlay’s colour scale', () => {
  it('five classes of a round width in minor units, the top one just above the dearest room', () => {
    expect(scale.niceStep(107_340)).toBe(120_000);
    expect(scale.niceStep(1.2)).toBe(2);
    expect(scale.niceStep(0.4)).toBe(1);
    expect(scale.niceStep(0)).toBe(1);
    const nets = ['3994.83', '5367.08', '12.00'].map((n) => scale.minorUnitsOf(n, 2));
    expect(nets).toEqual([399_483, 536_708, 1_200]);
    const s = scale.costScale(nets, 2)!;
    expect(s.bounds).toEqual([0, 120_000, 240_000, 360_000, 480_000, 600_000]);
    expect([0, 1, 2, 3, 4, 5].map((i) => scale.boundText(s, i))).toEqual([
      '0.00',
      '1200.00',
      '2400.00',
      '3600.00',
      '4800.00',
      '6000.00',
    ]);
    expect([1_200, 120_000, 399_483, 536_708, 600_000].map((n) => scale.costClass(s, n))).toEqual([
      0, 1, 3, 4, 4,
    ]);
    expect(scale.costScale([], 2)).toBeNull();
    expect(scale.COST_COLOURS).toHaveLength(5);
  });

  it('starts below zero when a room is a credit, and every room is within the scale', () => {
    const nets = ['-250.00', '1000.00', '40.50'].map((n) => scale.minorUnitsOf(n, 2));
    const s = scale.costScale(nets, 2)!;
    expect(s.bounds).toEqual([-25_000, 0, 25_000, 50_000, 75_000, 100_000]);
    expect(scale.boundText(s, 0)).toBe('-250.00');
    expect(nets.map((n) => scale.costClass(s, n))).toEqual([0, 4, 1]);
    // Only credits: the scale ends at zero.
    const credits = scale.costScale([-5_000, -120_000], 2)!;
    expect(credits.bounds).toEqual([-125_000, -100_000, -75_000, -50_000, -25_000, 0]);
    expect(credits.bounds[0]!).toBeLessThanOrEqual(-120_000);
  });

  it('bounds are amounts of the currency, never finer than its minor unit', () => {
    // Three cents over five classes: one cent wide, not 0.006 €.
    const cents = scale.costScale([1, 3], 2)!;
    expect(cents.bounds).toEqual([0, 1, 2, 3, 4, 5]);
    expect(scale.boundText(cents, 1)).toBe('0.01');
    // Yen has no fraction; dinars three digits.
    const yen = scale.costScale([scale.minorUnitsOf('158777', 0)], 0)!;
    expect(yen.bounds).toEqual([0, 40_000, 80_000, 120_000, 160_000, 200_000]);
    expect(scale.boundText(yen, 1)).toBe('40000');
    const dinar = scale.costScale([scale.minorUnitsOf('360.392', 3)], 3)!;
    expect(scale.boundText(dinar, 5)).toBe('400.000');
    for (const b of [...yen.bounds, ...dinar.bounds, ...cents.bounds]) expect(Number.isInteger(b)).toBe(true);
  });

  it('gets darker class by class (readable in greyscale, not by hue alone)', () => {
    const lightness = scale.COST_COLOURS.map((hex) => {
      const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255);
      return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
    });
    for (let i = 1; i < lightness.length; i++) expect(lightness[i]!).toBeLessThan(lightness[i - 1]!);
  });
});

function row(
  id: string,
  type: 'group' | 'position',
  depth: number,
  parentIndex: number,
  money: Partial<EstimateRow> = {},
): EstimateRow {
  return { id, type, depth, parentIndex, subtreeSize: 0, ...money } as EstimateRow;
}

/** A position's figures: its net amount, total, markup and (optional) discount. */
const figures = (net: string, total: string, markup: string, discount: string | null = null) => ({
  net_amount: net,
  total,
  markup,
  discount,
  total_cost: null,
});

describe('the estimate cut down to a place’s positions', () => {
  it('keeps the positions and every group above them, with parents and subtree sizes counted again', () => {
    // 0 A ─ 1 A1 ─ 2 p1, 3 p2 ; 4 p3 ; 5 B ─ 6 p4
    const rows = [
      row('A', 'group', 0, -1),
      row('A1', 'group', 1, 0),
      row('p1', 'position', 2, 1),
      row('p2', 'position', 2, 1),
      row('p3', 'position', 1, 0),
      row('B', 'group', 0, -1),
      row('p4', 'position', 1, 5),
    ];
    const cut = places.rowsOfPositions(rows, new Set(['p2', 'p4']));
    expect(cut.map((r) => [r.id, r.parentIndex, r.subtreeSize, r.depth])).toEqual([
      ['A', -1, 2, 0],
      ['A1', 0, 1, 1],
      ['p2', 1, 0, 2],
      ['B', -1, 1, 0],
      ['p4', 3, 0, 1],
    ]);
    // The rows given are not changed.
    expect(rows[0]!.subtreeSize).toBe(0);
    expect(places.rowsOfPositions(rows, new Set())).toEqual([]);
  });

  it('a group kept shows what its positions kept come to, not the whole group’s figure', () => {
    // A ─ p1, p2 (another room), B ─ p3 ; the service's group figures cover all their positions.
    const rows = [
      row('A', 'group', 0, -1, {
        net_amount: '300.000000000000',
        total: '357.000000000000',
        computed_total: '357.000000000000',
      }),
      row('p1', 'position', 1, 0, figures('100.100000000000', '119.119000000000', '10.000000000000')),
      row(
        'p2',
        'position',
        1,
        0,
        figures('199.900000000000', '237.881000000000', '20.000000000000', '5.000000000000'),
      ),
      row('B', 'group', 0, -1, {
        net_amount: '50.000000000000',
        total: '59.500000000000',
        markup: '2.000000000000',
      }),
      row('p3', 'position', 1, 3, figures('0.000000000001', '0.000000000001', '2.000000000000')),
    ];
    const cut = places.rowsOfPositions(rows, new Set(['p1', 'p3']));
    const byId = new Map(cut.map((r) => [r.id, r]));
    expect(byId.get('A')).toMatchObject({
      net_amount: '100.100000000000',
      total: '119.119000000000',
      computed_total: '119.119000000000',
      markup: '10.000000000000',
      discount: null,
      total_cost: null,
    });
    expect(byId.get('B')).toMatchObject({
      net_amount: '0.000000000001',
      total: '0.000000000001',
      markup: '2.000000000000',
    });
    // Positions keep their own figures; the rows given keep theirs.
    expect(byId.get('p1')!.net_amount).toBe('100.100000000000');
    expect(rows[0]!.net_amount).toBe('300.000000000000');
    // Nested groups add up through every level.
    const nested = [
      row('G', 'group', 0, -1, { net_amount: '9.000000000000' }),
      row('H', 'group', 1, 0, { net_amount: '9.000000000000' }),
      row('q1', 'position', 2, 1, figures('1.250000000000', '1.250000000000', '0.000000000000')),
      row('q2', 'position', 2, 1, figures('2.500000000000', '2.500000000000', '0.000000000000')),
      row('q3', 'position', 1, 0, figures('4.000000000000', '4.000000000000', '0.000000000000')),
    ];
    const deep = places.rowsOfPositions(nested, new Set(['q1', 'q2', 'q3']));
    expect(deep.map((r) => [r.id, r.net_amount])).toEqual([
      ['G', '7.750000000000'],
      ['H', '3.750000000000'],
      ['q1', '1.250000000000'],
      ['q2', '2.500000000000'],
      ['q3', '4.000000000000'],
    ]);
  });

  it('names a room by its id, or by its place when it has none', () => {
    expect(places.placeToken({ roomId: 'r-1', index: 4 })).toBe('id:r-1');
    expect(places.placeToken({ roomId: null, index: 4 })).toBe('index:4');
  });
});
