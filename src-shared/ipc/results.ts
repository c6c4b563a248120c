/**
 * What each channel of the contract (contract.ts) gives back, and what each event carries: the data
 * types of the features (src-shared/<feature>/types.ts), as main sends them.
 */
import type { AppInfo, AppNotice } from '../app/types';
import type { EstimateList, EstimateSummary, EstimateViewText, ExportResult } from '../estimates/types';
import type { PresetList } from '../exports/presets';
import type { ExportWarning } from '../exports/warnings';
import type { DocumentDefaults } from '../exports/document-language';
import type { DownloadView, FileListView, FilePreview, UploadResult } from '../files/types';
import type { UiLanguage } from '../i18n/languages';
import type { ConnectionStatus, OfflinePreview, OfflineStatus, StorageReport } from '../offline/types';
import type { OutboxEntryView, OutboxUpdate } from '../outbox/types';
import type { ProgressEvent } from '../operations/types';
import type { PlanResult } from '../plans/types';
import type { RoomsCostsResult } from '../plans/rooms-costs-types';
import type {
  CreatedProjectView,
  ProjectDetailView,
  ProjectFacts,
  ProjectPage,
  ProjectRow,
} from '../projects/types';
import type {
  ConnectionCheck,
  WorkspaceDetails,
  WorkspaceList,
  WorkspaceMeta,
  WorkspaceSettings,
} from '../workspaces/types';
import type { CopyOutcome, FormDetail, FormList, ImportOutcome } from '../forms/types';
import type { TeamView } from '../teams/types';
import type { WebhookTestResult } from '../webhook/types';
import type { UpdateStatus } from '../updates/types';
import type { ChangesSince, EstimateComparison, VersionTimeline } from '../versions/types';

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
  'plans:exportRooms': {
    path: string | null;
    language: UiLanguage;
    rooms: number;
    warnings: ExportWarning[];
  };
  'plans:roomsCosts': RoomsCostsResult;
  'files:list': FileListView;
  'files:upload': UploadResult;
  'files:download': DownloadView;
  'files:open': { path: string };
  'files:showInFolder': { path: string };
  'files:preview': FilePreview | null;
  'files:delete': { deleted: true };
  'files:openSaved': { path: string };
  'files:showSaved': { path: string };
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
  /** The paths granted (absolute, of a type PlanDesk uploads). */
  'files:registerDrop': { registered: string[] };
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
