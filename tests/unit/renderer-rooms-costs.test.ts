import { beforeAll, describe, expect, it } from 'vitest';
import type { EstimateRow } from '../../src-shared/estimates/types';

/* Loaded at run time for the reason given in renderer-i18n.test.ts (tsconfig.node.json does not include src-renderer). */
interface CostScale {
  bounds: number[];
}
interface ScaleModule {
  COST_COLOURS: readonly string[];
  niceStep: (x: number) => number;
  costScale: (nets: readonly number[]) => CostScale | null;
  costClass: (scale: CostScale, net: number) => number;
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
  it('five classes of a round width, the top one just above the dearest room', () => {
    expect(scale.niceStep(1073.4)).toBe(1200);
    expect(scale.niceStep(0.07)).toBeCloseTo(0.08);
    expect(scale.niceStep(0)).toBe(1);
    const s = scale.costScale([3994.83, 5367.08, 12])!;
    expect(s.bounds).toEqual([0, 1200, 2400, 3600, 4800, 6000]);
    expect([12, 1200, 3994.83, 5367.08, 6000, -50].map((n) => scale.costClass(s, n))).toEqual([
      0, 1, 3, 4, 4, 0,
    ]);
    expect(scale.costScale([])).toBeNull();
    expect(scale.COST_COLOURS).toHaveLength(5);
  });

  it('gets darker class by class (readable in greyscale, not by hue alone)', () => {
    const lightness = scale.COST_COLOURS.map((hex) => {
      const [r, g, b] = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255);
      return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
    });
    for (let i = 1; i < lightness.length; i++) expect(lightness[i]!).toBeLessThan(lightness[i - 1]!);
  });
});

function row(id: string, type: 'group' | 'position', depth: number, parentIndex: number): EstimateRow {
  return { id, type, depth, parentIndex, subtreeSize: 0 } as EstimateRow;
}

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

  it('names a room by its id, or by its place when it has none', () => {
    expect(places.placeToken({ roomId: 'r-1', index: 4 })).toBe('id:r-1');
    expect(places.placeToken({ roomId: null, index: 4 })).toBe('index:4');
  });
});
