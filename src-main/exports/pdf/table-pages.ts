/**
 * Where the items table's pages break, worked out before anything is printed, from each row's exact
 * height (table-measure.ts), in one pass over rows made one at a time:
 * - a row is never split across pages (only a row taller than a page is, between its lines);
 * - the header row opens every page of the table;
 * - a group heading never ends a page: it goes over with the row that follows it (and so do the
 *   headings right above it, a group whose first child is a subgroup);
 * - the totals never open a page on their own: when they do not fit under the last row, the last row
 *   (with its heading) goes over with them; so does the closing statement, when all of it then fits.
 * pdfmake lays out the rest of the document around the pages planned here (pdf/document.ts).
 */
import type { TableRowModel } from './items-table';
import {
  HEADER_RULE,
  ROW_RULE,
  measureRow,
  rowHeight,
  rowParts,
  type MeasuredRow,
  type RowPart,
  type TableBox,
  type TableFonts,
} from './table-measure';
import { cancelPoint } from '../../workers/cancel-point';

/** Rows measured between two looks at whether the export was cancelled. */
const CANCEL_CHECK_ROWS = 256;

/** Where the table may go. */
export interface TableSpace {
  /** Where the table starts on the page the document's header ends on. */
  firstTop: number;
  /** Where a continued page's content starts, and where every page's content ends. */
  pageTop: number;
  bottom: number;
}

/** What must follow the table on its last page. */
export interface TableEnd {
  /** Space between the last row and the totals. */
  gap: number;
  totalsHeight: number;
  /** The closing statement's height; null when there is none, or it takes more than a page. */
  closingHeight: number | null;
}

/** A page of the table: its units [first, end), and how tall the table is on it. */
export interface PlannedPage {
  first: number;
  end: number;
  height: number;
}

export interface TablePlan {
  /** The header row's height (padding included). */
  headerHeight: number;
  /** Each unit (a row, or a part of a row taller than a page): its row, its part, its height. */
  unitRow: number[];
  unitPart: number[];
  unitHeight: number[];
  /** Whether the table starts on a new page (its first row does not fit under the document's header). */
  newPage: boolean;
  pages: PlannedPage[];
  /**
   * The rows as measured, kept for printing when the table is small (a large one is measured again
   * as it is printed, so its rows are never all held).
   */
  measured: { measured: MeasuredRow; parts: RowPart[] }[] | null;
}

/** Tables of at most this many rows keep their measured rows for printing. */
const KEEP_MEASURED_ROWS = 2_000;

/** The least height of a row: one line of the table's font. */
export function minLineHeight(fonts: TableFonts, size: number): number {
  return fonts.face(false, false).lineHeight(size) * 1.15;
}

