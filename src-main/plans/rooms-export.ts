/**
 * The rooms table of a plan as a spreadsheet: xlsx (exceljs) or csv (RFC 4180, UTF-8 with BOM so
 * Excel reads umlauts right).
 *
 * A measure column is written as numbers only when that is honest: when the service's formatted
 * strings all agree on one unit (the unit then goes into the header, e.g. "Area (m²)"), or when the
 * service gave plain numbers only (no unit anywhere, none added). Otherwise the column holds the
 * service's formatted strings as text. PlanDesk never invents a unit.
 *
 * Files are written to a temporary file next to the destination and renamed when complete.
 */
import { open } from 'node:fs/promises';
import ExcelJS from 'exceljs';
import {
  MEASURE_COLUMNS,
  plainNumber,
  type MeasureColumn,
  type RoomsTable,
  type RoomsTableRow,
} from './plan-view';
import { writeAtomically } from '../local-files/write-atomically';
import { withoutHiddenCharacters } from '../../src-shared/text/hidden-characters';
import { translator } from '../../src-shared/i18n/catalogue';
import { DEFAULT_LANGUAGE, type UiLanguage } from '../../src-shared/i18n/languages';
import {
  ROOMS_COLUMN_KEYS,
  roomsColumnLabel,
  type RoomsColumnKey,
} from '../../src-shared/plans/rooms-columns';

export type RoomsExportFormat = 'xlsx' | 'csv';

export interface RoomsExportOptions {
  /** The language of the headers (the unit is appended where the column has one); default en-US. */
  language?: UiLanguage;
  /** Worksheet name (xlsx); default "Rooms". */
  sheetName?: string;
}

export interface RoomsColumn {
  key: RoomsColumnKey;
  header: string;
  /** 'number': cells are numbers (or empty); 'text': cells are text (or empty). */
  kind: 'number' | 'text';
}

/** The columns of the export: headers with units where the service's strings agree on one. */
export function roomsColumns(table: RoomsTable, options: RoomsExportOptions = {}): RoomsColumn[] {
  const t = translator(options.language ?? DEFAULT_LANGUAGE);
  return ROOMS_COLUMN_KEYS.map((key) => {
    const label = t(roomsColumnLabel(key));
    if (key === 'doors' || key === 'windows') return { key, header: label, kind: 'number' };
    if (isMeasure(key)) {
      const u = table.units[key];
      if (u.mode === 'numeric-unit') return { key, header: `${label} (${u.unit})`, kind: 'number' };
      return { key, header: label, kind: u.mode === 'numeric' ? 'number' : 'text' };
    }
    return { key, header: label, kind: 'text' };
  });
}

/** One cell's content: a number for number columns, text otherwise; null = empty. */
export function cellValue(row: RoomsTableRow, column: RoomsColumn): string | number | null {
  const key = column.key;
  if (key === 'doors' || key === 'windows') return row[key];
  if (isMeasure(key)) {
    const c = row[key];
    return column.kind === 'number' ? c.value : c.text;
  }
  return row[key];
}

/** The table as CSV text: BOM, CRLF line ends, fields quoted where RFC 4180 needs it. */
export function roomsCsv(table: RoomsTable, options: RoomsExportOptions = {}): string {
  const columns = roomsColumns(table, options);
  const lines = [columns.map((c) => csvField(c.header))];
  for (const row of table.rows) {
    lines.push(
      columns.map((c) => {
        const v = cellValue(row, c);
        if (v === null) return '';
        return typeof v === 'number' ? plainNumber(v) : csvField(neutralise(v));
      }),
    );
  }
  return '\uFEFF' + lines.map((l) => l.join(',')).join('\r\n') + '\r\n';
}

export async function writeRoomsCsv(
  table: RoomsTable,
  path: string,
  options: RoomsExportOptions = {},
): Promise<void> {
  const text = roomsCsv(table, options);
  await writeAtomically(path, async (tmp) => {
    const handle = await open(tmp, 'wx', 0o644);
    try {
      await handle.writeFile(text, 'utf8');
      await handle.sync();
    } finally {
      await handle.close();
    }
  });
}

