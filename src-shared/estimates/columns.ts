/**
 * The one table of estimate item columns. Everything else about columns is derived from it: the
 * export presets and their validation in the IPC contract, the Excel and PDF writers, the tree's
 * column chooser, and the client-document rule (a confidentiality rule: an `internal` column never
 * appears in a document made for a client).
 *
 * Most columns are an item's own field; `derived` ones are computed from the fields (see
 * src-shared/estimates/net.ts). The order of the entries is the canonical order of columns in every
 * table and document.
 */
import type { MessageKey } from '../i18n/catalogue';
import type { TotalField } from './types';

/**
 * How a column's values are written. `amount` columns add up: groups show the subtotal of their
 * positions (a formula in Excel), and the estimate's totals have a field for each (`total`).
 */
export type ColumnKind = 'text' | 'quantity' | 'unit-price' | 'amount' | 'rate';

interface ColumnSpec {
  kind: ColumnKind;
  /** The contractor's own figures and notes: never in a client document. */
  internal: boolean;
  /** Computed from the item's fields rather than sent by the service. */
  derived?: true;
  /** The label on screen (tree header, column chooser, export dialog). */
  label: MessageKey;
  /** The header in a document: shorter where a printed column is narrow. */
  docLabel: MessageKey;
  /** The estimate tree on screen can show it. */
  inTree: boolean;
  /** The field of the estimate's totals that sums this column. */
  total?: TotalField;
  /** Width on screen, in px (text columns also share what is left). */
  treeWidth?: number;
  /** Width bounds in a spreadsheet, in characters: [min, max]. */
  sheetWidth: readonly [number, number];
}

export const ESTIMATE_COLUMNS = {
  code: {
    kind: 'text',
    internal: false,
    label: 'column.code',
    docLabel: 'doc.column.code',
    inTree: true,
    treeWidth: 104,
    sheetWidth: [8, 24],
  },
  name: {
    kind: 'text',
    internal: false,
    label: 'column.name',
    docLabel: 'doc.column.name',
    inTree: true,
    treeWidth: 280,
    sheetWidth: [24, 60],
  },
  description: {
    kind: 'text',
    internal: false,
    label: 'column.description',
    docLabel: 'doc.column.description',
    inTree: true,
    treeWidth: 260,
    sheetWidth: [16, 60],
  },
  quantity: {
    kind: 'quantity',
    internal: false,
    label: 'column.quantity',
    docLabel: 'doc.column.quantity',
    inTree: true,
    treeWidth: 104,
    sheetWidth: [10, 14],
  },
  unit: {
    kind: 'text',
    internal: false,
    label: 'column.unit',
    docLabel: 'doc.column.unit',
    inTree: true,
    treeWidth: 72,
    sheetWidth: [6, 12],
  },
  net_unit_price: {
    kind: 'unit-price',
    internal: false,
    derived: true,
    label: 'column.net_unit_price',
    docLabel: 'doc.column.net_unit_price',
    inTree: true,
    treeWidth: 136,
    sheetWidth: [13, 20],
  },
  labor_unit_price: {
    kind: 'unit-price',
    internal: true,
    label: 'column.labor_unit_price',
    docLabel: 'doc.column.labor_unit_price',
    inTree: true,
    treeWidth: 136,
    sheetWidth: [13, 20],
  },
  equipment_unit_price: {
    kind: 'unit-price',
    internal: true,
    label: 'column.equipment_unit_price',
    docLabel: 'doc.column.equipment_unit_price',
    inTree: true,
    treeWidth: 136,
    sheetWidth: [13, 20],
  },
  material_unit_price: {
    kind: 'unit-price',
    internal: true,
    label: 'column.material_unit_price',
    docLabel: 'doc.column.material_unit_price',
    inTree: true,
    treeWidth: 136,
    sheetWidth: [13, 20],
  },
  other_unit_price: {
    kind: 'unit-price',
    internal: true,
    label: 'column.other_unit_price',
    docLabel: 'doc.column.other_unit_price',
    inTree: true,
    treeWidth: 136,
    sheetWidth: [13, 20],
  },
  labor_cost: {
    kind: 'amount',
    internal: true,
    label: 'column.labor_cost',
    docLabel: 'doc.column.labor_cost',
    inTree: true,
    total: 'labor_costs_total',
    treeWidth: 136,
    sheetWidth: [13, 20],
  },
  equipment_cost: {
    kind: 'amount',
    internal: true,
    label: 'column.equipment_cost',
    docLabel: 'doc.column.equipment_cost',
    inTree: true,
    total: 'equipment_costs_total',
    treeWidth: 136,
    sheetWidth: [13, 20],
  },
  material_cost: {
    kind: 'amount',
    internal: true,
    label: 'column.material_cost',
    docLabel: 'doc.column.material_cost',
    inTree: true,
    total: 'material_costs_total',
    treeWidth: 136,
    sheetWidth: [13, 20],
  },
  other_cost: {
    kind: 'amount',
    internal: true,
    label: 'column.other_cost',
    docLabel: 'doc.column.other_cost',
    inTree: true,
    total: 'other_costs_total',
    treeWidth: 136,
    sheetWidth: [13, 20],
  },
  total_cost: {
    kind: 'amount',
    internal: true,
    label: 'column.total_cost',
    docLabel: 'doc.column.total_cost',
    inTree: true,
    total: 'costs_total',
    treeWidth: 136,
    sheetWidth: [13, 20],
  },
  markup: {
    kind: 'amount',
    internal: true,
    label: 'column.markup',
    docLabel: 'doc.column.markup',
    inTree: true,
    total: 'markup_total',
    treeWidth: 128,
    sheetWidth: [13, 20],
  },
  discount: {
    kind: 'amount',
    internal: false,
    label: 'column.discount',
    docLabel: 'doc.column.discount',
    inTree: true,
    total: 'discount_total',
    treeWidth: 128,
    sheetWidth: [13, 20],
  },
  tax: {
    kind: 'rate',
    internal: false,
    label: 'column.tax',
    docLabel: 'doc.column.tax',
    inTree: true,
    treeWidth: 84,
    sheetWidth: [10, 12],
  },
  net_amount: {
    kind: 'amount',
    internal: false,
    derived: true,
    label: 'column.net_amount',
    docLabel: 'doc.column.net_amount',
    inTree: true,
    total: 'subtotal_without_tax',
    treeWidth: 150,
    sheetWidth: [14, 20],
  },
  total: {
    kind: 'amount',
    internal: false,
    label: 'column.total',
    docLabel: 'doc.column.total',
    inTree: true,
    total: 'total',
    treeWidth: 164,
    sheetWidth: [14, 20],
  },
  internal_notes: {
    kind: 'text',
    internal: true,
    label: 'column.internal_notes',
    docLabel: 'doc.column.internal_notes',
    inTree: false,
    sheetWidth: [16, 50],
  },
} as const satisfies Record<string, ColumnSpec>;

