/**
 * Changes an estimate as a user of the service would (the admin API's
 * `POST /_sim/projects/{id}/estimates/{estimateId}/edit`): fields of items set, items added and
 * removed (a group with everything under it), header fields set. The service's own figures follow
 * as the service keeps them: a position whose quantity or unit prices change gets its costs, markup,
 * discount and total again (the markup and discount keep their share of the costs, unless given),
 * group totals are their children's again, the estimate's totals are summed again, and `modified`
 * is now (the simulator's clock).
 */
import { randomUUID } from 'node:crypto';
import { ITEM_DECIMAL_FIELDS } from '../src-shared/estimates/types';
import { Decimal } from '../src-shared/money/decimal';
import { computeEstimateTotals } from './data/estimate-totals';
import { fx, ONE, parseDecimal } from './data/numbers';
import { sqlTime } from './data/time';
import type { SimEstimate, SimEstimateItem } from './data/types';
import { badRequest, isPlainObject, type FieldErrors } from './http-util';

export interface EstimateEdit {
  /** Item id → the fields to set (any item field but `id`). */
  set?: Record<string, Record<string, unknown>>;
  /** New items; `id` is made up when absent, `type` defaults to position. */
  add?: Record<string, unknown>[];
  /** Item ids; a group goes with its whole subtree. */
  remove?: string[];
  /** Header fields to set (not `id`, `items` or `estimate_totals`). */
  header?: Record<string, unknown>;
}

const AMOUNT_FIELDS = new Set<string>(ITEM_DECIMAL_FIELDS);
const TEXT_FIELDS = new Set([
  'code',
  'name',
  'description',
  'category',
  'location',
  'internal_notes',
  'unit',
  'modified',
  'created',
]);
/** Setting one of these makes the simulator work out the position's figures again. */
const PRICING_FIELDS = ['quantity', 'labor_unit_price', 'equipment_unit_price', 'material_unit_price'];
const COST_KINDS = ['labor', 'equipment', 'material', 'other'] as const;
const LOCKED_HEADER = new Set(['id', 'items', 'estimate_totals', 'plan_id']);

/** Checks the request body; a 400 with the offending field paths otherwise. */
export function parseEstimateEdit(body: Record<string, unknown>): EstimateEdit {
  const fields: FieldErrors = {};
  const fail = (path: string, message: string) => (fields[path] ??= []).push(message);
  const edit: EstimateEdit = {};
  if (body.set !== undefined) {
    if (!isPlainObject(body.set)) fail('set', 'must be an object of item id → fields');
    else {
      edit.set = {};
      for (const [id, change] of Object.entries(body.set)) {
        if (!isPlainObject(change)) fail(`set.${id}`, 'must be an object');
        else {
          for (const [k, v] of Object.entries(change)) checkField(`set.${id}.${k}`, k, v, fail);
          edit.set[id] = change;
        }
      }
    }
  }
  if (body.add !== undefined) {
    if (!Array.isArray(body.add)) fail('add', 'must be an array of items');
    else {
      edit.add = [];
      body.add.forEach((item, i) => {
        if (!isPlainObject(item)) return fail(`add[${i}]`, 'must be an object');
        for (const [k, v] of Object.entries(item)) if (k !== 'id') checkField(`add[${i}].${k}`, k, v, fail);
        if (item.id !== undefined && (typeof item.id !== 'string' || item.id === ''))
          fail(`add[${i}].id`, 'must be a non-empty string');
        edit.add!.push(item);
      });
    }
  }
  if (body.remove !== undefined) {
    if (!Array.isArray(body.remove) || !body.remove.every((v) => typeof v === 'string'))
      fail('remove', 'must be an array of item ids');
    else edit.remove = body.remove as string[];
  }
  if (body.header !== undefined) {
    if (!isPlainObject(body.header)) fail('header', 'must be an object');
    else {
      for (const k of Object.keys(body.header))
        if (LOCKED_HEADER.has(k)) fail(`header.${k}`, 'cannot be set');
      edit.header = body.header;
    }
  }
  if (Object.keys(fields).length > 0) throw badRequest('Invalid estimate edit', fields);
  return edit;
}

