/**
 * Checks logo and watermark bytes before they go into a PDF. pdfkit decodes some PNGs (alpha,
 * transparency) asynchronously and throws from inside a zlib callback when the data is bad: an
 * uncaught exception, not a rejected promise. So an image is only used when it is a complete PNG
 * (every chunk's CRC right, the pixel data inflating to the size the header promises, every row
 * filter known) or a JPEG with a readable frame header; anything else is skipped.
 */
import { createHash } from 'node:crypto';
import * as zlib from 'node:zlib';

export interface CheckedImage {
  kind: 'png' | 'jpeg';
  width: number;
  height: number;
  /** A data: URL, the form pdfmake takes image bytes in. */
  dataUrl: string;
}

/** Bigger than any sensible logo; guards memory when pdfkit decodes the pixels. */
const MAX_PIXELS = 25_000_000;
const MAX_SIDE = 20_000;

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** Bits per pixel for each PNG colour type and its allowed bit depths. */
const PNG_CHANNELS: Record<number, { channels: number; depths: number[] }> = {
  0: { channels: 1, depths: [1, 2, 4, 8, 16] },
  2: { channels: 3, depths: [8, 16] },
  3: { channels: 1, depths: [1, 2, 4, 8] },
  4: { channels: 2, depths: [8, 16] },
  6: { channels: 4, depths: [8, 16] },
};

function checkPng(buf: Buffer): { width: number; height: number } | null {
  if (buf.length < 45 || !buf.subarray(0, 8).equals(PNG_SIGNATURE)) return null;
  const crc32 = (zlib as { crc32?: (data: Uint8Array) => number }).crc32;
  let pos = 8;
  let header: { width: number; height: number; depth: number; colour: number; interlace: number } | null =
    null;
  let palette = false;
  let ended = false;
  const idat: Buffer[] = [];
  while (pos + 12 <= buf.length) {
    const length = buf.readUInt32BE(pos);
    const type = buf.toString('latin1', pos + 4, pos + 8);
    const end = pos + 12 + length;
    if (length > buf.length || end > buf.length) return null;
    if (crc32 && crc32(buf.subarray(pos + 4, pos + 8 + length)) !== buf.readUInt32BE(pos + 8 + length))
      return null;
    const data = buf.subarray(pos + 8, pos + 8 + length);
    if (header === null && type !== 'IHDR') return null;
    if (type === 'IHDR') {
      if (length !== 13 || header !== null) return null;
      header = {
        width: data.readUInt32BE(0),
        height: data.readUInt32BE(4),
        depth: data[8] as number,
        colour: data[9] as number,
        interlace: data[12] as number,
      };
      if (data[10] !== 0 || data[11] !== 0) return null;
    } else if (type === 'PLTE') {
      palette = true;
    } else if (type === 'IDAT') {
      idat.push(data);
    } else if (type === 'IEND') {
      ended = true;
      break;
    }
    pos = end;
  }
  if (!header || !ended || idat.length === 0) return null;
  const { width, height, depth, colour, interlace } = header;
  const kind = PNG_CHANNELS[colour];
  if (!kind || !kind.depths.includes(depth)) return null;
  if (colour === 3 && !palette) return null;
  if (width < 1 || height < 1 || width > MAX_SIDE || height > MAX_SIDE || width * height > MAX_PIXELS)
    return null;
  // Interlaced images are rare for logos and take pdfkit's least tested path: skipped.
  if (interlace !== 0) return null;
  const rowBytes = Math.ceil((width * kind.channels * depth) / 8);
  const expected = (rowBytes + 1) * height;
  let pixels: Buffer;
  try {
    pixels = zlib.inflateSync(Buffer.concat(idat), { maxOutputLength: expected + 1 });
  } catch {
    return null;
  }
  if (pixels.length !== expected) return null;
  for (let y = 0; y < height; y++) {
    if ((pixels[y * (rowBytes + 1)] as number) > 4) return null;
  }
  return { width, height };
}

/** SOFn markers that carry the frame size (not DHT C4, JPG C8, DAC CC). */
const SOF = new Set([0xc0, 0xc1, 0xc2, 0xc3, 0xc5, 0xc6, 0xc7, 0xc9, 0xca, 0xcb, 0xcd, 0xce, 0xcf]);

function checkJpeg(buf: Buffer): { width: number; height: number } | null {
  if (buf.length < 4 || buf[0] !== 0xff || buf[1] !== 0xd8) return null;
  let pos = 2;
  while (pos + 4 <= buf.length) {
    if (buf[pos] !== 0xff) return null;
    const marker = buf[pos + 1] as number;
    if (marker === 0xff) {
      pos++;
      continue;
    }
    if (marker === 0xd9 || marker === 0xda) return null; // image data before any frame header
    const length = buf.readUInt16BE(pos + 2);
    if (length < 2 || pos + 2 + length > buf.length) return null;
    if (SOF.has(marker)) {
      if (length < 8) return null;
      const height = buf.readUInt16BE(pos + 5);
      const width = buf.readUInt16BE(pos + 7);
      const components = buf[pos + 9] as number;
      if (width < 1 || height < 1 || width * height > MAX_PIXELS) return null;
      if (![1, 3, 4].includes(components)) return null;
      return { width, height };
    }
    pos += 2 + length;
  }
  return null;
}

/** The image when it is a usable PNG or JPEG; null otherwise (never throws). */
export function checkImage(bytes: Uint8Array | null | undefined): CheckedImage | null {
  if (!bytes || bytes.length === 0) return null;
  try {
    const buf = Buffer.isBuffer(bytes)
      ? bytes
      : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    const png = checkPng(buf);
    if (png) return { kind: 'png', ...png, dataUrl: `data:image/png;base64,${buf.toString('base64')}` };
    const jpeg = checkJpeg(buf);
    if (jpeg) return { kind: 'jpeg', ...jpeg, dataUrl: `data:image/jpeg;base64,${buf.toString('base64')}` };
  } catch {
    // A malformed header read past the end: not an image we can use.
  }
  return null;
}

/** Images checked in this thread, by their bytes' digest: a workspace's logo is checked once. */
const checked = new Map<string, CheckedImage | null>();
const MOST_CHECKED = 8;

/** checkImage, once per image this thread is given (the export thread writes many documents). */
export function checkImageOnce(bytes: Uint8Array | null | undefined): CheckedImage | null {
  if (!bytes || bytes.length === 0) return null;
  const digest = createHash('sha256').update(bytes).digest('base64');
  if (checked.has(digest)) return checked.get(digest)!;
  const image = checkImage(bytes);
  checked.set(digest, image);
  for (const old of checked.keys()) {
    if (checked.size <= MOST_CHECKED) break;
    checked.delete(old);
  }
  return image;
}
