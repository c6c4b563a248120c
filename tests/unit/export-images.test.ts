import { encode } from 'fast-png';
import { describe, expect, it } from 'vitest';
import { crc32, deflateSync } from 'node:zlib';
import { checkImage } from '../../src-main/exports/images';

/** An indexed-colour PNG of `width` × `height` pixels, all of palette entry `fill`. */
const indexedPng = (width: number, height: number, palette: number[][], fill = 0): Buffer =>
  Buffer.from(
    encode({ width, height, data: new Uint8Array(width * height).fill(fill), channels: 1, palette }),
  );

const png = (): Buffer =>
  indexedPng(
    4,
    3,
    [
      [0, 0, 0],
      [255, 255, 255],
    ],
    1,
  );

/** The smallest JPEG header that names a frame size (SOI, APP0, SOF0, EOI). */
function jpeg(width: number, height: number): Buffer {
  const app0 = [
    0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01, 0x00,
    0x00,
  ];
  const sof = [0xff, 0xc0, 0x00, 0x11, 0x08, height >> 8, height & 255, width >> 8, width & 255, 0x03];
  for (let c = 1; c <= 3; c++) sof.push(c, 0x11, 0x00);
  return Buffer.from([0xff, 0xd8, ...app0, ...sof, 0xff, 0xd9]);
}

describe('logo and watermark checks', () => {
  it('accepts a PNG and a JPEG, with their sizes', () => {
    expect(checkImage(png())).toMatchObject({ kind: 'png', width: 4, height: 3 });
    expect(checkImage(png())?.dataUrl).toMatch(/^data:image\/png;base64,iVBOR/);
    expect(checkImage(jpeg(640, 200))).toMatchObject({ kind: 'jpeg', width: 640, height: 200 });
    expect(checkImage(new Uint8Array(png()))).toMatchObject({ kind: 'png' });
  });

  it('refuses what pdfkit would choke on, without throwing', () => {
    const good = png();
    const flipped = Buffer.from(good);
    flipped[flipped.length - 20] = (flipped[flipped.length - 20] as number) ^ 0xff; // CRC no longer matches
    const badFilter = indexedPng(2, 2, [[0, 0, 0]]);
    // The same image with a row filter byte of 9 (only 0-4 exist), CRCs right.
    const raw = Buffer.from([9, 0, 0, 0, 0, 0]);
    const withBadFilter = Buffer.concat([
      badFilter.subarray(0, badFilter.indexOf('IDAT') - 4),
      idatChunk(deflateSync(raw)),
      badFilter.subarray(badFilter.indexOf('IEND') - 4),
    ]);
    for (const bad of [
      null,
      undefined,
      Buffer.alloc(0),
      Buffer.from('not an image at all'),
      good.subarray(0, 40),
      good.subarray(0, good.length - 12), // no IEND
      flipped,
      withBadFilter,
      jpeg(0, 10),
      Buffer.from([0xff, 0xd8, 0xff, 0xda, 0x00, 0x02]),
      Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
    ]) {
      expect(checkImage(bad as Uint8Array | null)).toBeNull();
    }
  });
});

function idatChunk(data: Buffer): Buffer {
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write('IDAT', 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])) >>> 0, 0);
  return Buffer.concat([head, data, crc]);
}
