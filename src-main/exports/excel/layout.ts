/**
 * Where everything goes on an estimate's sheet: the header block (labels with their values merged
 * across enough columns that a date never shows ###), the items table, and the totals block with its
 * labels right beside their figures. Computed once; the header, items and totals writers fill in
 * their parts.
 */
import type ExcelJS from 'exceljs';
import {
  isAmountColumn,
  type AmountColumn,
  type ExportColumnKey,
} from '../../../src-shared/estimates/columns';
import type { QuoteTotals } from '../../../src-shared/estimates/quote-totals';
import { statusLabelKey } from '../../../src-shared/estimates/status';
import type { EstimateDocument, EstimateRow } from '../../../src-shared/estimates/types';
import type { Translate } from '../../../src-shared/i18n/catalogue';
import type { UiLanguage } from '../../../src-shared/i18n/languages';
import {
  columnValue,
  UNIT_PRICE_EXTRA_DIGITS,
  unitPriceBasis,
  type UnitPriceBasis,
} from '../../../src-shared/estimates/net';
import { moneyFormat } from '../../../src-shared/money/format';
import { serviceDate, unitPriceText } from '../formats';
import type { ResolvedExportOptions } from '../options';
import { cleanText, companyLines, customerLines, projectLines } from '../parties';
import { rootSum, subtreeSums } from '../sums';
import { columnWidths, MONEY_PAD } from './cells';
import { WidestFigure } from '../widest-figure';

export type Pair = [label: string, value: ExcelJS.CellValue];

/** A span of 1-based columns. */
export interface Span {
  from: number;
  to: number;
}

export interface SheetLayout {
  columns: ExportColumnKey[];
  amountColumns: AmountColumn[];
  /**
   * Per amount column, per row: the sums of the row's subtree in minor units of the currency (what the
   * formulas add up).
   */
  sums: Map<AmountColumn, bigint[]>;
  left: Pair[];
  right: Pair[];
  /** The header block: label and value columns of its left part and (side by side) its right part. */
  leftLabel: Span;
  leftValue: Span;
  rightLabel: Span | null;
  rightValue: Span | null;
  pairRows: number;
  /** 1-based rows of the items table's header, its first and its last item. */
  headerRow: number;
  firstItem: number;
  lastItem: number;
  /** The totals block: labels (merged, right-aligned), the VAT bases, the figures, the service's (0: none). */
  totalsLabel: Span;
  baseCol: number;
  valueCol: number;
  serviceCol: number;
  sheetCols: number;
  widths: number[];
  quote: QuoteTotals;
  /** Which unit price the unit-price column holds (before the discount when a discount is shown). */
  basis: UnitPriceBasis;
  kind: ResolvedExportOptions['kind'];
}

/** The sum of a column over the whole estimate, in minor units. */
export function wholeSum(layout: SheetLayout, rows: readonly EstimateRow[], column: AmountColumn): bigint {
  return rootSum(rows, layout.sums.get(column)!);
}

/** The header block's label/value pairs: company, customer and project (left), the quote's details (right). */
export function headerPairs(
  doc: Pick<EstimateDocument, 'estimate'>,
  t: Translate,
  kind: ResolvedExportOptions['kind'],
  language: UiLanguage,
): { left: Pair[]; right: Pair[] } {
  const est = doc.estimate ?? ({} as Partial<EstimateDocument['estimate']>);
  const company = companyLines(est.company, language);
  const customer = customerLines(est.customer, language);
  const project = projectLines(est.project, language);
  const dateValue = (s: string | null | undefined): ExcelJS.CellValue =>
    serviceDate(s) ?? (cleanText(s ?? '', 100) || null);
  const status = statusLabelKey(est.status);
  const right: Pair[] = [
    [t('doc.estimateNumber'), cleanText(est.unique_identifier, 200)],
    [t('doc.issueDate'), dateValue(est.date_issue)],
    [t('doc.validUntil'), dateValue(est.date_valid_until)],
  ];
  // The service's status word is internal; a client document says "Draft" in its title instead.
  if (kind === 'internal')
    right.push([t('doc.status'), status ? t(status) : cleanText(est.status ?? '', 200)]);
  right.push([t('doc.currency'), cleanText(est.currency, 20)]);
  return {
    left: [
      [t('doc.company'), [company.name, company.place].filter(Boolean).join(', ')],
      [t('doc.customer'), [customer.name, customer.company].filter(Boolean).join(', ')],
      [t('doc.address'), [customer.street, customer.place, customer.country].filter(Boolean).join(', ')],
      [t('doc.project'), project.name],
      ['', project.address],
    ],
    right,
  };
}

/** Characters a date or a short value needs (dd.mm.yyyy, or a quote number). */
const VALUE_MIN = 14;

