import { z } from 'zod';
import { baseSchemas, estimateSchemas } from './estimate-schemas';
import { isExactNumber, type ExactNumber } from '../../src-shared/json/exact-json';

/**
 * Schemas for what the service sends. Tolerant by design: extra fields pass through (the service adds
 * fields over time), optional ones may be missing or null. Strict only where a wrong value would
 * mislead a user: ids, and money, which must parse as an exact decimal.
 */

// Ids, texts and money: the same rules as an estimate's (estimate-schemas.ts, which defines them once).
const base = baseSchemas(z);
export const { idSchema, decimalSchema } = base;
const { text } = base;

/** A plain measurement or count; may arrive as text from the lossless parser. */
export const measureSchema = z.union([z.number(), z.string()]).transform((v, ctx) => {
  const n = typeof v === 'number' ? v : Number(v);
  if (!Number.isFinite(n) || (typeof v === 'string' && v.trim() === '')) {
    ctx.addIssue({ code: 'custom', message: 'not a number' });
    return z.NEVER;
  }
  return n;
});

// ---- paging -------------------------------------------------------------------------------------

export const listEnvelopeSchema = z.looseObject({
  data: z.array(z.unknown()),
  page_info: z.unknown().optional(),
  pageInfo: z.unknown().optional(),
});

// ---- workspace ----------------------------------------------------------------------------------

export const workspaceSchema = z.looseObject({
  id: idSchema.optional(),
  name: z.string(),
  webhook_url: z.string().nullish(),
  owner: z.looseObject({ email: z.string().nullish() }).nullish(),
  formats: z.array(z.string()).nullish(),
  logo: z.string().nullish(),
});
export type Workspace = z.infer<typeof workspaceSchema>;

// ---- projects -----------------------------------------------------------------------------------

const addressSchema = z.looseObject({
  street: text,
  city: text,
  country: text,
  postal_code: text,
  latitude: measureSchema.nullish(),
  longitude: measureSchema.nullish(),
});

export const projectListItemSchema = z.looseObject({
  id: idSchema,
  name: z
    .string()
    .nullish()
    .transform((v) => v ?? ''),
  external_reference_id: text,
  thumbnail_url: z.string().nullish(),
  assignee: z.looseObject({ id: idSchema.nullish(), email: z.string().nullish() }).nullish(),
  user_created: z.string().nullish(),
  user_modified: z.string().nullish(),
  archived_at: z.string().nullish(),
  // Not in the spec's list items, nor seen live on them; read when a service sends them.
  team: z.looseObject({ id: idSchema, name: z.string().nullish() }).nullish(),
  team_id: idSchema.nullish(),
});
export type ProjectListItem = z.infer<typeof projectListItemSchema>;

export const projectDetailSchema = projectListItemSchema.extend({
  plan_id: idSchema.nullish(),
  cloud_url: z.string().nullish(),
  team: z.looseObject({ id: idSchema, name: z.string().nullish() }).nullish(),
  user: z.looseObject({ id: idSchema.nullish(), email: z.string().nullish() }).nullish(),
  address: addressSchema.nullish(),
});
export type ProjectDetail = z.infer<typeof projectDetailSchema>;

export const warningsSchema = z
  .array(z.union([z.looseObject({ message: z.string() }), z.string()]))
  .nullish()
  .transform((ws) => (ws ?? []).map((w) => (typeof w === 'string' ? w : w.message)));

// ---- plans --------------------------------------------------------------------------------------

/** The plan is shown generically where PlanDesk does not know a field, so it stays a loose record. */
export const currentPlanSchema = z.looseObject({
  id: idSchema.optional(),
  name: z.string().nullish(),
  statistics: z.record(z.string(), z.unknown()).nullish(),
  statistics_formatted: z.record(z.string(), z.unknown()).nullish(),
  door_count: measureSchema.nullish(),
  windows_count: measureSchema.nullish(),
  floors: z.array(z.looseObject({ id: idSchema.optional(), name: z.string().nullish() })).nullish(),
});
export const legacyPlanSchema = z.looseObject({
  plan: z.looseObject({ id: idSchema.optional(), name: z.string().nullish() }).nullish(),
  plan_detail: z.looseObject({ plan: z.record(z.string(), z.unknown()) }),
});

export type PlanDocument =
  | { shape: 'current'; plan: z.infer<typeof currentPlanSchema> }
  | { shape: 'legacy'; plan: z.infer<typeof legacyPlanSchema> };

