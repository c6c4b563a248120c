/**
 * The items table: group headings indented by depth, positions, group subtotals (exact sums, rounded
 * only when printed), and the header row repeated on every page.
 */
import type { Content, TableCell, TableLayout } from 'pdfmake/interfaces';
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
import type { Formats } from '../formats';
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

function itemCells(
  row: EstimateRow,
  columns: readonly Column[],
  shown: Shown,
  t: Translate,
  { formats, basis, fontSize }: TableStyle,
): TableCell[] {
  return columns.map((column): TableCell => {
    const key = column.key;
    if (column.width === '*') {
      const stack: Content[] = [];
      if (shown.includes('name')) stack.push({ text: pdfText(row.name) });
      if (shown.includes('description') && row.description) {
        stack.push({ text: pdfText(row.description), color: COLORS.muted, fontSize: fontSize - 0.5 });
      }
      if (shown.includes('internal_notes') && row.internal_notes) {
        stack.push({
          text: `${t('doc.internalNote')}: ${pdfText(row.internal_notes)}`,
          italics: true,
          color: COLORS.note,
          fontSize: fontSize - 0.5,
        });
      }
      return { stack, margin: [indentOf(row), 0, 0, 0] };
    }
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
        text = formats.money.format(amountOrNull(columnValue(row, key, basis)));
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
    return { text: pdfText(text), alignment: column.numeric ? 'right' : 'left', noWrap: column.numeric };
  });
}

function groupHeadingCells(
  row: EstimateRow,
  columns: readonly Column[],
  shown: Shown,
  fontSize: number,
): TableCell[] {
  const fill = COLORS.groupFill[Math.min(row.depth, COLORS.groupFill.length - 1)];
  const textAt = columns.findIndex((c) => c.width === '*');
  const title: Content[] = [{ text: pdfText(row.name), bold: true }];
  if (shown.includes('description') && row.description) {
    title.push({ text: pdfText(row.description), color: COLORS.muted, fontSize: fontSize - 0.5 });
  }
  if (shown.includes('internal_notes') && row.internal_notes) {
    title.push({
      text: pdfText(row.internal_notes),
      italics: true,
      color: COLORS.note,
      fontSize: fontSize - 0.5,
    });
  }
  return columns.map((column, i): TableCell => {
    if (i < textAt || textAt < 0) {
      return column.key === 'code'
        ? { text: pdfText(row.code, 200), bold: true, fillColor: fill }
        : { text: '', fillColor: fill };
    }
    if (i === textAt) {
      return {
        stack: title,
        colSpan: columns.length - textAt,
        margin: [indentOf(row), 0, 0, 0],
        fillColor: fill,
      };
    }
    return {};
  });
}

function subtotalCells(
  row: EstimateRow,
  index: number,
  columns: readonly Column[],
  sums: Map<AmountColumn, bigint[]>,
  t: Translate,
  formats: Formats,
): TableCell[] | null {
  const firstAmount = columns.findIndex((c) => isAmountColumn(c.key));
  if (firstAmount < 0) return null;
  const border: [boolean, boolean, boolean, boolean] = [false, true, false, false];
  // The label spans from the text column (else the first column) up to the first amount column;
  // when an amount column comes first there is no room for it.
  const textAt = columns.findIndex((c) => c.width === '*');
  const labelAt = textAt >= 0 && textAt < firstAmount ? textAt : 0;
  const hasLabel = labelAt < firstAmount;
  return columns.map((column, i): TableCell => {
    if (hasLabel && i === labelAt) {
      return {
        text: t('doc.subtotalOf', { name: pdfText(row.name) }),
        bold: true,
        colSpan: firstAmount - labelAt,
        margin: [textAt === labelAt ? indentOf(row) : 0, 0, 0, 0],
        border,
      };
    }
    if (hasLabel && i > labelAt && i < firstAmount) return {};
    if (isAmountColumn(column.key)) {
      const sum = sums.get(column.key)![index]!;
      // A group without a discount sums none.
      if (column.key === 'discount' && sum === 0n) return { text: '', border };
      return {
        text: pdfText(formats.money.formatMinor(sum)),
        bold: true,
        alignment: 'right',
        noWrap: true,
        border,
      };
    }
    return { text: '', border };
  });
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

/** The items table, and which of its body rows are group headings (to keep them with what follows). */
export interface ItemsTable {
  node: Content;
  body: TableCell[][];
  headingRows: Set<number>;
}

/**
 * The items table. A group's subtotal is the sum of its lines' amounts as printed (each rounded at
 * the currency's digits), so a reader adding up the lines finds it.
 */
export function itemsTable(
  rows: readonly EstimateRow[],
  columns: readonly Column[],
  shown: Shown,
  t: Translate,
  style: TableStyle,
  sums: Map<AmountColumn, bigint[]>,
): ItemsTable {
  const header: TableCell[] = columns.map((c) => ({
    text: fittedHeading(pdfText(t(columnSpec(c.key).docLabel)), c, style.fontSize),
    style: 'tableHeader',
    alignment: c.numeric ? 'right' : 'left',
  }));
  const body: TableCell[][] = [header];
  const headingRows = new Set<number>();
  // Groups whose subtree is still being listed; each closes with its subtotal row.
  const open: number[] = [];
  const closeUntil = (i: number): void => {
    while (open.length > 0) {
      const g = open[open.length - 1]!;
      if (g + rows[g]!.subtreeSize >= i) return;
      open.pop();
      const cells = subtotalCells(rows[g]!, g, columns, sums, t, style.formats);
      if (cells) body.push(cells);
    }
  };
  rows.forEach((row, i) => {
    closeUntil(i);
    if (row.type === 'group') {
      headingRows.add(body.length);
      body.push(groupHeadingCells(row, columns, shown, style.fontSize));
      open.push(i);
    } else {
      body.push(itemCells(row, columns, shown, t, style));
    }
  });
  closeUntil(Number.MAX_SAFE_INTEGER);
  const node: Content = {
    table: { headerRows: 1, dontBreakRows: true, widths: columns.map((c) => c.width), body },
    layout: itemsTableLayout(),
    fontSize: style.fontSize,
    margin: [0, 4, 0, 10],
  };
  return { node, body, headingRows };
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
  money: { symbol: Formats['money']; bare: Formats['money'] },
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
      const subtotals = sums.get(key as AmountColumn);
      if (subtotals) for (const v of subtotals) widest.addUnits(v, money.symbol.digits);
      for (const row of rows) widest.addText(columnValue(row, key, style.basis));
      return { heading, value: widest.sample(money.symbol), bare: widest.sample(money.bare) };
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
