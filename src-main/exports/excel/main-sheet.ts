import type ExcelJS from 'exceljs';
import type { EstimateDocument, EstimateRow } from '../../../src-shared/estimates/types';
import type { Translate } from '../../../src-shared/i18n/catalogue';
import type { QuoteTotals } from '../../../src-shared/estimates/quote-totals';
import { RateFormat } from '../formats';
import { columnsFor, type ResolvedExportOptions } from '../options';
import { writeHeaderBlock } from './header-block';
import { documentTitle } from '../titles';
import { printSetup } from './print-setup';
import { outlineLevels, writeItemsBlock } from './items-block';
import { sheetLayout } from './layout';
import type { Styles } from './styles';
import { writeTotalsBlock } from './totals-block';

/** An estimate's sheet: header block, the items as a collapsible outline, and the totals block. */
export async function writeMainSheet(
  wb: ExcelJS.stream.xlsx.WorkbookWriter,
  sheetName: string,
  doc: EstimateDocument,
  rows: readonly EstimateRow[],
  opts: ResolvedExportOptions,
  quote: QuoteTotals,
  t: Translate,
  styles: Styles,
  check: () => void,
): Promise<void> {
  const columns = columnsFor(opts, rows);
  const layout = sheetLayout(doc, rows, columns, opts, quote, t);
  const print = printSetup(opts.paper, t, {
    landscape: layout.sheetCols > 7,
    titlesRow: layout.headerRow,
    title: documentTitle(doc, t, opts.kind),
  });
  const ws = wb.addWorksheet(sheetName, {
    properties: {
      defaultRowHeight: 15,
      outlineLevelRow: outlineLevels(rows),
      // Group rows sit above their items; the outline buttons belong to them.
      outlineProperties: { summaryBelow: false, summaryRight: false },
    },
    views: [
      {
        state: 'frozen',
        xSplit: 0,
        ySplit: layout.headerRow,
        topLeftCell: `A${layout.firstItem}`,
        activeCell: `A${layout.firstItem}`,
      },
    ],
    ...print,
  });
  ws.columns = layout.widths.map((width) => ({ width }));
  writeHeaderBlock(ws, doc, layout, t, styles);
  await writeItemsBlock(ws, rows, layout, t, styles, check);
  writeTotalsBlock(ws, doc, rows, layout, t, styles, new RateFormat(opts.language), opts.kind === 'internal');
  ws.commit();
}
