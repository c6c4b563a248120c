/**
 * A fast path for checking an estimate detail: `estimateDetailSchema` (zod) spends most of its time
 * on the items, 0.4 to 1 s for 20,000 of them. Here zod still checks the header and the totals, and
 * a hand-written check accepts the items `estimateItemSchema` would pass on unchanged (it checks,
 * never converts), in a few milliseconds.
 *
 * The hand-written check only accepts what it is sure about; for anything else (a wrong type, an
 * unreadable amount, an order given as text) it answers null and the caller runs zod on the whole detail:
 *
 *   fastEstimateDetail(raw) ?? decode(estimateDetailSchema, raw, 'the estimate')
 *
 * so the result, and the error for a bad answer, are those of zod by construction. No import of the
 * client here, so ApiClient.getEstimate can use it without an import cycle. The schemas are built at
 * the first answer read (estimate-schemas.ts): a thread that reads none never loads zod.
 */
import type { EstimateDetail, EstimateItem } from './schemas';
import { estimateSchemas, type EstimateSchemas } from './estimate-schemas';
import { dataOf, decode } from './decode';
import { ServiceError } from '../errors/service-error';
import { Decimal } from '../../src-shared/money/decimal';
import { isCanonical } from '../../src-shared/money/amounts';
import { ITEM_DECIMAL_FIELDS, ITEM_TEXT_FIELDS } from '../../src-shared/estimates/types';

/** What the checks below take from the detail's schema, worked out at the first answer. */
type DetailSchema = EstimateSchemas['estimateDetailSchema'];

interface DetailChecks {
  detail: DetailSchema;
  header: ReturnType<DetailSchema['omit']>;
  keys: string[];
  known: Set<string>;
  /** Whether isPlainItem reads exactly the item schema's keys (see ITEM_KEYS). */
  sameItemKeys: boolean;
}

let checks: DetailChecks | undefined;

function detailChecks(): DetailChecks {
  if (checks) return checks;
  const detail = estimateSchemas().estimateDetailSchema;
  const keys = Object.keys(detail.shape);
  const shapeKeys = Object.keys(detail.shape.items.element.shape);
  return (checks = {
    detail,
    header: detail.omit({ items: true }),
    keys,
    known: new Set(keys),
    sameItemKeys: ITEM_KEYS.length === shapeKeys.length && ITEM_KEYS.every((k) => shapeKeys.includes(k)),
  });
}

/** The checked estimate of a parsed answer (`data` is an array holding it). */
export function estimateDetailOfAnswer(json: unknown): EstimateDetail {
  const detail = detailOfAnswer(json);
  if (detail === undefined) throw new ServiceError('not-found', 'The service returned no estimate.');
  // zod over 20,000 items takes most of a second; the fast check gives zod's exact output for what
  // it is sure about and hands anything else to zod, so results and errors are zod's either way.
  return fastEstimateDetail(detail) ?? decode(detailChecks().detail, detail, 'the estimate');
}

/** Where an answer holds its estimate (unchecked): `data[0]`, or `data` itself. */
export function detailOfAnswer(json: unknown): unknown {
  const data = dataOf(json);
  return Array.isArray(data) ? (data[0] as unknown) : data;
}

/** What `estimateDetailSchema` would give, or null where zod has to decide (see above). */
export function fastEstimateDetail(raw: unknown): EstimateDetail | null {
  const items = isRecord(raw) && Array.isArray(raw.items) ? fastItems(raw.items) : null;
  if (items === null) return null;
  const { header: headerSchema, keys, known } = detailChecks();
  const header = headerSchema.safeParse(raw);
  if (!header.success) return null;
  // zod's key order: the schema's keys (those present), then the extra ones.
  const data = header.data as Rec;
  if (Object.hasOwn(data, '__proto__')) return null;
  const out: Rec = {};
  for (const k of keys) {
    if (k === 'items') out.items = items;
    else if (k in data) out[k] = data[k];
  }
  for (const k of Object.keys(data)) if (!known.has(k)) out[k] = data[k];
  return out as EstimateDetail;
}

