/**
 * The items table's columns and the page they are printed on. The paper is the document's (A4 or
 * Letter), never another: when the columns do not fit across a portrait page at a readable size, the
 * table's font gets smaller, then the page turns to landscape, long headings break, the money columns
 * leave out the currency's symbol (the document names its currency above the table), and only then
 * does the font go below 7 pt. Every column is as wide as its
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
/** What the text column gives up, at most, so that headings need not break inside a word. */
const SHARED_TEXT_COLUMN = 115;
/** What the text column may shrink to before the table gives up on fitting (and wraps more). */
const LAST_RESORT_TEXT_COLUMN = 90;
/** Slack beside a column's widest text (fonts' widths are estimated, textWidth). */
const CELL_PAD = 3;
/**
 * What pdfmake adds to each column's width: its padding left and right (pdf/items-table.ts
 * `itemsTableLayout`), and the change order's table the same.
 */
export const COLUMN_PADDING = 6;
/** The table's font sizes tried in turn, in points. */
const PORTRAIT_SIZES = [8, 7.5, 7] as const;
const LANDSCAPE_SIZES = [8, 7.5, 7, 6.5, 6] as const;
const SMALLEST = 5.5;

export interface Column {
  key: ExportColumnKey;
  width: number | '*';
  numeric: boolean;
  /** The heading's words may break inside themselves (the column is narrower than its longest word). */
  breakHeading?: boolean;
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
  wholeWords: boolean,
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
    const word = longestWord(s.heading, size);
    // A heading's longest word sets the width, or half of it: then it breaks in two.
    const width = Math.ceil(Math.max(value, wholeWords ? word : word / 2 + textWidth('M', size)) + CELL_PAD);
    const numeric = key !== 'code' && key !== 'unit' && columnKind(key) !== 'text';
    columns.push({
      key,
      width,
      numeric,
      ...(wholeWords || word <= width - CELL_PAD ? {} : { breakHeading: true }),
    });
  }
  return columns;
}

/** The width the columns of a fixed width take on the page, their padding included (the text column's too). */
function fixedWidth(columns: readonly Column[]): number {
  return columns.reduce((sum, c) => sum + (c.width === '*' ? 0 : c.width) + COLUMN_PADDING, 0);
}

/**
 * The first layout, in this order, whose fixed columns leave the text column its least width:
 * portrait at 8, 7.5 or 7 pt; landscape at those; the same with headings that break inside a long
 * word; landscape from 8 down to 5.5 pt without the currency's symbol in the cells; else that last
 * one, with a narrower text column.
 */
export function fitTable(
  shown: readonly ExportColumnKey[],
  sample: (key: ExportColumnKey) => ColumnSample,
  paper: 'A4' | 'Letter',
): TableFit {
  const size = paper === 'Letter' ? 'LETTER' : 'A4';
  type Try = [PageChoice['orientation'], number, boolean, boolean];
  const tries: Try[] = [
    ...PORTRAIT_SIZES.map((s): Try => ['portrait', s, true, true]),
    ...PORTRAIT_SIZES.map((s): Try => ['landscape', s, true, true]),
    // Long headings break inside their words, then the cells leave out the currency's symbol (the
    // document names its currency), before the figures get smaller than 7 pt.
    ...PORTRAIT_SIZES.map((s): Try => ['landscape', s, true, false]),
    ...LANDSCAPE_SIZES.map((s): Try => ['landscape', s, false, false]),
    ['landscape', SMALLEST, false, false],
  ];
  const hasText = shown.some((k) => TEXT_KEYS.includes(k));
  let last: TableFit | null = null;
  for (const [orientation, fontSize, symbol, wholeWords] of tries) {
    const width = USABLE[size][orientation];
    const columns = columnsAt(shown, sample, fontSize, symbol, wholeWords);
    last = { columns, page: { size, orientation, width }, fontSize, symbol };
    const fixed = fixedWidth(columns);
    if (fixed + (hasText ? MIN_TEXT_COLUMN : 0) <= width) {
      // Whole headings are worth a somewhat narrower text column (it wraps).
      return wholerHeadings(last, sample, width - fixed - (hasText ? SHARED_TEXT_COLUMN : 0));
    }
  }
  // Nothing fits with a roomy text column: the smallest layout, the text column what is left (it
  // wraps), and when even that is too little, every fixed column shrunk in proportion.
  const fit = last!;
  const room = fit.page.width - (hasText ? LAST_RESORT_TEXT_COLUMN : 0) - COLUMN_PADDING * fit.columns.length;
  const fixed = fixedWidth(fit.columns) - COLUMN_PADDING * fit.columns.length;
  if (fixed > room) {
    const scale = room / fixed;
    fit.columns = fit.columns.map((c) =>
      c.width === '*' ? c : { ...c, width: Math.floor(c.width * scale) },
    );
  }
  return fit;
}

/**
 * Room left over goes to the columns whose headings break inside a word: each, the narrowest need
 * first, is widened to its heading's longest word while the room lasts.
 */
function wholerHeadings(
  fit: TableFit,
  sample: (key: ExportColumnKey) => ColumnSample,
  spare: number,
): TableFit {
  const needs = fit.columns
    .filter((c) => c.breakHeading && c.width !== '*')
    .map((c) => ({
      c,
      need: Math.ceil(longestWord(sample(c.key).heading, fit.fontSize) + CELL_PAD) - (c.width as number),
    }))
    .sort((a, b) => a.need - b.need);
  let room = spare;
  for (const { c, need } of needs) {
    if (need > room) break;
    c.width = (c.width as number) + need;
    c.breakHeading = false;
    room -= need;
  }
  return fit;
}

/** The page of a document without an items table of its own columns (a change order's). */
export function pageFor(fixed: number, paper: 'A4' | 'Letter'): PageChoice {
  // `fixed`: the fixed columns' widths with their padding.
  const size = paper === 'Letter' ? 'LETTER' : 'A4';
  const need = fixed + MIN_TEXT_COLUMN;
  const orientation = need <= USABLE[size].portrait ? 'portrait' : 'landscape';
  return { size, orientation, width: USABLE[size][orientation] };
}

/**
 * A heading that fits its column: a word longer than the column is broken (zero-width spaces) into as
 * few parts as fit, of about equal length ("Einzel|preis" rather than "Einzelprei|s").
 */
export function fittedHeading(text: string, column: Column, size: number): string {
  if (!column.breakHeading || column.width === '*') return text;
  const room = column.width - CELL_PAD;
  return text
    .split(' ')
    .map((word) => {
      const chars = [...word];
      for (let parts = 1; parts <= chars.length; parts++) {
        const size_ = Math.ceil(chars.length / parts);
        const pieces: string[] = [];
        for (let i = 0; i < chars.length; i += size_) pieces.push(chars.slice(i, i + size_).join(''));
        if (pieces.every((p) => textWidth(p, size) <= room)) return pieces.join('\u200b');
      }
      return word;
    })
    .join(' ');
}
