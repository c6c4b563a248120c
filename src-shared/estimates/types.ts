import type { ExportWarning } from '../exports/warnings';
import type { UiLanguage } from '../i18n/languages';
import type { Provenance } from '../offline/types';
import type { DecimalString } from '../money/amounts';

/** The totals as they cross to the renderer: exact decimal text (no bigint crosses IPC). */
export interface QuoteTotalsView {
  digits: number;
  net: string;
  vat: { rate: string; base: string; amount: string }[];
  rounding: string;
  gross: string;
  source: 'service' | 'items';
  mismatch: { serviceNet: string; serviceGross: string } | null;
}

/**
 * An estimate as PlanDesk shows and exports it: the service's flat items rebuilt into a tree, the
 * service's own totals beside the totals computed from the items, and what did not add up. Every
 * money value is a decimal string with exactly twelve fractional digits (never a float).
 */

/** The service's decimal text (money/amounts.ts), named here for the estimate's types. */
export type { DecimalString };

export type EstimateWarningCode =
  | 'orphan'
  | 'cycle'
  | 'unknown-type'
  | 'group-with-quantities'
  | 'group-total-mismatch'
  | 'totals-mismatch'
  | 'duplicate-id';

export interface EstimateWarning {
  code: EstimateWarningCode;
  item_id?: string;
  message: string;
}

/** An item's free text (its unit aside: that goes with its quantity). */
export const ITEM_TEXT_FIELDS = [
  'code',
  'name',
  'description',
  'category',
  'location',
  'internal_notes',
] as const;

/** An item's unit prices, one per cost kind (labor, equipment, material, other). */
export const UNIT_PRICE_FIELDS = [
  'labor_unit_price',
  'equipment_unit_price',
  'material_unit_price',
  'other_unit_price',
] as const;

/** An item's costs (per cost kind and in all), markup, discount and total: the amounts that add up. */
export const COST_FIELDS = [
  'labor_cost',
  'equipment_cost',
  'material_cost',
  'other_cost',
  'total_cost',
  'markup',
  'discount',
  'total',
] as const;
export type CostField = (typeof COST_FIELDS)[number];

/**
 * An item's money fields: the one list of them (the service's item schema, the fast parser, the tree's
 * group check, the amount texts, versions' comparisons and the simulator read it).
 */
export const MONEY_FIELDS = [...UNIT_PRICE_FIELDS, ...COST_FIELDS] as const;
export type MoneyField = (typeof MONEY_FIELDS)[number];

/** Every decimal field of an item: its quantity, its tax rate and its money, in this order. */
export const ITEM_DECIMAL_FIELDS = ['quantity', 'tax', ...MONEY_FIELDS] as const;
export type ItemDecimalField = (typeof ITEM_DECIMAL_FIELDS)[number];

/** An item's decimal fields as the service sends them: exact decimal text, or null where it has none. */
export type ItemAmounts = { [K in ItemDecimalField]: DecimalString | null };

export interface EstimateNode extends ItemAmounts {
  id: string;
  parent_id: string | null;
  /** How PlanDesk treats it: an unknown service type is shown as a position (with a warning). */
  type: 'group' | 'position';
  /** The type the service sent. */
  service_type: string;
  code: string | null;
  name: string | null;
  description: string | null;
  category: string | null;
  location: string | null;
  internal_notes: string | null;
  unit: string | null;
  sort: number;
  /** Rate as a fraction ("0.190000000000"). */
  tax: DecimalString | null;
  /** The service's figure, shown as it is. */
  total: DecimalString | null;
  /** Groups only: the sum of the children's totals, for comparison with `total`. */
  computed_total: DecimalString | null;
  children: EstimateNode[];
}

export const TOTAL_FIELDS = [
  'labor_costs_total',
  'equipment_costs_total',
  'material_costs_total',
  'other_costs_total',
  'costs_total',
  'markup_total',
  'discount_total',
  'subtotal_without_tax',
  'tax_total',
  'total',
] as const;
export type TotalField = (typeof TOTAL_FIELDS)[number];
export type EstimateTotals = Record<TotalField, DecimalString>;

