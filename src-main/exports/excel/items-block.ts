import type ExcelJS from 'exceljs';
import { columnKind, columnSpec, isAmountColumn } from '../../../src-shared/estimates/columns';
import type { EstimateRow } from '../../../src-shared/estimates/types';
import type { Translate } from '../../../src-shared/i18n/catalogue';
import { colLetter, itemCell, minorNumber, writeRow, type CellSpec } from './cells';
import { letZipCatchUp, YIELD_EVERY } from './zip-backlog';
import type { SheetLayout } from './layout';
import type { Styles } from './styles';

/** Excel shows at most 7 outline levels; deeper items stay at level 7. */
const MAX_OUTLINE = 7;

/**
 * The items table: a header row, then every item as an outline row. A group's amount cells are
 * SUBTOTAL(9, …) over its subtree's rows (SUBTOTAL skips cells that are themselves SUBTOTAL results,
 * so nested groups are not counted twice), with the exact sum as the cached result.
 */
export async function writeItemsBlock(
  ws: ExcelJS.Worksheet,
  rows: readonly EstimateRow[],
  layout: SheetLayout,
  t: Translate,
  styles: Styles,
  check: () => void,
): Promise<void> {
  const { columns, widths } = layout;
  const headerCells = columns.map((c) => ({
    v: t(columnSpec(c).docLabel),
    s: columnKind(c) === 'text' ? styles.header : styles.headerRight,
  }));
  const wraps = columns.some((c, i) => t(columnSpec(c).docLabel).length + 1 > (widths[i] ?? 10));
  writeRow(ws, headerCells, 0, wraps ? 30 : 18);

  for (let i = 0; i < rows.length; i++) {
    const row = rows[i]!;
    const r = layout.firstItem + i;
    const end = i + row.subtreeSize;
    const cells = columns.map((column, c): CellSpec | undefined => {
      if (row.type !== 'group' || !isAmountColumn(column))
        return itemCell(column, row, styles, t, layout.basis);
      const sum = layout.sums.get(column)![i]!;
      // A group without a discount shows none (not a column of zeros).
      if (column === 'discount' && sum === 0n) return undefined;
      if (end === i) return { v: 0, s: styles.moneyBold };
      const L = colLetter(c + 1);
      return {
        v: {
          formula: `SUBTOTAL(9,${L}${r + 1}:${L}${r + end - i})`,
          result: minorNumber(sum, styles.digits),
        },
        s: column === 'discount' ? styles.moneyOrBlankBold : styles.moneyBold,
      };
    });
    writeRow(ws, cells, Math.min(row.depth, MAX_OUTLINE));
    if (i % YIELD_EVERY === YIELD_EVERY - 1) {
      await letZipCatchUp(ws);
      check();
    }
  }
  writeRow(ws, []);
}

export function outlineLevels(rows: readonly EstimateRow[]): number {
  return Math.min(
    rows.reduce((m, r) => Math.max(m, r.depth), 0),
    MAX_OUTLINE,
  );
}
