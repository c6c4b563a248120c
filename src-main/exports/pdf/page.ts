/**
 * What every PlanDesk PDF shares: its styles, the footer ("Company · Quote E2026… — Page n of m"),
 * the images it may embed, and the rendering with pdfmake locked down (fonts.ts).
 */
import pdfmake from 'pdfmake';
import type { Content, ContextPageSize, StyleDictionary, TDocumentDefinitions } from 'pdfmake/interfaces';
import type { Translate } from '../../../src-shared/i18n/catalogue';
import type { EstimateHeader } from '../../../src-shared/estimates/types';
import { checkImageOnce, type CheckedImage } from '../images';
import { configurePdfmake } from './fonts';
import { keepSharedWords } from './shared-fonts';
import { fitAtMost } from './header';
import { COLORS, pdfText } from './text';
import { cancelPoint, isCancelled } from '../../workers/cancel-point';

export const PDF_STYLES: StyleDictionary = {
  docTitle: { fontSize: 20, bold: true, color: COLORS.accent },
  draftMark: { fontSize: 11, bold: true, color: COLORS.note, characterSpacing: 2, margin: [0, 2, 0, 0] },
  companyName: { fontSize: 12, bold: true, color: COLORS.accent, margin: [0, 0, 0, 2] },
  blockLabel: {
    fontSize: 7.5,
    bold: true,
    color: COLORS.muted,
    characterSpacing: 0.6,
    margin: [0, 0, 0, 3],
  },
  estimateName: { fontSize: 13, bold: true, color: COLORS.accent, margin: [0, 0, 0, 6] },
  tableHeader: { bold: true, color: COLORS.text },
};

/** The footer of every page: what the document is (left) and "Page n of m" (right). */
export function pageFooter(left: string, t: Translate): TDocumentDefinitions['footer'] {
  return (currentPage: number, pageCount: number): Content => ({
    columns: [
      { text: pdfText(left), color: COLORS.muted },
      {
        text: pdfText(t('doc.page', { page: currentPage, pages: pageCount })),
        alignment: 'right',
        color: COLORS.muted,
      },
    ],
    fontSize: 7.5,
    margin: [40, 18, 40, 0],
  });
}

/**
 * The document with a cancel point at each page pdfmake adds as it lays out (it asks for the page's
 * background then; the pages are the same), for a cancelled export to stop during a long layout.
 * Printing has its own, per item printed (fonts.ts).
 */
export function withCancelPoints(def: TDocumentDefinitions): TDocumentDefinitions {
  const given = def.background;
  return {
    ...def,
    background: (page: number, size: ContextPageSize) => {
      cancelPoint();
      return typeof given === 'function' ? given(page, size) : (given ?? null);
    },
  };
}

export async function renderPdf(def: TDocumentDefinitions, fontDir: string): Promise<Buffer> {
  configurePdfmake(fontDir);
  const bytes = await pdfmake.createPdf(withCancelPoints(def)).getBuffer();
  keepSharedWords();
  return bytes;
}

export interface PdfImages {
  logo: CheckedImage | null;
  watermark: CheckedImage | null;
}

/**
 * The logo and watermark the estimate names, when their bytes are usable PNG or JPEG images; what is
 * left out is told to `notice`.
 */
export function documentImages(
  est: Pick<EstimateHeader, 'company'> | undefined,
  images: { logo?: Uint8Array | null; watermark?: Uint8Array | null } | undefined,
  notice: (message: string) => void,
): PdfImages {
  const wanted = {
    logo: est?.company?.logo_url ? images?.logo : null,
    watermark: est?.company?.watermark_url ? images?.watermark : null,
  };
  const logo = checkImageOnce(wanted.logo);
  const watermark = checkImageOnce(wanted.watermark);
  if (wanted.logo && !logo) notice('The company logo is not a usable PNG or JPEG image; the PDF has none.');
  if (wanted.watermark && !watermark)
    notice('The watermark is not a usable PNG or JPEG image; the PDF has none.');
  return { logo, watermark };
}

/** Renders a document with its images; when pdfkit refuses one, again without them (a document without beats none). */
export async function renderWithImages(
  build: (images: Partial<PdfImages>) => TDocumentDefinitions,
  images: PdfImages,
  fontDir: string,
  notice: (message: string) => void,
): Promise<Buffer> {
  try {
    return await renderPdf(build(images), fontDir);
  } catch (e) {
    if ((!images.logo && !images.watermark) || isCancelled(e)) throw e;
    notice(`The logo or watermark could not be embedded (${e instanceof Error ? e.message : String(e)}).`);
    return renderPdf(build({}), fontDir);
  }
}

/** The logo (named `logo` for the header) and the watermark (behind every page) of a document. */
export function attachImages(def: TDocumentDefinitions, images: Partial<PdfImages>): void {
  const { logo, watermark } = images;
  const imageMap: Record<string, string> = {};
  if (logo) imageMap.logo = logo.dataUrl;
  if (watermark) {
    imageMap.watermark = watermark.dataUrl;
    def.background = (_page: number, size: { width: number; height: number }): Content => {
      // Centred behind the content, faint, its aspect kept, and never above its own size at 150 dpi.
      const [w, h] = fitAtMost(watermark, size.width * 0.6, size.height * 0.6);
      const scale = Math.min(w / watermark.width, h / watermark.height);
      const width = watermark.width * scale;
      const height = watermark.height * scale;
      return {
        image: 'watermark',
        width,
        height,
        opacity: 0.06,
        absolutePosition: { x: (size.width - width) / 2, y: (size.height - height) / 2 },
      };
    };
  }
  if (Object.keys(imageMap).length > 0) def.images = imageMap;
}
