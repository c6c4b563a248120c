/**
 * PDF export of one estimate (pdfmake 0.3 and pdfkit, server side): a client-ready quote. Company
 * block with logo, customer and project, quote metadata, opening statement, the items table (group
 * headings indented by depth, group subtotals, the header row repeated on every page), the totals,
 * the closing statement, and "Page n of m" in the document's language.
 */
import { Writable } from 'node:stream';
import { createWriteStream } from 'node:fs';
import { once } from 'node:events';
import type { EstimateDocument } from '../../../src-shared/estimates/types';
import { partsOf, type EstimateParts } from '../../estimates/estimate-parts';
import { writeAtomically } from '../../local-files/write-atomically';
import type { ExportOptions } from '../options';
import { pdfDocumentParts, type PdfDocumentParts } from './document';
import { findFontDir } from './fonts';
import { documentImages, type PdfImages } from './page';
import { failedWhileWritingOut, planPdf, prepareFonts, writePdfParts, type Planned } from './render';
import type { CheckedImage } from '../images';
import type { ExportWarning } from '../../../src-shared/exports/warnings';
import { warnOfMissingGlyphs } from './font-coverage';
import { isCancelled } from '../../workers/cancel-point';

export { pdfDocumentParts, findFontDir, prepareFonts };

export interface PdfOptions extends ExportOptions {
  /**
   * Logo (`company.logo_url`) and watermark (`company.watermark_url`) bytes, PNG or JPEG, fetched
   * by the caller with the service's headers. An image that is not valid is left out.
   */
  images?: { logo?: Uint8Array | null; watermark?: Uint8Array | null };
  /** A folder holding Roboto-Regular/-Medium/-Italic/-MediumItalic.ttf; default pdfmake's own. */
  fontDir?: string;
  /** Called with what the user should know of the document (an image left out); never with secrets. */
  onWarning?: (warning: ExportWarning) => void;
}

/** What a document was planned from: the same choices and the same (checked) images. */
interface PlanKey {
  options: string;
  logo: CheckedImage | null;
  watermark: CheckedImage | null;
}

/**
 * The last plan made of an estimate's rows (a page count before the save dialog), for its writer:
 * the same rows, choices and images make the same pages, laid out once.
 */
const plans = new WeakMap<object, { key: PlanKey; planned: Planned }>();

function sameKey(a: PlanKey, b: PlanKey): boolean {
  return a.options === b.options && a.logo === b.logo && a.watermark === b.watermark;
}

/**
 * Runs `work` on the document's parts with its images; when pdfkit refuses one, again without them
 * (a document without beats none). pdfkit takes the images before anything is written; a failure
 * after that is not a refused image.
 */
async function withImages<T>(
  estimate: EstimateDocument | EstimateParts,
  options: PdfOptions,
  work: (parts: PdfDocumentParts, fontDir: string, key: PlanKey, rows: object) => Promise<T>,
): Promise<T> {
  // Worked out once: the parts may be made twice (again without an image that failed).
  const parts = partsOf(estimate);
  const fontDir = findFontDir(options.fontDir);
  const notice = (detail: string): void => options.onWarning?.({ code: 'image-left-out', detail });
  const images: PdfImages = documentImages(parts.doc.estimate, options.images, notice);
  const { images: _given, onWarning: _warning, ...choices } = options;
  const key = (shown: Partial<PdfImages>): PlanKey => ({
    options: JSON.stringify(choices),
    logo: shown.logo ?? null,
    watermark: shown.watermark ?? null,
  });
  try {
    return await work(pdfDocumentParts(parts, options, images), fontDir, key(images), parts.rows);
  } catch (e) {
    // Not again once something went out (the stream is spent), nor for a cancel.
    if ((!images.logo && !images.watermark) || isCancelled(e) || failedWhileWritingOut(e)) throw e;
    notice(`The logo or watermark could not be embedded (${e instanceof Error ? e.message : String(e)}).`);
    return work(pdfDocumentParts(parts, options, {}), fontDir, key({}), parts.rows);
  }
}

/**
 * Writes the estimate as a PDF quote to `out`; gives back its number of pages. Odd input (null
 * fields, an empty tree, no currency, very long names) never stops it; an unusable logo or
 * watermark is left out.
 */
export async function streamEstimatePdf(
  estimate: EstimateDocument | EstimateParts,
  options: PdfOptions,
  out: Writable,
): Promise<number> {
  const { pages, missingGlyphs } = await withImages(estimate, options, (parts, fontDir, key, rows) => {
    const kept = plans.get(rows);
    plans.delete(rows);
    return writePdfParts(parts, fontDir, out, kept && sameKey(kept.key, key) ? kept.planned : undefined);
  });
  warnOfMissingGlyphs(missingGlyphs, options.onWarning);
  return pages;
}

/** How many pages the estimate's PDF quote will have, laid out without writing it. */
export async function estimatePdfPages(
  estimate: EstimateDocument | EstimateParts,
  options: PdfOptions,
): Promise<number> {
  return withImages(estimate, options, async (parts, fontDir, key, rows) => {
    const planned = await planPdf(parts, fontDir);
    plans.set(rows, { key, planned });
    return planned.pages;
  });
}

/** Writes the estimate as a PDF quote to the file `path`, which must not exist yet; its number of pages. */
export async function writeEstimatePdfFile(
  estimate: EstimateDocument | EstimateParts,
  options: PdfOptions,
  path: string,
): Promise<number> {
  const file = createWriteStream(path, { flags: 'wx' });
  const closed = once(file, 'close');
  // Awaited below; a file that fails before then (it cannot be opened) must not go unheard meanwhile.
  closed.catch(() => undefined);
  try {
    const pages = await streamEstimatePdf(estimate, options, file);
    await closed;
    return pages;
  } catch (err) {
    file.destroy();
    await closed.catch(() => undefined);
    throw err;
  }
}

/** Writes the estimate as a PDF quote to `out` (through a temporary file, renamed when complete). */
export async function writeEstimatePdf(
  estimate: EstimateDocument | EstimateParts,
  options: PdfOptions,
  out: string,
): Promise<void> {
  await writeAtomically(out, async (partial) => {
    await writeEstimatePdfFile(estimate, options, partial);
  });
}

/** The PDF quote's bytes. */
export async function renderEstimatePdf(
  estimate: EstimateDocument | EstimateParts,
  options: PdfOptions,
): Promise<Buffer> {
  const chunks: Buffer[] = [];
  const collect = new Writable({
    write(chunk: Buffer, _encoding, done) {
      chunks.push(chunk);
      done();
    },
  });
  await streamEstimatePdf(estimate, options, collect);
  return Buffer.concat(chunks);
}
