/**
 * Deterministic content for seeded project files: the same seed always gives the same bytes, each
 * common type is a valid file of that type (so viewers and tests can open it), and the length is
 * the size the data set declares whenever a valid file can have that size. The padding goes where
 * each format allows filler: PDF comments, a PNG text chunk, JPEG COM segments, XML comments,
 * DXF 999 comments, a CSV column.
 */
import { createHash } from 'node:crypto';
import type { IndexedColors } from 'fast-png';
import { indexedPng } from './png';

/** Declared sizes beyond this are not honoured (the file is then this big). */
export const MAX_SEEDED_BYTES = 32 * 1024 * 1024;

function hash(seed: string): Buffer {
  return createHash('sha256').update(seed).digest();
}

function ascii(s: string): string {
  return s.replace(/[^\x20-\x7e]/g, '?');
}

function xmlEscape(s: string): string {
  return s.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** Deterministic bytes from a seed (xorshift32; fast enough for megabytes). */
function noise(seed: string, length: number): Buffer {
  const out = Buffer.alloc(length);
  let x = hash(seed).readUInt32BE(0) || 0x9e3779b9;
  let i = 0;
  for (; i + 4 <= length; i += 4) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    out.writeUInt32LE(x >>> 0, i);
  }
  for (; i < length; i++) out[i] = (x >>> ((i % 4) * 8)) & 0xff;
  return out;
}

/** `length` bytes of printable filler (letters), for text formats. */
function filler(seed: string, length: number): string {
  const n = noise(seed, Math.max(0, length));
  for (let i = 0; i < n.length; i++) n[i] = 97 + ((n[i] as number) % 26);
  return n.toString('latin1');
}

/** Exactly `n` bytes of lines, each `prefix + filler + "\n"`, lines at most `width` long. */
function commentLines(seed: string, n: number, prefix: string, width = 80): string {
  let out = '';
  let left = n;
  while (left > 0) {
    let take = Math.min(left, width);
    // A line shorter than prefix + newline cannot be written: leave room for it in this line.
    if (left - take > 0 && left - take < prefix.length + 1) take = left - (prefix.length + 1);
    if (take < prefix.length + 1) {
      out += '\n'.repeat(take);
    } else {
      out += prefix + filler(`${seed}/${left}`, take - prefix.length - 1) + '\n';
    }
    left -= take;
  }
  return out;
}

