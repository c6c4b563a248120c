/**
 * The image map of a floor (or room) image: areas in the map's coordinate space (`width` × `height`
 * of the image map), drawn as an SVG overlay on the image. The overlay's viewBox is the image's own
 * pixel size, so the coordinates are scaled from the map's space to the image's; the browser then
 * scales the SVG with the image. Pure functions, no DOM.
 *
 * Coordinates follow HTML image maps: 4 numbers are a rectangle (x1, y1, x2, y2), 3 a circle
 * (x, y, r), 6 or more (an even count) a polygon (x1, y1, x2, y2, …). Anything else is not drawn.
 */

export interface Size {
  width: number;
  height: number;
}

export type AreaShape =
  | { kind: 'rect'; x: number; y: number; width: number; height: number }
  | { kind: 'circle'; cx: number; cy: number; r: number }
  | { kind: 'polygon'; points: [number, number][] };

function positive(n: number | null | undefined): n is number {
  return typeof n === 'number' && Number.isFinite(n) && n > 0;
}

/**
 * How much to multiply map coordinates by to get image pixels. A map without its own size is taken
 * to be in the image's pixels.
 */
export function scaleFactors(
  map: { width: number | null; height: number | null },
  image: Size,
): { sx: number; sy: number } {
  const sx = positive(map.width) && positive(image.width) ? image.width / map.width : 1;
  const sy = positive(map.height) && positive(image.height) ? image.height / map.height : 1;
  return { sx, sy };
}

const round = (n: number) => Math.round(n * 100) / 100;

/** One area's shape in image pixels; null when its coordinates describe no shape. */
export function areaShape(
  coords: readonly number[],
  map: { width: number | null; height: number | null },
  image: Size,
): AreaShape | null {
  if (!coords.every((n) => Number.isFinite(n))) return null;
  const { sx, sy } = scaleFactors(map, image);
  if (coords.length === 4) {
    const [x1, y1, x2, y2] = coords as [number, number, number, number];
    const width = Math.abs(x2 - x1) * sx;
    const height = Math.abs(y2 - y1) * sy;
    if (width === 0 || height === 0) return null;
    return {
      kind: 'rect',
      x: round(Math.min(x1, x2) * sx),
      y: round(Math.min(y1, y2) * sy),
      width: round(width),
      height: round(height),
    };
  }
  if (coords.length === 3) {
    const [cx, cy, r] = coords as [number, number, number];
    if (r <= 0) return null;
    return { kind: 'circle', cx: round(cx * sx), cy: round(cy * sy), r: round(r * Math.min(sx, sy)) };
  }
  if (coords.length >= 6 && coords.length % 2 === 0) {
    const points: [number, number][] = [];
    for (let i = 0; i < coords.length; i += 2) {
      points.push([round((coords[i] as number) * sx), round((coords[i + 1] as number) * sy)]);
    }
    return { kind: 'polygon', points };
  }
  return null;
}

/** The SVG `points` attribute of a polygon. */
export function pointsAttr(points: readonly [number, number][]): string {
  return points.map(([x, y]) => `${x},${y}`).join(' ');
}

/** Where a shape's label goes: the centre of its bounding box. */
export function shapeCentre(shape: AreaShape): { x: number; y: number } {
  if (shape.kind === 'rect') return { x: shape.x + shape.width / 2, y: shape.y + shape.height / 2 };
  if (shape.kind === 'circle') return { x: shape.cx, y: shape.cy };
  const xs = shape.points.map((p) => p[0]);
  const ys = shape.points.map((p) => p[1]);
  return { x: (Math.min(...xs) + Math.max(...xs)) / 2, y: (Math.min(...ys) + Math.max(...ys)) / 2 };
}

/** The width and height of a shape's bounding box. */
export function shapeBox(shape: AreaShape): Size {
  if (shape.kind === 'rect') return { width: shape.width, height: shape.height };
  if (shape.kind === 'circle') return { width: shape.r * 2, height: shape.r * 2 };
  const xs = shape.points.map((p) => p[0]);
  const ys = shape.points.map((p) => p[1]);
  return { width: Math.max(...xs) - Math.min(...xs), height: Math.max(...ys) - Math.min(...ys) };
}

/** Average advance of a character of the labels' (bold) font, as a share of the font size. */
const CHAR_WIDTH = 0.62;

/**
 * The font size (image pixels) for a room's label lines inside its shape: at most `base` (a share of
 * the image, so labels look alike on every image), smaller when the lines would not fit the box,
 * null when they would have to be too small to read.
 */
export function labelFontSize(shape: AreaShape, lines: readonly string[], image: Size): number | null {
  const base = Math.max(10, Math.min(image.width, image.height) / 32);
  const box = shapeBox(shape);
  const longest = Math.max(1, ...lines.map((l) => l.length));
  const byWidth = (box.width * 0.9) / (longest * CHAR_WIDTH);
  const byHeight = (box.height * 0.8) / (lines.length * 1.25);
  const size = Math.min(base, byWidth, byHeight);
  return size >= base * 0.45 ? Math.round(size * 10) / 10 : null;
}
