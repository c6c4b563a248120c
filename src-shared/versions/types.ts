/**
 * Estimate versions and comparisons (issue 17): every version of an estimate PlanDesk fetched, kept
 * in the workspace's cache; the comparison of two versions (or of two estimates of one project) as a
 * tree of changes; the change order made from it. Money is decimal text with twelve fractional
 * digits, exact.
 */
import { MONEY_FIELDS, type DecimalString, type MoneyField } from '../estimates/types';

/** One kept version of an estimate, as the timeline lists it. */
export interface VersionRow {
  /** The version's id in this workspace's cache. */
  id: number;
  /** 1, 2, 3, … per estimate, in the order the versions were first fetched (never reused). */
  seq: number;
  /** When PlanDesk first fetched this content (ISO 8601). */
  fetchedAt: string;
  /** When PlanDesk last fetched this same content. */
  lastFetchedAt: string;
  /** The service's `modified` of this version, as sent. */
  modified: string | null;
  /** The user's name for it ("sent to client 12 May"); null when unnamed. */
  name: string | null;
  /** Pinned versions are never evicted. */
  pinned: boolean;
  items: number;
  currency: string | null;
  /** The estimate's totals over its positions: net (before VAT), VAT and gross. */
  net: DecimalString;
  tax: DecimalString;
  gross: DecimalString;
  /** How it is stored: a whole copy, or the changes from the version before it. */
  storage: 'full' | 'delta';
  /** Bytes it takes in the cache. */
  bytes: number;
  /** The version PlanDesk fetched last (what the service sent most recently). */
  current: boolean;
  /** The version the user saw when they last opened the estimate (before this opening). */
  lastOpened: boolean;
  /** Found damaged on this computer when it was read: it cannot be opened or compared. */
  damaged?: boolean;
}

export interface VersionTimeline {
  projectId: string;
  estimateId: string;
  estimateName: string;
  /** Newest first. */
  versions: VersionRow[];
  /** False when the workspace's cache lives in memory (the demo, a folder that cannot be written). */
  persistent: boolean;
}

/** What the badge on an estimate says: it changed since the user last opened it. */
export interface ChangesSince {
  /** When the user last opened it (ISO 8601). */
  openedAt: string;
  fromVersion: number;
  toVersion: number;
  fromSeq: number;
  toSeq: number;
  counts: ComparisonCounts;
  currency: string | null;
  /** Gross total before and after, and the difference. */
  gross: { from: DecimalString; to: DecimalString; delta: DecimalString };
}

/** One side of a comparison: an estimate (in a given version, or as the service sends it now). */
export interface VersionPick {
  estimateId: string;
  /** A kept version's id; absent: the estimate as the service sends it now (offline: the last kept). */
  versionId?: number | undefined;
}

export interface VersionRef {
  estimateId: string;
  estimateName: string;
  uniqueIdentifier: string | null;
  /** The kept version compared (null only when nothing could be kept, e.g. a cache that cannot write). */
  versionId: number | null;
  seq: number | null;
  name: string | null;
  fetchedAt: string | null;
  modified: string | null;
}

/**
 * The fields a comparison reports, old → new. Not compared: `id` and `parent_id` (matching and
 * moves say those), `sort` (the service renumbers siblings after an insert: an order is not a
 * change of content), and the `created` / `modified` stamps.
 */
export const COMPARED_FIELDS = [
  'type',
  'code',
  'name',
  'description',
  'category',
  'location',
  'internal_notes',
  'quantity',
  'unit',
  ...MONEY_FIELDS.filter((f) => f !== 'total'),
  'tax',
  'total',
] as const;
export type ComparedField = (typeof COMPARED_FIELDS)[number] | MoneyField;

/** Compared fields whose values are amounts (exact decimals); the others are text. */
export const AMOUNT_COMPARED_FIELDS: ReadonlySet<ComparedField> = new Set<ComparedField>([
  'quantity',
  'tax',
  ...MONEY_FIELDS,
]);

export interface FieldChange {
  from: string | null;
  to: string | null;
}

export type ChangeKind = 'added' | 'removed' | 'changed' | 'moved' | 'unchanged';

/** An amount before and after (null: the item is not on that side), and the difference. */
export interface AmountChange {
  from: DecimalString | null;
  to: DecimalString | null;
  delta: DecimalString;
}

/** One row of the comparison tree (preorder, like the estimate's own rows). */
export interface ComparisonRow {
  /** The item's id on the newer side; on the older for a removed item. */
  id: string;
  /** Its id on the older side, when it differs (matched by code and name) or it was removed. */
  fromId: string | null;
  type: 'group' | 'position';
  code: string | null;
  name: string | null;
  description: string | null;
  unit: string | null;
  /** Its VAT rate (the newer side's, the older for a removed item), as a fraction. */
  tax: DecimalString | null;
  /** `changed` wins over `moved`: a changed item that also moved says both (see `moved`). */
  kind: ChangeKind;
  /** How it was matched with its older self: by id, or (its id changed) by code and name. */
  matchedBy: 'id' | 'code-name' | null;
  /** Set when it moved to another group: the groups' names, top down ("Kitchen › Floor"). */
  moved: { fromParent: string | null; toParent: string | null; fromPath: string; toPath: string } | null;
  fields: Partial<Record<ComparedField, FieldChange>>;
  /** Positions: their net amount (total cost + markup − discount); groups: their net subtotal. */
  net: AmountChange;
  /** Positions: their total; groups: the total of their positions. */
  gross: AmountChange;
  depth: number;
  /** -1 at the top level. */
  parentIndex: number;
  /** Rows below it in this list. */
  subtreeSize: number;
  /** Something in it or below it is not unchanged. */
  changedBelow: boolean;
}

export interface ComparisonCounts {
  added: number;
  removed: number;
  /** Moved to another group (changed or not). */
  moved: number;
  /** With at least one field of its own changed (a group's total follows its items: not counted). */
  changed: number;
  unchanged: number;
  /** Matched by code and name because their id changed. */
  matchedByCodeName: number;
}

export interface TotalsTriple {
  net: DecimalString;
  tax: DecimalString;
  gross: DecimalString;
}

export interface EstimateComparison {
  from: VersionRef;
  to: VersionRef;
  /** Two versions of one estimate (true), or two estimates of one project. */
  sameEstimate: boolean;
  currency: string | null;
  counts: ComparisonCounts;
  totals: { from: TotalsTriple; to: TotalsTriple; delta: TotalsTriple };
  /** The rows shown: without unchanged rows (except the groups above a change) unless asked for. */
  rows: ComparisonRow[];
  /** Whether `rows` include the unchanged ones. */
  includesUnchanged: boolean;
}
