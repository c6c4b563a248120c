import type ExcelJS from 'exceljs';
import type { EstimateDocument } from '../../../src-shared/estimates/types';
import type { Translate } from '../../../src-shared/i18n/catalogue';
import { documentTitle } from '../titles';
import { writeRow, type CellSpec } from './cells';
import type { Pair, SheetLayout, Span } from './layout';
import type { Styles } from './styles';

/** The title row and the label/value pairs above the items table (values merged), then a blank row. */
export function writeHeaderBlock(
  ws: ExcelJS.Worksheet,
  doc: EstimateDocument,
  layout: SheetLayout,
  t: Translate,
  styles: Styles,
): void {
  writeRow(ws, [{ v: documentTitle(doc, t, layout.kind), s: styles.title }], 0, 20, [
    { from: 1, to: layout.sheetCols },
  ]);
  const pairCell = (value: ExcelJS.CellValue): CellSpec => ({
    v: value === '' ? null : value,
    s: value instanceof Date ? styles.date : styles.value,
  });
  const { left, right, leftLabel, leftValue, rightLabel, rightValue } = layout;
  const place = (cells: (CellSpec | undefined)[], pair: Pair | undefined, label: Span, value: Span): void => {
    if (!pair) return;
    cells[label.from - 1] = { v: pair[0] || null, s: styles.label };
    cells[value.from - 1] = pairCell(pair[1]);
  };
  if (rightLabel && rightValue) {
    for (let i = 0; i < layout.pairRows; i++) {
      const cells: (CellSpec | undefined)[] = [];
      place(cells, left[i], leftLabel, leftValue);
      place(cells, right[i], rightLabel, rightValue);
      writeRow(ws, cells, 0, undefined, [...(left[i] ? [leftValue] : []), ...(right[i] ? [rightValue] : [])]);
    }
  } else {
    [...left, ...right].forEach((pair) => {
      const cells: (CellSpec | undefined)[] = [];
      place(cells, pair, leftLabel, leftValue);
      writeRow(ws, cells, 0, undefined, [leftValue]);
    });
  }
  writeRow(ws, []);
}
