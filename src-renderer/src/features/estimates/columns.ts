/**
 * The item columns: which the tree can show, which an export can contain, their kinds and widths, and
 * the client-copy rule for exports. The list itself comes from src-shared/estimates/columns.ts
 * (plain data: the renderer bundle must not pull in zod).
 */
import { EXPORT_COLUMNS, type ExportColumnKey } from '../../../../src-shared/estimates/columns';
import type { MessageKey } from '../../i18n/messages';

/** Every export column, in the canonical order. */
export const EXPORT_COLUMN_KEYS = EXPORT_COLUMNS;

type MissingExportColumn = Exclude<ExportColumnKey, (typeof EXPORT_COLUMN_KEYS)[number]>;
export const ALL_EXPORT_COLUMNS_LISTED: [MissingExportColumn] extends [never] ? true : never = true;

/** The columns the tree can show: every export column but the internal notes. */
export const TREE_COLUMN_KEYS = EXPORT_COLUMN_KEYS.filter(
  (c): c is Exclude<ExportColumnKey, 'internal_notes'> => c !== 'internal_notes',
);
export type TreeColumnKey = Exclude<ExportColumnKey, 'internal_notes'>;

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

export type ColumnKind = 'text' | 'quantity' | 'money' | 'rate';

export const COLUMN_KIND: Record<ExportColumnKey, ColumnKind> = {
  code: 'text',
  name: 'text',
  description: 'text',
  quantity: 'quantity',
  unit: 'text',
  labor_unit_price: 'money',
  equipment_unit_price: 'money',
  material_unit_price: 'money',
  other_unit_price: 'money',
  labor_cost: 'money',
  equipment_cost: 'money',
  material_cost: 'money',
  other_cost: 'money',
  total_cost: 'money',
  markup: 'money',
  discount: 'money',
  tax: 'rate',
  total: 'money',
  internal_notes: 'text',
};

/** Column widths in the tree (px); name and description share what is left (see FLEX_COLUMNS). */
export const COLUMN_WIDTH: Record<TreeColumnKey, number> = {
  code: 104,
  name: 280,
  description: 260,
  quantity: 104,
  unit: 72,
  labor_unit_price: 136,
  equipment_unit_price: 136,
  material_unit_price: 136,
  other_unit_price: 136,
  labor_cost: 136,
  equipment_cost: 136,
  material_cost: 136,
  other_cost: 136,
  total_cost: 136,
  markup: 128,
  discount: 128,
  tax: 84,
  total: 164,
};

export const COLUMN_LABEL: Record<ExportColumnKey, MessageKey> = {
  code: 'column.code',
  name: 'column.name',
  description: 'column.description',
  quantity: 'column.quantity',
  unit: 'column.unit',
  labor_unit_price: 'column.labor_unit_price',
  equipment_unit_price: 'column.equipment_unit_price',
  material_unit_price: 'column.material_unit_price',
  other_unit_price: 'column.other_unit_price',
  labor_cost: 'column.labor_cost',
  equipment_cost: 'column.equipment_cost',
  material_cost: 'column.material_cost',
  other_cost: 'column.other_cost',
  total_cost: 'column.total_cost',
  markup: 'column.markup',
  discount: 'column.discount',
  tax: 'column.tax',
  total: 'column.total',
  internal_notes: 'column.internal_notes',
};

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
    minWidth += flex ? flex.min : COLUMN_WIDTH[c];
    return flex ? `minmax(${flex.min}px, ${flex.share}fr)` : `${COLUMN_WIDTH[c]}px`;
  });
  return { template: parts.join(' '), minWidth };
}

// ---- exports ------------------------------------------------------------------------------------

/** What a client copy leaves out: unit prices, the four costs, total cost, markup, internal notes. */
export const CLIENT_COPY_HIDDEN: readonly ExportColumnKey[] = [
  'labor_unit_price',
  'equipment_unit_price',
  'material_unit_price',
  'other_unit_price',
  'labor_cost',
  'equipment_cost',
  'material_cost',
  'other_cost',
  'total_cost',
  'markup',
  'internal_notes',
];

/** Internal notes may be put back into a client copy, explicitly and with a warning; the rest not. */
export function lockedInClientCopy(key: ExportColumnKey): boolean {
  return key !== 'internal_notes' && CLIENT_COPY_HIDDEN.includes(key);
}

/** The export dialog's starting choice: every column but the internal notes. */
export function defaultExportColumns(): ExportColumnKey[] {
  return EXPORT_COLUMN_KEYS.filter((c) => c !== 'internal_notes');
}

/** Canonical order, known columns only. */
export function normalizeExportColumns(columns: readonly string[]): ExportColumnKey[] {
  const wanted = new Set(columns);
  return EXPORT_COLUMN_KEYS.filter((c) => wanted.has(c));
}

/** Turning the client copy on unticks every column it hides. */
export function applyClientCopy(columns: readonly ExportColumnKey[]): ExportColumnKey[] {
  return normalizeExportColumns(columns.filter((c) => !CLIENT_COPY_HIDDEN.includes(c)));
}

/**
 * Ticks or unticks one export column. In a client copy the hidden columns stay unticked, except the
 * internal notes, which may be ticked again on purpose.
 */
export function toggleExportColumn(
  columns: readonly ExportColumnKey[],
  key: ExportColumnKey,
  clientCopy: boolean,
): ExportColumnKey[] {
  if (columns.includes(key)) return normalizeExportColumns(columns.filter((c) => c !== key));
  if (clientCopy && lockedInClientCopy(key)) return normalizeExportColumns(columns);
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
  return normalizeExportColumns([...columns, ...before.filter((c) => lockedInClientCopy(c))]);
}

/** The "internal notes will be visible to the client" warning applies. */
export function notesExposed(columns: readonly ExportColumnKey[], clientCopy: boolean): boolean {
  return clientCopy && columns.includes('internal_notes');
}
