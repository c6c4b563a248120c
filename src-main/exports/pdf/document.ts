import type { Content, ContentTable, TDocumentDefinitions } from 'pdfmake/interfaces';
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
import { keepTogether, tagRows } from './keep-together';
import { columnSamples, itemsTable } from './items-table';
import { fitTable } from './layout';
import { PDF_STYLES, attachImages, pageFooter } from './page';
import { COLORS, pdfText } from './text';
import { totalsBlock } from './totals';

/** The pdfmake document for an estimate (exported for tests; `writeEstimatePdf` renders it). */
export function buildPdfDefinition(
  estimate: EstimateDocument | EstimateParts,
  options: ExportOptions = {},
  images: { logo?: CheckedImage | null; watermark?: CheckedImage | null } = {},
): TDocumentDefinitions {
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
    columnSamples(rows, shown, t, { basis }, sums, { symbol: formats.money, bare: bare.money }, formats),
    opts.paper,
  );
  const { columns, page } = fit;
  const style = { formats: fit.symbol ? formats : bare, basis, fontSize: fit.fontSize };
  const logo = images.logo ?? null;
  const watermark = images.watermark ?? null;
  const number = cleanText(est.unique_identifier, 200);
  const companyName = companyLines(est.company).name;
  const word = t(documentWord(opts.kind));

  const content: Content[] = [...headerBlock(doc, opts, t, logo, page.width)];
  const table = rows.length > 0 ? itemsTable(rows, columns, shown, t, style, sums) : null;
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
    content,
  };
  attachImages(def, { logo, watermark });
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
