/**
 * A PDF whose output fails once it has begun to go out is not written again (pdf/index.ts retries a
 * document without its logo and watermark when pdfkit refuses an image, which happens before anything
 * is written). Retried onto the same spent stream, it waited for ever for that stream to finish.
 */
import { Writable } from 'node:stream';
import { expect, it } from 'vitest';
import { encode } from 'fast-png';
import { streamEstimatePdf } from '../../src-main/exports/pdf';
import { largeDocument } from '../helpers/export-fixture';

/** A small logo (palette PNG) pdfkit takes. */
function logo(): Buffer {
  const px = new Uint8Array(40 * 20).fill(1);
  return Buffer.from(
    encode({
      width: 40,
      height: 20,
      data: px,
      channels: 1,
      palette: [
        [255, 255, 255],
        [30, 58, 95],
      ],
    }),
  );
}

it('fails with the output’s own error, once, when the output fails part-way (a logo is no reason to retry)', async () => {
  let chunks = 0;
  const failing = new Writable({
    write(_chunk, _encoding, done) {
      // A disk that fills up after the document has begun to go out.
      chunks++;
      done(chunks > 3 ? Object.assign(new Error('no space left on device'), { code: 'ENOSPC' }) : null);
    },
  });
  // As a file stream's owner does (pdf/index.ts writeEstimatePdfFile): its error is the caller's.
  failing.on('error', () => undefined);
  const warnings: unknown[] = [];
  await expect(
    streamEstimatePdf(
      largeDocument(300),
      { language: 'de-DE', images: { logo: logo() }, onWarning: (w) => warnings.push(w) },
      failing,
    ),
  ).rejects.toMatchObject({ code: 'ENOSPC' });
  // Not taken for a refused image: no second document, no word of the logo left out.
  expect(warnings).toEqual([]);
}, 60_000);
