/**
 * How a PDF quote is put together, in one layout: pdfmake lays out and prints everything but the
 * items table (header, totals, closing statement, footers, watermark), and pdfkit, pdfmake's own
 * engine, prints the table page by page onto the same document.
 *
 * 1. pdfmake lays out the header, the totals and the closing statement alone (nothing is printed):
 *    where the table starts, how tall the totals and the statement are.
 * 2. The table's pages are planned from each row's exact height (table-pages.ts).
 * 3. pdfmake lays out and prints the document with one empty block per table page, as tall as the
 *    table is there; the pages stay open (bufferPages).
 * 4. The table is printed onto its pages (table-draw.ts), and the document is written out.
 *
 * pdfmake alone laid the document out twice (its page-break hook, for keeping headings with their
 * rows, asks for a second layout) and held the whole table as objects: for 20,000 items 1.4 times its
 * own floor in time and 2.2 times in memory. This way the table is never held, and measured once.
 */
import { once } from 'node:events';
import type { Writable } from 'node:stream';
import pdfmake from 'pdfmake';
import PDFDocument from 'pdfkit';
import type { Content, TDocumentDefinitions } from 'pdfmake/interfaces';
import { PAGE_MARGINS, TABLE_MARGIN, type PdfDocumentParts } from './document';
import { configurePdfmake, fontFile } from './fonts';
import { withCancelPoints } from './page';
import { keepSharedWords } from './shared-fonts';
import { MissingGlyphs, type MissingGlyphsFound } from './font-coverage';
import { drawTable, type FaceFiles } from './table-draw';
import type { TableRowModel } from './items-table';
import { tableBox, type MeasuringFont, type TableFonts } from './table-measure';
import {
  planTablePages,
  plannedPageCount,
  type TableEnd,
  type TablePlan,
  type TableSpace,
} from './table-pages';

/** Where a node landed (pdfmake's `startPosition`). */
interface Mark {
  pageNumber: number;
  top: number;
  pageInnerHeight: number;
}

/** Thrown by the page-break hook once every mark is known: the first layout's printing is not needed. */
class LaidOut extends Error {}

const MARKS = ['after-header', 'after-totals', 'after-closing'] as const;
type MarkId = (typeof MARKS)[number];

/** A line of almost no height whose place pdfmake reports. */
function mark(id: MarkId): Content {
  return { text: '\u00a0', id, fontSize: 1, lineHeight: 1 } as Content;
}

/** What the layout of everything but the table says. */
interface Frame {
  space: TableSpace;
  end: TableEnd;
  /** The page (1-based) the header ends on, and how many pages a long closing statement takes. */
  tablePage: number;
  closingPages: number;
}

/** Half a point less than a page holds: pdfmake adds heights as floats. */
const SLACK = 0.5;

async function layOutFrame(parts: PdfDocumentParts): Promise<Frame> {
  const marks = new Map<string, Mark>();
  const content: Content[] = [
    ...parts.header(),
    mark('after-header'),
    { stack: [parts.totals()], pageBreak: 'before' } as Content,
    mark('after-totals'),
  ];
  if (parts.closing)
    content.push({ stack: [parts.closing()], pageBreak: 'before' } as Content, mark('after-closing'));
  const wanted = parts.closing ? 3 : 2;
  const def: TDocumentDefinitions = {
    ...parts.base,
    footer: undefined,
    background: undefined,
    content,
    pageBreakBefore: (node) => {
      const id = (node as { id?: string }).id;
      const at = (node as { startPosition?: Mark }).startPosition;
      if (id && at && (MARKS as readonly string[]).includes(id)) marks.set(id, at);
      if (marks.size === wanted) throw new LaidOut();
      return false;
    },
  };
  try {
    await pdfmake.createPdf(withCancelPoints(def)).getStream();
  } catch (err) {
    if (!(err instanceof LaidOut)) throw err;
  }
  const header = marks.get('after-header');
  const totals = marks.get('after-totals');
  if (!header || !totals) throw new Error('pdfmake did not report where the header and totals end.');
  const pageTop = PAGE_MARGINS[1];
  const bottom = pageTop + header.pageInnerHeight;
  const closing = marks.get('after-closing');
  const closingPages = closing ? closing.pageNumber - totals.pageNumber : 0;
  return {
    space: { firstTop: header.top + TABLE_MARGIN.top, pageTop, bottom: bottom - SLACK },
    end: {
      gap: TABLE_MARGIN.bottom,
      totalsHeight: totals.top - pageTop,
      closingHeight: closing && closingPages === 1 ? closing.top - pageTop : null,
    },
    tablePage: header.pageNumber,
    closingPages,
  };
}

