import type ExcelJS from 'exceljs';
import { COLUMN_OF_TOTAL, type ExportColumnKey } from '../../../src-shared/estimates/columns';
import type { EstimateDocument, EstimateRow, TotalField } from '../../../src-shared/estimates/types';
import { TOTAL_FIELDS } from '../../../src-shared/estimates/types';
import type { Translate } from '../../../src-shared/i18n/catalogue';
import { scaledUnits } from '../../../src-shared/money/amounts';
import { cellNumber, cellsAt, cellText, centsNumber, colLetter, writeRow, type CellSpec } from './cells';
import { wholeSum, type SheetLayout } from './layout';
import type { Styles } from './styles';

interface Figure {
  cell: ExcelJS.CellValue;
  /** Cents. */
  value: bigint;
}

/** The fields the sheet lists: the cost kinds whose columns are shown, then net, tax and total. */
function listedFields(columns: readonly ExportColumnKey[]): TotalField[] {
  const fields = TOTAL_FIELDS.filter((field) => {
    const column = COLUMN_OF_TOTAL[field];
    return column !== undefined && field !== 'total' && columns.includes(column);
  });
  return [...fields, 'subtotal_without_tax', 'tax_total', 'total'];
}

/**
 * The totals block under the items: each figure a formula over the item rows where the sheet has
 * the column (else the service's figure), next to the service's own figures in internal exports;
 * then the warnings (internal exports only: a message may quote internal details).
 */
export function writeTotalsBlock(
  ws: ExcelJS.Worksheet,
  doc: EstimateDocument,
  rows: readonly EstimateRow[],
  layout: SheetLayout,
  t: Translate,
  styles: Styles,
  clientCopy: boolean,
): void {
  const { columns, labelCol, valueCol, serviceCol, sheetCols } = layout;
  const headerCells: [number, CellSpec][] = [[labelCol, { v: t('doc.totalsHeading'), s: styles.bold }]];
  if (serviceCol > 0) {
    headerCells.push([valueCol, { v: t('doc.calculated'), s: styles.totalsHeader }]);
    headerCells.push([serviceCol, { v: t('doc.perService'), s: styles.totalsHeader }]);
  }
  writeRow(ws, cellsAt(sheetCols, headerCells));

  const fields = listedFields(columns);
  const totalsStart = layout.headerRow + rows.length + 3;
  const ref = (field: TotalField): string => `${colLetter(valueCol)}${totalsStart + fields.indexOf(field)}`;
  const service = (field: TotalField): string | undefined => doc.service_totals?.[field];
  const fallback = (field: TotalField): bigint =>
    scaledUnits(service(field), 2) ?? scaledUnits(doc.computed_totals?.[field], 2) ?? 0n;
  const formula = (f: string, value: bigint): Figure => ({
    cell: { formula: f, result: centsNumber(value) },
    value,
  });
  const plain = (value: bigint): Figure => ({ cell: centsNumber(value), value });
  const shown = (field: TotalField): boolean => {
    const column = COLUMN_OF_TOTAL[field];
    return column !== undefined && columns.includes(column);
  };

  const figures = new Map<TotalField, Figure>();
  for (const field of fields) {
    const column = COLUMN_OF_TOTAL[field];
    if (!column) continue;
    if (shown(field) && rows.length > 0) {
      const L = colLetter(columns.indexOf(column) + 1);
      figures.set(
        field,
        formula(`SUBTOTAL(9,${L}${layout.firstItem}:${L}${layout.lastItem})`, wholeSum(layout, rows, column)),
      );
    } else {
      figures.set(field, plain(fallback(field)));
    }
  }
  const taxFrom = ['total', 'costs_total', 'markup_total', 'discount_total'] as const;
  if (rows.length > 0 && taxFrom.every((f) => figures.has(f) && shown(f))) {
    // The service's definition: tax = Σ (total − total cost − markup + discount) over the positions.
    const [total, costs, markup, discount] = taxFrom.map((f) => figures.get(f)!.value) as [
      bigint,
      bigint,
      bigint,
      bigint,
    ];
    figures.set(
      'tax_total',
      formula(
        `${ref('total')}-${ref('costs_total')}-${ref('markup_total')}+${ref('discount_total')}`,
        total - costs - markup + discount,
      ),
    );
  } else {
    // Without the cost columns the sheet cannot derive the tax: the service's figure.
    figures.set('tax_total', plain(fallback('tax_total')));
  }
  const total = figures.get('total')!;
  const tax = figures.get('tax_total')!;
  figures.set(
    'subtotal_without_tax',
    formula(`${ref('total')}-${ref('tax_total')}`, total.value - tax.value),
  );

  for (const field of fields) {
    const isTotal = field === 'total';
    const placed: [number, CellSpec][] = [
      [labelCol, { v: t(`totals.${field}`), s: isTotal ? styles.bold : styles.value }],
      [valueCol, { v: figures.get(field)!.cell, s: isTotal ? styles.moneyTotal : styles.money }],
    ];
    if (serviceCol > 0) {
      placed.push([
        serviceCol,
        { v: cellNumber(service(field), 2), s: isTotal ? styles.moneyTotal : styles.money },
      ]);
    }
    writeRow(ws, cellsAt(sheetCols, placed));
  }

  if (!clientCopy && Array.isArray(doc.warnings) && doc.warnings.length > 0) {
    writeRow(ws, []);
    writeRow(ws, cellsAt(sheetCols, [[labelCol, { v: t('doc.warnings'), s: styles.bold }]]));
    for (const w of doc.warnings) {
      writeRow(ws, cellsAt(sheetCols, [[labelCol, { v: cellText(w?.message), s: styles.warning }]]));
    }
  }
}
