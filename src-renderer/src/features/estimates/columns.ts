/**
 * The estimate columns on screen: which the tree shows by default, their widths, and the export
 * dialog's ticking rules. What a column is (its kind, its label, whether it is internal and so never
 * in a client copy) comes from the one column table, src-shared/estimates/columns.ts.
 */
import {
  ESTIMATE_COLUMNS,
  EXPORT_COLUMNS,
  TREE_COLUMNS,
  clientColumns,
  columnKind,
  columnSpec,
  isInternalColumn,
  normalizeColumns,
  type ExportColumnKey,
  type TreeColumnKey,
} from '../../../../src-shared/estimates/columns';
import type { MessageKey } from '../../i18n/messages';

export type { TreeColumnKey };

/** Every export column, in the canonical order. */
export const EXPORT_COLUMN_KEYS: readonly ExportColumnKey[] = EXPORT_COLUMNS;

/** The columns the tree can show. */
export const TREE_COLUMN_KEYS: readonly TreeColumnKey[] = TREE_COLUMNS;

/** The name column carries the tree (indentation, chevron); it is always shown. */
export const FIXED_TREE_COLUMN: TreeColumnKey = 'name';

export const DEFAULT_TREE_COLUMNS: readonly TreeColumnKey[] = [
  'code',
  'name',
  'quantity',
  'unit',
  'total_cost',
  'markup',
  'discount',
  'tax',
  'total',
];

/** How a cell is formatted and aligned on screen: unit prices and amounts are both money. */
export type DisplayKind = 'text' | 'quantity' | 'money' | 'rate';

export function displayKind(key: ExportColumnKey): DisplayKind {
  const kind = columnKind(key);
  return kind === 'unit-price' || kind === 'amount' ? 'money' : kind;
}

export function columnLabel(key: ExportColumnKey): MessageKey {
  return ESTIMATE_COLUMNS[key].label;
}

/** A column's width in the tree (px), from the column table. */
function treeWidth(key: TreeColumnKey): number {
  return columnSpec(key).treeWidth ?? 120;
}

/** Keeps only known tree columns, in canonical order, always with the name column. */
export function normalizeTreeColumns(columns: readonly string[]): TreeColumnKey[] {
  const wanted = new Set(columns);
  wanted.add(FIXED_TREE_COLUMN);
  return TREE_COLUMN_KEYS.filter((c) => wanted.has(c));
}

/** Shows or hides one tree column (the name column stays). */
export function toggleTreeColumn(columns: readonly TreeColumnKey[], key: TreeColumnKey): TreeColumnKey[] {
  if (key === FIXED_TREE_COLUMN) return normalizeTreeColumns(columns);
  return normalizeTreeColumns(columns.includes(key) ? columns.filter((c) => c !== key) : [...columns, key]);
}

/**
 * Text columns that share the room left over (name twice as much as description), down to these
 * widths; the other columns are fixed.
 */
const FLEX_COLUMNS: Partial<Record<TreeColumnKey, { min: number; share: number }>> = {
  name: { min: 200, share: 2 },
  description: { min: 160, share: 1.2 },
};

/** The CSS grid template of the tree's rows for the shown columns, and the width below which it scrolls. */
export function gridTemplate(columns: readonly TreeColumnKey[]): { template: string; minWidth: number } {
  let minWidth = 0;
  const parts = columns.map((c) => {
    const flex = FLEX_COLUMNS[c];
    minWidth += flex ? flex.min : treeWidth(c);
    return flex ? `minmax(${flex.min}px, ${flex.share}fr)` : `${treeWidth(c)}px`;
  });
  return { template: parts.join(' '), minWidth };
}

// ---- exports ------------------------------------------------------------------------------------

/** The export dialog's starting choice: every column but the internal notes. */
export function defaultExportColumns(): ExportColumnKey[] {
  return EXPORT_COLUMN_KEYS.filter((c) => c !== 'internal_notes');
}

/** Canonical order, known columns only. */
export function normalizeExportColumns(columns: readonly string[]): ExportColumnKey[] {
  return normalizeColumns(columns);
}

/** Turning the client copy on unticks every internal column. */
export function applyClientCopy(columns: readonly ExportColumnKey[]): ExportColumnKey[] {
  return clientColumns(columns);
}

/**
 * Ticks or unticks one export column. In a client copy the locked internal columns stay unticked;
 * an opt-in column (the internal notes) may be ticked again on purpose.
 */
export function toggleExportColumn(
  columns: readonly ExportColumnKey[],
  key: ExportColumnKey,
  clientCopy: boolean,
): ExportColumnKey[] {
  if (columns.includes(key)) return normalizeExportColumns(columns.filter((c) => c !== key));
  if (clientCopy && isInternalColumn(key)) return normalizeExportColumns(columns);
  return normalizeExportColumns([...columns, key]);
}

/**
 * Turning the client copy off ticks again the columns it had unticked (those that were ticked before
 * it was turned on); everything else stays as the user left it.
 */
export function leaveClientCopy(
  columns: readonly ExportColumnKey[],
  before: readonly ExportColumnKey[],
): ExportColumnKey[] {
  return normalizeExportColumns([...columns, ...before.filter((c) => isInternalColumn(c))]);
}

/** The "internal notes will be visible to the client" warning applies. */
export function notesExposed(columns: readonly ExportColumnKey[], clientCopy: boolean): boolean {
  return clientCopy && columns.some((c) => ESTIMATE_COLUMNS[c].internal);
}

/** Internal columns are never in a client document. */
export const lockedInClientCopy = isInternalColumn;
