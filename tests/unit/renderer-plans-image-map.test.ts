import { beforeAll, describe, expect, it } from 'vitest';

/* Loaded at run time for the reason given in renderer-i18n.test.ts (tsconfig.node.json does not include src-renderer). */
interface Size {
  width: number;
  height: number;
}
type AreaShape =
  | { kind: 'rect'; x: number; y: number; width: number; height: number }
  | { kind: 'circle'; cx: number; cy: number; r: number }
  | { kind: 'polygon'; points: [number, number][] };
interface MapSize {
  width: number | null;
  height: number | null;
}
interface ImageMapModule {
  scaleFactors: (map: MapSize, image: Size) => { sx: number; sy: number };
  areaShape: (coords: readonly number[], map: MapSize, image: Size) => AreaShape | null;
  pointsAttr: (points: readonly [number, number][]) => string;
  shapeCentre: (shape: AreaShape) => { x: number; y: number };
}

let m: ImageMapModule;
beforeAll(async () => {
  const specifier = '../../src-renderer/src/features/plans/image-map.ts';
  m = (await import(/* @vite-ignore */ specifier)) as ImageMapModule;
});

describe('image map coordinates', () => {
  it('keeps coordinates when the image has the map’s size', () => {
    expect(
      m.areaShape([20, 30, 220, 130], { width: 1600, height: 1000 }, { width: 1600, height: 1000 }),
    ).toEqual({
      kind: 'rect',
      x: 20,
      y: 30,
      width: 200,
      height: 100,
    });
  });

  it('scales from the map’s space to the image’s pixels, each axis on its own', () => {
    // The service sent an 800 × 500 image for a 1600 × 1000 map.
    expect(m.scaleFactors({ width: 1600, height: 1000 }, { width: 800, height: 500 })).toEqual({
      sx: 0.5,
      sy: 0.5,
    });
    expect(
      m.areaShape([20, 30, 220, 130], { width: 1600, height: 1000 }, { width: 800, height: 500 }),
    ).toEqual({
      kind: 'rect',
      x: 10,
      y: 15,
      width: 100,
      height: 50,
    });
    // A different aspect ratio scales x and y differently.
    expect(
      m.areaShape([100, 100, 200, 200], { width: 1000, height: 1000 }, { width: 2000, height: 500 }),
    ).toEqual({
      kind: 'rect',
      x: 200,
      y: 50,
      width: 200,
      height: 50,
    });
  });

  it('takes the coordinates as image pixels when the map has no size', () => {
    expect(m.scaleFactors({ width: null, height: 0 }, { width: 640, height: 480 })).toEqual({ sx: 1, sy: 1 });
    expect(m.areaShape([1, 2, 3, 4], { width: null, height: null }, { width: 640, height: 480 })).toEqual({
      kind: 'rect',
      x: 1,
      y: 2,
      width: 2,
      height: 2,
    });
  });

  it('normalises rectangles given corner to corner in any order', () => {
    expect(m.areaShape([220, 130, 20, 30], { width: 100, height: 100 }, { width: 100, height: 100 })).toEqual(
      {
        kind: 'rect',
        x: 20,
        y: 30,
        width: 200,
        height: 100,
      },
    );
  });

  it('reads polygons and circles as HTML image maps do', () => {
    const polygon = m.areaShape(
      [0, 0, 100, 0, 100, 50],
      { width: 200, height: 100 },
      { width: 100, height: 100 },
    );
    expect(polygon).toEqual({
      kind: 'polygon',
      points: [
        [0, 0],
        [50, 0],
        [50, 50],
      ],
    });
    expect(m.pointsAttr(polygon && polygon.kind === 'polygon' ? polygon.points : [])).toBe('0,0 50,0 50,50');
    expect(m.areaShape([50, 50, 10], { width: 100, height: 100 }, { width: 200, height: 400 })).toEqual({
      kind: 'circle',
      cx: 100,
      cy: 200,
      r: 20,
    });
  });

  it('draws nothing for coordinates that describe no shape', () => {
    const map = { width: 100, height: 100 };
    const image = { width: 100, height: 100 };
    expect(m.areaShape([], map, image)).toBeNull();
    expect(m.areaShape([1, 2], map, image)).toBeNull();
    expect(m.areaShape([1, 2, 3, 4, 5], map, image)).toBeNull();
    expect(m.areaShape([10, 10, 10, 50], map, image)).toBeNull();
    expect(m.areaShape([10, 10, 0], map, image)).toBeNull();
    expect(m.areaShape([0, 0, Number.NaN, 5], map, image)).toBeNull();
  });

  it('finds where a shape’s label goes', () => {
    expect(m.shapeCentre({ kind: 'rect', x: 10, y: 20, width: 100, height: 40 })).toEqual({ x: 60, y: 40 });
    expect(
      m.shapeCentre({
        kind: 'polygon',
        points: [
          [0, 0],
          [10, 0],
          [10, 30],
        ],
      }),
    ).toEqual({ x: 5, y: 15 });
  });
});
