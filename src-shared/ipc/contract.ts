import { z } from 'zod';
import type { ErrorValue } from '../errors/service-error';
import type { AppInfo, AppNotice } from '../app/types';
import type { EstimateList, EstimateView, ExportResult } from '../estimates/types';
import type { FilePreview, FileRow, UploadResult } from '../files/types';
import type { OfflineStatus } from '../offline/types';
import type { ProgressEvent } from '../operations/types';
import type { PlanResult } from '../plans/types';
import type { CreatedProjectView, ProjectDetailView, ProjectPage, ProjectRow } from '../projects/types';
import type { UpdateStatus } from '../updates/types';
import type { WorkspaceList, WorkspaceMeta, WorkspaceSettings } from '../workspaces/types';
import { EXPORT_COLUMNS } from '../estimates/columns';
import { channels, events, type Channel, type EventChannel } from './channels';
import { LANGUAGES } from '../i18n/languages';

export { channels, events, type Channel, type EventChannel };

/**
 * The one contract between renderer and main: for every channel in `channels.ts`, the zod schema of
 * its arguments (main validates every call with it) and its result type. The preload builds
 * `window.api` from the channel list; the renderer sees only the derived `PlanDeskApi` type.
 */

const language = z.enum(LANGUAGES);
const id = z.string().min(1).max(200);
const shortText = z.string().max(500);
/** Operation ids let the renderer cancel a long call and match its progress events. */
const operationId = z.string().min(1).max(100).optional();

export const projectQuerySchema = z.object({
  page: z.number().int().min(1).max(100_000),
  pageSize: z.number().int().min(1).max(50),
  name: z.string().max(200).optional(),
  externalReferenceId: z.string().max(200).optional(),
  /** 'service' keeps the service's order and pages on the server; name/modified sort the whole list. */
  sort: z.enum(['service', 'name', 'modified']).default('service'),
  direction: z.enum(['asc', 'desc']).default('asc'),
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
});

export const exportRequestSchema = z.object({
  projectId: id,
  /** One estimate, or every estimate of the project (one workbook, a sheet each) when absent. */
  estimateId: id.optional(),
  format: z.enum(['xlsx', 'pdf']),
  columns: z.array(z.enum(EXPORT_COLUMNS)).min(1).max(EXPORT_COLUMNS.length),
  /** Hides unit prices, internal costs and internal notes unless `columns` asks for notes explicitly. */
  clientCopy: z.boolean(),
  language,
  operationId,
});

export const argSchemas = {
  'app:info': z.tuple([]),
  'app:notices': z.tuple([]),
  'settings:setLanguage': z.tuple([language]),
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
  'estimates:list': z.tuple([z.object({ projectId: id })]),
  'estimates:get': z.tuple([z.object({ projectId: id, estimateId: id, operationId })]),
  'estimates:export': z.tuple([exportRequestSchema]),
  'plans:get': z.tuple([z.object({ planId: id })]),
  'plans:image': z.tuple([z.object({ url: z.string().url().max(4000) })]),
  'plans:exportRooms': z.tuple([z.object({ planId: id, format: z.enum(['xlsx', 'csv']), language })]),
  'files:list': z.tuple([z.object({ projectId: id })]),
  'files:upload': z.tuple([
    z.object({
      projectId: id,
      /** Paths of dropped files (from window.api.pathForFile); none: main asks with the open dialog. */
      paths: z.array(z.string().min(1).max(4096)).max(50).optional(),
      operationId,
    }),
  ]),
  'files:download': z.tuple([z.object({ projectId: id, fileId: id, operationId })]),
  'files:open': z.tuple([z.object({ projectId: id, fileId: id, operationId })]),
  'files:preview': z.tuple([z.object({ projectId: id, fileId: id })]),
  'files:delete': z.tuple([z.object({ projectId: id, fileId: id })]),
  'offline:makeAvailable': z.tuple([z.object({ projectId: id, operationId })]),
  'offline:status': z.tuple([id]),
  'operations:cancel': z.tuple([z.string().min(1).max(100)]),
  'updates:status': z.tuple([]),
  'updates:setAutomatic': z.tuple([z.boolean()]),
  'updates:install': z.tuple([]),
} satisfies Record<Channel, z.ZodTuple>;

// ---- results ------------------------------------------------------------------------------------

export interface ChannelResults {
  'app:info': AppInfo;
  'app:notices': AppNotice[];
  'settings:setLanguage': AppInfo;
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
  'estimates:list': EstimateList;
  'estimates:get': EstimateView;
  'estimates:export': ExportResult;
  'plans:get': PlanResult;
  'plans:image': string | null;
  'plans:exportRooms': { path: string | null };
  'files:list': FileRow[];
  'files:upload': UploadResult;
  'files:download': { path: string | null };
  'files:open': { path: string };
  'files:preview': FilePreview | null;
  'files:delete': { deleted: true };
  'offline:makeAvailable': OfflineStatus;
  'offline:status': OfflineStatus;
  'operations:cancel': { cancelled: boolean };
  'updates:status': UpdateStatus;
  'updates:setAutomatic': UpdateStatus;
  /** False when no downloaded update is waiting (nothing happens then). */
  'updates:install': { restarting: boolean };
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
  /** The path on disk of a file dropped onto the window (Electron's webUtils.getPathForFile). */
  pathForFile: (file: Blob & { readonly name: string }) => string;
};
