/**
 * A fast path for checking an estimate detail: `estimateDetailSchema` (zod) spends most of its time
 * on the items, 0.4 to 1 s for 20,000 of them. Here zod still checks the header and the totals, and
 * a hand-written check converts the items to exactly what `estimateItemSchema` gives.
 *
 * The hand-written check only accepts what it is sure about; for anything else (a wrong type, an
 * unreadable amount, an odd key) it answers null and the caller runs zod on the whole detail:
 *
 *   fastEstimateDetail(raw) ?? decode(estimateDetailSchema, raw, 'the estimate')
 *
 * so the result, and the error for a bad answer, are those of zod by construction. No import of the
 * client here, so ApiClient.getEstimate can use it without an import cycle.
 */
import { estimateDetailSchema, type EstimateDetail, type EstimateItem } from '../api/schemas';
import { Decimal, SERVICE_SCALE, decimalTextOfNumber } from '../../src-shared/money/decimal';

const headerSchema = estimateDetailSchema.omit({ items: true });
const DETAIL_KEYS = Object.keys(estimateDetailSchema.shape);
const DETAIL = new Set(DETAIL_KEYS);

/** What `estimateDetailSchema` would give, or null where zod has to decide (see above). */
export function fastEstimateDetail(raw: unknown): EstimateDetail | null {
  const items = isRecord(raw) && Array.isArray(raw.items) ? fastItems(raw.items) : null;
  if (items === null) return null;
  const header = headerSchema.safeParse(raw);
  if (!header.success) return null;
  // zod's key order: the schema's keys (those present), then the extra ones.
  const data = header.data as Rec;
  if (Object.hasOwn(data, '__proto__')) return null;
  const out: Rec = {};
  for (const k of DETAIL_KEYS) {
    if (k === 'items') out.items = items;
    else if (k in data) out[k] = data[k];
  }
  for (const k of Object.keys(data)) if (!DETAIL.has(k)) out[k] = data[k];
  return out as EstimateDetail;
}

/** The items as estimateItemSchema outputs them, or null if any item needs zod's judgement. */
export function fastItems(raw: readonly unknown[]): EstimateItem[] | null {
  if (!ORDERED) return null;
  const out: EstimateItem[] = new Array(raw.length);
  try {
    for (let i = 0; i < raw.length; i++) out[i] = fastItem(raw[i]);
  } catch (e) {
    if (e === UNSURE) return null;
    throw e;
  }
  return out;
}

type Rec = Record<string, unknown>;

/**
 * estimateItemSchema's keys in its order, which is the order fastItem writes them in (zod writes the
 * schema's keys first, in order, then the extra ones). If the schema's keys change, ORDERED turns
 * false and every detail goes through zod; the property test in tests/unit/estimate-parse.test.ts
 * compares both paths value for value.
 */
const ITEM_KEYS = [
  'id',
  'parent_id',
  'type',
  'code',
  'name',
  'description',
  'category',
  'location',
  'internal_notes',
  'quantity',
  'unit',
  'sort',
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
  'modified',
  'created',
];

const SHAPE_KEYS = Object.keys(estimateDetailSchema.shape.items.element.shape);
const SHAPE = new Set(SHAPE_KEYS);

/** Thrown by the checks below when zod has to decide; costs nothing on the fast path. */
const UNSURE = Symbol('unsure');

const TIMESTAMP_KEYS = ['modified', 'created'] as const;

const ORDERED = ITEM_KEYS.length === SHAPE_KEYS.length && ITEM_KEYS.every((k, i) => SHAPE_KEYS[i] === k);

function fastItem(v: unknown): EstimateItem {
  if (!isRecord(v)) throw UNSURE;
  const id = idValue(v.id);
  if (id === null) throw UNSURE;
  const type = v.type === undefined || v.type === null ? '' : v.type;
  if (typeof type !== 'string') throw UNSURE;
  // One object literal (one hidden class for all items), keys in the schema's order.
  const out = {
    id,
    parent_id: idValue(v.parent_id),
    type,
    code: textValue(v.code),
    name: textValue(v.name),
    description: textValue(v.description),
    category: textValue(v.category),
    location: textValue(v.location),
    internal_notes: textValue(v.internal_notes),
    quantity: decimalValue(v.quantity),
    unit: textValue(v.unit),
    sort: sortValue(v.sort),
    labor_unit_price: decimalValue(v.labor_unit_price),
    equipment_unit_price: decimalValue(v.equipment_unit_price),
    material_unit_price: decimalValue(v.material_unit_price),
    other_unit_price: decimalValue(v.other_unit_price),
    labor_cost: decimalValue(v.labor_cost),
    equipment_cost: decimalValue(v.equipment_cost),
    material_cost: decimalValue(v.material_cost),
    other_cost: decimalValue(v.other_cost),
    total_cost: decimalValue(v.total_cost),
    markup: decimalValue(v.markup),
    discount: decimalValue(v.discount),
    tax: decimalValue(v.tax),
    total: decimalValue(v.total),
  } as Rec;
  // z.string().nullish(): left out stays out.
  for (const k of TIMESTAMP_KEYS) {
    if (!(k in v)) continue;
    const t = v[k];
    if (t !== null && typeof t !== 'string') throw UNSURE;
    out[k] = t;
  }
  // Loose: other keys pass through unchanged, after the known ones.
  for (const k of Object.keys(v)) {
    if (SHAPE.has(k)) continue;
    if (k === '__proto__') throw UNSURE;
    out[k] = v[k];
  }
  return out as EstimateItem;
}

function isRecord(v: unknown): v is Rec {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** idSchema, nullish: non-empty string, or a safe integer as text. */
function idValue(v: unknown): string | null {
  if (v === undefined || v === null) return null;
  if (typeof v === 'string' && v.length > 0) return v;
  if (typeof v === 'number' && Number.isSafeInteger(v)) return String(v);
  throw UNSURE;
}

/** The schemas' `text`: string or number as text; missing → null. */
function textValue(v: unknown): string | null {
  if (v === undefined || v === null) return null;
  if (typeof v === 'string') return v;
  if (typeof v === 'number' && Number.isFinite(v)) return String(v);
  throw UNSURE;
}

/** measureSchema, nullish, default 0. */
function sortValue(v: unknown): number {
  if (v === undefined || v === null) return 0;
  if (typeof v === 'number' && Number.isFinite(v)) return v;
  if (typeof v === 'string') {
    const n = Number(v);
    if (Number.isFinite(n) && v.trim() !== '') return n;
  }
  throw UNSURE;
}

/** What decimalSchema outputs: the canonical twelve-digit form as it is; anything else via Decimal. */
const CANONICAL = /^-?(?:0|[1-9]\d*)\.\d{12}$/;
const NEGATIVE_ZERO = /^-0\.0{12}$/;

function decimalValue(v: unknown): string | null {
  if (v === undefined || v === null) return null;
  let d: Decimal | null = null;
  if (typeof v === 'string') {
    if (CANONICAL.test(v) && !NEGATIVE_ZERO.test(v)) return v;
    d = Decimal.tryParse(v);
  } else if (typeof v === 'number' && Number.isFinite(v)) {
    return decimalTextOfNumber(v);
  }
  if (d === null) throw UNSURE;
  return d.toFixed(Math.max(SERVICE_SCALE, d.scale));
}