export const planExportFilesSchema = z.looseObject({
  files: z.array(
    z.looseObject({
      name: z.string(),
      url: z.string(),
      folder: z.string().nullish(),
      last_modified: z.string().nullish(),
      size: measureSchema.nullish(),
      file_type: z.string().nullish(),
    }),
  ),
  photos: z.array(z.unknown()).nullish(),
});

// ---- files --------------------------------------------------------------------------------------

export const projectFileSchema = z.looseObject({
  id: idSchema,
  name: z.string(),
  file_type: z.string().nullish(),
  content_type: z.string().nullish(),
  size: measureSchema.nullish(),
  created: z.string().nullish(),
  origin: z.string().nullish(),
  url: z.string().nullish(),
  url_expires_at: z.string().nullish(),
});
export type ProjectFile = z.infer<typeof projectFileSchema>;

export const presignedUploadSchema = z.looseObject({
  upload_id: idSchema,
  url: z.string().url(),
  method: z.string().nullish(),
  headers: z.record(z.string(), z.union([z.string(), z.number()]).transform(String)).nullish(),
  expires_at: z.string().nullish(),
});
export type PresignedUpload = z.infer<typeof presignedUploadSchema>;

// ---- estimates ----------------------------------------------------------------------------------

export const estimateListItemSchema = z.looseObject({
  id: idSchema,
  name: z
    .string()
    .nullish()
    .transform((v) => v ?? ''),
  status: z.string().nullish(),
  unique_id: text,
  created: z.string().nullish(),
  modified: z.string().nullish(),
});
export type EstimateListItem = z.infer<typeof estimateListItemSchema>;

/** An estimate's detail: built once (estimate-schemas.ts), with this module's zod. */
export const { itemDecimal, estimateItemSchema, estimateTotalsSchema, estimateDetailSchema } =
  estimateSchemas(z);
export type EstimateItem = z.infer<typeof estimateItemSchema>;
export type EstimateDetail = z.infer<typeof estimateDetailSchema>;

// ---- forms and teams ----------------------------------------------------------------------------

export const FORM_CONTEXTS = ['plan', 'floor', 'room', 'objectsTree'] as const;

/** What PlanDesk reads of a form; the document itself is kept as sent (client.ts `formDocument`). */
export const formSchema = z.looseObject({
  id: z.union([idSchema, z.custom<ExactNumber>(isExactNumber)]),
  name: z.string(),
  context: z.array(z.unknown()).nullish(),
  children: z.array(z.unknown()).nullish(),
});
export type Form = z.infer<typeof formSchema>;

const optionText = z.union([z.string(), z.number()]).transform(String);

/**
 * The planned context options (shape not shown): strings, or objects naming a value and maybe a
 * label and a kind under any of the usual names.
 */
export const formContextOptionsSchema = z.array(
  z.union([
    optionText.transform((value) => ({ value, label: value, kind: null as string | null })),
    z
      .looseObject({
        value: optionText.optional(),
        id: optionText.optional(),
        key: optionText.optional(),
        name: optionText.optional(),
        label: optionText.nullish(),
        title: optionText.nullish(),
        kind: optionText.nullish(),
        type: optionText.nullish(),
        group: optionText.nullish(),
      })
      .transform((o, ctx) => {
        const value = o.value ?? o.id ?? o.key ?? o.name;
        if (value === undefined) {
          ctx.addIssue({ code: 'custom', message: 'an option without a value' });
          return z.NEVER;
        }
        return {
          value,
          label: o.label ?? o.title ?? o.name ?? value,
          kind: o.kind ?? o.type ?? o.group ?? null,
        };
      }),
  ]),
);
export type FormContextOption = z.output<typeof formContextOptionsSchema>[number];

/** `{data:{published}}`, `{published}`, or a `status` of published/active vs. anything else. */
export const formPublicationSchema = z
  .unknown()
  .transform((v) => (v && typeof v === 'object' && 'data' in v ? (v as { data: unknown }).data : v))
  .pipe(
    z.union([
      z.looseObject({ published: z.boolean() }).transform((o) => o.published),
      z.looseObject({ active: z.boolean() }).transform((o) => o.active),
      z
        .looseObject({ status: z.string() })
        .transform((o) => ['published', 'active'].includes(o.status.toLowerCase())),
      z.boolean(),
    ]),
  );

export const teamSchema = z.looseObject({
  id: idSchema,
  name: z
    .string()
    .nullish()
    .transform((v) => v ?? ''),
  members: z.array(z.looseObject({ id: idSchema.nullish(), email: z.string().nullish() })).nullish(),
});
export type Team = z.infer<typeof teamSchema>;

export const deletedSchema = z.unknown();
