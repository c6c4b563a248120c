/**
 * The items table as rows of cells: group headings indented by depth, positions, group subtotals
 * (exact sums, rounded only when printed), and the header row (repeated on every page). pdfkit
 * prints it page by page (pdf/table-pages.ts); the layout of the same table (itemsTableLayout) is
 * the change order's, which pdfmake prints.
 */
import type { TableLayout } from 'pdfmake/interfaces';
import {
  columnKind,
  columnSpec,
  isAmountColumn,
  type AmountColumn,
  type ExportColumnKey,
} from '../../../src-shared/estimates/columns';
import type { EstimateRow } from '../../../src-shared/estimates/types';
import type { Translate } from '../../../src-shared/i18n/catalogue';
import { columnValue, type UnitPriceBasis } from '../../../src-shared/estimates/net';
import { unitText } from '../../../src-shared/estimates/units';
import { amountOrNull } from '../../../src-shared/money/amounts';
import { unitPriceText, type Formats } from '../formats';

/** The money formats of one kind of table (with the currency's symbol, or without). */
type MoneyFormats = Pick<Formats, 'money' | 'unitPrice'>;
import { WidestFigure } from '../widest-figure';
import { fittedHeading, type Column, type ColumnSample } from './layout';
import { COLORS, pdfText } from './text';

/** How the table is printed: its money formats, unit prices and font size. */
export interface TableStyle {
  formats: Formats;
  basis: UnitPriceBasis;
  fontSize: number;
}

function indentOf(row: EstimateRow): number {
  return Math.min(row.depth, 6) * 8;
}

/** The columns a document shows, by the keys the shared text column stands for. */
type Shown = readonly ExportColumnKey[];

/** One text of a cell, in its own size and colour (a name, its description, its note). */
export interface TextRun {
  text: string;
  size: number;
  color: string;
  bold: boolean;
  italics: boolean;
}

/** A cell of the items table: the columns it covers and its texts, one below another. */
export interface TableCellModel {
  /** Its first column, and how many columns it spans. */
  column: number;
  span: number;
  runs: TextRun[];
  align: 'left' | 'right';
  /** Figures stay on one line; text wraps inside the cell. */
  wrap: boolean;
  /** How far the texts are indented (a group's depth). */
  indent: number;
}

export type TableRowKind = 'header' | 'heading' | 'item' | 'subtotal';

/** A row of the items table as it is printed (pdf/table-pages.ts measures and draws it). */
export interface TableRowModel {
  kind: TableRowKind;
  cells: TableCellModel[];
  /** The row's background, if any. */
  fill: string | null;
}

function run(text: string, size: number, more: Partial<Omit<TextRun, 'text' | 'size'>> = {}): TextRun {
  return { text, size, color: COLORS.text, bold: false, italics: false, ...more };
}

/** A row's name, description and internal note (as far as they are shown), one below another. */
function nameRuns(row: EstimateRow, shown: Shown, t: Translate, size: number, heading: boolean): TextRun[] {
  const runs: TextRun[] = [];
  if (heading || shown.includes('name')) runs.push(run(pdfText(row.name), size, { bold: heading }));
  const small = size - 0.5;
  if (shown.includes('description') && row.description) {
    runs.push(run(pdfText(row.description), small, { color: COLORS.muted }));
  }
  if (shown.includes('internal_notes') && row.internal_notes) {
    const note = heading
      ? pdfText(row.internal_notes)
      : `${t('doc.internalNote')}: ${pdfText(row.internal_notes)}`;
    runs.push(run(note, small, { color: COLORS.note, italics: true }));
  }
  return runs;
}

function cell(column: number, runs: TextRun[], more: Partial<TableCellModel> = {}): TableCellModel {
  return { column, span: 1, runs, align: 'left', wrap: true, indent: 0, ...more };
}