/** The four font files of a font folder, by face. */
function faceFiles(fontDir: string): FaceFiles {
  const files = [false, true].map((bold) => [false, true].map((italics) => fontFile(fontDir, bold, italics)));
  return (bold, italics) => files[bold ? 1 : 0]![italics ? 1 : 0]!;
}

/** A pdfkit document the thread measures text with (never written): the same fonts as every document's. */
let measuring: PDFKit.PDFDocument | null = null;

function measuringFonts(files: FaceFiles): TableFonts {
  measuring ??= new PDFDocument({ autoFirstPage: false, font: null as unknown as string });
  const doc = measuring;
  const faces = new Map<string, MeasuringFont>();
  return {
    face(bold, italics) {
      const file = files(bold, italics);
      let font = faces.get(file);
      if (!font) faces.set(file, (font = (doc.font(file) as unknown as { _font: MeasuringFont })._font));
      return font;
    },
  };
}

/** The table's pages planned inside the frame the rest of the document leaves it. */
export interface Planned {
  frame: Frame;
  table: {
    plan: TablePlan;
    box: ReturnType<typeof tableBox>;
    fonts: TableFonts;
  } | null;
  /** How many pages the document will have. */
  pages: number;
  /** The characters its texts have that the font has not. */
  missingGlyphs: MissingGlyphsFound;
}

/**
 * A check of texts against the regular face of the documents' font: fontkit's own answer, under
 * pdfkit's embedded font. Null (nothing is checked) should a later pdfkit no longer show it.
 */
function glyphCheck(fonts: TableFonts): MissingGlyphs | null {
  const font = (fonts.face(false, false) as { font?: { hasGlyphForCodePoint?: unknown } }).font;
  const has = font?.hasGlyphForCodePoint;
  return typeof has === 'function' ? new MissingGlyphs((cp) => has.call(font, cp) === true) : null;
}

/** The same check for a document pdfmake lays out whole (a change order). */
export function glyphCheckFor(fontDir: string): MissingGlyphs | null {
  return glyphCheck(measuringFonts(faceFiles(fontDir)));
}

/** The rows, each checked for missing glyphs as the plan reads it (the plan is the one pass over them). */
function* checkedRows(rows: Iterable<TableRowModel>, glyphs: MissingGlyphs | null): Iterable<TableRowModel> {
  for (const row of rows) {
    glyphs?.scanRow(row);
    yield row;
  }
}

async function planDocument(parts: PdfDocumentParts, files: FaceFiles): Promise<Planned> {
  const frame = await layOutFrame(parts);
  const before = { tablePage: frame.tablePage, closingPages: frame.closingPages };
  const fonts = measuringFonts(files);
  // The texts in the order the document prints them: the header, the rows (as the plan reads them),
  // the totals and the closing statement.
  const glyphs = glyphCheck(fonts);
  glyphs?.scanContent(parts.header());
  const missingGlyphs = (): MissingGlyphsFound => {
    if (!glyphs) return { characters: [], count: 0 };
    glyphs.scanContent(parts.totals());
    if (parts.closing) glyphs.scanContent(parts.closing());
    return glyphs.result();
  };
  const table = parts.table;
  if (!table) {
    const empty = {
      headerHeight: 0,
      unitRow: [],
      unitPart: [],
      unitHeight: [],
      newPage: false,
      pages: [],
      measured: null,
    };
    return {
      frame,
      table: null,
      pages: plannedPageCount(empty, frame.space, frame.end, before),
      missingGlyphs: missingGlyphs(),
    };
  }
  const box = tableBox(table.columns, PAGE_MARGINS[0], table.width);
  const rows = checkedRows(table.rows(), glyphs);
  const plan = planTablePages(table.header, rows, box, fonts, table.fontSize, frame.space, frame.end);
  return {
    frame,
    table: { plan, box, fonts },
    pages: plannedPageCount(plan, frame.space, frame.end, before),
    missingGlyphs: missingGlyphs(),
  };
}

/**
 * Parses the faces every document uses (regular and bold; italics only internal notes need) for this
 * thread, and sets a word in each (their layout tables are read then).
 */
export function prepareFonts(fontDir: string): void {
  configurePdfmake(fontDir);
  const fonts = measuringFonts(faceFiles(fontDir));
  for (const bold of [false, true]) fonts.face(bold, false).widthOfString('Angebot 1.234,56 €', 9);
}

/** The plan of the PDF of these parts (laid out, nothing printed): its pages, for writing it. */
export async function planPdf(parts: PdfDocumentParts, fontDir: string): Promise<Planned> {
  configurePdfmake(fontDir);
  return planDocument(parts, faceFiles(fontDir));
}

