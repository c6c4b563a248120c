/**
 * Prints the items table with pdfkit onto the pages pdfmake laid out around it (pdf/render.ts): on
 * each of the table's pages the header row, then the page's rows as planned (table-pages.ts), each
 * measured again as it is printed (table-measure.ts: the same widths, lines and heights), so no row
 * of a 20,000-item estimate is kept once its page is done.
 */
import type PDFKit from 'pdfkit';
import { COLORS } from './text';
import type { TableRowModel } from './items-table';
import {
  HEADER_RULE,
  PAD_Y,
  ROW_RULE,
  measureRow,
  rowParts,
  type MeasuredRow,
  type RowPart,
  type TableBox,
  type TableFonts,
} from './table-measure';
import { minLineHeight, type TablePlan, type TableSpace } from './table-pages';
import { cancelPoint } from '../../workers/cancel-point';

/** The table's font files by face (the document's own: pdfmake embedded the same ones). */
export type FaceFiles = (bold: boolean, italics: boolean) => string;

/** Draws with as few state changes as the content stream needs. */
class Pen {
  private face = '';
  private size = 0;
  private color = '';

  constructor(
    private readonly doc: PDFKit.PDFDocument,
    private readonly files: FaceFiles,
  ) {}

  startPage(): void {
    // pdfmake's last drawing on the page may have left another opacity, colour or font.
    this.face = '';
    this.size = 0;
    this.color = '';
    this.doc.opacity(1);
  }

  text(
    text: string,
    x: number,
    y: number,
    run: { size: number; color: string; bold: boolean; italics: boolean },
  ): void {
    const face = this.files(run.bold, run.italics);
    if (face !== this.face) this.doc.font((this.face = face));
    if (run.size !== this.size) this.doc.fontSize((this.size = run.size));
    if (run.color !== this.color) this.doc.fillColor((this.color = run.color));
    this.doc.text(text, x, y, { lineBreak: false });
  }

  rule(box: TableBox, y: number, width: number, color: string): void {
    this.doc
      .lineWidth(width)
      .strokeColor(color)
      .moveTo(box.left, y + width / 2)
      .lineTo(box.left + box.width, y + width / 2)
      .stroke();
  }

  fill(box: TableBox, y: number, height: number, color: string): void {
    this.doc.rect(box.left, y, box.width, height).fill(color);
    this.color = color;
  }
}

function drawPart(
  pen: Pen,
  measured: MeasuredRow,
  part: RowPart,
  box: TableBox,
  y: number,
  fonts: TableFonts,
): void {
  if (measured.row.fill) pen.fill(box, y, part.height, measured.row.fill);
  measured.cells.forEach((cell, c) => {
    const [from, to] = part.lines[c]!;
    let lineY = y + PAD_Y;
    for (let i = from; i < to; i++) {
      const line = cell.lines[i]!;
      let x = cell.x;
      if (cell.cell.align === 'right') {
        x =
          cell.x +
          cell.width -
          fonts.face(line.run.bold, line.run.italics).widthOfString(line.text, line.run.size);
      }
      if (line.text !== '') pen.text(line.text, x, lineY, line.run);
      lineY += line.height;
    }
  });
}

export interface TableDrawing {
  doc: PDFKit.PDFDocument;
  files: FaceFiles;
  /** Fonts to measure with (widths identical to the document's). */
  fonts: TableFonts;
  plan: TablePlan;
  space: TableSpace;
  box: TableBox;
  fontSize: number;
  header: TableRowModel;
  /** The body rows again, in the order they were planned. */
  rows: Iterable<TableRowModel>;
  /** The document's page (0-based, as pdfkit buffers them) the table's first page is. */
  firstPage: number;
  /** Called after each of the table's pages is printed (the pages before it can be written out). */
  pageDone: (page: number) => Promise<void>;
}

/** Prints the table onto its pages (the document's pages are buffered: bufferPages). */
export async function drawTable(t: TableDrawing): Promise<void> {
  const pen = new Pen(t.doc, t.files);
  const minLine = minLineHeight(t.fonts, t.fontSize);
  const most = t.space.bottom - t.space.pageTop - t.plan.headerHeight - HEADER_RULE;
  const header = measureRow(t.header, t.box, t.fonts);
  const headerPart = rowParts(header, minLine, Number.POSITIVE_INFINITY)[0]!;
  const rows = t.rows[Symbol.iterator]();
  let rowIndex = -1;
  let current: { measured: MeasuredRow; parts: RowPart[] } | null = null;
  for (const [k, page] of t.plan.pages.entries()) {
    cancelPoint();
    t.doc.switchToPage(t.firstPage + k);
    pen.startPage();
    let y = k === 0 && !t.plan.newPage ? t.space.firstTop : t.space.pageTop;
    drawPart(pen, header, headerPart, t.box, y, t.fonts);
    y += t.plan.headerHeight;
    for (let u = page.first; u < page.end; u++) {
      const row = t.plan.unitRow[u]!;
      while (rowIndex < row) {
        rowIndex++;
        const kept = t.plan.measured?.[rowIndex];
        if (kept) {
          current = kept;
          continue;
        }
        const next = rows.next();
        if (next.done) throw new Error('The items table has fewer rows than were planned.');
        const measured = measureRow(next.value, t.box, t.fonts);
        current = { measured, parts: rowParts(measured, minLine, most) };
      }
      const part = current!.parts[t.plan.unitPart[u]!]!;
      const rule = u === page.first ? HEADER_RULE : ROW_RULE;
      pen.rule(t.box, y, rule, u === page.first ? COLORS.muted : COLORS.rule);
      y += rule;
      drawPart(pen, current!.measured, part, t.box, y, t.fonts);
      y += part.height;
    }
    await t.pageDone(t.firstPage + k);
  }
}
