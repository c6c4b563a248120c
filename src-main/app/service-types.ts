/**
 * What the wiring (services.ts) is given and what it gives: the options of `createServices`, and
 * main's features as the IPC handlers, the Electron entry and the tests use them.
 */
import type { AppNotice, Theme } from '../../src-shared/app/types';
import type { UiLanguage } from '../../src-shared/i18n/languages';
import type { UpdateInstall, UpdatesUnavailableReason } from '../../src-shared/updates/types';
import type { ApiClientOptions } from '../api/client';
import type { WorkspaceCaches } from '../cache/workspace-caches';
import type { Dialogs } from '../dialogs';
import type { EstimatesService } from '../estimates/estimates-service';
import type { ExportService } from '../exports/export-service';
import type { PresetsService } from '../exports/presets-service';
import type { FilesAppService } from '../files/files-app-service';
import type { UploadGrants } from '../files/upload-grants';
import type { FormsService } from '../forms/forms-service';
import type { Logger } from '../log/logger';
import type { ConnectionService } from '../offline/connection-service';
import type { OfflineService } from '../offline/offline-service';
import type { StorageService } from '../offline/storage-service';
import type { Operations } from '../operations/operations';
import type { OutboxService } from '../outbox/outbox-service';
import type { PlansService } from '../plans/plans-service';
import type { RoomsCostsService } from '../plans/rooms-costs-service';
import type { ProjectFactsService } from '../projects/project-facts';
import type { ProjectsService } from '../projects/projects-service';
import type { SecretStore } from '../secrets/secret-store';
import type { SettingsStore } from '../settings/settings-store';
import type { TeamsService } from '../teams/teams-service';
import type { UpdateController, Updater } from '../updates/update-controller';
import type { VersionsService } from '../versions/versions-service';
import type { WebhookTestService } from '../webhook/webhook-test-service';
import type { Workers } from '../workers/pool';
import type { WorkspaceManager } from '../workspaces/workspace-manager';
import type { WorkspaceSettingsService } from '../workspaces/workspace-settings';
import type { Emit } from './events';

export interface ServiceOptions {
  version: string;
  platform: string;
  /** The user-data folder: settings.json and cache/ live here. */
  userDataDir: string;
  secrets: SecretStore;
  logger: Logger;
  emit: Emit;
  initialLanguage?: UiLanguage;
  clientOptions?: Partial<ApiClientOptions>;
  /** The OS dialogs in the app; the e2e harness answers them itself. */
  dialogs: Dialogs;
  /**
   * The packaged app's resources folder (Electron's process.resourcesPath), where the demo data set
   * ships; absent when running from the sources, which find it in the checkout.
   */
  resourcesDir?: string;
  /** Whether and how this copy updates itself, and how to load the updater; absent: off (development). */
  updates?: {
    unavailable: UpdatesUnavailableReason | null;
    install?: UpdateInstall;
    loadUpdater: () => Promise<Updater>;
    confirmPrivilegedInstall?: (version: string) => Promise<boolean>;
  };
  /** How soon the upload outbox tries again, and its drain lock's pace (tests make them quick). */
  outbox?: {
    busyRetryMs?: number;
    offlineRetryMs?: number;
    lock?: { renewMs?: number; staleMs?: number; retryMs?: number };
  };
  /** The user chose another appearance: the app's own parts (menus, dialogs) follow it. */
  onTheme?: (theme: Theme) => void;
  /**
   * A folder of built worker scripts (default: next to main's bundle, or the sources through tsx).
   * The benchmarks give the CLI's build, so threads are measured as they run in the app.
   */
  workerScripts?: string;
}

/** Main's features, as the IPC handlers (and the tests) use them. */
export interface MainServices {
  version: string;
  platform: string;
  /** Notices for the user, each given out once. */
  takeNotices: () => Promise<AppNotice[]>;
  workspaces: WorkspaceManager;
  workspaceSettings: WorkspaceSettingsService;
  /** The appearance setting (light, dark, the system's). */
  appearance: { theme(): Promise<Theme>; setTheme(theme: Theme): Promise<void> };
  projects: ProjectsService;
  /** What the projects list knows of each project's estimates. */
  projectFacts: ProjectFactsService;
  estimates: EstimatesService;
  versions: VersionsService;
  /** Every export: quotes, worksheets, project workbooks, change orders, rooms. */
  exports: ExportService;
  presets: PresetsService;
  offline: OfflineService;
  /** Uploads waiting for the service. */
  outbox: OutboxService;
  /** The storage view: sizes, pinned projects, clearing, the budget. */
  storage: StorageService;
  /** The header's connection indicator and "Sync now". */
  connection: ConnectionService;
  plans: PlansService;
  /** The estimate on the plan: cost per room, positions not on the plan, drift (issue 28). */
  roomsCosts: RoomsCostsService;
  files: FilesAppService;
  /** Dropped files, each good for one upload into the project it was dropped on (IPC registers them). */
  uploadGrants: UploadGrants;
  forms: FormsService;
  teams: TeamsService;
  webhookTest: WebhookTestService;
  operations: Operations;
  updates: UpdateController;
  logger: Logger;
}

export interface RunningServices extends MainServices {
  /**
   * Readies the active workspace's client in the background (its key from the keychain, its cache,
   * and for the demo workspace the built-in service), so the first screen's request does not wait
   * for them. Called once, while the window loads; it never asks the service anything.
   */
  warmUp(): void;
  settings: SettingsStore;
  caches: WorkspaceCaches;
  /** The worker threads (the tests look at the export thread). */
  workers: Workers;
  close(): Promise<void>;
}
