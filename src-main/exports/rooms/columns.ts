/**
 * The rooms table of a plan as a spreadsheet's columns (xlsx and csv alike).
 *
 * A measure column is written as numbers only when that is honest: when the service's formatted
 * strings all agree on one unit (the unit then goes into the header, e.g. "Area (m²)"), or when the
 * service gave plain numbers only (no unit anywhere, none added). Otherwise the column holds the
 * service's formatted strings as text. PlanDesk never invents a unit.
 */
import {
  MEASURE_COLUMNS,
  type MeasureColumn,
  type RoomsTable,
  type RoomsTableRow,
} from '../../../src-shared/plans/types';
import { translator } from '../../../src-shared/i18n/catalogue';
import { termLabel } from '../../../src-shared/plans/vocabulary';
import { DEFAULT_LANGUAGE, type UiLanguage } from '../../../src-shared/i18n/languages';
import {
  ROOMS_COLUMN_KEYS,
  roomsColumnLabel,
  type RoomsColumnKey,
} from '../../../src-shared/plans/rooms-columns';
import type { CsvSeparator } from '../../../src-shared/exports/document-language';
import type { Paper } from '../../../src-shared/exports/presets';

export type RoomsExportFormat = 'xlsx' | 'csv';

export interface RoomsExportOptions {
  /** The document's language: headers, numbers, the CSV's separator; default en-US. */
  language?: UiLanguage;
  /** The CSV's field separator; default the language's (`;` where the decimal mark is a comma). */
  separator?: CsvSeparator;
  /** The workbook's paper; default the language's. */
  paper?: Paper;
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
export function totalValue(table: RoomsTable, column: RoomsColumn): number | null {
  const total = table.totals[column.key];
  return total && column.kind === 'number' ? total.value : null;
}

function isMeasure(key: RoomsColumnKey): key is MeasureColumn {
  return (MEASURE_COLUMNS as readonly string[]).includes(key);
}
