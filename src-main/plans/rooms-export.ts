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
  type MeasureColumn,
  type RoomsTable,
  type RoomsTableRow,
} from '../../src-shared/plans/types';
import { plainNumber } from './plan-pieces';
import { writeAtomically } from '../local-files/write-atomically';
import { withoutHiddenCharacters } from '../../src-shared/text/hidden-characters';
import { translator } from '../../src-shared/i18n/catalogue';
import { termLabel } from '../../src-shared/plans/vocabulary';
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
  /** Worksheet name (xlsx); default "Rooms" in the language. */
  sheetName?: string;
  /** For the workbook's header block: the project's name, and the date it is printed with. */
  projectName?: string | null;
  date?: Date;
}

export interface RoomsColumn {
  key: RoomsColumnKey;
  header: string;
  /** 'number': cells are numbers (or empty); 'text': cells are text (or empty). */
  kind: 'number' | 'text';
  /** For a column of service values (room types): the value in the document's words. */
  words?: (raw: string) => string;
}

/** The columns of the export: headers with units where the service's strings agree on one. */
export function roomsColumns(table: RoomsTable, options: RoomsExportOptions = {}): RoomsColumn[] {
  const t = translator(options.language ?? DEFAULT_LANGUAGE);
  return ROOMS_COLUMN_KEYS.map((key): RoomsColumn => {
    const label = t(roomsColumnLabel(key));
    if (key === 'doors' || key === 'windows') return { key, header: label, kind: 'number' };
    if (isMeasure(key)) {
      const u = table.units[key];
      if (u.mode === 'numeric-unit') return { key, header: `${label} (${u.unit})`, kind: 'number' };
      return { key, header: label, kind: u.mode === 'numeric' ? 'number' : 'text' };
    }
    if (key === 'type')
      return { key, header: label, kind: 'text', words: (raw) => termLabel('roomType', raw, t) };
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
  const raw = row[key];
  return raw !== null && column.words ? column.words(raw) : raw;
}

/** The totals row's figure of a column, as written: a number where the column holds numbers. */
function totalValue(table: RoomsTable, column: RoomsColumn): number | null {
  const total = table.totals[column.key];
  return total && column.kind === 'number' ? total.value : null;
}

/** The table as CSV text: BOM, CRLF line ends, fields quoted where RFC 4180 needs it. */
export function roomsCsv(table: RoomsTable, options: RoomsExportOptions = {}): string {
  const columns = roomsColumns(table, options);
  const t = translator(options.language ?? DEFAULT_LANGUAGE);
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
  if (table.rows.length > 0) {
    lines.push(
      columns.map((c, i) => {
        if (i === 0) return csvField(t('doc.totalRow'));
        const v = totalValue(table, c);
        return v === null ? '' : plainNumber(v);
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

/**
 * The workbook: a header block (plan, project, date), the table with its units in the headers, bold
 * and frozen with an auto filter, a totals row of formulas, and a print setup (fitted to the page
 * width, the header row repeated, page numbers in the footer).
 */
export function roomsWorkbook(table: RoomsTable, options: RoomsExportOptions = {}): ExcelJS.Workbook {
  const language = options.language ?? DEFAULT_LANGUAGE;
  const t = translator(language);
  const columns = roomsColumns(table, options);
  const wb = new ExcelJS.Workbook();
  wb.creator = 'PlanDesk';
  const title = [t('plan.rooms'), table.planName].filter(Boolean).join(' – ');
  const headerRow = 6;
  const lastRow = headerRow + table.rows.length;
  const footer = `&L${title.replace(/&/g, '&&')}&R${t('doc.page', { page: '&P', pages: '&N' })}`;
  const sheet = wb.addWorksheet(sheetName(options.sheetName ?? t('plan.rooms')), {
    views: [{ state: 'frozen', xSplit: 0, ySplit: headerRow }],
    pageSetup: {
      paperSize: (language === 'en-US' ? 1 : 9) as unknown as ExcelJS.PaperSize,
      orientation: columns.length > 7 ? 'landscape' : 'portrait',
      fitToPage: true,
      fitToWidth: 1,
      fitToHeight: 0,
      printTitlesRow: `${headerRow}:${headerRow}`,
    },
    headerFooter: { oddFooter: footer, evenFooter: footer },
  });
  sheet.getCell(1, 1).value = title;
  sheet.getCell(1, 1).font = { bold: true, size: 14 };
  const facts: [string, ExcelJS.CellValue][] = [
    [t('doc.project'), options.projectName ?? null],
    [t('doc.plan'), table.planName],
    [t('doc.date'), options.date ?? new Date()],
  ];
  facts.forEach(([label, value], i) => {
    const labelCell = sheet.getCell(2 + i, 1);
    labelCell.value = label;
    labelCell.font = { bold: true, color: { argb: 'FF4B5563' } };
    const valueCell = sheet.getCell(2 + i, 2);
    valueCell.value = typeof value === 'string' ? neutralise(value) : value;
    if (value instanceof Date) {
      valueCell.numFmt =
        language === 'en-US' ? 'mm/dd/yyyy' : language === 'de-DE' ? 'dd.mm.yyyy' : 'dd/mm/yyyy';
      valueCell.alignment = { horizontal: 'left' };
    }
    // Merged over the next columns, so a long name or a date never shows ###.
    sheet.mergeCells(2 + i, 2, 2 + i, Math.max(2, Math.min(columns.length, 4)));
  });
  const header = sheet.getRow(headerRow);
  columns.forEach((c, i) => {
    const cell = header.getCell(i + 1);
    cell.value = c.header;
    cell.font = { bold: true };
    cell.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFE5E7EB' } };
  });
  table.rows.forEach((row, r) => {
    const line = sheet.getRow(headerRow + 1 + r);
    columns.forEach((c, i) => {
      const cell = line.getCell(i + 1);
      cell.value = cellValue(row, c);
      // Text cells stay text: a room called "=SUM(…)" must not become a formula.
      if (c.kind === 'text' && typeof cell.value === 'string') cell.numFmt = '@';
    });
  });
  // The totals row: a SUM per figure column where the column holds numbers.
  const totals = sheet.getRow(lastRow + 1);
  totals.getCell(1).value = t('doc.totalRow');
  totals.font = { bold: true };
  columns.forEach((c, i) => {
    const result = totalValue(table, c);
    if (result === null || table.rows.length === 0) return;
    const L = String.fromCharCode(65 + i);
    const cell = totals.getCell(i + 1);
    cell.value = {
      formula: `SUM(${L}${headerRow + 1}:${L}${lastRow})`,
      result: Math.round(result * 1000) / 1000,
    };
    cell.font = { bold: true };
    cell.border = { top: { style: 'thin' } };
  });
  columns.forEach((c, i) => {
    let widest = c.header.length;
    for (const row of table.rows) widest = Math.max(widest, String(cellValue(row, c) ?? '').length);
    sheet.getColumn(i + 1).width = Math.min(40, Math.max(10, widest + 2));
  });
  sheet.getColumn(1).width = Math.max(sheet.getColumn(1).width ?? 10, ...facts.map(([l]) => l.length + 2));
  sheet.autoFilter = { from: { row: headerRow, column: 1 }, to: { row: headerRow, column: columns.length } };
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