/**
 * The items as estimateItemSchema outputs them, or null if any item needs zod's judgement. The schema
 * checks and converts nothing (see schemas.ts), so zod's output is a copy of valid input and the fast
 * answer is the input itself: no item is copied.
 */
export function fastItems(raw: readonly unknown[]): EstimateItem[] | null {
  if (!detailChecks().sameItemKeys) return null;
  for (let i = 0; i < raw.length; i++) if (!isPlainItem(raw[i])) return null;
  return raw as EstimateItem[];
}

type Rec = Record<string, unknown>;

/** The item fields isPlainItem reads as text. */
export const TEXT_KEYS = [...ITEM_TEXT_FIELDS, 'unit'] as const;

/**
 * The keys isPlainItem checks (the decimal ones from src-shared's one list). If the schema gains or
 * loses one, `sameItemKeys` turns false and every detail goes through zod; the property test in
 * tests/unit/estimate-parse.test.ts compares both paths.
 */
const ITEM_KEYS: readonly string[] = [
  'id',
  'parent_id',
  'type',
  'sort',
  'modified',
  'created',
  ...TEXT_KEYS,
  ...ITEM_DECIMAL_FIELDS,
];

/** What estimateItemSchema accepts as it is; false (zod decides) for anything else. */
function isPlainItem(v: unknown): boolean {
  // What JSON.parse makes; zod's copy of anything else could differ (a null prototype, say).
  if (!isRecord(v) || Object.getPrototypeOf(v) !== Object.prototype) return false;
  // Each field by name rather than v[key] over the lists: one shape, so every read stays a fast
  // property load (twice as fast over 20,000 items). tests/unit/estimate-parse.test.ts checks that
  // every field of TEXT_KEYS and ITEM_DECIMAL_FIELDS is read here.
  return (
    isId(v.id) &&
    (v.parent_id === undefined || v.parent_id === null || isId(v.parent_id)) &&
    isOptionalString(v.type) &&
    isText(v.code) &&
    isText(v.name) &&
    isText(v.description) &&
    isText(v.category) &&
    isText(v.location) &&
    isText(v.internal_notes) &&
    isDecimal(v.quantity) &&
    isText(v.unit) &&
    isSort(v.sort) &&
    isDecimal(v.labor_unit_price) &&
    isDecimal(v.equipment_unit_price) &&
    isDecimal(v.material_unit_price) &&
    isDecimal(v.other_unit_price) &&
    isDecimal(v.labor_cost) &&
    isDecimal(v.equipment_cost) &&
    isDecimal(v.material_cost) &&
    isDecimal(v.other_cost) &&
    isDecimal(v.total_cost) &&
    isDecimal(v.markup) &&
    isDecimal(v.discount) &&
    isDecimal(v.tax) &&
    isDecimal(v.total) &&
    isOptionalString(v.modified) &&
    isOptionalString(v.created) &&
    // zod copies keys into a new object, where "__proto__" would mean something else: its call.
    !Object.hasOwn(v, '__proto__')
  );
}

function isRecord(v: unknown): v is Rec {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** A non-empty string, or a safe integer. */
function isId(v: unknown): boolean {
  return typeof v === 'string' ? v.length > 0 : Number.isSafeInteger(v);
}

function isOptionalString(v: unknown): boolean {
  return v === undefined || v === null || typeof v === 'string';
}

function isText(v: unknown): boolean {
  return (
    v === undefined || v === null || typeof v === 'string' || (typeof v === 'number' && Number.isFinite(v))
  );
}

function isSort(v: unknown): boolean {
  return v === undefined || v === null || (typeof v === 'number' && Number.isFinite(v));
}

/** Canonical twelve-digit text (money as strings) passes without the general parser. */
function isDecimal(v: unknown): boolean {
  if (v === undefined || v === null) return true;
  if (typeof v === 'number') return Number.isFinite(v);
  return typeof v === 'string' && (isCanonical(v) || Decimal.tryParse(v) !== null);
}
