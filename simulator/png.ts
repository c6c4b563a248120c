/**
 * PNG pictures of the simulator (fast-png encodes): plan images for the floor and room image
 * endpoints, and the seeded .png files (file-bytes.ts).
 */
import { encode, type IndexedColors } from 'fast-png';

/** An 8-bit indexed-colour PNG; `pixels[y * width + x]` indexes `palette`. Text values are Latin-1. */
export function indexedPng(
  width: number,
  height: number,
  palette: IndexedColors,
  pixels: Uint8Array,
  text: Record<string, string>,
): Buffer {
  const png = encode({ width, height, data: pixels, depth: 8, channels: 1, palette, text });
  return Buffer.from(png.buffer, png.byteOffset, png.byteLength);
}

export interface Box {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

const PLAN_PALETTE: IndexedColors = [
  [255, 255, 255],
  [40, 44, 52],
  [214, 232, 250],
  [250, 228, 206],
  [220, 240, 214],
  [240, 220, 240],
];

/**
 * A plan-like picture: white background, one filled and outlined box per room. Image-map
 * coordinates refer to the declared size, so boxes are scaled when the picture is shrunk.
 */
export function renderPlanPng(
  declaredWidth: number,
  declaredHeight: number,
  boxes: Box[],
  label: string,
): Buffer {
  const w0 = Number.isFinite(declaredWidth) && declaredWidth > 0 ? declaredWidth : 640;
  const h0 = Number.isFinite(declaredHeight) && declaredHeight > 0 ? declaredHeight : 480;
  const scale = Math.min(1, 1024 / w0, 1024 / h0);
  const width = Math.max(1, Math.round(w0 * scale));
  const height = Math.max(1, Math.round(h0 * scale));
  const px = new Uint8Array(width * height);
  const clampX = (v: number) => Math.min(width - 1, Math.max(0, Math.round(v * scale)));
  const clampY = (v: number) => Math.min(height - 1, Math.max(0, Math.round(v * scale)));
  boxes.forEach((b, i) => {
    const x0 = clampX(Math.min(b.x0, b.x1));
    const x1 = clampX(Math.max(b.x0, b.x1));
    const y0 = clampY(Math.min(b.y0, b.y1));
    const y1 = clampY(Math.max(b.y0, b.y1));
    const fill = 2 + (i % (PLAN_PALETTE.length - 2));
    for (let y = y0; y <= y1; y++) {
      for (let x = x0; x <= x1; x++) {
        px[y * width + x] = x === x0 || x === x1 || y === y0 || y === y1 ? 1 : fill;
      }
    }
  });
  return indexedPng(width, height, PLAN_PALETTE, px, { Title: toLatin1(label) });
}

function toLatin1(s: string): string {
  return s.replace(/[^\x20-\x7e]/g, '?');
}
