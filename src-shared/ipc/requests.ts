/**
 * The arguments of the contract's channels (contract.ts): the pieces every schema is made of (an
 * identifier, a language, an operation id) and the larger requests, validated by main on every call.
 */
import { z } from 'zod';
import { EXPORT_COLUMNS } from '../estimates/columns';
import { LANGUAGES } from '../i18n/languages';
import { isJsonObject, jsonDepth, type JsonObject } from '../json/exact-json';
import { PROJECT_SORT_KEYS } from '../projects/types';
import { isUsableId } from '../text/usable-id';

export const language = z.enum(LANGUAGES);
/** An identifier that becomes a path segment of the service's URLs (see text/usable-id.ts). */
export const id = z.string().min(1).max(200).refine(isUsableId, { message: 'not a usable identifier' });
export const shortText = z.string().max(500);
/** Operation ids let the renderer cancel a long call and match its progress events. */
export const operationId = z.string().min(1).max(100).optional();

export const projectQuerySchema = z.object({
  page: z.number().int().min(1).max(100_000),
  pageSize: z.number().int().min(1).max(50),
  name: z.string().max(200).optional(),
  externalReferenceId: z.string().max(200).optional(),
  /** 'service' keeps the service's order and pages on the server; a column sorts the whole list. */
  sort: z.enum(PROJECT_SORT_KEYS).default('service'),
  direction: z.enum(['asc', 'desc']).default('asc'),
  /** Leave archived projects out (the whole list is loaded and filtered). */
  hideArchived: z.boolean().optional(),
  /** Only this team's projects (when the service's list items name their team). */
  teamId: id.optional(),
  operationId,
});

export const newWorkspaceSchema = z.object({
  customer: z.string().trim().min(1).max(200),
  key: z.string().trim().min(1).max(500),
  actingUser: z.string().trim().max(200).optional(),
  language,
  /** The service's address; https only (loopback http allowed for the simulator). */
  baseUrl: z.string().trim().min(1).max(500),
});

export const newProjectSchema = z.object({
  name: z.string().trim().min(1).max(200),
  email: z.string().trim().min(1).max(200),
  externalReferenceId: z.string().trim().max(200).optional(),
  address: z
    .object({
      street: shortText.optional(),
      city: shortText.optional(),
      postalCode: shortText.optional(),
      country: shortText.optional(),
    })
    .optional(),
  teamId: id.optional(),
});

export const columns = z.array(z.enum(EXPORT_COLUMNS)).min(1).max(EXPORT_COLUMNS.length);
export const paper = z.enum(['auto', 'A4', 'Letter']);
/** A form document as the service sent it, maybe edited: a JSON object of a sane depth. */
export const formDocument = z.custom<JsonObject>(
  (v) => isJsonObject(v) && jsonDepth(v, 256) <= 256,
  'must be a form document',
);

/** What every export chooses: its preset (the kind of document), columns, language, paper. */
export const documentChoice = {
  presetId: z.string().min(1).max(100),
  columns: columns.optional(),
  language: language.optional(),
  paper: paper.optional(),
  operationId,
};

export const exportRequestSchema = z.object({
  projectId: id,
  /** One estimate, or every estimate of the project (one workbook, a sheet each) when absent. */
  estimateId: id.optional(),
  format: z.enum(['xlsx', 'pdf']),
  statements: z.boolean().optional(),
  /** The costs per room of each estimate as a sheet: an internal worksheet as xlsx only. */
  roomsCosts: z.boolean().optional(),
  /** The user was told how many pages the PDF has (more than LARGE_PDF_PAGES) and wants it all the same. */
  largePdf: z.boolean().optional(),
  ...documentChoice,
});

export const presetInputSchema = z.object({
  /** Present: replaces that saved preset. */
  id: z.string().min(1).max(100).optional(),
  name: z.string().trim().min(1).max(60),
  kind: z.enum(['client', 'internal']),
  columns,
  language: language.nullable(),
  paper,
  statements: z.boolean(),
});

/** One side of a comparison: an estimate, in a kept version or as the service sends it now. */
export const versionPick = z.object({
  estimateId: id,
  versionId: z.number().int().min(1).max(Number.MAX_SAFE_INTEGER).optional(),
});

export const changeOrderRequestSchema = z.object({
  projectId: id,
  from: versionPick,
  to: versionPick,
  format: z.enum(['xlsx', 'pdf']),
  ...documentChoice,
});