export function sheetLayout(
  doc: EstimateDocument,
  rows: readonly EstimateRow[],
  columns: ExportColumnKey[],
  opts: ResolvedExportOptions,
  quote: QuoteTotals,
  t: Translate,
): SheetLayout {
  const amountColumns = columns.filter(isAmountColumn);
  // Sums of the values rounded to the currency's digits: what the formulas add up.
  const sums = subtreeSums(rows, amountColumns, quote.digits);
  const { left, right } = headerPairs(doc, t, opts.kind, opts.language);
  const serviceCol = opts.kind === 'internal' ? columns.length + 1 : 0;
  // The figures go under the net amount (else the last amount column, else past the table), the VAT
  // bases one column left of them, the labels merged over the columns left of those.
  const colOf = (c: ExportColumnKey): number => columns.indexOf(c) + 1;
  const lastAmount = [...amountColumns].reverse()[0];
  let valueCol = colOf('net_amount') || (lastAmount ? colOf(lastAmount) : columns.length + 1);
  if (valueCol < 3) valueCol = 3;
  const baseCol = valueCol - 1;
  const sheetCols = Math.max(columns.length, valueCol, serviceCol);
  const totalsLabel: Span = { from: 1, to: baseCol - 1 };

  const sideBySide = sheetCols >= 6;
  const half = Math.ceil(sheetCols / 2);
  const leftLabel: Span = { from: 1, to: 1 };
  const leftValue: Span = { from: 2, to: sideBySide ? half : sheetCols };
  const rightLabel: Span | null = sideBySide ? { from: half + 1, to: half + 1 } : null;
  const rightValue: Span | null = sideBySide ? { from: half + 2, to: sheetCols } : null;
  const pairRows = sideBySide ? Math.max(left.length, right.length) : left.length + right.length;
  const headerRow = 1 + pairRows + 2;

  const layout: SheetLayout = {
    columns,
    amountColumns,
    sums,
    left,
    right,
    leftLabel,
    leftValue,
    rightLabel,
    rightValue,
    pairRows,
    headerRow,
    firstItem: headerRow + 1,
    lastItem: headerRow + rows.length,
    totalsLabel,
    baseCol,
    valueCol,
    serviceCol,
    sheetCols,
    widths: [],
    quote,
    basis: unitPriceBasis(columns),
    kind: opts.kind,
  };
  layout.widths = widths(layout, rows, t, opts.language, doc.estimate?.currency ?? null, doc);
  return layout;
}

function widths(
  layout: SheetLayout,
  rows: readonly EstimateRow[],
  t: Translate,
  language: UiLanguage,
  currency: string | null,
  doc: Pick<EstimateDocument, 'service_totals'>,
): number[] {
  const digits = layout.quote.digits;
  const money = moneyFormat(language, currency);
  const { quote } = layout;
  // The totals block's figures, and in an internal worksheet the service's own beside them.
  const totals = new WidestFigure();
  for (const v of [quote.net, quote.gross, ...quote.vat.map((v) => v.base)]) totals.addUnits(v, digits);
  for (const v of Object.values(doc.service_totals ?? {})) totals.addText(v);
  const moneyChars = (column: ExportColumnKey): number => {
    const widest = new WidestFigure();
    const sums = layout.sums.get(column as AmountColumn);
    if (sums) {
      for (const v of sums) widest.addUnits(v, digits);
      return widest.chars(money);
    }
    // A unit price: the client's at the digits it is printed with (up to four more than the
    // currency's), the costs' at two more.
    if (column === 'net_unit_price') {
      for (const r of rows) widest.addPrice(unitPriceText(r, column, layout.basis, digits));
      return widest.chars(moneyFormat(language, currency, { extraDigits: UNIT_PRICE_EXTRA_DIGITS }));
    }
    for (const r of rows) widest.addText(columnValue(r, column, layout.basis));
    return widest.chars(moneyFormat(language, currency, { extraDigits: 2 }));
  };
  const widths = columnWidths(layout.columns, rows, moneyChars);
  while (widths.length < layout.sheetCols) widths.push(16);
  const moneyWidth = Math.max(
    ...widths.slice(layout.valueCol - 1, layout.valueCol),
    totals.chars(money) + MONEY_PAD,
  );
  widths[layout.valueCol - 1] = Math.max(widths[layout.valueCol - 1] ?? 0, moneyWidth);
  widths[layout.baseCol - 1] = Math.max(widths[layout.baseCol - 1] ?? 0, moneyWidth);
  if (layout.serviceCol > 0) {
    widths[layout.serviceCol - 1] = Math.max(
      widths[layout.serviceCol - 1] ?? 0,
      moneyWidth,
      t('doc.perService').length + 2,
    );
    widths[layout.valueCol - 1] = Math.max(widths[layout.valueCol - 1]!, t('doc.calculated').length + 2);
  }
  // Header labels fit their column; values get at least a date's width over their merged span.
  const fit = (col: number, pairs: Pair[]): void => {
    const need = Math.max(...pairs.map(([label]) => label.length + 2));
    widths[col - 1] = Math.min(30, Math.max(widths[col - 1] ?? 10, need));
  };
  const spanWidth = (s: Span): number => widths.slice(s.from - 1, s.to).reduce((a, b) => a + b, 0);
  fit(layout.leftLabel.from, layout.rightLabel ? layout.left : [...layout.left, ...layout.right]);
  if (layout.rightLabel) fit(layout.rightLabel.from, layout.right);
  for (const span of [layout.leftValue, layout.rightValue]) {
    if (span && spanWidth(span) < VALUE_MIN)
      widths[span.to - 1] = widths[span.to - 1]! + VALUE_MIN - spanWidth(span);
  }
  return widths;
}