export interface EstimateParty {
  [field: string]: unknown;
}

/** Header fields of the estimate detail (everything but items and totals). */
export interface EstimateHeader {
  id: string;
  plan_id: string | null;
  name: string;
  unique_identifier: string | null;
  creator: string | null;
  last_modifier: string | null;
  status: string | null;
  currency: string | null;
  date_issue: string | null;
  date_valid_until: string | null;
  created: string | null;
  modified: string | null;
  opening_statement: string | null;
  closing_statement: string | null;
  customer: EstimateParty | null;
  project: EstimateParty | null;
  company: EstimateParty | null;
}

export interface EstimateDocument {
  estimate: EstimateHeader;
  /** Top-level nodes; children ordered by `sort` (then id, so the order is total). */
  tree: EstimateNode[];
  /** The service's `estimate_totals`, as sent (fields it left out are absent). */
  service_totals: Partial<EstimateTotals>;
  /** Computed from the positions (see src-main/estimates/totals.ts for the formulas). */
  computed_totals: EstimateTotals;
  warnings: EstimateWarning[];
}

export interface EstimateListRow {
  id: string;
  name: string;
  status: string | null;
  uniqueId: string | null;
  /** ISO 8601 */
  created: string | null;
  modified: string | null;
  /** The estimate's totals where PlanDesk knows them (opened before, or fetched in the background). */
  totals: EstimateSummary | null;
}

/** What a list shows of an estimate's money: its currency and its client totals. */
export interface EstimateSummary {
  currency: string | null;
  quote: QuoteTotalsView;
  /** Who the estimate is for (see client-name.ts), for the projects list; absent when not worked out. */
  client?: string | null;
  /**
   * The country of the company sending it, as the service wrote it: the language its documents are
   * written in by default. Absent in totals kept before PlanDesk kept it.
   */
  companyCountry?: string | null;
}

export interface EstimateList extends Provenance {
  rows: EstimateListRow[];
}

/**
 * One tree node in display order (preorder), without children: what a virtual list needs. A node's
 * descendants are the `subtreeSize` rows right after it; `parentIndex` is -1 at the top level.
 */
export interface EstimateRow extends Omit<EstimateNode, 'children'> {
  depth: number;
  parentIndex: number;
  subtreeSize: number;
  /**
   * What the client pays before VAT: a position's total cost + markup − discount; a group's, the sum
   * over its positions. Exact, twelve digits.
   */
  net_amount: DecimalString | null;
}

export interface EstimateView extends Provenance {
  estimate: EstimateHeader;
  rows: EstimateRow[];
  /** Net, VAT by rate and gross, as the documents print them. */
  quote: QuoteTotalsView;
  service_totals: Partial<EstimateTotals>;
  computed_totals: EstimateTotals;
  warnings: EstimateWarning[];
}

/**
 * An EstimateView as the bytes of its JSON text (ASCII: estimates/view-text.ts): made in a worker,
 * moved to main and passed on to the renderer, which parses it (parseEstimateView). Main's thread
 * never holds it as a string: a 20,000-item view is 17 MB of text, and a string that size in main's
 * heap costs main a garbage collection pause on every open (bench "main-loop stall").
 */
export interface EstimateViewText extends Provenance {
  viewBytes: Uint8Array;
}

/** What names an estimate in a file name: its number, its name, its project's name. */
export interface EstimateLabel {
  uniqueIdentifier: string | null;
  name: string;
  projectName: string | null;
  /** The sending company's country (its documents' language by default). */
  companyCountry: string | null;
}

export interface ExportResult extends Provenance {
  /** Where the file was saved; null when the user closed the save dialog. */
  path: string | null;
  /** What the user should know about the document written (it was written all the same). */
  warnings: ExportWarning[];
  /** The language the document was written in. */
  language: UiLanguage;
  /**
   * Nothing was written: the PDF would have this many pages, more than LARGE_PDF_PAGES. Asked again
   * with `largePdf: true` it is written; else the workbook is the better choice.
   */
  largePdfPages?: number;
}
