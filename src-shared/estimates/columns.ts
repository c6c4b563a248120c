/**
 * The item columns an estimate export can contain, in their canonical order. Plain data with no
 * imports: main (exports, the IPC contract's validation) and the renderer (which must not bundle
 * zod) all take the list from here.
 */
export const EXPORT_COLUMNS = [
  'code',
  'name',
  'description',
  'quantity',
  'unit',
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
  'discount',
  'tax',
  'total',
  'internal_notes',
] as const;

export type ExportColumnKey = (typeof EXPORT_COLUMNS)[number];