/** Plans the table's pages. `rows` is walked once; nothing of a row is kept but its height. */
export function planTablePages(
  header: TableRowModel,
  rows: Iterable<TableRowModel>,
  box: TableBox,
  fonts: TableFonts,
  fontSize: number,
  space: TableSpace,
  end: TableEnd,
): TablePlan {
  const minLine = minLineHeight(fonts, fontSize);
  const headerHeight = rowHeight(measureRow(header, box, fonts), minLine);
  // The most a unit may take: a page below the header row and its rule.
  const most = space.bottom - space.pageTop - headerHeight - HEADER_RULE;
  const unitRow: number[] = [];
  const unitPart: number[] = [];
  const unitHeight: number[] = [];
  const heading: boolean[] = [];
  let measuredRows: { measured: MeasuredRow; parts: RowPart[] }[] | null = [];
  let index = 0;
  for (const row of rows) {
    if (index % CANCEL_CHECK_ROWS === 0) cancelPoint();
    const measured = measureRow(row, box, fonts);
    const parts = rowParts(measured, minLine, most);
    if (measuredRows && measuredRows.length < KEEP_MEASURED_ROWS) measuredRows.push({ measured, parts });
    else measuredRows = null;
    parts.forEach((part, p) => {
      unitRow.push(index);
      unitPart.push(p);
      unitHeight.push(part.height);
      heading.push(row.kind === 'heading' && p === parts.length - 1);
    });
    index++;
  }
  const plan: TablePlan = {
    headerHeight,
    unitRow,
    unitPart,
    unitHeight,
    newPage: false,
    pages: [],
    measured: measuredRows,
  };
  if (unitHeight.length === 0) return plan;

  const n = unitHeight.length;
  const breaks = new Set<number>();
  const top = (page: number): number => (page === 0 ? space.firstTop : space.pageTop) + headerHeight;
  const fitsAlone = (height: number): boolean => space.pageTop + headerHeight + height <= space.bottom;
  // The first row does not fit under the document's header: the table starts on the next page.
  plan.newPage = space.firstTop + headerHeight + HEADER_RULE + unitHeight[0]! > space.bottom;

  /** Walks the units with the breaks so far: each page's units, and where the last one ends. */
  const walk = (): { pages: PlannedPage[]; endY: number } => {
    const pages: PlannedPage[] = [];
    let first = 0;
    let y = plan.newPage ? top(1) : top(0);
    for (let i = 0; i < n; i++) {
      const need = (i === first ? HEADER_RULE : ROW_RULE) + unitHeight[i]!;
      if (i > first && (breaks.has(i) || y + need > space.bottom)) {
        pages.push({
          first,
          end: i,
          height: y - (pages.length === 0 && !plan.newPage ? space.firstTop : space.pageTop),
        });
        first = i;
        y = top(1);
        breaks.add(i);
        i--;
        continue;
      }
      // A heading (and the headings right above it) goes over with the row that follows it.
      if (heading[i] && i > first) {
        let chain = need;
        let j = i + 1;
        while (j < n && heading[j]) chain += ROW_RULE + unitHeight[j++]!;
        if (j < n) chain += ROW_RULE + unitHeight[j]!;
        if (y + chain > space.bottom && fitsAlone(chain)) {
          breaks.add(i);
          i--;
          continue;
        }
      }
      y += need;
    }
    pages.push({
      first,
      end: n,
      height: y - (pages.length === 0 && !plan.newPage ? space.firstTop : space.pageTop),
    });
    return { pages, endY: y };
  };

  let { pages, endY } = walk();
  // The totals (and the closing statement, when it then fits too) never open a page alone.
  const lastPage = pages[pages.length - 1]!;
  let from = n - 1;
  while (from > lastPage.first && heading[from - 1]) from--;
  const tail = unitHeight.slice(from).reduce((sum, h) => sum + h + ROW_RULE, 0);
  const totals = end.gap + end.totalsHeight;
  const closing = end.closingHeight ?? 0;
  const freshEnd = space.pageTop + headerHeight + HEADER_RULE - ROW_RULE + tail;
  const moveForTotals = endY + totals > space.bottom;
  const moveForClosing =
    end.closingHeight !== null &&
    endY + totals + closing > space.bottom &&
    freshEnd + totals + closing <= space.bottom;
  if (from > lastPage.first && (moveForTotals || moveForClosing) && fitsAlone(tail)) {
    breaks.add(from);
    ({ pages, endY } = walk());
  }
  plan.pages = pages;
  return plan;
}

/** How many pages the document will have: those before the table, the table's, and after it. */
export function plannedPageCount(
  plan: TablePlan,
  space: TableSpace,
  end: TableEnd,
  before: { tablePage: number; closingPages: number },
): number {
  let pages = before.tablePage + Math.max(0, plan.pages.length - 1) + (plan.newPage ? 1 : 0);
  const last = plan.pages[plan.pages.length - 1];
  const onFirst = plan.pages.length === 1 && !plan.newPage;
  // Where the table (or the header, when there is no table) ends, then the totals and the closing.
  let y = last ? (onFirst ? space.firstTop : space.pageTop) + last.height + end.gap : space.firstTop;
  if (y + end.totalsHeight > space.bottom) {
    pages++;
    y = space.pageTop;
  }
  y += end.totalsHeight;
  if (end.closingHeight !== null) return pages + (y + end.closingHeight > space.bottom ? 1 : 0);
  return pages + before.closingPages;
}