function itemCells(
  row: EstimateRow,
  columns: readonly Column[],
  shown: Shown,
  t: Translate,
  { formats, basis, fontSize }: TableStyle,
): TableCellModel[] {
  return columns.map((column, i): TableCellModel => {
    const key = column.key;
    if (column.width === '*')
      return cell(i, nameRuns(row, shown, t, fontSize, false), { indent: indentOf(row) });
    let text = '';
    switch (columnKind(key)) {
      case 'text':
        text = pdfText(key === 'unit' ? unitText(row.unit, t) : columnValue(row, key), 200);
        break;
      case 'quantity':
        text = formats.quantity.format(amountOrNull(row.quantity));
        break;
      case 'rate':
        text = formats.rate.format(amountOrNull(row.tax));
        break;
      case 'unit-price':
        text = (key === 'net_unit_price' ? formats.unitPrice : formats.money).format(
          amountOrNull(unitPriceText(row, key, basis, formats.money.digits)),
        );
        break;
      case 'amount': {
        const value = amountOrNull(columnValue(row, key));
        // A line without a discount shows none (not a column of zeros).
        text =
          key === 'discount' && (value === null || value.round(formats.money.digits).isZero())
            ? ''
            : formats.money.format(value);
        break;
      }
    }
    const runs = text ? [run(pdfText(text), fontSize)] : [];
    return cell(i, runs, column.numeric ? { align: 'right', wrap: false } : {});
  });
}

function groupHeadingCells(
  row: EstimateRow,
  columns: readonly Column[],
  shown: Shown,
  t: Translate,
  fontSize: number,
): TableCellModel[] {
  const textAt = columns.findIndex((c) => c.width === '*');
  const cells: TableCellModel[] = [];
  columns.forEach((column, i) => {
    if (i < textAt || textAt < 0) {
      const code = column.key === 'code' ? pdfText(row.code, 200) : '';
      cells.push(cell(i, code ? [run(code, fontSize, { bold: true })] : []));
    }
  });
  if (textAt >= 0) {
    cells.push(
      cell(textAt, nameRuns(row, shown, t, fontSize, true), {
        span: columns.length - textAt,
        indent: indentOf(row),
      }),
    );
  }
  return cells;
}

function subtotalCells(
  row: EstimateRow,
  index: number,
  columns: readonly Column[],
  sums: Map<AmountColumn, bigint[]>,
  t: Translate,
  { formats, fontSize }: TableStyle,
): TableCellModel[] | null {
  const firstAmount = columns.findIndex((c) => isAmountColumn(c.key));
  if (firstAmount < 0) return null;
  // The label spans from the text column (else the first column) up to the first amount column;
  // when an amount column comes first there is no room for it.
  const textAt = columns.findIndex((c) => c.width === '*');
  const labelAt = textAt >= 0 && textAt < firstAmount ? textAt : 0;
  const cells: TableCellModel[] = [];
  if (labelAt < firstAmount) {
    const label = t('doc.subtotalOf', { name: pdfText(row.name) });
    cells.push(
      cell(labelAt, [run(label, fontSize, { bold: true })], {
        span: firstAmount - labelAt,
        indent: textAt === labelAt ? indentOf(row) : 0,
      }),
    );
  }
  columns.forEach((column, i) => {
    if (!isAmountColumn(column.key)) return;
    const sum = sums.get(column.key)![index]!;
    // A group without a discount sums none.
    if (column.key === 'discount' && sum === 0n) return;
    const text = pdfText(formats.money.formatMinor(sum));
    cells.push(cell(i, [run(text, fontSize, { bold: true })], { align: 'right', wrap: false }));
  });
  return cells;
}

/** The header row: each column's heading (a long word broken where the layout says), bold. */
export function headerRow(columns: readonly Column[], t: Translate, fontSize: number): TableRowModel {
  const cells = columns.map((c, i) =>
    cell(
      i,
      [run(fittedHeading(pdfText(t(columnSpec(c.key).docLabel)), c, fontSize), fontSize, { bold: true })],
      {
        align: c.numeric ? 'right' : 'left',
      },
    ),
  );
  return { kind: 'header', cells, fill: COLORS.headerFill };
}

/**
 * The body rows of the items table, one at a time (a 20,000-item estimate is never held as a table):
 * group headings (filled by depth), positions, and after each group its subtotal, the sum of its
 * lines' amounts as printed (each rounded at the currency's digits), so a reader adding up the lines
 * finds it.
 */
