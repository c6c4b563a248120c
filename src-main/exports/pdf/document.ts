import type { Content, ContentTable, TDocumentDefinitions } from 'pdfmake/interfaces';
import { quoteTotals } from '../../../src-shared/estimates/quote-totals';
import type { EstimateDocument } from '../../../src-shared/estimates/types';
import { translator } from '../../../src-shared/i18n/catalogue';
import { flattenTree } from '../../estimates/flatten';
import type { CheckedImage } from '../images';
import { currencyInfo } from '../formats';
import { columnsFor, resolveExportOptions, type ExportOptions } from '../options';
import { cleanText, companyLines } from '../parties';
import { documentFormats } from './formats';
import { fitAtMost, headerBlock } from './header';
import { keepTogether, tagRows } from './keep-together';
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
  const shown = columnsFor(opts, rows);
  const formats = documentFormats(opts.language, est.currency);
  const quote = quoteTotals(
    rows,
    doc.service_totals ?? {},
    currencyInfo(opts.language, est.currency)?.digits ?? 2,
  );
  const totalText = formats.money.format(totalFigure(doc, 'total'));
  let code = '';
  for (const r of rows) {
    const c = cleanText(r.code, 40);
    if (textWidth(c, TABLE_FONT) > textWidth(code, TABLE_FONT)) code = c;
  }
  const widest = { money: totalText.replace(/^-/, '') + '0', code };
  const columns = tableColumns(shown, widest);
  const page = pageFor(columns, opts.paper);
  const logo = images.logo ?? null;
  const watermark = images.watermark ?? null;
  const number = cleanText(est.unique_identifier, 200);
  const companyName = companyLines(est.company).name;

  const content: Content[] = [...headerBlock(doc, opts, t, logo, page.width)];
  const table = rows.length > 0 ? itemsTable(rows, columns, shown, t, formats) : null;
  if (table) content.push(table.node);
  // Stacks with ids: pdfmake reports where they land, for the page-break plan.
  const totals = {
    stack: [totalsBlock(doc, quote, opts, t, formats)],
    id: 'totals',
    unbreakable: true,
  } as Content;
  content.push(totals);
  const closingText = opts.statements ? cleanText(est.closing_statement, 10_000) : '';
  const closing: Content | null = closingText
    ? ({ stack: [{ text: pdfText(closingText, 10_000) }], id: 'closing', margin: [0, 6, 0, 0] } as Content)
    : null;
  if (closing) content.push(closing);

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
  if (table) {
    tagRows(table.node as ContentTable);
    def.pageBreakBefore = keepTogether({
      body: table.body,
      headingRows: table.headingRows,
      totals,
      closing,
      // Lines of about 16 pt (the gross total's a little more), and the block's margins.
      totalsHeight: 16 * (quote.vat.length + 3 + (opts.kind === 'internal' ? 3 : 0)) + 22,
      // About 100 characters to a line of 10.35 pt.
      closingHeight:
        closingText.split('\n').reduce((n, line) => n + Math.max(1, Math.ceil(line.length / 100)), 0) *
          10.35 +
        8,
      topMargin: 40,
    });
  }
  return def;
}
