import path from 'node:path';
import type { AppNotice, Theme } from '../../src-shared/app/types';
import type { UiLanguage } from '../../src-shared/i18n/languages';
import type { ApiClientOptions } from '../api/client';
import { WorkspaceCaches } from '../cache/workspace-caches';
import type { WriteFailure } from '../cache/cache-db';
import type { Dialogs } from '../dialogs';
import { EstimatesService } from '../estimates/estimates-service';
import { createWorkers, type Workers } from '../workers/pool';
import { IdleGate } from '../workers/idle-gate';
import { ExportService } from '../exports/export-service';
import { PresetsService } from '../exports/presets-service';
import { CompanyImages } from '../exports/company-images';
import { FilesAppService } from '../files/files-app-service';
import { UploadGrants } from '../files/upload-grants';
import { FormsService } from '../forms/forms-service';
import type { Logger } from '../log/logger';
import { OfflineService } from '../offline/offline-service';
import { ConnectionService } from '../offline/connection-service';
import { StorageService } from '../offline/storage-service';
import { OutboxService } from '../outbox/outbox-service';
import { Operations } from '../operations/operations';
import { PlansService } from '../plans/plans-service';
import { RoomsCostsService } from '../plans/rooms-costs-service';
import { ProjectsService } from '../projects/projects-service';
import { ProjectFactsService } from '../projects/project-facts';
import type { SecretStore } from '../secrets/secret-store';
import { DEFAULT_OFFLINE_BUDGET_MB, DEMO_WORKSPACE_ID, SettingsStore } from '../settings/settings-store';
import { TeamsService } from '../teams/teams-service';
import { WebhookTestService } from '../webhook/webhook-test-service';
import { DEMO_APP_WORKSPACE, startDemoSimulator, type Simulator } from '../demo/demo-simulator';
import { UpdateController, type Updater } from '../updates/update-controller';
import type { UpdateInstall, UpdatesUnavailableReason } from '../../src-shared/updates/types';
import { WorkspaceManager } from '../workspaces/workspace-manager';
import { WorkspaceSettingsService } from '../workspaces/workspace-settings';
import { ActiveWorkspaces } from './active-workspace';
import { emptyFolderSync, prepareDataFolder, temporaryNotesDir } from '../local-files/data-folder';
import { noteTemporaryFilesIn } from '../local-files/write-atomically';
import type { Emit } from './events';
import { EstimateVersions } from '../versions/estimate-versions';
import { VersionsService } from '../versions/versions-service';

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
  settings: SettingsStore;
  caches: WorkspaceCaches;
  workers: Workers;
  close(): Promise<void>;
}

/**
 * Wires main's features together. Used by the Electron entry point and by the e2e harness, so the
 * tests exercise the same objects the app runs.
 */