/** The workbook: one sheet, header row bold and frozen, with an auto filter. */
export function roomsWorkbook(table: RoomsTable, options: RoomsExportOptions = {}): ExcelJS.Workbook {
  const columns = roomsColumns(table, options);
  const wb = new ExcelJS.Workbook();
  wb.creator = 'PlanDesk';
  const sheet = wb.addWorksheet(
    sheetName(options.sheetName ?? translator(options.language ?? DEFAULT_LANGUAGE)('plan.rooms')),
    {
      views: [{ state: 'frozen', xSplit: 0, ySplit: 1 }],
    },
  );
  sheet.columns = columns.map((c) => ({
    header: c.header,
    key: c.key,
    width: Math.min(40, Math.max(10, c.header.length + 2)),
  }));
  const header = sheet.getRow(1);
  header.font = { bold: true };
  header.eachCell((cell) => {
    cell.font = { bold: true };
  });
  for (const row of table.rows) {
    sheet.addRow(columns.map((c) => cellValue(row, c)));
  }
  // Text cells stay text: a room called "=SUM(…)" must not become a formula.
  columns.forEach((c, i) => {
    const column = sheet.getColumn(i + 1);
    if (c.kind === 'text') {
      column.eachCell({ includeEmpty: false }, (cell, rowNumber) => {
        if (rowNumber > 1 && typeof cell.value === 'string') cell.numFmt = '@';
      });
    }
    let widest = c.header.length;
    column.eachCell({ includeEmpty: false }, (cell) => {
      widest = Math.max(widest, String(cell.value ?? '').length);
    });
    column.width = Math.min(40, Math.max(10, widest + 2));
  });
  sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: columns.length } };
  return wb;
}

export async function writeRoomsXlsx(
  table: RoomsTable,
  path: string,
  options: RoomsExportOptions = {},
): Promise<void> {
  const wb = roomsWorkbook(table, options);
  await writeAtomically(path, (tmp) => wb.xlsx.writeFile(tmp));
}

export function exportRoomsTable(
  table: RoomsTable,
  format: RoomsExportFormat,
  path: string,
  options: RoomsExportOptions = {},
): Promise<void> {
  return format === 'xlsx' ? writeRoomsXlsx(table, path, options) : writeRoomsCsv(table, path, options);
}

function isMeasure(key: RoomsColumnKey): key is MeasureColumn {
  return (MEASURE_COLUMNS as readonly string[]).includes(key);
}

/**
 * A field as Excel and LibreOffice read it whichever separator they assume: the list separator of
 * de, fr, es and pt is `;`, so a field holding `,`, `;`, a tab, a quote or a line break is quoted.
 */
function csvField(s: string): string {
  return /[",;\t\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/**
 * Text from the service as a CSV cell that no spreadsheet takes for a formula. Control characters go
 * first (a spreadsheet may drop them and then see `=…`). Then every place where a cell could start
 * gets a leading apostrophe before `=`, `+`, `-` or `@` (as OWASP advises), leading blanks trimmed
 * away in the check: the start of the text, and, since a spreadsheet that assumes the other
 * separator (`;` where PlanDesk writes `,`, as Excel does in de, fr, es and pt) splits the line
 * there, the place after each `,` and `;` inside the text.
 */
const FORMULA_STARTS = /((?:^|[,;])\s*)(?=[=+\-@])/g;

function neutralise(s: string): string {
  return withoutHiddenCharacters(s).replace(FORMULA_STARTS, "$1'");
}

/** Excel sheet names: at most 31 characters, none of : \ / ? * [ ]. */
function sheetName(name: string): string {
  const clean = name.replace(/[:\\/?*[\]]/g, ' ').trim();
  return (clean || 'Rooms').slice(0, 31);
}
