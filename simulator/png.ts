/**
 * A minimal PNG encoder (8-bit indexed colour) for plan images and seeded .png files.
 */
import { deflateSync } from 'node:zlib';

const CRC_TABLE = (() => {
  const t = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    t[n] = c >>> 0;
  }
  return t;
})();

function crc32(buf: Buffer): number {
  let c = 0xffffffff;
  for (let i = 0; i < buf.length; i++) c = (CRC_TABLE[(c ^ (buf[i] as number)) & 0xff] as number) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])), 0);
  return Buffer.concat([head, data, crc]);
}

export type Rgb = readonly [number, number, number];

/** `pixels[y * width + x]` indexes `palette`. `text` becomes a tEXt chunk (Latin-1). */
export function encodePng(
  width: number,
  height: number,
  palette: readonly Rgb[],
  pixels: Uint8Array,
  text?: { keyword: string; value: string },
  extra?: { type: string; data: Buffer },
): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 3; // indexed colour
  const plte = Buffer.alloc(palette.length * 3);
  palette.forEach(([r, g, b], i) => plte.set([r, g, b], i * 3));
  const raw = Buffer.alloc((width + 1) * height);
  for (let y = 0; y < height; y++) {
    // Filter byte 0 (none) starts each row.
    raw.set(pixels.subarray(y * width, (y + 1) * width), y * (width + 1) + 1);
  }
  const parts = [
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('PLTE', plte),
  ];
  if (text) parts.push(chunk('tEXt', Buffer.from(`${text.keyword}\0${text.value}`, 'latin1')));
  if (extra) parts.push(chunk(extra.type, extra.data));
  parts.push(chunk('IDAT', deflateSync(raw)), chunk('IEND', Buffer.alloc(0)));
  return Buffer.concat(parts);
}

export interface Box {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

const PLAN_PALETTE: readonly Rgb[] = [
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
  return encodePng(width, height, PLAN_PALETTE, px, { keyword: 'Title', value: toLatin1(label) });
}

function toLatin1(s: string): string {
  return s.replace(/[^\x20-\x7e]/g, '?');
}