function checkField(
  path: string,
  key: string,
  value: unknown,
  fail: (path: string, message: string) => void,
): void {
  if (key === 'id') fail(path, 'cannot be set');
  else if (key === 'type') {
    if (value !== 'group' && value !== 'position') fail(path, 'must be group or position');
  } else if (key === 'parent_id') {
    if (value !== null && (typeof value !== 'string' || value === ''))
      fail(path, 'must be an item id or null');
  } else if (key === 'sort') {
    if (typeof value !== 'number' || !Number.isInteger(value)) fail(path, 'must be an integer');
  } else if (AMOUNT_FIELDS.has(key)) {
    if (value !== null && (typeof value !== 'string' || Decimal.tryParse(value) === null))
      fail(path, 'must be decimal text or null');
  } else if (TEXT_FIELDS.has(key)) {
    if (value !== null && typeof value !== 'string') fail(path, 'must be text or null');
  } else fail(path, 'is not an item field');
}

/** Applies the edit to the stored estimate (in place); throws a 400 for an unknown item or parent. */
export function applyEstimateEdit(estimate: SimEstimate, edit: EstimateEdit, nowMs: number): void {
  const now = sqlTime(nowMs);
  const byId = new Map(estimate.items.map((item) => [item.id, item]));
  const fields: FieldErrors = {};
  const fail = (path: string, message: string) => (fields[path] ??= []).push(message);
  const repriced = new Set<SimEstimateItem>();

  for (const id of edit.remove ?? []) if (!byId.has(id)) fail(`remove`, `no item ${id}`);
  for (const id of Object.keys(edit.set ?? {})) if (!byId.has(id)) fail(`set.${id}`, 'no such item');
  if (Object.keys(fields).length > 0) throw badRequest('Invalid estimate edit', fields);

  const removed = subtreeOf(estimate.items, new Set(edit.remove ?? []));
  const items = estimate.items.filter((item) => !removed.has(item.id));
  const live = new Map(items.map((item) => [item.id, item]));

  for (const [id, change] of Object.entries(edit.set ?? {})) {
    const item = live.get(id);
    if (!item) continue; // set and removed in one edit: removed wins
    const wanted = { ...change } as Partial<SimEstimateItem>;
    Object.assign(item, wanted, { modified: now });
    if (PRICING_FIELDS.some((f) => f in change)) repriced.add(item);
  }
  for (const [i, raw] of (edit.add ?? []).entries()) {
    const id = typeof raw.id === 'string' ? raw.id : randomUUID();
    if (live.has(id)) {
      fail(`add[${i}].id`, 'is taken');
      continue;
    }
    const item = newItem(id, raw, now);
    items.push(item);
    live.set(id, item);
    if (item.type === 'position') repriced.add(item);
  }
  for (const item of items) {
    if (item.parent_id !== null && !live.has(item.parent_id))
      fail(`items.${item.id}.parent_id`, `no item ${item.parent_id}`);
  }
  if (Object.keys(fields).length > 0) throw badRequest('Invalid estimate edit', fields);

  for (const item of repriced) reprice(item);
  regroupTotals(items);
  Object.assign(estimate, edit.header ?? {});
  estimate.items = items;
  estimate.estimate_totals = computeEstimateTotals(items);
  estimate.modified = now;
}

