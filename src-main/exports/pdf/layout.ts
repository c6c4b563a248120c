import { columnKind, type ExportColumnKey } from '../../../src-shared/estimates/columns';
import { TABLE_FONT, textWidth } from './text';

/** Usable width (page minus 40 pt margins) of each paper: the document's own, then a larger one. */
const PAPER = {
  A4: { portrait: 515, landscape: 762, larger: 'A3', largerLandscape: 1110 },
  LETTER: { portrait: 532, landscape: 712, larger: 'TABLOID', largerLandscape: 1144 },
} as const;
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
export function tableColumns(
  shown: readonly ExportColumnKey[],
  widest: { money: string; code: string },
): Column[] {
  const textKey = TEXT_KEYS.find((k) => shown.includes(k)) ?? null;
  const moneyWidth = Math.max(44, textWidth(widest.money, TABLE_FONT) + CELL_PAD);
  const columns: Column[] = [];
  for (const key of shown) {
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
  size: 'A4' | 'A3' | 'LETTER' | 'TABLOID';
  orientation: 'portrait' | 'landscape';
  width: number;
}

/** The document's paper in portrait when the columns fit, else landscape, else the larger paper. */
export function pageFor(columns: readonly Column[], paper: 'A4' | 'Letter'): PageChoice {
  const fixed = columns.reduce((s, c) => s + (c.width === '*' ? 0 : c.width), 0);
  const need = fixed + MIN_TEXT_COLUMN;
  const size = paper === 'Letter' ? 'LETTER' : 'A4';
  const p = PAPER[size];
  if (need <= p.portrait) return { size, orientation: 'portrait', width: p.portrait };
  if (need <= p.landscape) return { size, orientation: 'landscape', width: p.landscape };
  return { size: p.larger, orientation: 'landscape', width: p.largerLandscape };
}
