/**
 * The rooms table as a workbook sheet, written by the one spreadsheet writer (excel/workbook-file.ts)
 * with the quotes' styles, sheet names and print setup: a header block (plan, project, date), the
 * table with its units in the headers, bold and frozen with an auto filter, a totals row of formulas,
 * fitted to the page width with the header row repeated and page numbers in the footer.
 */
import { translator } from '../../../src-shared/i18n/catalogue';
import { DEFAULT_LANGUAGE } from '../../../src-shared/i18n/languages';
import { paperFor } from '../../../src-shared/exports/presets';
import type { RoomsTable } from '../../../src-shared/plans/types';
import { cellsAt, colLetter, writeRow, type CellSpec } from '../excel/cells';
import { printSetup } from '../excel/print-setup';
import { makeStyles, type Style } from '../excel/styles';
import type { SheetWriter } from '../excel/workbook-file';
import { cellValue, roomsColumns, totalValue, type RoomsExportOptions } from './columns';
import { neutralise } from './csv';

/** Rows above the table: the title, three facts, a blank row. */
const HEADER_ROW = 6;

const TOTAL: Style = { font: { bold: true }, border: { top: { style: 'thin' } } };
const PLAIN: Style = {};

export function roomsSheet(table: RoomsTable, options: RoomsExportOptions = {}): SheetWriter {
  return ({ wb, namer }) => {
    const language = options.language ?? DEFAULT_LANGUAGE;
    const t = translator(language);
    const styles = makeStyles(language, null);
    const columns = roomsColumns(table, options);
    const title = [t('plan.rooms'), table.planName].filter(Boolean).join(' – ');
    const lastRow = HEADER_ROW + table.rows.length;
    const width = columns.length;
    const facts: [string, string | Date | null][] = [
      [t('doc.project'), options.projectName ?? null],
      [t('doc.plan'), table.planName],
      [t('doc.date'), options.date ?? new Date()],
    ];
    // The streaming writer takes the auto filter as an option (not in exceljs's types).
    const filter = { autoFilter: `A${HEADER_ROW}:${colLetter(width)}${HEADER_ROW}` };
    const ws = wb.addWorksheet(namer.take(options.sheetName ?? t('plan.rooms'), 'Rooms'), {
      views: [{ state: 'frozen', xSplit: 0, ySplit: HEADER_ROW }],
      ...printSetup(paperFor(options.paper ?? 'auto', language), t, {
        landscape: width > 7,
        titlesRow: HEADER_ROW,
        title,
      }),
      ...filter,
    });
    ws.columns = columnWidths(table, columns, facts).map((w) => ({ width: w }));
    // Values merged over the next columns, so a long name or a date never shows ###.
    const valueSpan = { from: 2, to: Math.max(2, Math.min(width, 4)) };
    writeRow(ws, [{ v: title, s: styles.title }], 0, 20, [{ from: 1, to: width }]);
    for (const [label, value] of facts) {
      const v = typeof value === 'string' ? neutralise(value) : value;
      writeRow(
        ws,
        [
          { v: label, s: styles.label },
          { v, s: value instanceof Date ? styles.date : styles.value },
        ],
        0,
        undefined,
        [valueSpan],
      );
    }
    writeRow(ws, []);
    writeRow(
      ws,
      columns.map((c) => ({ v: c.header, s: c.kind === 'number' ? styles.headerRight : styles.header })),
    );
    for (const row of table.rows) {
      writeRow(
        ws,
        columns.map((c): CellSpec => {
          const v = cellValue(row, c);
          // Text cells stay text: a room called "=SUM(…)" must not become a formula.
          return { v, s: c.kind === 'text' && typeof v === 'string' ? styles.textOnly : PLAIN };
        }),
      );
    }
    // The totals row: a SUM per figure column where the column holds numbers.
    const totals: [number, CellSpec][] = [[1, { v: t('doc.totalRow'), s: styles.bold }]];
    columns.forEach((c, i) => {
      const result = totalValue(table, c);
      if (result === null || table.rows.length === 0) return;
      const L = colLetter(i + 1);
      totals.push([
        i + 1,
        {
          v: {
            formula: `SUM(${L}${HEADER_ROW + 1}:${L}${lastRow})`,
            result: Math.round(result * 1000) / 1000,
          },
          s: TOTAL,
        },
      ]);
    });
    writeRow(ws, cellsAt(width, totals));
    ws.commit();
  };
}

/** Widths in characters: each column's longest header or value, within bounds. */
function columnWidths(
  table: RoomsTable,
  columns: ReturnType<typeof roomsColumns>,
  facts: [string, unknown][],
): number[] {
  const widths = columns.map((c) => {
    let widest = c.header.length;
    for (const row of table.rows) widest = Math.max(widest, String(cellValue(row, c) ?? '').length);
    return Math.min(40, Math.max(10, widest + 2));
  });
  widths[0] = Math.max(widths[0] ?? 10, ...facts.map(([l]) => String(l).length + 2));
  return widths;
}
