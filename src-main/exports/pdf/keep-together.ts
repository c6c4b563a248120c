/**
 * Where the quote's pages break: a group heading never ends a page alone, the totals block stays
 * with the last rows, and the closing statement with the totals when they fit together.
 *
 * pdfmake can move a table row to the next page (a page break on every cell of the row) but offers
 * no "keep with next" for rows, and each break its `pageBreakBefore` hook asks for costs a full
 * layout of the document. So the first call of the hook — which pdfmake makes once the whole
 * document is laid out, when every node knows where it landed — plans all breaks at once from
 * those positions, marks the rows to move, and asks for one more layout.
 */
import type { Content, ContentTable, TableCell } from 'pdfmake/interfaces';

interface Position {
  pageNumber: number;
  top: number;
  pageInnerHeight: number;
}

type Positioned = { positions?: Position[]; pageBreak?: string; id?: string };

export interface KeepTogetherInput {
  /** The items table's body, header row first. */
  body: TableCell[][];
  /** Body rows that are group headings. */
  headingRows: Set<number>;
  totals: Content;
  closing: Content | null;
  /** The page's top margin (the content area starts there). */
  topMargin: number;
}

function first(node: unknown): Position | null {
  const p = (node as Positioned | null)?.positions?.[0];
  return p && typeof p.top === 'number' ? p : null;
}

/** A cell pdfmake lays out itself (not a colSpan filler `{}`). */
function isCell(cell: unknown): cell is Positioned {
  return typeof cell === 'object' && cell !== null && !Array.isArray(cell) && Object.keys(cell).length > 0;
}

/** The cell pdfmake reports on: the first with something to print (an empty text is skipped). */
function reported(row: TableCell[]): Positioned | null {
  for (const cell of row) {
    if (!isCell(cell)) continue;
    const c = cell as { stack?: unknown; text?: unknown };
    if (Array.isArray(c.stack) || (typeof c.text === 'string' && c.text !== '')) return cell;
  }
  return null;
}

/**
 * A `pageBreakBefore` hook for the document. It returns true at most once, for the first row it
 * decided to move, after marking the others; pdfmake then lays the document out once more.
 */
export function keepTogether(input: KeepTogetherInput): (node: { id?: string }) => boolean {
  let trigger: string | null | undefined;
  return (node) => {
    if (trigger === undefined) trigger = plan(input);
    return trigger !== null && node.id === trigger;
  };
}

/** Marks the rows to move; returns the id of the one pdfmake must be told about, or null for none. */
function plan({ body, headingRows, totals, closing, topMargin }: KeepTogetherInput): string | null {
  const rows = body.slice(1).map((row, k) => ({ index: k + 1, at: first(reported(row)) }));
  if (rows.length === 0 || rows.some((r) => r.at === null)) return null;
  const at = (i: number): Position => rows[i]!.at!;
  const bottom = topMargin + at(0).pageInnerHeight;

  // Row heights from where the next row starts on the same page; the last row of a page gets the
  // median height of its kind (pdfmake reports where a node starts, not where it ends).
  const heights: (number | null)[] = rows.map((r, i) =>
    i + 1 < rows.length && at(i + 1).pageNumber === at(i).pageNumber ? at(i + 1).top - at(i).top : null,
  );
  const median = (kind: boolean): number => {
    const hs = heights
      .filter((h, i): h is number => h !== null && headingRows.has(rows[i]!.index) === kind)
      .sort((a, b) => a - b);
    return hs.length > 0 ? hs[Math.floor(hs.length / 2)]! : 14;
  };
  const h = (i: number): number => heights[i] ?? median(headingRows.has(rows[i]!.index));
  // Where rows start on a continued page (below the repeated header row).
  const continued = rows.find(
    (r, i) => i > 0 && r.at!.pageNumber > at(0).pageNumber && at(i - 1).pageNumber < r.at!.pageNumber,
  );
  const pageTop = continued?.at?.top ?? at(0).top;

  const totalsAt = first(totals);
  const closingAt = closing ? first(closing) : null;
  const lastRow = rows.length - 1;
  const lastBottom = at(lastRow).top + h(lastRow);
  const gapBeforeTotals =
    totalsAt && totalsAt.pageNumber === at(lastRow).pageNumber ? Math.max(0, totalsAt.top - lastBottom) : 14;
  const totalsHeight =
    totalsAt && closingAt && closingAt.pageNumber === totalsAt.pageNumber
      ? closingAt.top - totalsAt.top
      : 110;
  const closingHeight = 40;

  const moved: number[] = [];
  let y = at(0).top;
  const newPage = (): void => {
    y = pageTop;
  };
  for (let i = 0; i < rows.length; i++) {
    if (y + h(i) > bottom) newPage();
    const heading = headingRows.has(rows[i]!.index);
    if (heading && i + 1 < rows.length && y > pageTop && y + h(i) + h(i + 1) > bottom) {
      moved.push(i);
      newPage();
    }
    y += h(i);
  }
  // The totals must not open a page on their own: if they do not fit under the last row, the last
  // row (with its heading, if it stands right before it) goes over with them; so does the closing
  // statement, when all of it fits on the next page.
  const needTotals = gapBeforeTotals + totalsHeight;
  const needClosing = closing ? closingHeight : 0;
  if (
    y + needTotals > bottom ||
    (closing &&
      y + needTotals + needClosing > bottom &&
      pageTop + h(lastRow) + needTotals + needClosing <= bottom)
  ) {
    let from = lastRow;
    if (from > 0 && headingRows.has(rows[from - 1]!.index)) from -= 1;
    if (at(from).top > pageTop + 1 && !moved.includes(from)) moved.push(from);
  }

  if (moved.length === 0) return null;
  moved.sort((a, b) => a - b);
  const trigger = reported(body[rows[moved[0]!]!.index]!);
  if (!trigger?.id) return null;
  // A row moves when every cell of it breaks; pdfmake sets the break of the cell the hook answers
  // for, these now.
  for (const i of moved) {
    for (const cell of body[rows[i]!.index]!) if (isCell(cell) && cell !== trigger) cell.pageBreak = 'before';
  }
  return trigger.id;
}

/** Gives every row's reported cell an id before the layout (pdfmake reads ids then). */
export function tagRows(table: ContentTable): void {
  table.table.body.forEach((row, i) => {
    const cell = reported(row);
    if (cell) cell.id ??= `row-${i}`;
  });
}
