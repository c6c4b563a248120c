/**
 * The items table's geometry and text: where its columns are, how its cells' texts wrap, and how tall
 * each row is. The same code measures a row for the page plan (table-pages.ts) and draws it
 * (table-draw.ts), so a row is drawn exactly as tall as it was planned.
 *
 * The table looks as it did when pdfmake laid it out: 3 pt of padding left and right of each cell,
 * 2.5 pt above and below, lines 1.15 times the font's line height, a 1 pt rule under the header row
 * and hairlines between rows.
 */
import type { Column } from './layout';
import { COLUMN_PADDING } from './layout';
import type { TableCellModel, TableRowModel, TextRun } from './items-table';

export const PAD_X = COLUMN_PADDING / 2;
export const PAD_Y = 2.5;
/** The documents' line height (their default style's), a multiple of the font's own. */
export const LINE_HEIGHT = 1.15;
/** The rule under the header row, and between any two rows. */
export const HEADER_RULE = 1;
export const ROW_RULE = 0.4;

/** What the table needs of a font: pdfkit's embedded font answers these. */
export interface MeasuringFont {
  widthOfString(text: string, size: number): number;
  lineHeight(size: number, includeGap?: boolean): number;
}

/** The four faces of the table's font, by bold and italics. */
export interface TableFonts {
  face(bold: boolean, italics: boolean): MeasuringFont;
}

/** The table's columns on the page: each one's left edge and the width of its text. */
export interface TableBox {
  left: number;
  width: number;
  /** Per column: its left edge, and the width its text has (the cell less its padding). */
  columnLeft: number[];
  textWidth: number[];
}

/** The columns on a page `usable` points wide, starting at `left`: the text column takes what is left. */
export function tableBox(columns: readonly Column[], left: number, usable: number): TableBox {
  const fixed = columns.reduce((sum, c) => sum + (c.width === '*' ? 0 : c.width), 0);
  const star = Math.max(0, usable - fixed - COLUMN_PADDING * columns.length);
  const columnLeft: number[] = [];
  const textWidth: number[] = [];
  let x = left;
  for (const c of columns) {
    columnLeft.push(x);
    const w = c.width === '*' ? star : c.width;
    textWidth.push(w);
    x += w + COLUMN_PADDING;
  }
  return { left, width: x - left, columnLeft, textWidth };
}

/** One printed line of a cell: its text (break hints removed) and the run it belongs to. */
export interface CellLine {
  text: string;
  run: TextRun;
  height: number;
}

/** A cell's lines, and where its text starts and how wide it may be. */
export interface MeasuredCell {
  cell: TableCellModel;
  x: number;
  width: number;
  lines: CellLine[];
}

export interface MeasuredRow {
  row: TableRowModel;
  cells: MeasuredCell[];
  /** Its text's height (the tallest cell), padding not included. */
  contentHeight: number;
}

const BREAK_HINT = /\u200b/g;
/** Where a line may break: after spaces, zero-width spaces (pdfText puts them into long words), hyphens. */
const BREAK_AFTER = /(?<=[ \u200b\-/])/u;

/** The longest start of `word` that fits in `width` (at least one character), as pdfmake breaks a long word. */
function fittingStart(word: string, width: number, measure: (s: string) => number): number {
  const chars = [...word];
  let low = 1;
  let high = chars.length;
  let best = 1;
  while (low <= high) {
    const mid = (low + high) >> 1;
    if (measure(chars.slice(0, mid).join('')) <= width) {
      best = mid;
      low = mid + 1;
    } else high = mid - 1;
  }
  return chars.slice(0, best).join('').length;
}

/** A text broken into lines no wider than `width`, greedily at its break opportunities. */
export function wrapText(
  text: string,
  width: number,
  font: MeasuringFont,
  size: number,
  wrap = true,
): string[] {
  const measure = (s: string): number => font.widthOfString(s, size);
  const lines: string[] = [];
  for (const paragraph of text.split('\n')) {
    if (!wrap) {
      lines.push(paragraph.replace(BREAK_HINT, ''));
      continue;
    }
    let line = '';
    let lineWidth = 0;
    for (const piece of paragraph.split(BREAK_AFTER)) {
      let rest = piece.replace(BREAK_HINT, '');
      while (rest !== '') {
        const core = rest.trimEnd();
        const coreWidth = core === '' ? 0 : measure(core);
        if (line === '' || lineWidth + coreWidth <= width) {
          if (line === '' && coreWidth > width) {
            // A word wider than the cell: as much of it as fits, the rest on the next line.
            const cut = fittingStart(core, width, measure);
            lines.push(core.slice(0, cut));
            rest = rest.slice(cut);
            continue;
          }
          line += rest;
          lineWidth += rest === core ? coreWidth : measure(rest);
          rest = '';
        } else {
          lines.push(line.trimEnd());
          line = '';
          lineWidth = 0;
        }
      }
    }
    lines.push(line.trimEnd());
  }
  return lines;
}

/** A row's cells measured in the table's box: their lines, and the row's height. */
export function measureRow(row: TableRowModel, box: TableBox, fonts: TableFonts): MeasuredRow {
  let contentHeight = 0;
  const cells = row.cells.map((cell): MeasuredCell => {
    const last = cell.column + cell.span - 1;
    const x = box.columnLeft[cell.column]! + PAD_X + cell.indent;
    const right = box.columnLeft[last]! + box.textWidth[last]! + PAD_X;
    const width = Math.max(1, right - x);
    const lines: CellLine[] = [];
    let height = 0;
    for (const run of cell.runs) {
      const font = fonts.face(run.bold, run.italics);
      const lineHeight = font.lineHeight(run.size) * LINE_HEIGHT;
      for (const text of wrapText(run.text, width, font, run.size, cell.wrap)) {
        lines.push({ text, run, height: lineHeight });
        height += lineHeight;
      }
    }
    contentHeight = Math.max(contentHeight, height);
    return { cell, x, width, lines };
  });
  return { row, cells, contentHeight };
}

/** A row's height on the page, its padding included (its rule above is not). */
export function rowHeight(measured: MeasuredRow, minLine: number): number {
  return Math.max(measured.contentHeight, minLine) + 2 * PAD_Y;
}

/** A part of a row: per cell, the lines [from, to) printed in it (a row taller than a page is split). */
export interface RowPart {
  lines: [from: number, to: number][];
  height: number;
}

/** A row in parts no taller than `most` points each (one part for any row that fits on a page). */
export function rowParts(measured: MeasuredRow, minLine: number, most: number): RowPart[] {
  const whole = rowHeight(measured, minLine);
  if (whole <= most) return [{ lines: measured.cells.map((c) => [0, c.lines.length]), height: whole }];
  const room = Math.max(most - 2 * PAD_Y, minLine);
  const next = measured.cells.map(() => 0);
  const parts: RowPart[] = [];
  while (measured.cells.some((c, i) => next[i]! < c.lines.length)) {
    let tallest = 0;
    const lines = measured.cells.map((c, i): [number, number] => {
      const from = next[i]!;
      let to = from;
      let used = 0;
      // At least one line per part, so even a line taller than the page moves on.
      while (to < c.lines.length && (to === from || used + c.lines[to]!.height <= room)) {
        used += c.lines[to]!.height;
        to++;
      }
      next[i] = to;
      tallest = Math.max(tallest, used);
      return [from, to];
    });
    parts.push({ lines, height: Math.max(tallest, minLine) + 2 * PAD_Y });
  }
  return parts;
}
