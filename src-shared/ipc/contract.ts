import { z } from 'zod';
import type { ErrorValue } from '../errors/service-error';
import { THEMES, type AppInfo, type AppNotice } from '../app/types';
import type { EstimateList, EstimateSummary, EstimateViewText, ExportResult } from '../estimates/types';
import type { PresetList } from '../exports/presets';
import type { DocumentDefaults } from '../exports/document-language';
import type { FileListView, FilePreview, UploadResult } from '../files/types';
import type { ConnectionStatus, OfflinePreview, OfflineStatus, StorageReport } from '../offline/types';
import type { OutboxEntryView, OutboxUpdate } from '../outbox/types';
import type { ProgressEvent } from '../operations/types';
import type { PlanResult } from '../plans/types';
import type { RoomsCostsResult } from '../plans/rooms-costs-types';
import {
  PROJECT_SORT_KEYS,
  type CreatedProjectView,
  type ProjectDetailView,
  type ProjectFacts,
  type ProjectPage,
  type ProjectRow,
} from '../projects/types';
import type {
  ConnectionCheck,
  WorkspaceDetails,
  WorkspaceList,
  WorkspaceMeta,
  WorkspaceSettings,
} from '../workspaces/types';
import type { CopyOutcome, FormDetail, FormList, ImportOutcome } from '../forms/types';
import { isJsonObject, jsonDepth, type JsonObject } from '../json/exact-json';
import type { TeamView } from '../teams/types';
import type { WebhookTestResult } from '../webhook/types';
import type { UpdateStatus } from '../updates/types';
import type { ChangesSince, EstimateComparison, VersionTimeline } from '../versions/types';
import { EXPORT_COLUMNS } from '../estimates/columns';
import type { Channel, EventChannel, MainChannel, channels, events } from './channels';
import { LANGUAGES } from '../i18n/languages';
import { isUsableId } from './ids';

export * from './channels';

/**
 * The one contract between renderer and main: for every channel in `channels.ts`, the zod schema of
 * its arguments (main validates every call with it) and its result type. The preload builds
 * `window.api` from the channel list; the renderer sees only the derived `PlanDeskApi` type.
 */

const language = z.enum(LANGUAGES);
/** An identifier that becomes a path segment of the service's URLs (see ids.ts). */
const id = z.string().min(1).max(200).refine(isUsableId, { message: 'not a usable identifier' });
const shortText = z.string().max(500);
/** Operation ids let the renderer cancel a long call and match its progress events. */
const operationId = z.string().min(1).max(100).optional();

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

const columns = z.array(z.enum(EXPORT_COLUMNS)).min(1).max(EXPORT_COLUMNS.length);
const paper = z.enum(['auto', 'A4', 'Letter']);
/** A form document as the service sent it, maybe edited: a JSON object of a sane depth. */
const formDocument = z.custom<JsonObject>(
  (v) => isJsonObject(v) && jsonDepth(v, 256) <= 256,
  'must be a form document',
);

