/**
 * An estimate version as the versions feature handles it: the detail's header (every field but the
 * items) and its items exactly as the service sent them (money as the lossless parser left it: a
 * number, or decimal text). Items are told apart by their id as text; a list that repeats an id
 * gives the later ones `id#2`, `id#3`, … (the tree warns about such a list; a comparison still
 * works).
 */
import { PicoSum } from '../../src-shared/money/pico-sum';
import { centsOf, decimalTextOfNumber } from '../../src-shared/money/amounts';
import type { VersionSummary } from '../cache/version-table';

export type RawItem = Record<string, unknown>;

export interface Snapshot {
  header: Record<string, unknown>;
  items: readonly RawItem[];
}

/** The detail as a snapshot (its items array is not copied). */
export function snapshotOf(detail: Record<string, unknown>): Snapshot {
  const { items, ...header } = detail;
  return { header, items: Array.isArray(items) ? (items as RawItem[]) : [] };
}

export function detailOf(s: Snapshot): Record<string, unknown> {
  return { ...s.header, items: s.items };
}

export interface ItemKeys {
  keys: string[];
  index: Map<string, number>;
  repeats: boolean;
}

/** Keys worked out before, by item list (a version is read once and compared several times). */
const known = new WeakMap<readonly RawItem[], ItemKeys>();

/**
 * Tells itemKeys the keys of a list whose keys are known (unique, in the list's order), and their
 * index when it is known too (it is then not to be changed).
 */
export function knownKeys(items: readonly RawItem[], keys: string[], index?: Map<string, number>): void {
  if (!index) {
    index = new Map<string, number>();
    keys.forEach((k, i) => index!.set(k, i));
  }
  known.set(items, { keys, index, repeats: false });
}

/**
 * Each item's key (its id as text, repeats numbered), the index of each key, and whether any id
 * repeats.
 */
export function itemKeys(items: readonly RawItem[]): ItemKeys {
  const cached = known.get(items);
  if (cached) return cached;
  const index = new Map<string, number>();
  const keys: string[] = new Array(items.length);
  let repeats = false;
  for (let i = 0; i < items.length; i++) {
    const raw = items[i]!.id;
    let key = typeof raw === 'string' ? raw : String(raw);
    // One lookup per item while no id repeats (a list of 20,000: this runs on every version read).
    if (!repeats) {
      const size = index.size;
      index.set(key, i);
      if (index.size > size) {
        keys[i] = key;
        continue;
      }
      index.set(key, keys.indexOf(key));
    }
    if (index.has(key)) {
      repeats = true;
      let n = 2;
      while (index.has(`${key}#${n}`)) n++;
      key = `${key}#${n}`;
    }
    keys[i] = key;
    index.set(key, i);
  }
  const result = { keys, index, repeats };
  known.set(items, result);
  return result;
}

/** Text of a text field: numbers as their text, anything else absent. */
export function textOf(value: unknown): string | null {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return null;
}

/** Decimal text of an amount as sent (a number from the lossless parser, or text); null when absent. */
export function amountTextOf(value: unknown): string | null {
  if (typeof value === 'string') return value === '' ? null : value;
  if (typeof value === 'number' && Number.isFinite(value)) return decimalTextOfNumber(value);
  return null;
}

/** Positions count in the totals; so does an item of a type PlanDesk does not know (the tree's rule). */
export function isGroup(item: RawItem): boolean {
  return item.type === 'group';
}

/**
 * A position's net amount (total cost + markup − discount) added to `net`, its total to `gross`; with
 * `sign` −1, taken off them.
 */
export function addPosition(item: RawItem, net: PicoSum, gross: PicoSum, sign: 1 | -1 = 1): void {
  addAmount(net, item.total_cost, sign);
  addAmount(net, item.markup, sign);
  addAmount(net, item.discount, sign === 1 ? -1 : 1);
  addAmount(gross, item.total, sign);
}

/**
 * An amount as sent, added to a sum (or subtracted): a number of whole cents (most money) as that
 * integer, anything else as its decimal text; the same sum either way.
 */
function addAmount(sum: PicoSum, value: unknown, sign: 1 | -1): void {
  if (typeof value === 'number') {
    const cents = centsOf(value);
    if (cents !== null) {
      if (cents !== 0) sum.addCents(sign * cents);
      return;
    }
  }
  if (sign === 1) sum.add(amountTextOf(value));
  else sum.subtract(amountTextOf(value));
}

/** What the timeline shows of a version: name, number, item count, currency and totals. */
export function summaryOf(s: Snapshot): VersionSummary {
  const net = new PicoSum();
  const gross = new PicoSum();
  for (const item of s.items) if (!isGroup(item)) addPosition(item, net, gross);
  const n = net.toDecimal();
  const g = gross.toDecimal();
  return {
    name: textOf(s.header.name) ?? '',
    uniqueIdentifier: textOf(s.header.unique_identifier),
    items: s.items.length,
    currency: textOf(s.header.currency),
    net: n.toFixed(12),
    tax: g.sub(n).toFixed(12),
    gross: g.toFixed(12),
  };
}
