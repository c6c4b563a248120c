/**
 * The schemas of an estimate's detail (its header, items and totals) and the rules for ids, texts
 * and money they share with the service's other schemas (schemas.ts). Built from the zod given, or,
 * in a thread that has not loaded schemas.ts, from zod loaded at the first read of a service's answer:
 * a thread that reads only the cache's checked copies (the export thread writing a quote) never loads
 * zod, a good part of a new thread's start.
 */
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type * as Zod from 'zod';
import { Decimal, exactAmountText } from '../../src-shared/money/amounts';
import {
  ITEM_DECIMAL_FIELDS,
  TOTAL_FIELDS,
  type ItemDecimalField,
  type TotalField,
} from '../../src-shared/estimates/types';

type Z = typeof Zod.z;

/** Ids, texts and money, as every schema of the service's answers reads them. */
export function baseSchemas(z: Z) {
  /** Ids are strings in the spec; tolerate numeric ids and keep them as text. */
  const idSchema = z.union([z.string().min(1), z.number().int()]).transform((v) => String(v));

  const text = z
    .union([z.string(), z.number()])
    .nullish()
    .transform((v) => (v === null || v === undefined ? null : String(v)));

  /**
   * Money, rates and quantities: exact decimals, as text with (at least) twelve fractional digits.
   * Arrives as a number literal kept as text by the lossless parser, as a JSON string, or as a small
   * integer.
   */
  const decimalSchema = z.union([z.string(), z.number()]).transform((v, ctx) => {
    const text = exactAmountText(v);
    if (text === null) {
      ctx.addIssue({
        code: 'custom',
        message: `not a decimal number: ${JSON.stringify(String(v).slice(0, 30))}`,
      });
      return z.NEVER;
    }
    return text;
  });
  const optionalDecimal = decimalSchema.nullish().transform((v) => v ?? null);
  return { idSchema, text, decimalSchema, optionalDecimal };
}

function estimateSchemasOf(z: Z) {
  const { idSchema, text, optionalDecimal } = baseSchemas(z);

  /**
   * An id, text, amount or order value of an estimate item, checked but not converted. An estimate has
   * 20,000 items and some 500,000 such values; the tree (src-main/estimates/tree.ts) turns them into
   * what PlanDesk shows in the same pass that builds the nodes, so the items can be passed on (and
   * cached) exactly as the service sent them, without a second copy of every item.
   */
  const itemId = z.union([z.string().min(1), z.number().int()]);
  const itemText = z.union([z.string(), z.number()]).nullish();
  /** Exact: a number from the lossless parser, or decimal text. */
  const itemDecimal = z
    .union([z.string(), z.number()])
    .refine((v) => (typeof v === 'number' ? Number.isFinite(v) : Decimal.tryParse(v) !== null), {
      error: (issue) => `not a decimal number: ${JSON.stringify(String(issue.input).slice(0, 30))}`,
    });
  const itemMeasure = z
    .union([z.number(), z.string()])
    .refine(
      (v) =>
        Number.isFinite(typeof v === 'number' ? v : Number(v)) && (typeof v === 'number' || v.trim() !== ''),
      { error: 'not a number' },
    );

  /** Every decimal field of an item (src-shared's one list), checked and never converted. */
  const itemDecimals = Object.fromEntries(
    ITEM_DECIMAL_FIELDS.map((f) => [f, itemDecimal.nullish()]),
  ) as Record<ItemDecimalField, ReturnType<typeof itemDecimal.nullish>>;

  const estimateItemSchema = z.looseObject({
    id: itemId,
    parent_id: itemId.nullish(),
    // Unknown types are kept: the tree shows them as positions with a warning.
    type: z.string().nullish(),
    code: itemText,
    name: itemText,
    description: itemText,
    category: itemText,
    location: itemText,
    internal_notes: itemText,
    unit: itemText,
    sort: itemMeasure.nullish(),
    ...itemDecimals,
    modified: z.string().nullish(),
    created: z.string().nullish(),
  });

  const estimateTotalsSchema = z.looseObject(
    Object.fromEntries(TOTAL_FIELDS.map((f) => [f, optionalDecimal])) as Record<
      TotalField,
      typeof optionalDecimal
    >,
  );

  const party = z.looseObject({}).nullish();

  const estimateDetailSchema = z.looseObject({
    id: idSchema,
    plan_id: idSchema.nullish(),
    name: z
      .string()
      .nullish()
      .transform((v) => v ?? ''),
    unique_identifier: text,
    creator: text,
    last_modifier: text,
    status: z.string().nullish(),
    currency: z.string().nullish(),
    date_issue: z.string().nullish(),
    date_valid_until: z.string().nullish(),
    created: z.string().nullish(),
    modified: z.string().nullish(),
    opening_statement: text,
    closing_statement: text,
    customer: party,
    project: party,
    company: party,
    items: z.array(estimateItemSchema),
    estimate_totals: estimateTotalsSchema.nullish(),
  });
  return { itemDecimal, estimateItemSchema, estimateTotalsSchema, estimateDetailSchema };
}

export type EstimateSchemas = ReturnType<typeof estimateSchemasOf>;

let built: EstimateSchemas | undefined;

/**
 * The estimate schemas, built once per thread: with `z` (schemas.ts's) if it is the first to ask,
 * else with zod loaded now.
 */
export function estimateSchemas(z?: Z): EstimateSchemas {
  return (built ??= estimateSchemasOf(z ?? loadZod()));
}

/** zod, required as the rest of PlanDesk's code requires it (the same module, not a second copy). */
function loadZod(): Z {
  const here = typeof __filename === 'string' ? __filename : join(process.cwd(), 'noop.js');
  return (createRequire(here)('zod') as typeof Zod).z;
}