/** What every export chooses: its preset (the kind of document), columns, language, paper. */
const documentChoice = {
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
const versionPick = z.object({
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
       * Paths of files dropped on this project's view (from window.api.pathForFile, which registers
       * each with main for one upload into this project); none: main asks with the open dialog.
       * Main uploads no other path.
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
  /** The path Electron gave a file dropped on `projectId`'s files view (preload only). */
  'files:registerDrop': z.tuple([z.string().min(1).max(4096), id]),
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

// ---- results ------------------------------------------------------------------------------------

export interface ChannelResults {
  'app:info': AppInfo;
  'app:notices': AppNotice[];
  'settings:setLanguage': AppInfo;
  'settings:setTheme': AppInfo;
  'workspaces:list': WorkspaceList;
  'workspaces:add': WorkspaceMeta;
  'workspaces:switch': WorkspaceList;
  'workspaces:remove': WorkspaceList;
  'workspaces:replaceKey': WorkspaceMeta;
  'workspaces:settings': WorkspaceSettings;
  'workspaces:setWebhook': WorkspaceSettings;
  'projects:list': ProjectPage;
  'projects:get': ProjectDetailView;
  'projects:findByReference': ProjectRow[];
  'projects:create': CreatedProjectView;
  'projects:archive': ProjectDetailView;
  'projects:restore': ProjectDetailView;
  'projects:facts': Record<string, ProjectFacts>;
  'estimates:list': EstimateList;
  'estimates:get': EstimateViewText;
  'estimates:export': ExportResult;
  'estimates:totals': Record<string, EstimateSummary>;
  'exports:presets': PresetList;
  'exports:savePreset': PresetList;
  'exports:deletePreset': PresetList;
  'exports:defaults': DocumentDefaults;
  'plans:get': PlanResult;
  'plans:image': string | null;
  'plans:exportRooms': { path: string | null; language: z.infer<typeof language> };
  'plans:roomsCosts': RoomsCostsResult;
  'files:list': FileListView;
  'files:upload': UploadResult;
  'files:download': { path: string | null };
  'files:open': { path: string };
  'files:showInFolder': { path: string };
  'files:preview': FilePreview | null;
  'files:delete': { deleted: true };
  'offline:makeAvailable': OfflineStatus;
  'offline:status': OfflineStatus;
  'offline:preview': OfflinePreview;
  'offline:storage': StorageReport;
  'offline:clear': StorageReport;
  'offline:unpin': StorageReport;
  'offline:setBudget': StorageReport;
  'connection:status': ConnectionStatus;
  'connection:syncNow': ConnectionStatus;
  'outbox:list': OutboxEntryView[];
  'outbox:remove': { removed: true };
  'outbox:retry': { retried: true };
  /** The user chose the file again for an upload whose copy was gone or damaged; false: the dialog was closed. */
  'outbox:chooseFileAgain': { replaced: boolean };
  'operations:cancel': { cancelled: boolean };
  'forms:list': FormList;
  'forms:get': FormDetail;
  'forms:create': FormDetail;
  'forms:update': FormDetail;
  'forms:duplicate': FormDetail;
  'forms:delete': { deleted: true };
  'forms:copyTo': CopyOutcome[];
  'forms:export': { path: string | null };
  'forms:import': ImportOutcome;
  'forms:setPublished': FormDetail;
  'teams:list': TeamView[];
  'workspaces:details': WorkspaceDetails;
  'workspaces:checkConnection': ConnectionCheck;
  'workspaces:setActingUser': WorkspaceMeta;
  'webhook:test': WebhookTestResult;
  'files:registerDrop': { registered: boolean };
  'updates:status': UpdateStatus;
  'updates:setAutomatic': UpdateStatus;
  /** False when no downloaded update is waiting (nothing happens then). */
  'updates:install': { restarting: boolean };
  'versions:list': VersionTimeline;
  'versions:label': VersionTimeline;
  /** What changed since the estimate was last opened; null when nothing did (or it is the first time). */
  'versions:opened': ChangesSince | null;
  'versions:compare': EstimateComparison;
  'versions:exportChanges': ExportResult;
}

// ---- events -------------------------------------------------------------------------------------

export type MenuCommand = 'reload' | 'find';

export interface EventPayloads {
  'event:progress': ProgressEvent;
  'event:workspaceAuthFailed': { workspaceId: string };
  'event:menuCommand': { command: MenuCommand };
  /** The service became unreachable (online: false) or reachable again. */
  'event:connectivity': { online: boolean };
  /** The update status changed (a check, a download, a failure, the setting). */
  'event:update': UpdateStatus;
  /** The header's connection indicator: online, offline since, syncing; uploads waiting. */
  'event:connection': ConnectionStatus;
  /** A workspace's waiting uploads changed (added, sent, held, progress). */
  'event:outbox': OutboxUpdate;
  /** Main has notices to tell (a full disk, uploads recovered): take them (`app:notices`). */
  'event:notices': { count: number };
}

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
   * The path on disk of a file dropped onto a project's files view (Electron's
   * webUtils.getPathForFile; '' for a file that has none), registered with main as one the user gave
   * PlanDesk to upload into that project, once.
   */
  pathForFile: (file: Blob & { readonly name: string }, projectId: string) => Promise<string>;
};
