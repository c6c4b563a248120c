import type ExcelJS from 'exceljs';
import type { EstimateDocument } from '../../../src-shared/estimates/types';
import type { Translate } from '../../../src-shared/i18n/catalogue';
import { cleanText } from '../parties';
import { writeRow, type CellSpec } from './cells';
import type { SheetLayout } from './layout';
import type { Styles } from './styles';

/** The title row and the label/value pairs above the items table, then a blank row. */
export function writeHeaderBlock(
  ws: ExcelJS.Worksheet,
  doc: EstimateDocument,
  layout: SheetLayout,
  t: Translate,
  styles: Styles,
): void {
  const est = doc.estimate ?? ({} as Partial<EstimateDocument['estimate']>);
  const title = [cleanText(est.unique_identifier, 200), cleanText(est.name, 500)].filter(Boolean).join(' – ');
  writeRow(ws, [{ v: `${t('doc.quote')} ${title}`.trim(), s: styles.title }], 0, 20);
  const pairCell = (value: ExcelJS.CellValue): CellSpec => ({
    v: value === '' ? null : value,
    s: value instanceof Date ? styles.date : styles.value,
  });
  const { left, right, rightCol } = layout;
  if (layout.sideBySide) {
    for (let i = 0; i < layout.pairRows; i++) {
      const cells: (CellSpec | undefined)[] = [];
      const l = left[i];
      const r = right[i];
      if (l) {
        cells[0] = { v: l[0] || null, s: styles.label };
        cells[1] = pairCell(l[1]);
      }
      if (r) {
        cells[rightCol - 1] = { v: r[0], s: styles.label };
        cells[rightCol] = pairCell(r[1]);
      }
      writeRow(ws, cells);
    }
  } else {
    for (const [l, v] of [...left, ...right]) writeRow(ws, [{ v: l || null, s: styles.label }, pairCell(v)]);
  }
  writeRow(ws, []);
}
