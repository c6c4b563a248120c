/**
 * The items table's columns and the page they are printed on. The paper is the document's (A4 or
 * Letter), never another: when the columns do not fit across a portrait page at a readable size, the
 * table's font gets smaller, then the page turns to landscape, then the money columns leave out the
 * currency's symbol (the document names its currency above the table). Every column is as wide as its
 * widest figure (or the longest word of its heading, which wraps), so nothing is ever cut.
 */
import { columnKind, type ExportColumnKey } from '../../../src-shared/estimates/columns';
import { textWidth } from './text';

/** Usable width (page minus 40 pt margins) of each paper and orientation, in points. */
const USABLE = {
  A4: { portrait: 515, landscape: 761 },
  LETTER: { portrait: 532, landscape: 712 },
} as const;
/** The text column's least width: about 30 characters of a name. */
const MIN_TEXT_COLUMN = 150;
/** What the text column may shrink to before the table gives up on fitting (and wraps more). */
const LAST_RESORT_TEXT_COLUMN = 90;
/** Cell padding left and right, plus a little slack. */
const CELL_PAD = 8;
/** The table's font sizes tried in turn, in points. */
const PORTRAIT_SIZES = [8, 7.5, 7] as const;
const LANDSCAPE_SIZES = [8, 7.5, 7, 6.5, 6] as const;
const SMALLEST = 5.5;

export interface Column {
  key: ExportColumnKey;
  width: number | '*';
  numeric: boolean;
}

/** The columns that share the one text column. */
const TEXT_KEYS: readonly ExportColumnKey[] = ['name', 'description', 'internal_notes'];

export interface PageChoice {
  size: 'A4' | 'LETTER';
  orientation: 'portrait' | 'landscape';
  /** The usable width, in points. */
  width: number;
}

/** What a column prints at its widest: its heading, and its widest value with and without a symbol. */
export interface ColumnSample {
  heading: string;
  value: string;
  /** The widest value without the currency's symbol (money columns); else the same as `value`. */
  bare: string;
}

export interface TableFit {
  columns: Column[];
  page: PageChoice;
  /** The table's font size, in points. */
  fontSize: number;
  /** Money cells carry the currency's symbol. */
  symbol: boolean;
}

/** The longest word of a heading (a heading wraps between words, never inside one). */
function longestWord(text: string, size: number): number {
  return Math.max(0, ...text.split(/\s+/u).map((w) => textWidth(w, size)));
}

function columnsAt(
  shown: readonly ExportColumnKey[],
  sample: (key: ExportColumnKey) => ColumnSample,
  size: number,
  symbol: boolean,
): Column[] {
  const textKey = TEXT_KEYS.find((k) => shown.includes(k)) ?? null;
  const columns: Column[] = [];
  for (const key of shown) {
    if (TEXT_KEYS.includes(key)) {
      if (key === textKey) columns.push({ key, width: '*', numeric: false });
      continue;
    }
    const s = sample(key);
    const value = textWidth(symbol ? s.value : s.bare, size);
    const width = Math.ceil(Math.max(value, longestWord(s.heading, size)) + CELL_PAD);
    columns.push({ key, width, numeric: key !== 'code' && key !== 'unit' && columnKind(key) !== 'text' });
  }
  return columns;
}

function fixedWidth(columns: readonly Column[]): number {
  return columns.reduce((sum, c) => sum + (c.width === '*' ? 0 : c.width), 0);
}

/**
 * The first layout, in this order, whose fixed columns leave the text column its least width:
 * portrait at 8, 7.5 or 7 pt; landscape at 8 down to 6 pt; landscape at 6 and 5.5 pt without the
 * currency's symbol in the cells; else that last one, with a narrower text column.
 */
export function fitTable(
  shown: readonly ExportColumnKey[],
  sample: (key: ExportColumnKey) => ColumnSample,
  paper: 'A4' | 'Letter',
): TableFit {
  const size = paper === 'Letter' ? 'LETTER' : 'A4';
  const tries: [PageChoice['orientation'], number, boolean][] = [
    ...PORTRAIT_SIZES.map((s) => ['portrait', s, true] as [PageChoice['orientation'], number, boolean]),
    ...LANDSCAPE_SIZES.map((s) => ['landscape', s, true] as [PageChoice['orientation'], number, boolean]),
    ['landscape', 6, false],
    ['landscape', SMALLEST, false],
  ];
  const hasText = shown.some((k) => TEXT_KEYS.includes(k));
  let last: TableFit | null = null;
  for (const [orientation, fontSize, symbol] of tries) {
    const width = USABLE[size][orientation];
    const columns = columnsAt(shown, sample, fontSize, symbol);
    last = { columns, page: { size, orientation, width }, fontSize, symbol };
    if (fixedWidth(columns) + (hasText ? MIN_TEXT_COLUMN : 0) <= width) return last;
  }
  // Nothing fits with a roomy text column: the smallest layout, the text column what is left (it
  // wraps), and when even that is too little, every fixed column shrunk in proportion.
  const fit = last!;
  const room = fit.page.width - (hasText ? LAST_RESORT_TEXT_COLUMN : 0);
  const fixed = fixedWidth(fit.columns);
  if (fixed > room) {
    const scale = room / fixed;
    fit.columns = fit.columns.map((c) =>
      c.width === '*' ? c : { ...c, width: Math.floor(c.width * scale) },
    );
  }
  return fit;
}

/** The page of a document without an items table of its own columns (a change order's). */
export function pageFor(fixed: number, paper: 'A4' | 'Letter'): PageChoice {
  const size = paper === 'Letter' ? 'LETTER' : 'A4';
  const need = fixed + MIN_TEXT_COLUMN;
  const orientation = need <= USABLE[size].portrait ? 'portrait' : 'landscape';
  return { size, orientation, width: USABLE[size][orientation] };
}