/** One empty block per table page, as tall as the table is there; the last one ends with the table's margin. */
function tablePlaceholders(plan: TablePlan): Content[] {
  return plan.pages.map((page, k): Content => {
    const first = k === 0 && !plan.newPage;
    const last = k === plan.pages.length - 1;
    return {
      stack: [],
      margin: [0, (first ? TABLE_MARGIN.top : 0) + page.height, 0, last ? TABLE_MARGIN.bottom : 0],
      ...(first ? {} : { pageBreak: 'before' }),
    } as Content;
  });
}

/** Pages printed between two writes of the finished ones (and a turn of the event loop). */
const FLUSH_EVERY = 8;

/**
 * Writes out the buffered pages before `end` (0-based), as pdfkit's flushPages does for all of them:
 * pdfkit can only flush every buffered page, and the table's later pages are still to be printed.
 */
function flushPagesBefore(doc: PDFKit.PDFDocument, end: number): number {
  const d = doc as unknown as {
    _pageBuffer: { end(): void }[];
    _pageBufferStart: number;
    endPageMarkings(page: unknown): void;
  };
  const count = end - d._pageBufferStart;
  if (count <= 0 || !Array.isArray(d._pageBuffer)) return d._pageBufferStart;
  for (const page of d._pageBuffer.splice(0, count)) {
    d.endPageMarkings(page);
    page.end();
  }
  d._pageBufferStart += count;
  return d._pageBufferStart;
}

/** Writes the document to `out`; gives back how many pages it has. */
export async function writePdfParts(
  parts: PdfDocumentParts,
  fontDir: string,
  out: Writable,
  /** The plan made of the same parts before (a page count), if any. */
  planned?: Planned,
): Promise<{ pages: number; missingGlyphs: MissingGlyphsFound }> {
  configurePdfmake(fontDir);
  const files = faceFiles(fontDir);
  planned ??= await planDocument(parts, files);
  const content: Content[] = [...parts.header()];
  if (planned.table) content.push(...tablePlaceholders(planned.table.plan));
  content.push(parts.totals());
  if (parts.closing) content.push(parts.closing());
  const doc = (await pdfmake
    .createPdf(withCancelPoints({ ...parts.base, content }), { bufferPages: true })
    .getStream()) as unknown as PDFKit.PDFDocument;
  const pages = doc.bufferedPageRange().count;
  const written = once(out, 'finish');
  // Awaited below; an output that fails while the table is printed must not go unheard meanwhile.
  written.catch(() => undefined);
  doc.pipe(out);
  try {
    await printTable(doc, parts, planned, files);
    doc.end();
    await written;
  } catch (err) {
    // Stopped part-way (a cancel, say): the thread goes on to other documents, so nothing of this
    // one may still write to `out` (which the caller destroys) or fail later unheard.
    doc.unpipe(out);
    const failure = typeof err === 'object' && err !== null ? err : new Error(String(err));
    failedWhileWriting.add(failure);
    throw failure;
  }
  // Kept for the CLI's next run (never throws; nothing for the app's threads).
  keepSharedWords();
  return { pages, missingGlyphs: planned.missingGlyphs };
}

/** Failures after a document had begun to go out: it cannot be written again to the same place. */
const failedWhileWriting = new WeakSet<object>();

export function failedWhileWritingOut(err: unknown): boolean {
  return typeof err === 'object' && err !== null && failedWhileWriting.has(err);
}

/** Prints the items table onto the document's buffered pages, writing out finished pages as it goes. */
async function printTable(
  doc: PDFKit.PDFDocument,
  parts: PdfDocumentParts,
  planned: Planned,
  files: FaceFiles,
): Promise<void> {
  if (planned.table && parts.table) {
    let flushed = 0;
    await drawTable({
      doc,
      files,
      fonts: planned.table.fonts,
      plan: planned.table.plan,
      space: planned.frame.space,
      box: planned.table.box,
      fontSize: parts.table.fontSize,
      header: parts.table.header,
      rows: planned.table.plan.measured ? [] : parts.table.rows(),
      firstPage: planned.frame.tablePage - 1 + (planned.table.plan.newPage ? 1 : 0),
      pageDone: async (page) => {
        // Written out as the table goes, a few pages at a time, so no more than those are held.
        if (page - flushed < FLUSH_EVERY) return;
        flushed = flushPagesBefore(doc, page + 1);
        await new Promise((resolve) => setImmediate(resolve));
      },
    });
  }
}