function newItem(id: string, raw: Record<string, unknown>, now: string): SimEstimateItem {
  const type = raw.type === 'group' ? 'group' : 'position';
  const text = (k: string, fallback = ''): string =>
    typeof raw[k] === 'string' ? (raw[k] as string) : fallback;
  const amount = (k: string): string | null =>
    typeof raw[k] === 'string'
      ? fx(parseDecimal(raw[k] as string))
      : type === 'group'
        ? null
        : fx(Decimal.ZERO);
  return {
    id,
    parent_id: typeof raw.parent_id === 'string' ? raw.parent_id : null,
    type,
    code: text('code'),
    name: text('name'),
    description: text('description'),
    category: text('category'),
    location: text('location'),
    internal_notes: text('internal_notes'),
    quantity: amount('quantity'),
    unit: type === 'group' ? null : text('unit', 'pcs'),
    sort: typeof raw.sort === 'number' ? raw.sort : 999,
    labor_unit_price: amount('labor_unit_price'),
    equipment_unit_price: amount('equipment_unit_price'),
    material_unit_price: amount('material_unit_price'),
    other_unit_price: amount('other_unit_price'),
    labor_cost: amount('labor_cost'),
    equipment_cost: amount('equipment_cost'),
    material_cost: amount('material_cost'),
    other_cost: amount('other_cost'),
    total_cost: amount('total_cost'),
    markup: amount('markup'),
    discount: amount('discount'),
    tax: typeof raw.tax === 'string' ? fx(parseDecimal(raw.tax)) : type === 'group' ? null : '0.190000000000',
    total: fx(Decimal.ZERO),
    modified: now,
    created: now,
  };
}

/** Every id in `roots` and below them. */
function subtreeOf(items: readonly SimEstimateItem[], roots: Set<string>): Set<string> {
  const children = new Map<string, string[]>();
  for (const item of items) {
    if (item.parent_id === null) continue;
    const list = children.get(item.parent_id) ?? [];
    list.push(item.id);
    children.set(item.parent_id, list);
  }
  const out = new Set<string>();
  const stack = [...roots];
  while (stack.length > 0) {
    const id = stack.pop()!;
    if (out.has(id)) continue;
    out.add(id);
    stack.push(...(children.get(id) ?? []));
  }
  return out;
}

const d = (s: string | null): Decimal => (s === null ? Decimal.ZERO : parseDecimal(s));

/** A position's figures from its quantity and unit prices, as the service works them out. */
function reprice(item: SimEstimateItem): void {
  const q = d(item.quantity);
  const before = d(item.total_cost);
  let cost = Decimal.ZERO;
  for (const kind of COST_KINDS) {
    const value = q.mul(d(item[`${kind}_unit_price`])).round(2);
    item[`${kind}_cost`] = fx(value);
    cost = cost.add(value);
  }
  // Markup and discount keep their share of the costs (an item without costs had none).
  const share = (amount: string | null): Decimal =>
    before.isZero() ? d(amount) : cost.mul(d(amount)).divRound(before, 2)!;
  const markup = share(item.markup);
  const discount = share(item.discount);
  item.total_cost = fx(cost);
  item.markup = fx(markup);
  item.discount = fx(discount);
  item.total = fx(
    cost
      .add(markup)
      .sub(discount)
      .mul(ONE.add(d(item.tax)))
      .round(2),
  );
}

/** Group totals: the sum of their children's, bottom up (no recursion). */
function regroupTotals(items: SimEstimateItem[]): void {
  const byId = new Map(items.map((item) => [item.id, item]));
  const sums = new Map<string, Decimal>();
  const depth = (item: SimEstimateItem): number => {
    let n = 0;
    for (let p = item.parent_id; p !== null && n <= items.length; n++) p = byId.get(p)?.parent_id ?? null;
    return n;
  };
  const order = items.map((item) => ({ item, depth: depth(item) })).sort((a, b) => b.depth - a.depth);
  for (const { item } of order) {
    if (item.type === 'group') item.total = fx(sums.get(item.id) ?? Decimal.ZERO);
    if (item.parent_id !== null)
      sums.set(item.parent_id, (sums.get(item.parent_id) ?? Decimal.ZERO).add(d(item.total)));
  }
}
