/**
 * A version's whole copy in columns: what a comparison in a thread that has not read the estimate
 * before spends most of its time on is inflating and parsing the whole copy, and in a fresh thread
 * that time goes mostly to allocating memory. In columns the text is under a third of the item
 * JSON (each key written once, not 20,000 times), a column of few distinct values (units,
 * categories, tax rates, parents) is written and parsed once per value and its items share them,
 * and a parent is its item's place, so an item's `parent_id` is the very string its parent's `id` is.
 *
 * Only items of the shape the service sends (the estimate item fields of the spec, in the order
 * below) are written this way; any other list (another order too) is kept as item JSON. Reading
 * gives back every item with the same keys in the same order and the same values: a version's
 * content and identity (version-codec.ts) do not depend on how its whole copy was stored.
 *
 * Text: `["plandesk-columns",1,header,keys,count,columns]`; a column is `["v",values]` (the values),
 * `["d",distinct,indices]` (each item's value by its place among the distinct ones) or
 * `["p",places]` (a parent: 0 for null, k for the `id` of item k − 1).
 */
import { COST_FIELDS, ITEM_TEXT_FIELDS, UNIT_PRICE_FIELDS } from '../../src-shared/estimates/types';
import type { RawItem, Snapshot } from './snapshot';

const TAG = 'plandesk-columns';
const FORMAT = 1;

/** The estimate item fields of the spec, as the service (and the simulator) send them. */
const SENT_ORDER: readonly string[] = [
  'id',
  'parent_id',
  'type',
  ...ITEM_TEXT_FIELDS,
  'quantity',
  'unit',
  'sort',
  ...UNIT_PRICE_FIELDS,
  ...COST_FIELDS.filter((f) => f !== 'total'),
  'tax',
  'total',
  'created',
  'modified',
];

/** Where `parent_id` is. */
const PARENT = 1;

/** Dictionary columns: worth it while the distinct values are at most this share of the items. */
const DISTINCT_SHARE = 0.5;

type Column = ['v', unknown[]] | ['d', unknown[], number[]] | ['p', number[]];

/** Whether every item has the service's fields, in its order (and there is an item). */
function isSentShape(items: readonly RawItem[]): boolean {
  return items.length > 0 && items.every((item) => isSentOrder(Object.keys(item)));
}

function isSentOrder(keys: readonly string[]): boolean {
  return keys.length === SENT_ORDER.length && keys.every((k, i) => k === SENT_ORDER[i]);
}

function isPrimitive(v: unknown): boolean {
  return v === null || typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean';
}

/** Parents as places, when every parent is null or the `id` of an item (the same primitive). */
function parentColumn(items: readonly RawItem[]): Column | null {
  const place = new Map<unknown, number>();
  items.forEach((item, i) => {
    if (isPrimitive(item.id) && item.id !== null && !place.has(item.id)) place.set(item.id, i + 1);
  });
  const places: number[] = new Array(items.length);
  for (let i = 0; i < items.length; i++) {
    const p = items[i]!.parent_id;
    if (p === null) places[i] = 0;
    else {
      const at = place.get(p);
      if (at === undefined) return null;
      places[i] = at;
    }
  }
  return ['p', places];
}

/** Values looked at before a column is judged to have few distinct ones. */
const SAMPLE = 1_000;

function valueColumn(values: unknown[]): Column {
  if (!values.every(isPrimitive)) return ['v', values];
  // Mostly different values among the first ones (ids, times, costs): written as they are, without
  // building a dictionary first. The form only changes the size, never what reads back.
  const sample = Math.min(values.length, SAMPLE);
  if (new Set(values.slice(0, sample)).size > sample * DISTINCT_SHARE) return ['v', values];
  const distinct = new Map<unknown, number>();
  const indices: number[] = new Array(values.length);
  for (let i = 0; i < values.length; i++) {
    const v = values[i];
    let at = distinct.get(v);
    if (at === undefined) {
      // Map keys are SameValueZero: -0 would stand for 0 (JSON writes both as 0 anyway).
      distinct.set(v, (at = distinct.size));
      if (distinct.size > values.length * DISTINCT_SHARE) return ['v', values];
    }
    indices[i] = at;
  }
  return ['d', [...distinct.keys()], indices];
}

/**
 * The columns of a version (a JSON-able value), or null when its items are not all of the shape the
 * service sends (they are then kept as item JSON).
 */
export function columnsOf(s: Snapshot): unknown[] | null {
  if (!isSentShape(s.items)) return null;
  const values = sentColumns(s.items);
  const columns = SENT_ORDER.map(
    (_, at) => (at === PARENT && parentColumn(s.items)) || valueColumn(values[at]!),
  );
  return [TAG, FORMAT, s.header, SENT_ORDER, s.items.length, columns];
}

/** Whether a parsed whole copy is in columns (item JSON is an object). */
export function isColumns(value: unknown): value is unknown[] {
  return Array.isArray(value) && value[0] === TAG;
}

