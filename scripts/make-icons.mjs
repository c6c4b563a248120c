// PlanDesk's icons for every platform, from one source image: a 1024 × 1024 PNG drawn here by code
// (a floor plan on a blue tile). Every other file is made from that PNG: the Linux sizes by area
// averaging, the Windows .ico and the macOS .icns by png2icons. Run by `npm run icons` (and so by
// `npm run package` and the packaging check); the results go to build/icons/, which is not committed.
//   node scripts/make-icons.mjs [outDir]
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { encode } from 'fast-png';
import png2icons from 'png2icons';

const SIZE = 1024;
const SAMPLES = 4; // per axis: 16 samples a pixel smooth the edges
const LINUX_SIZES = [16, 24, 32, 48, 64, 128, 256, 512, 1024];
const out = path.resolve(process.argv[2] ?? 'build/icons');

// ---- the drawing, in 1024 units ----------------------------------------------------------------
const TILE = { x0: 64, y0: 64, x1: 960, y1: 960, r: 190 };
const WALL = 40;
/** Walls of the plan: outer rectangle with a door gap, and inner walls, as rectangles. */
const walls = [
  [232, 232, 792, 232 + WALL], // top
  [232, 752 - WALL, 430, 752], // bottom, left of the door
  [560, 752 - WALL, 792, 752], // bottom, right of the door
  [232, 232, 232 + WALL, 752], // left
  [792 - WALL, 232, 792, 752], // right
  [520, 232, 520 + WALL, 470], // inner vertical (upper part)
  [520, 560, 520 + WALL, 752], // inner vertical (lower part, after a doorway)
  [232, 470, 440, 470 + WALL], // inner horizontal
];
/** A dimension line under the plan: the estimator's mark. */
const accent = [
  [232, 812, 792, 836],
  [232, 790, 256, 858],
  [768, 790, 792, 858],
];

function inRoundedRect(x, y, { x0, y0, x1, y1, r }) {
  if (x < x0 || x > x1 || y < y0 || y > y1) return false;
  const cx = Math.min(Math.max(x, x0 + r), x1 - r);
  const cy = Math.min(Math.max(y, y0 + r), y1 - r);
  return (x - cx) ** 2 + (y - cy) ** 2 <= r * r;
}

const inRects = (x, y, rects) => rects.some(([a, b, c, d]) => x >= a && x <= c && y >= b && y <= d);

const TRANSPARENT = 0;
const TILE_FILL = 1;
const WALL_FILL = 2;
const ACCENT_FILL = 3;

/** Which part of the drawing a point is in. */
function regionAt(x, y) {
  if (!inRoundedRect(x, y, TILE)) return TRANSPARENT;
  if (inRects(x, y, walls)) return WALL_FILL;
  if (inRects(x, y, accent)) return ACCENT_FILL;
  return TILE_FILL;
}

/** The colour of a region at height y, as [r, g, b, a] in 0–255. */
function colour(region, y) {
  if (region === WALL_FILL) return [255, 255, 255, 255];
  if (region === ACCENT_FILL) return [255, 176, 59, 255];
  if (region === TRANSPARENT) return [0, 0, 0, 0];
  // A top-to-bottom gradient on the tile: #2F6FDE → #1B3F8F.
  const t = (y - TILE.y0) / (TILE.y1 - TILE.y0);
  return [47 + (27 - 47) * t, 111 + (63 - 111) * t, 222 + (143 - 222) * t, 255];
}

/** Writes a pixel from premultiplied sums over `n` samples. */
function put(data, i, sum, n) {
  for (let k = 0; k < 3; k++) data[i + k] = sum[3] ? Math.round(sum[k] / sum[3]) : 0;
  data[i + 3] = Math.round(sum[3] / n);
}

function drawSource() {
  const data = new Uint8Array(SIZE * SIZE * 4);
  for (let py = 0; py < SIZE; py++) {
    for (let px = 0; px < SIZE; px++) {
      const i = (py * SIZE + px) * 4;
      const corner = regionAt(px, py);
      // Inside one region the pixel is flat; only pixels on an edge are sampled finely.
      if (
        corner === regionAt(px + 1, py) &&
        corner === regionAt(px, py + 1) &&
        corner === regionAt(px + 1, py + 1)
      ) {
        data.set(colour(corner, py + 0.5).map(Math.round), i);
        continue;
      }
      const sum = [0, 0, 0, 0];
      for (let sy = 0; sy < SAMPLES; sy++) {
        for (let sx = 0; sx < SAMPLES; sx++) {
          const y = py + (sy + 0.5) / SAMPLES;
          const c = colour(regionAt(px + (sx + 0.5) / SAMPLES, y), y);
          // Premultiplied, so transparent samples do not darken the edge.
          for (let k = 0; k < 3; k++) sum[k] += c[k] * c[3];
          sum[3] += c[3];
        }
      }
      put(data, i, sum, SAMPLES * SAMPLES);
    }
  }
  return data;
}

/** Area-averaged downscale of the source: each pixel averages the source pixels it covers. */
function downscale(source, size) {
  const f = SIZE / size;
  const data = new Uint8Array(size * size * 4);
  for (let y = 0; y < size; y++) {
    const y0 = Math.floor(y * f);
    const y1 = Math.max(y0 + 1, Math.floor((y + 1) * f));
    for (let x = 0; x < size; x++) {
      const x0 = Math.floor(x * f);
      const x1 = Math.max(x0 + 1, Math.floor((x + 1) * f));
      const sum = [0, 0, 0, 0];
      for (let sy = y0; sy < y1; sy++) {
        for (let sx = x0; sx < x1; sx++) {
          const i = (sy * SIZE + sx) * 4;
          const a = source[i + 3];
          for (let k = 0; k < 3; k++) sum[k] += source[i + k] * a;
          sum[3] += a;
        }
      }
      put(data, (y * size + x) * 4, sum, (y1 - y0) * (x1 - x0));
    }
  }
  return data;
}

const png = (data, size) => Buffer.from(encode({ width: size, height: size, data, channels: 4, depth: 8 }));

mkdirSync(out, { recursive: true });
const source = drawSource();
const sourcePng = png(source, SIZE);
for (const size of LINUX_SIZES) {
  writeFileSync(
    path.join(out, `${size}x${size}.png`),
    size === SIZE ? sourcePng : png(downscale(source, size), size),
  );
}
png2icons.setLogger(() => undefined);
const ico = png2icons.createICO(sourcePng, png2icons.BICUBIC2, 0, true, true);
const icns = png2icons.createICNS(sourcePng, png2icons.BICUBIC2, 0);
if (!ico || !icns) throw new Error('png2icons could not make the .ico or .icns from the source image.');
writeFileSync(path.join(out, 'icon.ico'), ico);
writeFileSync(path.join(out, 'icon.icns'), icns);
console.log(
  `Icons written to ${path.relative(process.cwd(), out) || '.'}: ${LINUX_SIZES.length} PNG sizes, icon.ico, icon.icns`,
);
