/**
 * A fast path for checking an estimate detail: `estimateDetailSchema` (zod) spends most of its time
 * on the items, about a second for 20,000 of them. Here zod still checks the header and the totals,
 * and a hand-written check converts the items to exactly what `estimateItemSchema` gives.
 *
 * The hand-written check only accepts what it is sure about; anything else (a wrong type, an
 * unreadable amount, an odd key) sends the whole detail through zod, so the result and the error
 * for a bad answer are the same as `decode(estimateDetailSchema, …)` gives by construction.
 */
import { decode } from '../api/client';
import { estimateDetailSchema, type EstimateDetail, type EstimateItem } from '../api/schemas';
import { Decimal, SERVICE_SCALE } from '../../src-shared/money/decimal';

const headerSchema = estimateDetailSchema.omit({ items: true });
const DETAIL_KEYS = Object.keys(estimateDetailSchema.shape);
const DETAIL = new Set(DETAIL_KEYS);

/** `what` names the answer in an error, as in ApiClient.getEstimate ("the estimate"). */
export function parseEstimateDetail(raw: unknown, what = 'the estimate'): EstimateDetail {
  const items = isRecord(raw) && Array.isArray(raw.items) ? fastItems(raw.items) : null;
  if (items === null) return decode(estimateDetailSchema, raw, what);
  const header = headerSchema.safeParse(raw);
  if (!header.success) return decode(estimateDetailSchema, raw, what);
  // zod's key order: the schema's keys (those present), then the extra ones.
  const data = header.data as Rec;
  if (Object.hasOwn(data, '__proto__')) return decode(estimateDetailSchema, raw, what);
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
  const out: EstimateItem[] = new Array(raw.length);
  for (let i = 0; i < raw.length; i++) {
    const item = fastItem(raw[i]);
    if (item === null) return null;
    out[i] = item;
  }
  return out;
}

type Rec = Record<string, unknown>;

type Kind = 'id' | 'parent' | 'type' | 'text' | 'decimal' | 'sort' | 'timestamp';

const KINDS: Record<string, Kind> = {
  id: 'id',
  parent_id: 'parent',
  type: 'type',
  code: 'text',
  name: 'text',
  description: 'text',
  category: 'text',
  location: 'text',
  internal_notes: 'text',
  unit: 'text',
  sort: 'sort',
  quantity: 'decimal',
  labor_unit_price: 'decimal',
  equipment_unit_price: 'decimal',
  material_unit_price: 'decimal',
  other_unit_price: 'decimal',
  labor_cost: 'decimal',
  equipment_cost: 'decimal',
  material_cost: 'decimal',
  other_cost: 'decimal',
  total_cost: 'decimal',
  markup: 'decimal',
  discount: 'decimal',
  tax: 'decimal',
  total: 'decimal',
  modified: 'timestamp',
  created: 'timestamp',
};

/** The keys of estimateItemSchema, in its order (zod writes the known keys first, then the rest). */
const SHAPE_KEYS = Object.keys(estimateDetailSchema.shape.items.element.shape);
const SHAPE = new Set(SHAPE_KEYS);
const PLAN: [string, Kind][] = SHAPE_KEYS.filter((k) => Object.hasOwn(KINDS, k)).map((k) => [k, KINDS[k]!]);
/** If the schema gains a key this check does not know, every detail goes through zod. */
const COMPLETE = PLAN.length === SHAPE_KEYS.length;

/** Failure marker: cheaper than exceptions on the (rare) slow path. */
const FAIL: unique symbol = Symbol('fail');

function fastItem(v: unknown): EstimateItem | null {
  if (!COMPLETE || !isRecord(v)) return null;
  const out: Rec = {};
  // Assigned in the schema's order, so the objects match zod's key for key.
  for (const [k, kind] of PLAN) {
    const raw = v[k];
    let value: unknown;
    switch (kind) {
      case 'id':
        value = idValue(raw);
        if (value === null) return null;
        break;
      case 'parent':
        value = idValue(raw);
        break;
      case 'type':
        if (raw === undefined || raw === null) value = '';
        else if (typeof raw === 'string') value = raw;
        else return null;
        break;
      case 'text':
        value = textValue(raw);
        break;
      case 'decimal':
        value = decimalValue(raw);
        break;
      case 'sort':
        value = sortValue(raw);
        break;
      case 'timestamp':
        // z.string().nullish(): left out stays out.
        if (!(k in v)) continue;
        if (raw !== null && typeof raw !== 'string') return null;
        value = raw;
        break;
    }
    if (value === FAIL) return null;
    out[k] = value;
  }
  // Loose: other keys pass through unchanged, after the known ones.
  for (const k of Object.keys(v)) {
    if (SHAPE.has(k)) continue;
    if (k === '__proto__') return null;
    out[k] = v[k];
  }
  return out as EstimateItem;
}

function isRecord(v: unknown): v is Rec {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** idSchema, nullish: non-empty string, or a safe integer as text. */
function idValue(v: unknown): string | null | typeof FAIL {
  if (v === undefined || v === null) return null;
  if (typeof v === 'string') return v.length > 0 ? v : FAIL;
  if (typeof v === 'number' && Number.isSafeInteger(v)) return String(v);
  return FAIL;
}

/** The schemas' `text`: string or number as text; missing → null. */
function textValue(v: unknown): string | null | typeof FAIL {
  if (v === undefined || v === null) return null;
  if (typeof v === 'string') return v;
  if (typeof v === 'number' && Number.isFinite(v)) return String(v);
  return FAIL;
}

/** measureSchema, nullish, default 0. */
function sortValue(v: unknown): number | typeof FAIL {
  if (v === undefined || v === null) return 0;
  if (typeof v === 'number') return Number.isFinite(v) ? v : FAIL;
  if (typeof v === 'string') {
    const n = Number(v);
    return Number.isFinite(n) && v.trim() !== '' ? n : FAIL;
  }
  return FAIL;
}

/** What decimalSchema outputs: the canonical twelve-digit form as it is; anything else via Decimal. */
const CANONICAL = /^-?(?:0|[1-9]\d*)\.\d{12}$/;
const NEGATIVE_ZERO = /^-0\.0{12}$/;

function decimalValue(v: unknown): string | null | typeof FAIL {
  if (v === undefined || v === null) return null;
  if (typeof v === 'string') {
    if (CANONICAL.test(v) && !NEGATIVE_ZERO.test(v)) return v;
    const d = Decimal.tryParse(v);
    return d === null ? FAIL : d.toFixed(Math.max(SERVICE_SCALE, d.scale));
  }
  if (typeof v === 'number') {
    if (!Number.isFinite(v)) return FAIL;
    const d = Decimal.of(v);
    return d.toFixed(Math.max(SERVICE_SCALE, d.scale));
  }
  return FAIL;
}