type Table = typeof ESTIMATE_COLUMNS;
export type ExportColumnKey = keyof Table;
/** Columns whose values add up. */
export type AmountColumn = {
  [K in ExportColumnKey]: Table[K]['kind'] extends 'amount' ? K : never;
}[ExportColumnKey];
/** Columns the estimate tree can show. */
export type TreeColumnKey = {
  [K in ExportColumnKey]: Table[K]['inTree'] extends true ? K : never;
}[ExportColumnKey];

const keys = Object.keys(ESTIMATE_COLUMNS) as ExportColumnKey[];

/** Every column, in the canonical order (a non-empty tuple, as zod's enum wants it). */
export const EXPORT_COLUMNS = keys as [ExportColumnKey, ...ExportColumnKey[]];

export function columnSpec(key: ExportColumnKey): ColumnSpec {
  return ESTIMATE_COLUMNS[key];
}

export function columnKind(key: ExportColumnKey): ColumnKind {
  return ESTIMATE_COLUMNS[key].kind;
}

export function isExportColumn(value: unknown): value is ExportColumnKey {
  return typeof value === 'string' && Object.hasOwn(ESTIMATE_COLUMNS, value);
}

export function isAmountColumn(key: ExportColumnKey): key is AmountColumn {
  return ESTIMATE_COLUMNS[key].kind === 'amount';
}

export const AMOUNT_COLUMNS: readonly AmountColumn[] = keys.filter(isAmountColumn);

export const TREE_COLUMNS: readonly TreeColumnKey[] = keys.filter(
  (k): k is TreeColumnKey => ESTIMATE_COLUMNS[k].inTree,
);

/** What a client document never contains: every internal column. */
export const INTERNAL_COLUMNS: readonly ExportColumnKey[] = keys.filter((k) => ESTIMATE_COLUMNS[k].internal);

/** Everything a client document may contain. */
export const CLIENT_COLUMNS: readonly ExportColumnKey[] = keys.filter((k) => !ESTIMATE_COLUMNS[k].internal);

export function isInternalColumn(key: ExportColumnKey): boolean {
  return ESTIMATE_COLUMNS[key].internal;
}

/** Known columns only, each once, in the canonical order. */
export function normalizeColumns(columns: Iterable<string>): ExportColumnKey[] {
  const wanted = new Set(columns);
  return keys.filter((k) => wanted.has(k));
}

/** The columns of `columns` a client document may show: internal ones are dropped, always. */
export function clientColumns(columns: Iterable<string>): ExportColumnKey[] {
  return normalizeColumns(columns).filter((k) => !ESTIMATE_COLUMNS[k].internal);
}

/** The column whose sum a total field is, if any. */
export const COLUMN_OF_TOTAL: Partial<Record<TotalField, AmountColumn>> = Object.fromEntries(
  AMOUNT_COLUMNS.map((c) => [(ESTIMATE_COLUMNS[c] as ColumnSpec).total, c]),
);
