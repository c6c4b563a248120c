import { z } from 'zod';
import type { ErrorValue } from '../errors/service-error';
import { THEMES } from '../app/types';
import type { Channel, EventChannel, MainChannel, channels, events } from './channels';
import {
  changeOrderRequestSchema,
  exportRequestSchema,
  formDocument,
  id,
  language,
  newProjectSchema,
  newWorkspaceSchema,
  operationId,
  presetInputSchema,
  projectQuerySchema,
  shortText,
  versionPick,
} from './requests';
import type { ChannelResults, EventPayloads } from './results';

export * from './channels';
export * from './requests';
export type * from './results';

/**
 * The one contract between renderer and main: for every channel in `channels.ts`, the zod schema of
 * its arguments (main validates every call with it; the pieces are in requests.ts) and its result
 * type (results.ts). The preload builds `window.api` from the channel list; the renderer sees only
 * the derived `PlanDeskApi` type.
 */

export const argSchemas = {
  'app:info': z.tuple([]),
  'app:notices': z.tuple([]),
  'settings:setLanguage': z.tuple([language]),
  'settings:setTheme': z.tuple([z.enum(THEMES)]),
  'workspaces:list': z.tuple([]),
  'workspaces:add': z.tuple([newWorkspaceSchema]),
  'workspaces:switch': z.tuple([id]),
  'workspaces:remove': z.tuple([id]),
  'workspaces:replaceKey': z.tuple([id, z.string().trim().min(1).max(500)]),
  'workspaces:settings': z.tuple([]),
  'workspaces:setWebhook': z.tuple([z.object({ url: z.string().trim().max(2000).nullable() })]),
  'projects:list': z.tuple([projectQuerySchema]),
  'projects:get': z.tuple([id]),
  'projects:findByReference': z.tuple([z.string().trim().min(1).max(200)]),
  'projects:create': z.tuple([newProjectSchema]),
  'projects:archive': z.tuple([id]),
  'projects:restore': z.tuple([id]),
  'projects:facts': z.tuple([z.object({ projectIds: z.array(id).max(100), operationId })]),
  'estimates:list': z.tuple([z.object({ projectId: id })]),
  'estimates:get': z.tuple([z.object({ projectId: id, estimateId: id, operationId })]),
  'estimates:export': z.tuple([exportRequestSchema]),
  'estimates:totals': z.tuple([
    z.object({
      projectId: id,
      estimates: z.array(z.object({ id, modified: z.string().max(100).nullable() })).max(500),
      operationId,
    }),
  ]),
  'exports:presets': z.tuple([]),
  'exports:savePreset': z.tuple([presetInputSchema]),
  'exports:deletePreset': z.tuple([z.string().min(1).max(100)]),
  'exports:defaults': z.tuple([z.object({ projectId: id.optional(), estimateId: id.optional() })]),
  'plans:get': z.tuple([z.object({ planId: id })]),
  /** Only an image URL main gave out in that plan's view (see PlansService). */
  'plans:image': z.tuple([z.object({ planId: id, url: z.string().url().max(4000) })]),
  'plans:exportRooms': z.tuple([
    z.object({
      planId: id,
      format: z.enum(['xlsx', 'csv']),
      /** Absent: the workspace's documents language, and for a CSV that language's separator. */
      language: language.optional(),
      separator: z.enum([',', ';']).optional(),
      projectName: shortText.optional(),
      /** An estimate whose costs per room on this plan go beside the rooms (xlsx only). */
      costsOf: z.object({ projectId: id, estimateId: id }).optional(),
      operationId,
    }),
  ]),
  /** The estimate (default: the latest) placed on the project's plan (null: the project names none). */
  'plans:roomsCosts': z.tuple([
    z.object({ projectId: id, planId: id.nullable(), estimateId: id.optional(), operationId }),
  ]),
  'files:list': z.tuple([z.object({ projectId: id })]),
  'files:upload': z.tuple([
    z.object({
      projectId: id,
      /**
       * Paths of files dropped on this project's view (from window.api.pathForFile: the preload
       * registered each with main, for this project, when the user dropped it); none: main asks
       * with the open dialog. Main uploads no other path.
       */
      paths: z.array(z.string().min(1).max(4096)).max(50).optional(),
      operationId,
    }),
  ]),
  'files:download': z.tuple([z.object({ projectId: id, fileId: id, operationId })]),
  'files:open': z.tuple([z.object({ projectId: id, fileId: id, operationId })]),
  'files:showInFolder': z.tuple([z.object({ projectId: id, fileId: id, operationId })]),
  'files:preview': z.tuple([z.object({ projectId: id, fileId: id, operationId })]),
  'files:delete': z.tuple([z.object({ projectId: id, fileId: id })]),
  // A file PlanDesk saved this session (an export): main opens or shows only those.
  'files:openSaved': z.tuple([z.object({ path: z.string().min(1).max(4096) })]),
  'files:showSaved': z.tuple([z.object({ path: z.string().min(1).max(4096) })]),
  'offline:makeAvailable': z.tuple([
    z.object({
      projectId: id,
      operationId,
      /** Also download the project's files (their size is shown first: offline:preview). */
      keepFiles: z.boolean().optional(),
    }),
  ]),
  'offline:status': z.tuple([id]),
  'offline:preview': z.tuple([z.object({ projectId: id })]),
  'offline:storage': z.tuple([]),
  'offline:clear': z.tuple([z.object({ workspaceId: id, includePinned: z.boolean() })]),
  'offline:unpin': z.tuple([z.object({ workspaceId: id, projectId: id })]),
  'offline:setBudget': z.tuple([z.object({ megabytes: z.number().int().min(1).max(1_000_000) })]),
  'connection:status': z.tuple([]),
  'connection:syncNow': z.tuple([]),
  'outbox:list': z.tuple([z.object({ projectId: id.optional() })]),
  'outbox:remove': z.tuple([z.object({ id: z.number().int().min(1) })]),
  'outbox:retry': z.tuple([z.object({ id: z.number().int().min(1) })]),
  'outbox:chooseFileAgain': z.tuple([z.object({ id: z.number().int().min(1) })]),
  'operations:cancel': z.tuple([z.string().min(1).max(100)]),
  'forms:list': z.tuple([]),
  'forms:get': z.tuple([z.object({ id })]),
  'forms:create': z.tuple([z.object({ document: formDocument })]),
  /** `changes`: the top-level fields that changed, each whole. */
  'forms:update': z.tuple([z.object({ id, changes: formDocument })]),
  'forms:duplicate': z.tuple([z.object({ id, name: z.string().trim().min(1).max(500) })]),
  'forms:delete': z.tuple([z.object({ id })]),
  'forms:copyTo': z.tuple([z.object({ id, workspaceIds: z.array(id).min(1).max(50) })]),
  'forms:export': z.tuple([z.object({ id })]),
  'forms:import': z.tuple([]),
  'forms:setPublished': z.tuple([z.object({ id, published: z.boolean() })]),
  'teams:list': z.tuple([]),
  'workspaces:details': z.tuple([]),
  'workspaces:checkConnection': z.tuple([]),
  'workspaces:setActingUser': z.tuple([z.object({ actingUser: z.string().trim().max(200).nullable() })]),
  'webhook:test': z.tuple([
    z.object({
      url: z.string().trim().min(1).max(2000),
      projectId: id.optional(),
      sendRealKey: z.boolean().default(false),
    }),
  ]),
  /**
   * The paths Electron gave the files of one real drop on `projectId`'s files view, registered by
   * the preload at the moment of the drop (preload only).
   */
  'files:registerDrop': z.tuple([z.array(z.string().min(1).max(4096)).min(1).max(200), id]),
  'updates:status': z.tuple([]),
  'updates:setAutomatic': z.tuple([z.boolean()]),
  'updates:install': z.tuple([]),
  'versions:list': z.tuple([z.object({ projectId: id, estimateId: id })]),
  'versions:label': z.tuple([
    z.object({
      projectId: id,
      estimateId: id,
      versionId: z.number().int().min(1).max(Number.MAX_SAFE_INTEGER),
      /** null: no name. */
      name: z.string().max(120).nullable(),
      pinned: z.boolean(),
    }),
  ]),
  'versions:opened': z.tuple([
    z.object({
      projectId: id,
      estimateId: id,
      /** When the version on screen was fetched (the view's `fetchedAt`). */
      seenAt: z.string().max(100).nullable().default(null),
    }),
  ]),
  'versions:compare': z.tuple([
    z.object({
      projectId: id,
      from: versionPick,
      to: versionPick,
      includeUnchanged: z.boolean().default(false),
      operationId,
    }),
  ]),
  'versions:exportChanges': z.tuple([changeOrderRequestSchema]),
} satisfies Record<MainChannel, z.ZodTuple>;

// ---- the derived window.api ---------------------------------------------------------------------

export type Result<T> = { ok: true; data: T } | { ok: false; error: ErrorValue };

/** What the renderer passes (defaults may be left out). */
export type ChannelArgs<C extends Channel> = z.input<(typeof argSchemas)[C]>;
/** What main's handler receives: validated, with defaults filled in. */
export type ChannelParsedArgs<C extends Channel> = z.output<(typeof argSchemas)[C]>;

export type PlanDeskApi = {
  [C in Channel as (typeof channels)[C]]: (...args: ChannelArgs<C>) => Promise<Result<ChannelResults[C]>>;
} & {
  [E in EventChannel as (typeof events)[E]]: (listener: (payload: EventPayloads[E]) => void) => () => void;
} & {
  /**
   * The path on disk of a file the user just dropped onto `projectId`'s files view (Electron's
   * webUtils.getPathForFile), which the preload registered with main at the drop for one upload
   * into that project. '' for a file of no real drop (one the page made, say), of an older drop, on
   * another project's view, or asked for before.
   */
  pathForFile: (file: Blob & { readonly name: string }, projectId: string) => Promise<string>;
};
