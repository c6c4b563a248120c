import type { Content, TDocumentDefinitions } from 'pdfmake/interfaces';
import type { EstimateDocument } from '../../../src-shared/estimates/types';
import { translator } from '../../../src-shared/i18n/catalogue';
import { partsOf, type EstimateParts } from '../../estimates/estimate-parts';
import type { CheckedImage } from '../images';
import { columnsFor, resolveExportOptions, type ExportOptions } from '../options';
import { cleanText, companyLines, customerLines, projectLines } from '../parties';
import { isAmountColumn } from '../../../src-shared/estimates/columns';
import { unitPriceBasis } from '../../../src-shared/estimates/net';
import { documentTitle, documentWord } from '../titles';
import { documentFormats } from '../formats';
import { subtreeSums } from '../sums';
import { headerBlock } from './header';
import { columnSamples, headerRow, tableRows, type TableRowModel } from './items-table';
import { fitTable, type Column } from './layout';
import { PDF_STYLES, attachImages, pageFooter } from './page';
import { COLORS, pdfText } from './text';
import { totalsBlock } from './totals';

/** The page's margins: left, top, right, bottom. */
export const PAGE_MARGINS: [number, number, number, number] = [40, 40, 40, 50];
/** Space above the items table and between it and the totals. */
export const TABLE_MARGIN = { top: 4, bottom: 10 };

/** The items table of a document: its columns, font size, header row, and its rows (made again on each call). */
export interface PdfTable {
  columns: Column[];
  fontSize: number;
  /** The width of the page's content (the table's). */
  width: number;
  header: TableRowModel;
  rows: () => Iterable<TableRowModel>;
  /** How many rows of the estimate it prints (for the page estimate before anything is laid out). */
  count: number;
}

/** A PDF quote in parts: pdfmake lays out all but the items table, which pdfkit prints page by page. */
export interface PdfDocumentParts {
  /** The document without its content: page, metadata, styles, footer, images. */
  base: TDocumentDefinitions;
  /** The content before the table (company, customer, project, opening statement), made afresh on each call. */
  header: () => Content[];
  /** The totals block (unbreakable), made afresh on each call. */
  totals: () => Content;
  /** The closing statement, when there is one. */
  closing: (() => Content) | null;
  table: PdfTable | null;
}

/** The parts of the PDF quote of an estimate (pdf/render.ts puts them together). */
export function pdfDocumentParts(
  estimate: EstimateDocument | EstimateParts,
  options: ExportOptions = {},
  images: { logo?: CheckedImage | null; watermark?: CheckedImage | null } = {},
): PdfDocumentParts {
  const { doc, rows, quote } = partsOf(estimate);
  const opts = resolveExportOptions(options);
  const t = translator(opts.language);
  const est = doc.estimate ?? ({} as Partial<EstimateDocument['estimate']>);
  const shown = columnsFor(opts, rows);
  const basis = unitPriceBasis(shown);
  const formats = documentFormats(opts.language, est.currency);
  const bare = documentFormats(opts.language, est.currency, { symbol: false });
  // Subtotals of the amounts as printed (each rounded at the currency's digits).
  const sums = subtreeSums(rows, shown.filter(isAmountColumn), quote.digits);
  const fit = fitTable(
    shown,
    columnSamples(rows, shown, t, { basis }, sums, { symbol: formats, bare }, formats),
    opts.paper,
  );
  const { columns, page } = fit;
  const style = { formats: fit.symbol ? formats : bare, basis, fontSize: fit.fontSize };
  const logo = images.logo ?? null;
  const watermark = images.watermark ?? null;
  const number = cleanText(est.unique_identifier, 200);
  const companyName = companyLines(est.company).name;
  const word = t(documentWord(opts.kind));

  const closingText = opts.statements ? cleanText(est.closing_statement, 10_000) : '';
  const base: TDocumentDefinitions = {
    pageSize: page.size,
    pageOrientation: page.orientation,
    pageMargins: PAGE_MARGINS,
    language: opts.language,
    info: {
      title: pdfText(documentTitle(doc, t, opts.kind)),
      author: pdfText(companyName || 'PlanDesk'),
      subject: pdfText(
        [projectLines(est.project).name, customerLines(est.customer).name].filter(Boolean).join(' – '),
      ),
      creator: 'PlanDesk',
      producer: 'PlanDesk',
    },
    defaultStyle: { font: 'Roboto', fontSize: 9, color: COLORS.text, lineHeight: 1.15 },
    styles: PDF_STYLES,
    footer: pageFooter(
      [companyName, [word, number].filter(Boolean).join(' ')].filter(Boolean).join(' · '),
      t,
    ),
    content: [],
  };
  attachImages(base, { logo, watermark });
  return {
    base,
    header: () => headerBlock(doc, opts, t, logo, page.width),
    totals: () => ({ stack: [totalsBlock(doc, quote, opts, t, formats)], unbreakable: true }) as Content,
    closing: closingText
      ? () => ({ stack: [{ text: pdfText(closingText, 10_000) }], margin: [0, 6, 0, 0] }) as Content
      : null,
    table:
      rows.length > 0
        ? {
            columns,
            fontSize: fit.fontSize,
            width: page.width,
            header: headerRow(columns, t, fit.fontSize),
            rows: () => tableRows(rows, columns, shown, t, style, sums),
            count: rows.length,
          }
        : null,
  };
}
