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
  /** Points the totals block and the closing statement need (estimated from their lines). */
  totalsHeight: number;
  closingHeight: number;
  /** The page's top margin (the content area starts there). */
  topMargin: number;
}

function first(node: unknown): Position | null {
  const p = (node as Positioned | null)?.positions?.[0];
  return p && typeof p.top === 'number' ? p : null;
}

/** The height pdfmake measured for a row's tallest cell (its text, a stack's texts one below another). */
function measuredHeight(row: TableCell[]): number {
  let most = 0;
  for (const cell of row) {
    if (!isCell(cell)) continue;
    const c = cell as { stack?: unknown[]; __height?: number };
    const height = Array.isArray(c.stack)
      ? c.stack.reduce<number>((sum, part) => sum + ((part as { __height?: number }).__height ?? 0), 0)
      : (c.__height ?? 0);
    if (height > most) most = height;
  }
  return most;
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
function plan({
  body,
  headingRows,
  totals,
  closing,
  totalsHeight,
  closingHeight,
  topMargin,
}: KeepTogetherInput): string | null {
  const rows = body.slice(1).map((row, k) => ({ index: k + 1, at: first(reported(row)) }));
  if (rows.length === 0 || rows.some((r) => r.at === null)) return null;
  const at = (i: number): Position => rows[i]!.at!;
  const bottom = topMargin + at(0).pageInnerHeight;

  // A row pdfmake moved to the next page (rows are unbreakable) still reports where it was first
  // laid out: only rows after the first of a page report their real place.
  const moved = (i: number): boolean => i > 0 && at(i).pageNumber !== at(i - 1).pageNumber;
  // Row heights from where the next row starts on the same page. Where that is not known (around a
  // page break) a row is as tall as pdfmake measured its tallest cell, plus what the known rows show
  // it adds (padding, rules); the median of its kind when nothing was measured.
  const heights: (number | null)[] = rows.map((_, i) =>
    i + 1 < rows.length && !moved(i) && !moved(i + 1) ? at(i + 1).top - at(i).top : null,
  );
  const measured = rows.map((r) => measuredHeight(body[r.index]!));
  const extras = heights
    .map((known, i) => (known !== null && measured[i]! > 0 ? known - measured[i]! : null))
    .filter((x): x is number => x !== null)
    .sort((a, b) => a - b);
  const extra = extras.length > 0 ? extras[Math.floor(extras.length / 2)]! : null;
  const median = (kind: boolean): number => {
    const hs = heights
      .filter((h, i): h is number => h !== null && headingRows.has(rows[i]!.index) === kind)
      .sort((a, b) => a - b);
    return hs.length > 0 ? hs[Math.floor(hs.length / 2)]! : 14;
  };
  const h = (i: number): number =>
    heights[i] ??
    (extra !== null && measured[i]! > 0 ? measured[i]! + extra : median(headingRows.has(rows[i]!.index)));
  // Rows on a continued page start below the repeated header row: where the second row of a
  // continued page starts, less the first one's height; else from the header on the first page.
  const header = first(reported(body[0]!));
  const continued = rows.findIndex((_, i) => moved(i) && i + 1 < rows.length && !moved(i + 1));
  const pageTop =
    continued >= 0
      ? at(continued + 1).top - h(continued)
      : topMargin + (header && header.pageNumber === at(0).pageNumber ? at(0).top - header.top : 20);

  const totalsAt = first(totals);
  const lastRow = rows.length - 1;
  const lastBottom = at(lastRow).top + h(lastRow);
  // The gap between the table and the totals, where pdfmake put them on the same page.
  const gapBeforeTotals =
    totalsAt && !moved(lastRow) && totalsAt.pageNumber === at(lastRow).pageNumber
      ? Math.max(0, Math.min(40, totalsAt.top - lastBottom))
      : 14;

  const breaks: number[] = [];
  const isHeading = (i: number): boolean => headingRows.has(rows[i]!.index);
  /** Where each row starts in the simulated layout, and whether it opens a page. */
  const opens: boolean[] = new Array<boolean>(rows.length).fill(false);
  let y = at(0).top;
  for (let i = 0; i < rows.length; i++) {
    if (y + h(i) > bottom) {
      y = pageTop;
      opens[i] = true;
    }
    if (isHeading(i) && i + 1 < rows.length && !opens[i] && y + h(i) + h(i + 1) > bottom) {
      // The heading goes over with what follows it, and so do the headings right above it on the
      // same page (a group whose first child is a subgroup).
      let k = i;
      while (k > 0 && isHeading(k - 1) && !opens[k]) k--;
      if (!opens[k]) {
        breaks.push(k);
        opens[k] = true;
        y = pageTop;
        for (let j = k; j < i; j++) y += h(j);
      }
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
    while (from > 0 && isHeading(from - 1) && !opens[from]) from -= 1;
    if (!breaks.includes(from)) breaks.push(from);
  }

  if (breaks.length === 0) return null;
  breaks.sort((a, b) => a - b);
  const trigger = reported(body[rows[breaks[0]!]!.index]!);
  if (!trigger?.id) return null;
  // A row moves when every cell of it breaks; pdfmake sets the break of the cell the hook answers
  // for, these now.
  for (const i of breaks) {
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
