/**
 * Where everything goes on an estimate's sheet: the header block's pairs, the items table, the
 * totals block beside the total column, and the widths of the columns. Computed once, then the
 * header, items and totals writers fill in their parts.
 */
import type ExcelJS from 'exceljs';
import {
  isAmountColumn,
  type AmountColumn,
  type ExportColumnKey,
} from '../../../src-shared/estimates/columns';
import { statusLabelKey } from '../../../src-shared/estimates/status';
import type { EstimateDocument, EstimateRow } from '../../../src-shared/estimates/types';
import type { Translate } from '../../../src-shared/i18n/catalogue';
import { serviceDate } from '../formats';
import type { ResolvedExportOptions } from '../options';
import { cleanText, companyLines, customerLines, projectLines } from '../parties';
import { rootSum, subtreeSums } from '../sums';
import { columnWidths } from './cells';

export type Pair = [label: string, value: ExcelJS.CellValue];

export interface SheetLayout {
  columns: ExportColumnKey[];
  amountColumns: AmountColumn[];
  /** Per amount column, per row: the cent sums of the row's subtree (what the formulas add up). */
  sums: Map<AmountColumn, bigint[]>;
  left: Pair[];
  right: Pair[];
  /** The two header blocks side by side (the table is wide enough), or one under the other. */
  sideBySide: boolean;
  rightCol: number;
  pairRows: number;
  /** 1-based rows of the items table's header, its first and its last item. */
  headerRow: number;
  firstItem: number;
  lastItem: number;
  /** 1-based columns of the totals block: labels, the sheet's figures, the service's (0: none). */
  labelCol: number;
  valueCol: number;
  serviceCol: number;
  sheetCols: number;
  widths: number[];
}

/** The sum of a column over the whole estimate, in cents. */
export function wholeSum(layout: SheetLayout, rows: readonly EstimateRow[], column: AmountColumn): bigint {
  return rootSum(rows, layout.sums.get(column)!);
}

function headerPairs(doc: EstimateDocument, t: Translate): { left: Pair[]; right: Pair[] } {
  const est = doc.estimate ?? ({} as Partial<EstimateDocument['estimate']>);
  const company = companyLines(est.company);
  const customer = customerLines(est.customer);
  const project = projectLines(est.project);
  const dateValue = (s: string | null | undefined): ExcelJS.CellValue =>
    serviceDate(s) ?? (cleanText(s ?? '', 100) || null);
  const status = statusLabelKey(est.status);
  return {
    left: [
      [t('doc.company'), [company.name, company.place].filter(Boolean).join(', ')],
      [t('doc.customer'), [customer.name, customer.company].filter(Boolean).join(', ')],
      [t('doc.address'), [customer.street, customer.place, customer.country].filter(Boolean).join(', ')],
      [t('doc.project'), project.name],
      ['', project.address],
    ],
    right: [
      [t('doc.estimateNumber'), cleanText(est.unique_identifier, 200)],
      [t('doc.issueDate'), dateValue(est.date_issue)],
      [t('doc.validUntil'), dateValue(est.date_valid_until)],
      [t('doc.status'), status ? t(status) : cleanText(est.status ?? '', 200)],
      [t('doc.currency'), cleanText(est.currency, 20)],
    ],
  };
}

export function sheetLayout(
  doc: EstimateDocument,
  rows: readonly EstimateRow[],
  opts: ResolvedExportOptions,
  t: Translate,
): SheetLayout {
  const columns = opts.columns;
  const amountColumns = columns.filter(isAmountColumn);
  // Sums in cents of the cent-rounded values: what the formulas add up.
  const sums = subtreeSums(rows, amountColumns, 2);
  const { left, right } = headerPairs(doc, t);
  const sideBySide = columns.length >= 5;
  const rightCol = sideBySide ? 4 : 1;
  const pairRows = sideBySide ? Math.max(left.length, right.length) : left.length + right.length;
  const headerRow = 1 + pairRows + 2;

  // Totals block placement: labels under the name column, figures under the total column and the
  // service's figures right of it.
  const colOf = (c: ExportColumnKey): number => columns.indexOf(c) + 1;
  const labelCol = colOf('name') > 0 ? colOf('name') : 1;
  let valueCol = colOf('total') > 0 ? colOf('total') : columns.length + 1;
  if (valueCol <= labelCol) valueCol = labelCol + 1;
  // A client copy shows one column of figures; internal exports put the service's own figures
  // beside the sheet's, so a difference stands out.
  const serviceCol = opts.clientCopy ? 0 : valueCol + 1;
  const sheetCols = Math.max(columns.length, valueCol, serviceCol);

  const layout: SheetLayout = {
    columns,
    amountColumns,
    sums,
    left,
    right,
    sideBySide,
    rightCol,
    pairRows,
    headerRow,
    firstItem: headerRow + 1,
    lastItem: headerRow + rows.length,
    labelCol,
    valueCol,
    serviceCol,
    sheetCols,
    widths: [],
  };
  layout.widths = widths(layout, rows, t);
  return layout;
}

function widths(layout: SheetLayout, rows: readonly EstimateRow[], t: Translate): number[] {
  let largest = 0n;
  for (const column of layout.amountColumns) {
    const v = wholeSum(layout, rows, column);
    const abs = v < 0n ? -v : v;
    if (abs > largest) largest = abs;
  }
  const widths = columnWidths(layout.columns, rows, largest);
  while (widths.length < layout.sheetCols) widths.push(16);
  // The header block's label columns must fit their labels (their right neighbours hold values).
  const fit = (col: number, pairs: Pair[]): void => {
    const need = Math.max(...pairs.map(([label]) => label.length + 2));
    widths[col - 1] = Math.min(30, Math.max(widths[col - 1] ?? 10, need));
  };
  fit(1, layout.sideBySide ? layout.left : [...layout.left, ...layout.right]);
  if (layout.sideBySide) fit(layout.rightCol, layout.right);
  const { valueCol, serviceCol } = layout;
  if (serviceCol > 0) {
    widths[serviceCol - 1] = Math.max(
      widths[serviceCol - 1] ?? 0,
      widths[valueCol - 1] ?? 14,
      t('doc.perService').length + 2,
    );
    widths[valueCol - 1] = Math.max(widths[valueCol - 1] ?? 0, t('doc.calculated').length + 2);
  } else {
    widths[valueCol - 1] = Math.max(widths[valueCol - 1] ?? 0, 14);
  }
  return widths;
}