export function createServices(o: ServiceOptions): RunningServices {
  const notices: AppNotice[] = [];
  // A notice that comes after start-up (a full disk, uploads recovered) is announced.
  let started = false;
  const notice = (n: AppNotice) => {
    notices.push(n);
    if (started) o.emit('event:notices', { count: notices.length });
  };
  const folder = prepareDataFolder(o.userDataDir);
  noteTemporaryFilesIn(temporaryNotesDir(o.userDataDir));
  for (const moved of folder.movedAside) {
    o.logger.log('warn', `${moved.name} in the data folder was not a folder; moved to ${moved.movedTo}`);
    notices.push({ code: 'data-moved-aside', path: moved.movedTo });
  }
  if (folder.unwritable) {
    o.logger.log('error', `the data folder ${o.userDataDir} cannot be written: ${folder.unwritable}`);
    notices.push({ code: 'data-folder-unwritable', path: o.userDataDir });
  }
  const scratchDir = path.join(o.userDataDir, 'tmp');
  const settings = new SettingsStore(path.join(o.userDataDir, 'settings.json'), o.logger, o.initialLanguage);
  let demo: Promise<Simulator> | null = null;
  const caches = new WorkspaceCaches(
    o.userDataDir,
    o.logger,
    {},
    (id, r) => {
      o.logger.log(
        'warn',
        `offline cache of workspace ${id} was unreadable (${r.reason}); moved aside and rebuilt`,
      );
      notice({ code: 'cache-recovered', path: r.movedTo });
    },
    diskFullNotices((path) => notice({ code: 'disk-full', path })),
  );
  const workspaces = new WorkspaceManager({
    settings,
    secrets: o.secrets,
    dataDir: o.userDataDir,
    logger: o.logger,
    clientOptions: o.clientOptions,
    demoInfo: DEMO_APP_WORKSPACE,
    demo: async () => {
      demo ??= startDemoSimulator({ dataset: 'demo', resourcesDir: o.resourcesDir });
      const sim = await demo;
      const ws = sim.workspaces[0]!;
      return { name: ws.name, baseUrl: sim.baseUrl, customer: ws.customer, key: ws.key };
    },
  });
  const operations = new Operations((e) => o.emit('event:progress', e));
  // Heavy work (large estimates, documents) runs here, off main's thread: see src-main/workers.
  const workers = createWorkers(o.logger, undefined, o.workerScripts);
  // Estimate versions have a thread of their own: keeping a version (started by every fetch, in the
  // background) never queues in front of what the user waits for, and the versions it just read stay
  // in that thread for the comparison that usually follows.
  const versionWorkers = createWorkers(o.logger, 1, o.workerScripts);
  // Exports hold it: a version is kept once no export runs (their memory and cores are not shared).
  const heavyWork = new IdleGate();
  const estimateVersions = new EstimateVersions(versionWorkers, o.logger, undefined, heavyWork);
  // The demo workspace's data is served on this computer anyway: its cache stays in memory.
  const cacheFor = (id: string) => caches.for(id, { memory: id === DEMO_WORKSPACE_ID });
  // Made below; the events that need it come only once everything is wired.
  let connection: ConnectionService | null = null;
  const statusChanged = () => void connection?.changed();
  const active = new ActiveWorkspaces({
    workspaces,
    caches,
    logger: o.logger,
    // Read by the time a workspace is active (choosing it reads the settings).
    budgetBytes: () => (settings.loaded()?.offlineBudgetMb ?? DEFAULT_OFFLINE_BUDGET_MB) * 1024 * 1024,
    onConnectivity: (online, meta) => {
      o.emit('event:connectivity', { online });
      statusChanged();
      // The service answers again: what waited is sent.
      if (online) void outbox.drain(meta.id);
    },
    onCacheUnavailable: (meta) => notice({ code: 'cache-unavailable', workspaceName: meta.name }),
    onEstimateStored: (cache, estimate) => void estimateVersions.record(cache, estimate),
  });
  const workspaceIds = async () => (await workspaces.list()).workspaces.map((w) => w.id);
  const outbox = new OutboxService({
    root: path.join(o.userDataDir, 'outbox'),
    cacheFor,
    clientFor: (id) => workspaces.client(id),
    workspaceIds,
    inMemoryByDesign: (id) => id === DEMO_WORKSPACE_ID,
    emit: (update) => {
      o.emit('event:outbox', update);
      statusChanged();
    },
    observe: (id, err) => active.cachedFor(id)?.noteOutcome(err),
    keyRejected: (id) => {
      if (id === DEMO_WORKSPACE_ID) return;
      workspaces.markKeyRejected(id);
      o.emit('event:workspaceAuthFailed', { workspaceId: id });
    },
    onActivity: statusChanged,
    onRecovered: (report) =>
      void workspaces
        .list()
        .then(({ workspaces: list }) => list.find((w) => w.id === report.workspaceId)?.name)
        .catch(() => undefined)
        .then((name) =>
          notice({
            code: 'outbox-recovered',
            workspaceName: name ?? report.workspaceId,
            waiting: report.waiting,
            needFile: report.needFile,
            kept: report.kept,
          }),
        ),
    logger: o.logger,
    ...o.outbox,
  });
  const presets = new PresetsService(settings, async () => (await workspaces.activeMeta()).id);
  const estimates = new EstimatesService(active.source, operations, o.logger, workers);
  const versions = new VersionsService(active.source, estimateVersions, operations);
  const plans = new PlansService(active.source);
  const companyImages = new CompanyImages(active.source, workspaces);
  // The one export use case: estimates, change orders and rooms read through the features above,
  // saved where the user chooses, written by the workers.
  const exportsService = new ExportService({
    estimates,
    changeOrders: versions,
    rooms: plans,
    save: { choose: (name, format) => o.dialogs.saveFile(name, format) },
    images: companyImages.source,
    settings: { ...bound(presets), uiLanguage: () => workspaces.uiLanguage() },
    workers,
    operations,
    heavyWork,
    logger: o.logger,
  });
  const projectFacts = new ProjectFactsService(active.source, estimates, operations);
  const projects = new ProjectsService(operations, active.source, projectFacts);
  const uploadGrants = new UploadGrants();
  const files = new FilesAppService(active.source, operations, o.dialogs, scratchDir, uploadGrants, outbox);
  const offline = new OfflineService(active.source, operations, workers, heavyWork);
  const storage = new StorageService({
    workspaces: async () => (await workspaces.list()).workspaces,
    cacheFor,
    waiting: (id) => outbox.count(id),
    budgetMb: {
      get: async () => (await settings.load()).offlineBudgetMb,
      set: async (mb) => void (await settings.update((s) => ({ ...s, offlineBudgetMb: mb }))),
    },
  });
  connection = new ConnectionService({
    active: active.source,
    outbox,
    refreshPinned: () => offline.refreshPinned(),
    emit: (status) => o.emit('event:connection', status),
    logger: o.logger,
  });
  const updates = new UpdateController({
    // Null means "updates itself": only a missing `updates` option means development.
    unavailable: o.updates ? o.updates.unavailable : 'development',
    install: o.updates?.install,
    confirmPrivilegedInstall: o.updates?.confirmPrivilegedInstall,
    loadUpdater: o.updates?.loadUpdater ?? (() => Promise.reject(new Error('No updater in this build.'))),
    setting: {
      get: async () => (await settings.load()).autoUpdate,
      set: async (autoUpdate) => void (await settings.update((s) => ({ ...s, autoUpdate }))),
    },
    logger: o.logger,
    onStatus: (status) => o.emit('event:update', status),
  });

  // What one workspace showed must never be shown for another: a change drops what was kept.
  workspaces.onChange((change) => {
    projects.invalidate();
    // A file dropped for one workspace is never uploaded into another (docs/security.md).
    if (change.kind === 'added' || change.kind === 'switched' || change.kind === 'removing')
      uploadGrants.clear();
    if (change.kind === 'removing') {
      active.forget(change.id);
      // Its waiting uploads go with it (the remove dialog says how many).
      void outbox.forgetWorkspace(change.id);
      caches.close(change.id);
      // Previews and opened files of that workspace.
      void files.clearScratch();
    }
    if (change.kind === 'key-replaced') outbox.releaseKeyHolds(change.id);
    statusChanged();
  });

  return {
    version: o.version,
    platform: o.platform,
    takeNotices: async () => {
      started = true;
      await settings.load();
      if (settings.recovered) {
        notices.unshift({
          code: 'settings-recovered',
          ...(settings.recovered.movedTo ? { path: settings.recovered.movedTo } : {}),
        });
        settings.recovered = null;
      }
      for (const n of (await o.secrets.takeNotices?.()) ?? []) {
        notices.push({ code: n.kind, path: n.file, protection: n.backend });
      }
      return notices.splice(0);
    },
    settings,
    caches,
    workers,
    workspaces,
    workspaceSettings: new WorkspaceSettingsService(active.source, o.dialogs),
    appearance: {
      theme: async () => (await settings.load()).theme,
      setTheme: async (theme) => {
        await settings.update((s) => ({ ...s, theme }));
        o.onTheme?.(theme);
      },
    },
    projects,
    projectFacts,
    estimates,
    versions,
    exports: exportsService,
    presets,
    offline,
    outbox,
    storage,
    connection,
    plans,
    roomsCosts: new RoomsCostsService(active.source, workers, operations, (cache, p, e) =>
      estimateVersions.settled(cache, p, e),
    ),
    files,
    uploadGrants,
    forms: new FormsService(
      active.source,
      {
        list: () => workspaces.list(),
        client: (id) => workspaces.client(id),
        keyRejected: (id) => workspaces.markKeyRejected(id),
      },
      o.dialogs,
      o.logger,
    ),
    teams: new TeamsService(active.source),
    webhookTest: new WebhookTestService(active.source, () => workspaces.activeKey(), o.dialogs),
    operations,
    updates,
    logger: o.logger,
    close: async () => {
      emptyFolderSync(scratchDir);
      await outbox.close();
      updates.stop();
      active.close();
      caches.closeAll();
      await Promise.all([workers.close(), versionWorkers.close()]);
      if (demo) await (await demo).close();
    },
  };
}

/** The time between two notices that the disk is full where the cache is. */
const DISK_FULL_NOTICE_EVERY_MS = 60_000;

/** A cache write failed because the disk is full: said at once, then at most once a minute per place. */
function diskFullNotices(tell: (path: string) => void) {
  const told = new Map<string, number>();
  return (_workspaceId: string, failure: WriteFailure) => {
    if (!failure.diskFull) return;
    const where = path.dirname(failure.path);
    const last = told.get(where);
    if (last !== undefined && Date.now() - last < DISK_FULL_NOTICE_EVERY_MS) return;
    told.set(where, Date.now());
    tell(where);
  };
}

/** The export settings of the active workspace, as the export use case takes them. */
function bound(presets: PresetsService) {
  return {
    saved: () => presets.saved(),
    markUsed: (id: string) => presets.markUsed(id),
    documentsLanguage: () => presets.documentsLanguage(),
    rememberLanguage: (language: Parameters<PresetsService['rememberLanguage']>[0]) =>
      presets.rememberLanguage(language),
  };
}
