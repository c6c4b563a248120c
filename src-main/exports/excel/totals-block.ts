import type ExcelJS from 'exceljs';
import { COLUMN_OF_TOTAL, type AmountColumn } from '../../../src-shared/estimates/columns';
import type { EstimateDocument, EstimateRow, TotalField } from '../../../src-shared/estimates/types';
import type { Translate } from '../../../src-shared/i18n/catalogue';
import { scaledUnits } from '../../../src-shared/money/amounts';
import type { RateFormat } from '../formats';
import { cellNumber, cellsAt, cellText, colLetter, minorNumber, writeRow, type CellSpec } from './cells';
import { wholeSum, type SheetLayout } from './layout';
import type { Styles } from './styles';

interface Line {
  label: string;
  /** The sheet's figure: a formula with its exact cached result, or a number. */
  value: ExcelJS.CellValue;
  base?: ExcelJS.CellValue;
  service?: number | null;
  total?: boolean;
}

/**
 * The totals block under the items, its labels right beside the figures. Every client sees the net
 * subtotal, VAT per rate on its base (each a formula: the base × the rate, rounded), a rounding line
 * when the service's gross total needs one, and the gross total — the same figures as the PDF, so
 * the sheet adds up as printed. An internal worksheet also shows the costs and markup, and the
 * service's own figures beside the sheet's.
 */
export function writeTotalsBlock(
  ws: ExcelJS.Worksheet,
  doc: EstimateDocument,
  rows: readonly EstimateRow[],
  layout: SheetLayout,
  t: Translate,
  styles: Styles,
  rate: RateFormat,
  internal: boolean,
): void {
  const { columns, totalsLabel, baseCol, valueCol, serviceCol, sheetCols, quote } = layout;
  const digits = quote.digits;
  const minor = (v: bigint): number => minorNumber(v, digits);
  const service = (field: TotalField): number | null => cellNumber(doc.service_totals?.[field], digits);
  // The rows of the block: the blank row after the items, the heading, then one per line.
  const totalsRow = layout.headerRow + rows.length + 3;
  const V = colLetter(valueCol);
  const B = colLetter(baseCol);
  const sumOf = (column: AmountColumn, units: bigint): ExcelJS.CellValue => {
    const L = colLetter(columns.indexOf(column) + 1);
    return { formula: `SUBTOTAL(9,${L}${layout.firstItem}:${L}${layout.lastItem})`, result: minor(units) };
  };

  const lines: Line[] = [];
  if (internal) {
    for (const field of ['costs_total', 'markup_total', 'discount_total'] as const) {
      const column = COLUMN_OF_TOTAL[field]!;
      const shown = columns.includes(column) && rows.length > 0;
      const units = shown
        ? wholeSum(layout, rows, column)
        : (scaledUnits(doc.computed_totals?.[field], digits) ?? 0n);
      // A discount sum only when there is a discount.
      if (field === 'discount_total' && units === 0n && !(service(field) ?? 0)) continue;
      lines.push({
        label: t(`totals.${field}`),
        value: shown ? sumOf(column, units) : minor(units),
        service: service(field),
      });
    }
  }
  // The net subtotal is a formula over the net amounts when they add up to it to the minor unit.
  const netColumnShown = columns.includes('net_amount') && rows.length > 0;
  const netValue: ExcelJS.CellValue =
    netColumnShown && wholeSum(layout, rows, 'net_amount') === quote.net
      ? sumOf('net_amount', quote.net)
      : minor(quote.net);
  const netRow = totalsRow + lines.length;
  lines.push({
    label: t('doc.netSubtotal'),
    value: netValue,
    service: internal ? service('subtotal_without_tax') : undefined,
  });
  const vatRows: number[] = [];
  for (const vat of quote.vat) {
    const row = totalsRow + lines.length;
    vatRows.push(row);
    lines.push({
      label: t('doc.vatOn', { rate: rate.format(vat.rate), base: '' }).trim(),
      base: minor(vat.base),
      value: { formula: `ROUND(${B}${row}*${vat.rate.toString()},${digits})`, result: minor(vat.amount) },
    });
  }
  const roundingRow = quote.rounding !== 0n ? totalsRow + lines.length : 0;
  if (roundingRow) lines.push({ label: t('doc.rounding'), value: minor(quote.rounding) });
  if (internal) {
    const vatTotal = quote.vat.reduce((a, v) => a + v.amount, 0n) + quote.rounding;
    const refs = [...vatRows, ...(roundingRow ? [roundingRow] : [])].map((r) => `${V}${r}`);
    lines.push({
      label: t('totals.tax_total'),
      value: refs.length > 0 ? { formula: refs.join('+'), result: minor(vatTotal) } : minor(vatTotal),
      service: service('tax_total'),
    });
  }
  const addends = [netRow, ...vatRows, ...(roundingRow ? [roundingRow] : [])].map((r) => `${V}${r}`);
  lines.push({
    label: t('doc.grossTotal'),
    value: { formula: addends.join('+'), result: minor(quote.gross) },
    service: internal ? service('total') : undefined,
    total: true,
  });

  const heading: [number, CellSpec][] = [
    [totalsLabel.to, { v: t('doc.totalsHeading'), s: styles.totalsLabelBold }],
  ];
  if (serviceCol > 0) {
    heading.push([valueCol, { v: t('doc.calculated'), s: styles.totalsHeader }]);
    heading.push([serviceCol, { v: t('doc.perService'), s: styles.totalsHeader }]);
  }
  writeRow(ws, cellsAt(sheetCols, heading));
  for (const line of lines) {
    const placed: [number, CellSpec][] = [
      [totalsLabel.from, { v: line.label, s: line.total ? styles.totalsLabelBold : styles.totalsLabel }],
      [valueCol, { v: line.value, s: line.total ? styles.moneyTotal : styles.money }],
    ];
    if (line.base !== undefined) placed.push([baseCol, { v: line.base, s: styles.money }]);
    if (serviceCol > 0 && line.service !== undefined) {
      placed.push([serviceCol, { v: line.service, s: line.total ? styles.moneyTotal : styles.money }]);
    }
    writeRow(ws, cellsAt(sheetCols, placed), 0, undefined, [totalsLabel]);
  }

  // Warnings (internal documents only: a message may quote internal details).
  if (internal && Array.isArray(doc.warnings) && doc.warnings.length > 0) {
    writeRow(ws, []);
    writeRow(ws, cellsAt(sheetCols, [[1, { v: t('doc.warnings'), s: styles.bold }]]));
    for (const w of doc.warnings)
      writeRow(ws, cellsAt(sheetCols, [[1, { v: cellText(w?.message), s: styles.warning }]]));
  }
}
