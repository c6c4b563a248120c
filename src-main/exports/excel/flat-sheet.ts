import type ExcelJS from 'exceljs';
import {
  columnKind,
  columnSpec,
  type AmountColumn,
  type ExportColumnKey,
} from '../../../src-shared/estimates/columns';
import type { EstimateRow } from '../../../src-shared/estimates/types';
import type { Translate } from '../../../src-shared/i18n/catalogue';
import { outlinePaths } from '../../estimates/flatten';
import {
  columnValue,
  UNIT_PRICE_EXTRA_DIGITS,
  unitPriceBasis,
  type UnitPriceBasis,
} from '../../../src-shared/estimates/net';
import { unitPriceText } from '../formats';
import { moneyFormat } from '../../../src-shared/money/format';
import { unitText } from '../../../src-shared/estimates/units';
import { columnsFor, type ResolvedExportOptions } from '../options';
import { printSetup } from './print-setup';
import { cellNumber, cellText, colLetter, columnWidths, itemCell, writeRow, type CellSpec } from './cells';
import { WidestFigure } from '../widest-figure';
import { letZipCatchUp, YIELD_EVERY } from './zip-backlog';
import type { Styles } from './styles';

/** Every item on its own row with its id, parent, outline path and level: for filters and lookups. */
export async function writeFlatSheet(
  wb: ExcelJS.stream.xlsx.WorkbookWriter,
  sheetName: string,
  rows: readonly EstimateRow[],
  opts: ResolvedExportOptions,
  t: Translate,
  styles: Styles,
  check: () => void,
  currency: string | null,
): Promise<void> {
  const shown = columnsFor(opts, rows);
  const basis = unitPriceBasis(shown);
  const columns: ExportColumnKey[] = ['code', 'name', ...shown.filter((c) => c !== 'code' && c !== 'name')];
  const fixed = [t('doc.id'), t('doc.parentId'), t('doc.path'), t('doc.level'), t('doc.type')];
  const width = fixed.length + columns.length;
  const widths = [38, 38, 10, 7, 10, ...columnWidths(columns, rows, moneyChars(rows, opts, currency, basis))];
  // The streaming writer takes the auto filter as an option (not in exceljs's types).
  const sheetOptions: Partial<ExcelJS.AddWorksheetOptions> & { autoFilter: string } = {
    views: [{ state: 'frozen', xSplit: 0, ySplit: 1, topLeftCell: 'A2', activeCell: 'A2' }],
    autoFilter: `A1:${colLetter(width)}1`,
  };
  const ws = wb.addWorksheet(sheetName, {
    ...sheetOptions,
    ...printSetup(opts.paper, t, { landscape: true, titlesRow: 1, title: sheetName }),
  });
  ws.columns = widths.map((w) => ({ width: w }));
  writeRow(ws, [
    ...fixed.map((v) => ({ v, s: styles.header })),
    ...columns.map((c) => ({
      v: t(columnSpec(c).docLabel),
      s: columnKind(c) === 'text' ? styles.header : styles.headerRight,
    })),
  ]);
  const paths = outlinePaths(rows);
  for (let i = 0; i < rows.length; i++) {
    const row = rows[i]!;
    const group = row.type === 'group';
    const cells: (CellSpec | undefined)[] = [
      { v: cellText(row.id) },
      { v: cellText(row.parent_id) },
      { v: paths[i] },
      { v: row.depth + 1 },
      { v: group ? t('doc.group') : t('doc.position'), s: group ? styles.bold : styles.text },
    ];
    for (const column of columns) {
      const kind = columnKind(column);
      if (kind === 'text') {
        cells.push({
          v: cellText(column === 'unit' ? unitText(row.unit, t) : columnValue(row, column, basis)),
          s: group ? styles.bold : styles.text,
        });
      } else if (kind === 'amount') {
        // The service's own figure, for groups too.
        const v = cellNumber(row[column as AmountColumn], styles.digits);
        if (column === 'discount' && !v) cells.push(undefined);
        else cells.push({ v, s: group ? styles.moneyBold : styles.money });
      } else {
        cells.push(itemCell(column, row, styles, t, basis));
      }
    }
    writeRow(ws, cells);
    if (i % YIELD_EVERY === YIELD_EVERY - 1) {
      await letZipCatchUp(ws);
      check();
    }
  }
  ws.commit();
}

/** Per money column, the characters its widest figure takes (the service's own, groups included). */
function moneyChars(
  rows: readonly EstimateRow[],
  opts: ResolvedExportOptions,
  currency: string | null,
  basis: UnitPriceBasis,
): (column: ExportColumnKey) => number {
  return (column) => {
    const widest = new WidestFigure();
    if (column === 'net_unit_price') {
      const digits = moneyFormat(opts.language, currency).digits;
      for (const row of rows) widest.addPrice(unitPriceText(row, column, basis, digits));
      return widest.chars(moneyFormat(opts.language, currency, { extraDigits: UNIT_PRICE_EXTRA_DIGITS }));
    }
    for (const row of rows) widest.addText(columnValue(row, column, basis));
    const extra = columnKind(column) === 'unit-price' ? 2 : 0;
    return widest.chars(moneyFormat(opts.language, currency, { extraDigits: extra }));
  };
}
