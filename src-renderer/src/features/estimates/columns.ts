/**
 * The estimate columns on screen: which the tree shows by default, their widths, and which stay in
 * view while the others scroll. What a column is (its kind, its label, whether it is internal and so
 * never in a client document) comes from the one column table, src-shared/estimates/columns.ts; the
 * export dialog's rules are in export-choice.ts.
 */
import {
  ESTIMATE_COLUMNS,
  EXPORT_COLUMNS,
  TREE_COLUMNS,
  columnKind,
  columnSpec,
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
 * widths; the other columns are fixed. The name's least room shows a typical item name (about 28
 * characters) two levels deep.
 */
const FLEX_COLUMNS: Partial<Record<TreeColumnKey, { min: number; share: number }>> = {
  name: { min: 260, share: 2 },
  description: { min: 160, share: 1.2 },
};

/**
 * What a column's content needs at least (measured in the page: its header's label, the widest
 * amount of the estimate); a column is never narrower than its own width or this.
 */
export type ContentWidths = Partial<Record<TreeColumnKey, number>>;

function leastWidth(key: TreeColumnKey, headers: ContentWidths): number {
  const flex = FLEX_COLUMNS[key];
  return Math.max(flex ? flex.min : treeWidth(key), Math.ceil(headers[key] ?? 0));
}

/** The CSS grid template of the tree's rows for the shown columns, and the width below which it scrolls. */
export function gridTemplate(
  columns: readonly TreeColumnKey[],
  headers: ContentWidths = {},
): { template: string; minWidth: number } {
  let minWidth = 0;
  const parts = columns.map((c) => {
    const flex = FLEX_COLUMNS[c];
    const least = leastWidth(c, headers);
    minWidth += least;
    return flex ? `minmax(${least}px, ${flex.share}fr)` : `${least}px`;
  });
  return { template: parts.join(' '), minWidth };
}

/**
 * The order in which chosen columns give way when the tree has too little room (first to go first):
 * what an estimator reads least at a glance goes first; the name and the total always stay.
 */
const GIVE_WAY: readonly TreeColumnKey[] = [
  'description',
  'internal_notes',
  'category',
  'location',
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
  'net_unit_price',
  'discount',
  'tax',
  'unit',
  'net_amount',
  'code',
  'quantity',
].filter((k): k is TreeColumnKey => (TREE_COLUMN_KEYS as readonly string[]).includes(k));

/**
 * The chosen columns that fit in `width` px (the name keeping its least room), and those that gave
 * way, in the order shown. With no width known yet, all of them.
 */
export function fitColumns(
  columns: readonly TreeColumnKey[],
  width: number | null,
  headers: ContentWidths = {},
): { shown: TreeColumnKey[]; hidden: TreeColumnKey[] } {
  const shown = [...columns];
  if (width === null) return { shown, hidden: [] };
  const total = () => shown.reduce((sum, c) => sum + leastWidth(c, headers), 0);
  const order = [...columns.filter((c) => !GIVE_WAY.includes(c) && c !== FIXED_TREE_COLUMN && c !== 'total')];
  order.push(...GIVE_WAY.filter((c) => columns.includes(c)));
  for (const key of order) {
    if (total() <= width) break;
    shown.splice(shown.indexOf(key), 1);
  }
  return { shown, hidden: columns.filter((c) => !shown.includes(c)) };
}

/** Where a column stays while the others scroll sideways: its side and its distance from that edge (px). */
export interface StickyPlace {
  side: 'left' | 'right';
  offset: number;
  /** The innermost sticky column of its side: it draws the line the other columns pass under. */
  edge: boolean;
}

/** Code and name stay at the left, the total at the right, so a row is always recognisable. */
const STICKY_LEFT: ReadonlySet<TreeColumnKey> = new Set(['code', 'name']);
const STICKY_RIGHT: ReadonlySet<TreeColumnKey> = new Set(['total']);

/**
 * The sticky columns among those shown: the run of left ones at the start and of right ones at the
 * end. A left run stops after a column of flexible width, as the next one's offset would be unknown.
 */
export function stickyPlaces(
  columns: readonly TreeColumnKey[],
  headers: ContentWidths = {},
): Map<TreeColumnKey, StickyPlace> {
  const places = new Map<TreeColumnKey, StickyPlace>();
  let left = 0;
  let i = 0;
  for (; i < columns.length && STICKY_LEFT.has(columns[i]!); i++) {
    const key = columns[i]!;
    places.set(key, { side: 'left', offset: left, edge: false });
    if (FLEX_COLUMNS[key]) {
      i++;
      break;
    }
    left += leastWidth(key, headers);
  }
  if (i > 0) places.get(columns[i - 1]!)!.edge = true;
  let right = 0;
  let j = columns.length - 1;
  for (; j >= i && STICKY_RIGHT.has(columns[j]!) && !FLEX_COLUMNS[columns[j]!]; j--) {
    places.set(columns[j]!, { side: 'right', offset: right, edge: false });
    right += leastWidth(columns[j]!, headers);
  }
  if (j < columns.length - 1) places.get(columns[j + 1]!)!.edge = true;
  return places;
}
