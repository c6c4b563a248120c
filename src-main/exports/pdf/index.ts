/**
 * PDF export of one estimate (pdfmake 0.3, server API): a client-ready quote. Company block with
 * logo, customer and project, quote metadata, opening statement, the items table (group headings
 * indented by depth, group subtotals, the header row repeated on every page), the totals, the
 * closing statement, and "Page n of m" in the document's language.
 */
import { writeFile } from 'node:fs/promises';
import type { EstimateDocument } from '../../../src-shared/estimates/types';
import { partsOf, type EstimateParts } from '../../estimates/estimate-parts';
import { writeAtomically } from '../../local-files/write-atomically';
import type { ExportOptions } from '../options';
import { buildPdfDefinition } from './document';
import { findFontDir } from './fonts';
import { documentImages, renderWithImages } from './page';

export { buildPdfDefinition, findFontDir };

export interface PdfOptions extends ExportOptions {
  /**
   * Logo (`company.logo_url`) and watermark (`company.watermark_url`) bytes, PNG or JPEG, fetched
   * by the caller with the service's headers. An image that is not valid is left out.
   */
  images?: { logo?: Uint8Array | null; watermark?: Uint8Array | null };
  /** A folder holding Roboto-Regular/-Medium/-Italic/-MediumItalic.ttf; default pdfmake's own. */
  fontDir?: string;
  /** Called when something was left out (an unusable image); never with secrets. */
  onNotice?: (message: string) => void;
}

/**
 * Writes the estimate as a PDF quote to `out` (through a temporary file, renamed when complete).
 * Odd input (null fields, an empty tree, no currency, very long names) never stops it; an unusable
 * logo or watermark is left out.
 */
export async function writeEstimatePdf(
  estimate: EstimateDocument | EstimateParts,
  options: PdfOptions,
  out: string,
): Promise<void> {
  const bytes = await renderEstimatePdf(estimate, options);
  await writeAtomically(out, (partial) => writeFile(partial, bytes));
}

/** The PDF quote's bytes. */
export async function renderEstimatePdf(
  estimate: EstimateDocument | EstimateParts,
  options: PdfOptions,
): Promise<Buffer> {
  // Worked out once: the definition may be built twice (again without an image that failed).
  const parts = partsOf(estimate);
  const fontDir = findFontDir(options.fontDir);
  const notice = options.onNotice ?? (() => undefined);
  const images = documentImages(parts.doc.estimate, options.images, notice);
  return renderWithImages((usable) => buildPdfDefinition(parts, options, usable), images, fontDir, notice);
}