export function* tableRows(
  rows: readonly EstimateRow[],
  columns: readonly Column[],
  shown: Shown,
  t: Translate,
  style: TableStyle,
  sums: Map<AmountColumn, bigint[]>,
): Generator<TableRowModel> {
  // Groups whose subtree is still being listed; each closes with its subtotal row.
  const open: number[] = [];
  function* closeUntil(i: number): Generator<TableRowModel> {
    while (open.length > 0) {
      const g = open[open.length - 1]!;
      if (g + rows[g]!.subtreeSize >= i) return;
      open.pop();
      const cells = subtotalCells(rows[g]!, g, columns, sums, t, style);
      if (cells) yield { kind: 'subtotal', cells, fill: null };
    }
  }
  for (let i = 0; i < rows.length; i++) {
    const row = rows[i]!;
    yield* closeUntil(i);
    if (row.type === 'group') {
      const fill = COLORS.groupFill[Math.min(row.depth, COLORS.groupFill.length - 1)]!;
      yield { kind: 'heading', cells: groupHeadingCells(row, columns, shown, t, style.fontSize), fill };
      open.push(i);
    } else {
      yield { kind: 'item', cells: itemCells(row, columns, shown, t, style), fill: null };
    }
  }
  yield* closeUntil(Number.MAX_SAFE_INTEGER);
}

/**
 * The lines of a table of items: a rule under the filled header row, hairlines between rows, and
 * (`endsOnSum`) a rule above a last row that sums the others.
 */
export function itemsTableLayout(endsOnSum = false): TableLayout {
  return {
    hLineWidth: (i: number, node: { table: { body: unknown[] } }) =>
      i === 0 || i === node.table.body.length
        ? 0
        : i === 1 || (endsOnSum && i === node.table.body.length - 1)
          ? 1
          : 0.4,
    vLineWidth: () => 0,
    hLineColor: (i: number) => (i === 1 ? COLORS.muted : COLORS.rule),
    paddingLeft: () => 3,
    paddingRight: () => 3,
    paddingTop: () => 2.5,
    paddingBottom: () => 2.5,
    fillColor: (rowIndex: number) => (rowIndex === 0 ? COLORS.headerFill : null),
  };
}

/**
 * What each column prints at its widest, for the layout (layout.ts): its heading, and its widest
 * value as printed — with and without the currency's symbol for money, a subtotal included.
 */
export function columnSamples(
  rows: readonly EstimateRow[],
  shown: Shown,
  t: Translate,
  style: Pick<TableStyle, 'basis'>,
  sums: Map<AmountColumn, bigint[]>,
  money: { symbol: MoneyFormats; bare: MoneyFormats },
  formats: Formats,
): (key: ExportColumnKey) => ColumnSample {
  // Worked out once per column: the layout asks again for each size and orientation it tries.
  const known = new Map<ExportColumnKey, ColumnSample>();
  return (key) => {
    let sample = known.get(key);
    if (!sample) known.set(key, (sample = columnSample(key)));
    return sample;
  };

  function columnSample(key: ExportColumnKey): ColumnSample {
    const heading = t(columnSpec(key).docLabel);
    const kind = columnKind(key);
    if (kind === 'amount' || kind === 'unit-price') {
      const widest = new WidestFigure();
      const digits = money.symbol.money.digits;
      const subtotals = sums.get(key as AmountColumn);
      if (subtotals) for (const v of subtotals) widest.addUnits(v, digits);
      if (key === 'net_unit_price') {
        // The client's unit prices: as wide as the most digits one of them is printed with.
        for (const row of rows) widest.addPrice(unitPriceText(row, key, style.basis, digits));
        return {
          heading,
          value: widest.sample(money.symbol.unitPrice),
          bare: widest.sample(money.bare.unitPrice),
        };
      }
      for (const row of rows) widest.addText(columnValue(row, key, style.basis));
      return { heading, value: widest.sample(money.symbol.money), bare: widest.sample(money.bare.money) };
    }
    let value = '';
    for (const row of rows) {
      if (row.type === 'group' && key !== 'code') continue;
      const text =
        kind === 'quantity'
          ? formats.quantity.format(amountOrNull(row.quantity))
          : kind === 'rate'
            ? formats.rate.format(amountOrNull(row.tax))
            : pdfText(key === 'unit' ? unitText(row.unit, t) : columnValue(row, key), 40);
      if (text.length > value.length) value = text;
    }
    // Codes and units longer than this wrap (a code is printed whole elsewhere: its group heading).
    return { heading, value: value.slice(0, 14), bare: value.slice(0, 14) };
  }
}
