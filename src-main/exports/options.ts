/**
 * What an export contains: the item columns (the same choice for Excel and PDF), the language of
 * every label, and whether it is a client copy. A client copy is what an estimator hands to the
 * customer: it hides unit prices, internal costs (the four cost kinds, total cost and the markup,
 * i.e. the contractor's margin) and internal notes.
 */
import { LANGUAGES, type UiLanguage } from '../../src-shared/ipc/contract';
import { EXPORT_COLUMNS, type ExportColumnKey } from '../../src-shared/estimates/columns';

export { EXPORT_COLUMNS };
export type ExportColumn = ExportColumnKey;

/**
 * How a column's values are written. `amount` columns add up: groups show the subtotal of their
 * positions in them (a formula in Excel).
 */
export type ColumnKind = 'text' | 'quantity' | 'unit-price' | 'amount' | 'rate';

export const COLUMN_KIND: Record<ExportColumn, ColumnKind> = {
  code: 'text',
  name: 'text',
  description: 'text',
  quantity: 'quantity',
  unit: 'text',
  labor_unit_price: 'unit-price',
  equipment_unit_price: 'unit-price',
  material_unit_price: 'unit-price',
  other_unit_price: 'unit-price',
  labor_cost: 'amount',
  equipment_cost: 'amount',
  material_cost: 'amount',
  other_cost: 'amount',
  total_cost: 'amount',
  markup: 'amount',
  discount: 'amount',
  tax: 'rate',
  total: 'amount',
  internal_notes: 'text',
};

export type AmountColumn =
  | 'labor_cost'
  | 'equipment_cost'
  | 'material_cost'
  | 'other_cost'
  | 'total_cost'
  | 'markup'
  | 'discount'
  | 'total';

export function isAmountColumn(column: ExportColumn): column is AmountColumn {
  return COLUMN_KIND[column] === 'amount';
}

/** Hidden by the client-copy preset. */
export const INTERNAL_COLUMNS: readonly ExportColumn[] = [
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

export const CLIENT_COPY_COLUMNS: readonly ExportColumn[] = EXPORT_COLUMNS.filter(
  (c) => !INTERNAL_COLUMNS.includes(c),
);

export interface ExportOptions {
  /**
   * The item columns, in any order (they are written in the canonical order above). Default: every
   * column, or the client-copy preset when `clientCopy` is set. Unknown names are ignored.
   */
  columns?: readonly string[];
  /** The client-copy preset: default columns without unit prices, internal costs and notes. */
  clientCopy?: boolean;
  /**
   * A client copy never contains internal notes, even when `columns` lists them (a saved "all
   * columns" choice must not leak them), unless this is set as well.
   */
  includeInternalNotesInClientCopy?: boolean;
  /** Labels, number and date formats. Default en-US. */
  language?: string;
}

export interface ResolvedExportOptions {
  columns: ExportColumn[];
  clientCopy: boolean;
  language: UiLanguage;
}

function isExportColumn(c: string): c is ExportColumn {
  return (EXPORT_COLUMNS as readonly string[]).includes(c);
}

export function resolveLanguage(language: string | undefined): UiLanguage {
  return (LANGUAGES as readonly string[]).includes(language ?? '') ? (language as UiLanguage) : 'en-US';
}

export function resolveExportOptions(options: ExportOptions = {}): ResolvedExportOptions {
  const clientCopy = options.clientCopy === true;
  const notesAsked = options.includeInternalNotesInClientCopy === true;
  const wanted = new Set<string>(options.columns ?? (clientCopy ? CLIENT_COPY_COLUMNS : EXPORT_COLUMNS));
  if (clientCopy) {
    if (!notesAsked) wanted.delete('internal_notes');
    else if (options.columns === undefined) wanted.add('internal_notes');
  }
  let columns = EXPORT_COLUMNS.filter((c) => wanted.has(c) && isExportColumn(c));
  // A table needs something to show: fall back to the item names.
  if (columns.length === 0) columns = ['name'];
  return { columns, clientCopy, language: resolveLanguage(options.language) };
}
