/**
 * The change order as a PDF, built from the quote's own parts (pdf/): the same title block with
 * company, logo, customer and project, the same fonts, paper, colours and footer, and the same
 * totals block — then a table of the changed positions (under the groups they are in) with their
 * net amount before and after and the difference.
 */
import type { Content, TableCell, TDocumentDefinitions } from 'pdfmake/interfaces';
import { translator } from '../../../src-shared/i18n/catalogue';
import type { Decimal } from '../../../src-shared/money/decimal';
import { cleanText, companyLines, customerLines, projectLines } from '../parties';
import { documentFormats, type Formats } from '../formats';
import { findFontDir } from '../pdf/fonts';
import { glyphCheckFor } from '../pdf/render';
import { warnOfMissingGlyphs, type MissingGlyphsFound } from '../pdf/font-coverage';
import type { ExportWarning } from '../../../src-shared/exports/warnings';
import { headerBlock } from '../pdf/header';
import {
  PDF_STYLES,
  attachImages,
  documentImages,
  pageFooter,
  renderWithImages,
  type PdfImages,
} from '../pdf/page';
import { COLORS, TABLE_FONT, pdfText, textWidth } from '../pdf/text';
import { totalsTable } from '../pdf/totals';
import { itemsTableLayout } from '../pdf/items-table';
import { COLUMN_PADDING, pageFor } from '../pdf/layout';
import type { ChangeOrder, ChangeOrderLine } from './model';
import { documentTitle, introText, kindText, metaPairs, noteTexts, totalsFigures } from './texts';

export interface ChangeOrderPdfOptions {
  /** Logo and watermark bytes, as for the quote (fetched by the caller with the service's headers). */
  images?: { logo?: Uint8Array | null; watermark?: Uint8Array | null };
  fontDir?: string;
  /** Called with what the user should know of the document (an image left out); never with secrets. */
  onWarning?: (warning: ExportWarning) => void;
}

const INDENT = 8;

function lineCells(line: ChangeOrderLine, withCode: boolean, order: ChangeOrder, f: Formats): TableCell[] {
  const t = translator(order.opts.language);
  const indent = Math.min(line.depth, 6) * INDENT;
  if (line.kind === 'heading') {
    const fill = COLORS.groupFill[Math.min(line.depth, COLORS.groupFill.length - 1)];
    const title: TableCell = {
      text: pdfText(line.name),
      bold: true,
      colSpan: 4,
      margin: [indent, 0, 0, 0],
      fillColor: fill,
    };
    return [
      ...(withCode ? [{ text: pdfText(line.code, 200), bold: true, fillColor: fill } as TableCell] : []),
      title,
      {},
      {},
      {},
    ];
  }
  const stack: Content[] = [
    { text: pdfText(line.name), decoration: line.kind === 'removed' ? 'lineThrough' : undefined },
  ];
  if (order.columns.includes('description') && line.description) {
    stack.push({ text: pdfText(line.description), color: COLORS.muted, fontSize: TABLE_FONT - 0.5 });
  }
  const marker = kindText(line, t);
  for (const note of [...(marker ? [marker] : []), ...noteTexts(line, t, f, order.opts.language)]) {
    stack.push({ text: pdfText(note), italics: true, color: COLORS.note, fontSize: TABLE_FONT - 0.5 });
  }
  const money = (v: Decimal | null) => (v === null ? '' : f.money.format(v));
  const number = (text: string, bold = false): TableCell => ({
    text: pdfText(text),
    alignment: 'right',
    noWrap: true,
    bold,
  });
  return [
    ...(withCode ? [{ text: pdfText(line.code, 200) } as TableCell] : []),
    { stack, margin: [indent, 0, 0, 0] },
    number(money(line.netFrom)),
    number(money(line.netTo)),
    number(f.money.formatMinor(line.delta), true),
  ];
}

