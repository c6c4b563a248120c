import { columnKind, type ExportColumnKey } from '../../../src-shared/estimates/columns';
import type { ResolvedExportOptions } from '../options';
import { TABLE_FONT, textWidth } from './text';

/** Usable width (page minus 40 pt margins) of each page choice. */
const PAGE = {
  A4: { portrait: 515, landscape: 762 },
  A3: { landscape: 1110 },
};
const MIN_TEXT_COLUMN = 150;
/** Cell padding left and right, plus a little slack. */
const CELL_PAD = 8;

export interface Column {
  key: ExportColumnKey;
  width: number | '*';
  numeric: boolean;
}

/** The columns that share the one text column. */
const TEXT_KEYS: readonly ExportColumnKey[] = ['name', 'description', 'internal_notes'];

/**
 * The table's columns: name, description and internal notes share one text column (the quote's
 * usual layout: the name, the description under it, the note in italics); the rest get widths from
 * their content.
 */
export function tableColumns(opts: ResolvedExportOptions, widest: { money: string; code: string }): Column[] {
  const textKey = TEXT_KEYS.find((k) => opts.columns.includes(k)) ?? null;
  const moneyWidth = Math.max(44, textWidth(widest.money, TABLE_FONT) + CELL_PAD);
  const columns: Column[] = [];
  for (const key of opts.columns) {
    if (TEXT_KEYS.includes(key)) {
      if (key === textKey) columns.push({ key, width: '*', numeric: false });
      continue;
    }
    const kind = columnKind(key);
    let width: number;
    if (key === 'code') width = Math.min(90, Math.max(30, textWidth(widest.code, TABLE_FONT) + CELL_PAD));
    else if (key === 'unit') width = 30;
    else if (kind === 'quantity') width = 40;
    else if (kind === 'rate') width = 34;
    else width = moneyWidth;
    columns.push({ key, width, numeric: key !== 'code' && key !== 'unit' });
  }
  return columns;
}

export interface PageChoice {
  size: 'A4' | 'A3';
  orientation: 'portrait' | 'landscape';
  width: number;
}

/** A4 portrait when the columns fit, else A4 landscape, else A3 landscape. */
export function pageFor(columns: readonly Column[]): PageChoice {
  const fixed = columns.reduce((s, c) => s + (c.width === '*' ? 0 : c.width), 0);
  const need = fixed + MIN_TEXT_COLUMN;
  if (need <= PAGE.A4.portrait) return { size: 'A4', orientation: 'portrait', width: PAGE.A4.portrait };
  if (need <= PAGE.A4.landscape) return { size: 'A4', orientation: 'landscape', width: PAGE.A4.landscape };
  return { size: 'A3', orientation: 'landscape', width: PAGE.A3.landscape };
}