function pdf(title: string, seed: string, padding: number): Buffer {
  const esc = (s: string) => ascii(s).replace(/[\\()]/g, (c) => `\\${c}`);
  const content = `BT /F1 18 Tf 72 770 Td (${esc(title)}) Tj 0 -24 Td /F1 10 Tf (${esc(seed)}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${content.length} >>\nstream\n${content}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let out = '%PDF-1.4\n' + commentLines(seed, padding, '%');
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const o of offsets) out += `${String(o).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

/** A tEXt chunk's frame: length, type and CRC, plus the NUL after its keyword. */
const PNG_TEXT_FRAME = 13;
const PNG_PADDING_KEYWORD = 'Padding';

function png(seed: string, padding: number): Buffer {
  const h = hash(seed);
  const palette: IndexedColors = [
    [h[0] as number, h[1] as number, h[2] as number],
    [h[3] as number, h[4] as number, h[5] as number],
  ];
  const width = 32;
  const height = 24;
  const px = new Uint8Array(width * height);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) px[y * width + x] = (x >> 3) ^ (y >> 3) ? 1 : 0;
  const text: Record<string, string> = { Comment: ascii(seed) };
  // A second text chunk carries the filler.
  const fillerLength = padding - PNG_TEXT_FRAME - PNG_PADDING_KEYWORD.length;
  if (fillerLength >= 0) text[PNG_PADDING_KEYWORD] = filler(seed, fillerLength);
  return indexedPng(width, height, palette, px, text);
}

/** A baseline greyscale 8×8 JPEG: one block whose DC and AC are both "nothing", i.e. mid grey. */
function jpeg(seed: string, padding: number): Buffer {
  const seg = (marker: number, data: number[] | Buffer) => {
    const body = Buffer.from(data);
    const head = Buffer.from([0xff, marker, 0, 0]);
    head.writeUInt16BE(body.length + 2, 2);
    return Buffer.concat([head, body]);
  };
  const comments: Buffer[] = [seg(0xfe, Buffer.from(ascii(seed).slice(0, 1000), 'latin1'))];
  // Filler in COM segments: 4 bytes of header each, at most 65,533 bytes of text.
  let left = padding;
  while (left >= 4) {
    let take = Math.min(left, 65_537);
    if (left - take > 0 && left - take < 4) take -= 4;
    comments.push(seg(0xfe, Buffer.from(filler(`${seed}/${left}`, take - 4), 'latin1')));
    left -= take;
  }
  const oneCodeTable = (tableClass: number) => [tableClass, 1, ...new Array<number>(15).fill(0), 0x00];
  return Buffer.concat([
    Buffer.from([0xff, 0xd8]),
    seg(0xe0, [0x4a, 0x46, 0x49, 0x46, 0x00, 1, 1, 0, 0, 1, 0, 1, 0, 0]),
    ...comments,
    seg(0xdb, [0x00, ...new Array<number>(64).fill(1)]),
    seg(0xc0, [8, 0, 8, 0, 8, 1, 1, 0x11, 0]),
    seg(0xc4, oneCodeTable(0x00)),
    seg(0xc4, oneCodeTable(0x10)),
    seg(0xda, [1, 1, 0x00, 0, 63, 0]),
    // DC code "0" (difference 0) then AC code "0" (end of block), padded with 1-bits.
    Buffer.from([0x3f]),
    Buffer.from([0xff, 0xd9]),
  ]);
}

/** `<!--` filler `-->` of exactly n bytes (n ≥ 7), or n newlines when shorter. */
function xmlComment(seed: string, n: number): string {
  if (n <= 0) return '';
  if (n < 7) return '\n'.repeat(n);
  return `<!--${filler(seed, n - 7)}-->`;
}

function svg(title: string, seed: string, padding: number): Buffer {
  const color = `#${hash(seed).subarray(0, 3).toString('hex')}`;
  return Buffer.from(
    `<?xml version="1.0" encoding="UTF-8"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="400" height="300" viewBox="0 0 400 300">` +
      `<rect x="20" y="20" width="360" height="260" fill="${color}" stroke="#222" stroke-width="4"/>` +
      `<text x="40" y="60" font-family="sans-serif" font-size="18">${xmlEscape(title)}</text>` +
      `<desc>${xmlEscape(seed)}</desc>${xmlComment(seed, padding)}</svg>\n`,
    'utf8',
  );
}

function xml(title: string, seed: string, padding: number): Buffer {
  return Buffer.from(
    `<?xml version="1.0" encoding="UTF-8"?>\n<plan name="${xmlEscape(title)}" seed="${xmlEscape(seed)}">` +
      `${xmlComment(seed, padding)}</plan>\n`,
    'utf8',
  );
}

function dxf(seed: string, padding: number): Buffer {
  const n = (hash(seed)[0] as number) + 10;
  const line = (x1: number, y1: number, x2: number, y2: number) =>
    `0\nLINE\n8\n0\n10\n${x1}\n20\n${y1}\n30\n0\n11\n${x2}\n21\n${y2}\n31\n0\n`;
  // 999 groups are comments: "999\n" + text line.
  let comments = '';
  let left = padding;
  while (left >= 6) {
    let take = Math.min(left, 200);
    if (left - take > 0 && left - take < 6) take -= 6;
    comments += `999\n${filler(`${seed}/${left}`, take - 5)}\n`;
    left -= take;
  }
  return Buffer.from(
    `999\n${ascii(seed)}\n${comments}0\nSECTION\n2\nENTITIES\n` +
      line(0, 0, n, 0) +
      line(n, 0, n, n) +
      line(n, n, 0, n) +
      line(0, n, 0, 0) +
      `0\nENDSEC\n0\nEOF\n`,
    'latin1',
  );
}

function csv(seed: string, padding: number): Buffer {
  const h = hash(seed);
  let out = 'item,quantity,unit,note\n';
  for (let i = 0; i < 8; i++) out += `item ${i + 1},${h[i] as number},m,\n`;
  // Filler rows: "note,0,m," + text + "\n" (10 bytes of frame each).
  let left = padding;
  while (left >= 10) {
    let take = Math.min(left, 120);
    if (left - take > 0 && left - take < 10) take -= 10;
    out += `note,0,m,${filler(`${seed}/${left}`, take - 10)}\n`;
    left -= take;
  }
  return Buffer.from(out, 'utf8');
}

type Maker = (title: string, seed: string, padding: number) => Buffer;

const MAKERS: Record<string, Maker> = {
  pdf,
  png: (_t, s, p) => png(s, p),
  jpg: (_t, s, p) => jpeg(s, p),
  jpeg: (_t, s, p) => jpeg(s, p),
  svg,
  xml,
  dxf: (_t, s, p) => dxf(s, p),
  csv: (_t, s, p) => csv(s, p),
};

/**
 * The bytes of a seeded file. With `targetSize`, the result is exactly that long when the format
 * allows (not below its minimal valid size, not above MAX_SEEDED_BYTES); otherwise close to it.
 */
export function generateFileBytes(
  fileType: string,
  seed: string,
  title: string,
  targetSize?: number,
): Buffer {
  const target =
    targetSize !== undefined && Number.isSafeInteger(targetSize) && targetSize > 0
      ? Math.min(targetSize, MAX_SEEDED_BYTES)
      : undefined;
  const make = MAKERS[fileType.toLowerCase()];
  if (!make) return noise(seed, target ?? 512 + (hash(seed).readUInt16BE(0) % 1536));
  let padding = 0;
  let bytes = make(title, seed, 0);
  if (target === undefined) return bytes;
  // Padding can shift numbers written in the file (PDF offsets), so converge in a few rounds.
  for (let round = 0; round < 4 && bytes.length !== target; round++) {
    const next = padding + (target - bytes.length);
    if (next < 0) break;
    padding = next;
    bytes = make(title, seed, padding);
  }
  return bytes;
}
