/**
 * Cells and rows for the streaming writer: exact values rounded as text before they become the
 * binary numbers Excel stores, shared style objects, and column widths from the content.
 */
import type ExcelJS from 'exceljs';
import { columnKind, columnSpec, type ExportColumnKey } from '../../../src-shared/estimates/columns';
import { columnValue, type UnitPriceBasis } from '../../../src-shared/estimates/net';
import type { EstimateRow } from '../../../src-shared/estimates/types';
import { unitText } from '../../../src-shared/estimates/units';
import type { Translate } from '../../../src-shared/i18n/catalogue';
import { roundedText, unitsText } from '../../../src-shared/money/amounts';
import { QUANTITY_DIGITS, unitPriceText } from '../formats';
import { cleanText } from '../parties';
import type { Style, Styles } from './styles';

/** Excel's limit for the text of one cell. */
const MAX_CELL_TEXT = 32_767;

export interface CellSpec {
  v: ExcelJS.CellValue;
  s?: Style;
}

/**
 * A number for a numeric cell. Excel stores numbers as binary floats, so the exact decimal is first
 * rounded to `scale` fractional digits AS A STRING; Number() of a decimal string with at most 15
 * significant digits gives the double nearest to it, which prints back as exactly that string: the
 * cell holds the value exact to the cent (up to about 10^13 for money).
 */
export function cellNumber(value: string | null | undefined, scale: number): number | null {
  const text = roundedText(value, scale);
  return text === null ? null : Number(text);
}

/** A sum in minor units of the currency (an exact integer) as a cell number, by the same route. */
export function minorNumber(units: bigint, digits: number): number {
  return Number(unitsText(units, digits));
}

export function cellText(value: unknown): string | null {
  const s = cleanText(value, MAX_CELL_TEXT);
  return s === '' ? null : s;
}

/** A1 column letters for a 1-based column index. */
export function colLetter(index: number): string {
  let s = '';
  for (let n = index; n > 0; n = Math.floor((n - 1) / 26)) s = String.fromCharCode(65 + ((n - 1) % 26)) + s;
  return s;
}

const UNSTYLED: Style = {};

export function writeRow(
  ws: ExcelJS.Worksheet,
  cells: (CellSpec | undefined)[],
  outlineLevel = 0,
  height?: number,
  /** Spans of 1-based columns to merge in this row (the streaming writer merges before it commits). */
  merges: readonly { from: number; to: number }[] = [],
): void {
  const row = ws.addRow([]);
  for (const m of merges) if (m.to > m.from) ws.mergeCells(row.number, m.from, row.number, m.to);
  for (let i = 0; i < cells.length; i++) {
    const spec = cells[i];
    if (spec === undefined || spec.v === null || spec.v === undefined) continue;
    const cell = row.getCell(i + 1);
    cell.value = spec.v;
    // Always a shared style object: exceljs looks shared objects up in a WeakMap, and would
    // serialise a fresh {} for each cell.
    cell.style = spec.s ?? UNSTYLED;
  }
  if (outlineLevel > 0) row.outlineLevel = outlineLevel;
  if (height !== undefined) row.height = height;
  row.commit();
}

/** A row of `width` cells with the given ones placed at their 1-based columns. */
export function cellsAt(width: number, placed: [col: number, cell: CellSpec][]): (CellSpec | undefined)[] {
  const cells: (CellSpec | undefined)[] = new Array(width).fill(undefined);
  for (const [col, cell] of placed) cells[col - 1] = cell;
  return cells;
}

/**
 * An item's value in a column, with its style (groups get their subtotal elsewhere). Money is held
 * at the currency's digits (styles.digits); a zero discount stays blank.
 */
export function itemCell(
  column: ExportColumnKey,
  row: EstimateRow,
  styles: Styles,
  t: Translate,
  basis: UnitPriceBasis = 'net',
): CellSpec | undefined {
  const group = row.type === 'group';
  switch (columnKind(column)) {
    case 'text': {
      const v = cellText(column === 'unit' ? unitText(row.unit, t) : columnValue(row, column, basis));
      if (column === 'name') {
        const depth = Math.min(row.depth, 15);
        return { v, s: group ? styles.nameBold[depth] : styles.name[depth] };
      }
      if (v === null) return undefined;
      return { v, s: group ? styles.bold : styles.text };
    }
    case 'quantity':
      return group ? undefined : { v: cellNumber(row.quantity, QUANTITY_DIGITS), s: styles.quantity };
    case 'unit-price': {
      if (group) return undefined;
      // The unit price a client pays, as the PDF prints it: at the digits that make its line check
      // on a calculator (the cell holds exactly that price). The cost-side ones keep two more.
      if (column !== 'net_unit_price')
        return { v: cellNumber(columnValue(row, column, basis), styles.digits + 2), s: styles.unitPrice };
      const price = unitPriceText(row, column, basis, styles.digits);
      const dot = price?.indexOf('.') ?? -1;
      const extra = price === null || dot < 0 ? 0 : price.length - dot - 1 - styles.digits;
      return {
        v: cellNumber(price, styles.digits + extra),
        s: styles.clientUnitPrice[Math.max(0, Math.min(extra, styles.clientUnitPrice.length - 1))]!,
      };
    }
    case 'rate':
      return group ? undefined : { v: cellNumber(row.tax, 6), s: styles.rate };
    case 'amount': {
      const v = cellNumber(columnValue(row, column), styles.digits);
      if (column === 'discount') return v === 0 || v === null ? undefined : { v, s: styles.moneyOrBlank };
      return { v, s: styles.money };
    }
  }
}

/**
 * Column widths in characters from the content: a text column from its longest value, a money column
 * from its widest figure as the currency's format prints it (`moneyChars`), within the column
 * table's bounds (a money column may grow past them: a cut figure prints as ###).
 */
export function columnWidths(
  columns: readonly ExportColumnKey[],
  rows: readonly EstimateRow[],
  moneyChars: (column: ExportColumnKey) => number,
): number[] {
  return columns.map((column) => {
    const [min, max] = columnSpec(column).sheetWidth;
    const kind = columnKind(column);
    if (kind === 'amount' || kind === 'unit-price') return Math.max(min, moneyChars(column) + MONEY_PAD);
    let want = min;
    if (kind === 'text') {
      for (const row of rows) {
        const v = columnValue(row, column);
        const len = (typeof v === 'string' ? v.length : 0) + (column === 'name' ? 2 * row.depth : 0) + 2;
        if (len > want) want = len;
        if (want >= max) break;
      }
    }
    return Math.max(min, Math.min(max, want));
  });
}

/**
 * Characters added to a money figure's own: Excel's and LibreOffice's cell margins, bold figures
 * (totals) and a font's wider digits, so that no figure prints as ###.
 */
export const MONEY_PAD = 4;
