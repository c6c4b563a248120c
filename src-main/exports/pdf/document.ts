import type { Content, TDocumentDefinitions } from 'pdfmake/interfaces';
import type { EstimateDocument } from '../../../src-shared/estimates/types';
import { translator } from '../../../src-shared/i18n/catalogue';
import { flattenTree } from '../../estimates/flatten';
import type { CheckedImage } from '../images';
import { resolveExportOptions, type ExportOptions } from '../options';
import { cleanText, companyLines } from '../parties';
import { documentFormats } from './formats';
import { headerBlock } from './header';
import { itemsTable } from './items-table';
import { pageFor, tableColumns } from './layout';
import { COLORS, TABLE_FONT, pdfText, textWidth } from './text';
import { totalFigure, totalsBlock } from './totals';

/** The pdfmake document for an estimate (exported for tests; `writeEstimatePdf` renders it). */
export function buildPdfDefinition(
  doc: EstimateDocument,
  options: ExportOptions = {},
  images: { logo?: CheckedImage | null; watermark?: CheckedImage | null } = {},
): TDocumentDefinitions {
  const opts = resolveExportOptions(options);
  const t = translator(opts.language);
  const est = doc.estimate ?? ({} as Partial<EstimateDocument['estimate']>);
  const rows = flattenTree(doc.tree);
  const formats = documentFormats(opts.language, est.currency);
  const totalText = formats.money.format(totalFigure(doc, 'total'));
  let code = '';
  for (const r of rows) {
    const c = cleanText(r.code, 40);
    if (textWidth(c, TABLE_FONT) > textWidth(code, TABLE_FONT)) code = c;
  }
  const widest = { money: totalText.replace(/^-/, '') + '0', code };
  const columns = tableColumns(opts, widest);
  const page = pageFor(columns);
  const logo = images.logo ?? null;
  const watermark = images.watermark ?? null;
  const number = cleanText(est.unique_identifier, 200);
  const companyName = companyLines(est.company).name;

  const content: Content[] = [...headerBlock(doc, opts, t, logo, page.width)];
  if (rows.length > 0) content.push(itemsTable(rows, columns, opts, t, formats));
  content.push(totalsBlock(doc, rows, opts, t, formats));
  const closing = cleanText(est.closing_statement, 10_000);
  if (closing) content.push({ text: pdfText(closing, 10_000), margin: [0, 6, 0, 0] });

  const def: TDocumentDefinitions = {
    pageSize: page.size,
    pageOrientation: page.orientation,
    pageMargins: [40, 40, 40, 50],
    language: opts.language,
    info: {
      title: pdfText([t('doc.quote'), number, cleanText(est.name, 300)].filter(Boolean).join(' – ')),
      author: pdfText(companyName),
      creator: 'PlanDesk',
      producer: 'PlanDesk',
    },
    defaultStyle: { font: 'Roboto', fontSize: 9, color: COLORS.text, lineHeight: 1.15 },
    styles: {
      docTitle: { fontSize: 20, bold: true, color: COLORS.accent },
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
    },
    footer: (currentPage: number, pageCount: number): Content => ({
      columns: [
        {
          text: pdfText(
            [companyName, [t('doc.quote'), number].filter(Boolean).join(' ')].filter(Boolean).join(' · '),
          ),
          color: COLORS.muted,
        },
        {
          text: pdfText(t('doc.page', { page: currentPage, pages: pageCount })),
          alignment: 'right',
          color: COLORS.muted,
        },
      ],
      fontSize: 7.5,
      margin: [40, 18, 40, 0],
    }),
    content,
  };
  const imageMap: Record<string, string> = {};
  if (logo) imageMap.logo = logo.dataUrl;
  if (watermark) {
    imageMap.watermark = watermark.dataUrl;
    def.background = (_page: number, size: { width: number; height: number }): Content => {
      const scale = Math.min((size.width * 0.6) / watermark.width, (size.height * 0.6) / watermark.height);
      const w = watermark.width * scale;
      const h = watermark.height * scale;
      return {
        image: 'watermark',
        width: w,
        height: h,
        opacity: 0.08,
        absolutePosition: { x: (size.width - w) / 2, y: (size.height - h) / 2 },
      };
    };
  }
  if (Object.keys(imageMap).length > 0) def.images = imageMap;
  return def;
}