/** The version a parsed whole copy in columns holds; throws when it is not well formed. */
export function snapshotOfColumns(value: unknown[]): Snapshot {
  const [, format, header, keys, count, columns] = value;
  if (format !== FORMAT) throw new Error(`whole copy in columns of format ${String(format)}`);
  if (header === null || typeof header !== 'object' || Array.isArray(header))
    throw new Error('whole copy without a header');
  if (!Array.isArray(keys) || !isSentOrder(keys as string[]))
    throw new Error('whole copy in columns of an unknown shape');
  if (typeof count !== 'number' || !Number.isInteger(count) || count < 0)
    throw new Error('whole copy in columns without a count');
  if (!Array.isArray(columns) || columns.length !== SENT_ORDER.length)
    throw new Error('whole copy in columns with too few columns');
  const values = columns.map((c: unknown, k) => valuesOf(c, count, k === PARENT));
  if ((columns[PARENT] as Column)[0] === 'p') {
    const ids = values[0]!;
    const parents = values[PARENT] as unknown[];
    for (let i = 0; i < count; i++) parents[i] = parents[i] === 0 ? null : ids[(parents[i] as number) - 1];
  }
  const items: RawItem[] = new Array(count);
  for (let i = 0; i < count; i++) items[i] = itemAt(values, i);
  return { header: header as Record<string, unknown>, items };
}

/** A column's value per item (the parent column may hold places instead). */
function valuesOf(column: unknown, count: number, parents: boolean): unknown[] {
  if (!Array.isArray(column)) throw new Error('whole copy with a column that is not one');
  const [kind, first, second] = column as unknown[];
  if (kind === 'v' || (kind === 'p' && parents)) {
    if (!Array.isArray(first) || first.length !== count) throw new Error('whole copy with a short column');
    if (kind === 'p' && !first.every((at) => Number.isInteger(at) && at >= 0 && at <= count))
      throw new Error('whole copy with a parent out of place');
    return first;
  }
  if (kind !== 'd' || !Array.isArray(first) || !Array.isArray(second) || second.length !== count)
    throw new Error('whole copy with a column of an unknown kind');
  // Each index replaced by its value in place: the parsed list is this read's own, and a new one per
  // column was megabytes more for a thread to collect.
  const out = second as unknown[];
  for (let i = 0; i < count; i++) {
    const at = out[i] as number;
    if (!Number.isInteger(at) || at < 0 || at >= first.length)
      throw new Error('whole copy with a value out of place');
    out[i] = first[at];
  }
  return out;
}

/**
 * Each column's values, in one pass that reads every field by name: one shape, so V8 reads it fast
 * from the first item on, where a read by a key that changes from column to column is looked up
 * anew each time.
 */
function sentColumns(items: readonly RawItem[]): unknown[][] {
  const n = items.length;
  const c = SENT_ORDER.map(() => new Array<unknown>(n));
  for (let i = 0; i < n; i++) {
    const it = items[i]!;
    c[0]![i] = it.id;
    c[1]![i] = it.parent_id;
    c[2]![i] = it.type;
    c[3]![i] = it.code;
    c[4]![i] = it.name;
    c[5]![i] = it.description;
    c[6]![i] = it.category;
    c[7]![i] = it.location;
    c[8]![i] = it.internal_notes;
    c[9]![i] = it.quantity;
    c[10]![i] = it.unit;
    c[11]![i] = it.sort;
    c[12]![i] = it.labor_unit_price;
    c[13]![i] = it.equipment_unit_price;
    c[14]![i] = it.material_unit_price;
    c[15]![i] = it.other_unit_price;
    c[16]![i] = it.labor_cost;
    c[17]![i] = it.equipment_cost;
    c[18]![i] = it.material_cost;
    c[19]![i] = it.other_cost;
    c[20]![i] = it.total_cost;
    c[21]![i] = it.markup;
    c[22]![i] = it.discount;
    c[23]![i] = it.tax;
    c[24]![i] = it.total;
    c[25]![i] = it.created;
    c[26]![i] = it.modified;
  }
  return c;
}

// One object literal: V8 makes each item from it at once, where setting the keys one by one in a
// loop took several times as long in a thread that had not run it before (and computed keys, or
// keys set after the literal, cost a tenth more of a first comparison).
function itemAt(c: unknown[][], i: number): RawItem {
  return {
    id: c[0]![i],
    parent_id: c[1]![i],
    type: c[2]![i],
    code: c[3]![i],
    name: c[4]![i],
    description: c[5]![i],
    category: c[6]![i],
    location: c[7]![i],
    internal_notes: c[8]![i],
    quantity: c[9]![i],
    unit: c[10]![i],
    sort: c[11]![i],
    labor_unit_price: c[12]![i],
    equipment_unit_price: c[13]![i],
    material_unit_price: c[14]![i],
    other_unit_price: c[15]![i],
    labor_cost: c[16]![i],
    equipment_cost: c[17]![i],
    material_cost: c[18]![i],
    other_cost: c[19]![i],
    total_cost: c[20]![i],
    markup: c[21]![i],
    discount: c[22]![i],
    tax: c[23]![i],
    total: c[24]![i],
    created: c[25]![i],
    modified: c[26]![i],
  };
}