function changesTable(order: ChangeOrder, f: Formats, moneyWidth: number): Content {
  const t = translator(order.opts.language);
  const withCode = order.columns.includes('code');
  const widest = order.lines.reduce((w, l) => Math.max(w, textWidth(cleanText(l.code, 40), TABLE_FONT)), 0);
  const header: TableCell[] = [
    ...(withCode ? [t('doc.column.code')] : []),
    t('doc.position'),
    t('doc.before'),
    t('doc.after'),
    t('doc.difference'),
  ].map((label, i, all) => ({
    text: pdfText(label),
    style: 'tableHeader',
    alignment: i >= all.length - 3 ? 'right' : 'left',
  }));
  const body: TableCell[][] = [header, ...order.lines.map((line) => lineCells(line, withCode, order, f))];
  const sum: TableCell[] = [
    ...(withCode ? [{ text: '', border: [false, true, false, false] } as TableCell] : []),
    { text: pdfText(t('doc.sumOfChanges')), bold: true, colSpan: 3, border: [false, true, false, false] },
    {},
    {},
    {
      text: pdfText(f.money.formatMinor(order.linesTotal)),
      bold: true,
      alignment: 'right',
      noWrap: true,
      border: [false, true, false, false],
    },
  ];
  body.push(sum);
  return {
    table: {
      headerRows: 1,
      dontBreakRows: true,
      widths: [
        ...(withCode ? [Math.min(90, Math.max(30, widest + 8))] : []),
        '*',
        moneyWidth,
        moneyWidth,
        moneyWidth,
      ],
      body,
    },
    layout: itemsTableLayout(true),
    fontSize: TABLE_FONT,
    margin: [0, 4, 0, 10],
  };
}

export function buildChangeOrderDefinition(
  order: ChangeOrder,
  images: Partial<PdfImages> = {},
): TDocumentDefinitions {
  const t = translator(order.opts.language);
  const f = documentFormats(order.opts.language, order.estimate.currency);
  const figures = totalsFigures(order, t, f);
  const widestMoney = figures.reduce(
    (w, fig) => Math.max(w, textWidth(f.money.formatMinor(fig.value), TABLE_FONT)),
    0,
  );
  const moneyWidth = Math.max(52, widestMoney + 10);
  // The table's fixed columns (code, three amounts) beside the item column decide the paper.
  const page = pageFor(
    (order.columns.includes('code') ? 60 + COLUMN_PADDING : 0) + 3 * (moneyWidth + COLUMN_PADDING),
    order.opts.paper,
  );
  const title = documentTitle(order, t);
  const content: Content[] = [
    ...headerBlock(
      { estimate: order.estimate },
      { ...order.opts, statements: false },
      t,
      images.logo ?? null,
      page.width,
      {
        title: t('doc.changeOrder'),
        meta: metaPairs(order, t),
      },
    ),
    { text: pdfText(introText(order, t)), margin: [0, 0, 0, 8] },
  ];
  if (order.lines.length > 0) content.push(changesTable(order, f, moneyWidth));
  else content.push({ text: pdfText(t('doc.noChanges')), italics: true, margin: [0, 0, 0, 10] });
  content.push(
    totalsTable(
      figures.map((fig) => ({
        label: fig.label,
        value: f.money.formatMinor(fig.value),
        strong: fig.kind === 'new',
        muted: fig.kind === 'previous',
      })),
    ),
  );
  const def: TDocumentDefinitions = {
    pageSize: page.size,
    pageOrientation: page.orientation,
    pageMargins: [40, 40, 40, 50],
    language: order.opts.language,
    info: {
      title: pdfText([title, cleanText(order.estimate.name, 300)].filter(Boolean).join(' – ')),
      author: pdfText(companyLines(order.estimate.company).name || 'PlanDesk'),
      subject: pdfText(
        [projectLines(order.estimate.project).name, customerLines(order.estimate.customer).name]
          .filter(Boolean)
          .join(' – '),
      ),
      creator: 'PlanDesk',
      producer: 'PlanDesk',
    },
    defaultStyle: { font: 'Roboto', fontSize: 9, color: COLORS.text, lineHeight: 1.15 },
    styles: PDF_STYLES,
    footer: pageFooter([companyLines(order.estimate.company).name, title].filter(Boolean).join(' · '), t),
    content,
  };
  attachImages(def, images);
  return def;
}

/** The change order's PDF bytes. */
export async function renderChangeOrderPdf(
  order: ChangeOrder,
  options: ChangeOrderPdfOptions = {},
): Promise<Buffer> {
  const notice = (detail: string): void => options.onWarning?.({ code: 'image-left-out', detail });
  const images = documentImages(order.estimate, options.images, notice);
  const fontDir = findFontDir(options.fontDir);
  let checked: MissingGlyphsFound = { characters: [], count: 0 };
  const bytes = await renderWithImages(
    (usable) => {
      const def = buildChangeOrderDefinition(order, usable);
      const glyphs = glyphCheckFor(fontDir);
      glyphs?.scanContent(def.content);
      checked = glyphs?.result() ?? checked;
      return def;
    },
    images,
    fontDir,
    notice,
  );
  warnOfMissingGlyphs(checked, options.onWarning);
  return bytes;
}
