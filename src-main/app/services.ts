import path from 'node:path';
import type { AppNotice } from '../../src-shared/app/types';
import { WorkspaceCaches } from '../cache/workspace-caches';
import { KeptViews } from '../estimates/kept-views';
import { EstimatesService } from '../estimates/estimates-service';
import { createWorkers } from '../workers/pool';
import { IdleGate } from '../workers/idle-gate';
import { ExportService } from '../exports/export-service';
import { PresetsService } from '../exports/presets-service';
import { CompanyImages } from '../exports/company-images';
import { ExportThread } from '../exports/export-thread';
import { FilesAppService } from '../files/files-app-service';
import { UploadGrants } from '../files/upload-grants';
import { FormsService } from '../forms/forms-service';
import { OfflineService } from '../offline/offline-service';
import { ConnectionService } from '../offline/connection-service';
import { StorageService } from '../offline/storage-service';
import { OutboxService } from '../outbox/outbox-service';
import { Operations } from '../operations/operations';
import { PlansService } from '../plans/plans-service';
import { RoomsCostsService } from '../plans/rooms-costs-service';
import { ProjectsService } from '../projects/projects-service';
import { ProjectFactsService } from '../projects/project-facts';
import { DEFAULT_OFFLINE_BUDGET_MB, DEMO_WORKSPACE_ID, SettingsStore } from '../settings/settings-store';
import { TeamsService } from '../teams/teams-service';
import { WebhookTestService } from '../webhook/webhook-test-service';
import { DEMO_APP_WORKSPACE, startDemoSimulator, type Simulator } from '../demo/demo-simulator';
import { UpdateController } from '../updates/update-controller';
import { WorkspaceManager } from '../workspaces/workspace-manager';
import { WorkspaceSettingsService } from '../workspaces/workspace-settings';
import { ActiveWorkspaces } from './active-workspaces';
import { diskFullNotices } from './disk-full-notices';
import { ServiceError } from '../errors/service-error';
import type { RunningServices, ServiceOptions } from './service-types';

export type { MainServices, RunningServices, ServiceOptions } from './service-types';
import { emptyFolderSync, prepareDataFolder, temporaryNotesDir } from '../local-files/data-folder';
import { noteTemporaryFilesIn } from '../local-files/write-atomically';
import { EstimateVersions } from '../versions/estimate-versions';
import { VersionsService } from '../versions/versions-service';

/** How long closing waits for the start-up warm-up to end. */
const WARM_UP_CLOSE_WAIT_MS = 5_000;

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
  /** Set by close: the demo service is not started any more (close stops the one it finds). */
  let closing = false;
  /** The start-up warm-up, which close waits for (it never rejects). */
  let warming: Promise<unknown> = Promise.resolve();
  const tellDiskFull = diskFullNotices((path) => notice({ code: 'disk-full', path }));
  const workspaces = new WorkspaceManager({
    settings,
    secrets: o.secrets,
    dataDir: o.userDataDir,
    logger: o.logger,
    clientOptions: o.clientOptions,
    demoInfo: DEMO_APP_WORKSPACE,
    demo: async () => {
      if (closing) throw new ServiceError('cancelled', 'PlanDesk is closing.');
      demo ??= startDemoSimulator({ dataset: 'demo', resourcesDir: o.resourcesDir }).then(
        (sim) => {
          o.logger.log('info', `the demo service started at ${sim.baseUrl}`);
          return sim;
        },
        (err: unknown) => {
          // Tried again on the next request (a start that failed is not kept for the session).
          demo = null;
          throw err;
        },
      );
      const sim = await demo;
      const ws = sim.workspaces[0]!;
      return { name: ws.name, baseUrl: sim.baseUrl, customer: ws.customer, key: ws.key };
    },
  });
  const operations = new Operations((e) => o.emit('event:progress', e));
  // Heavy work (large estimates, documents) runs here, off main's thread: see src-main/workers.
  // Without a code cache (workers/code-cache.ts): the app runs only code from its own archive.
  const workers = createWorkers(o.logger, undefined, o.workerScripts);
  // Estimate versions have a thread of their own: keeping a version (started by every fetch, in the
  // background) never queues in front of what the user waits for, and the versions it just read stay
  // in that thread for the comparison that usually follows.
  const versionWorkers = createWorkers(o.logger, 1, o.workerScripts);
  const caches = new WorkspaceCaches(
    o.userDataDir,
    o.logger,
    // SQLite's checkpoints (copying the -wal into the file) in the versions thread, which has just
    // kept the version whose commit grew it: never inside a commit on main (cache/wal-checkpoints.ts).
    { checkpointIn: (file, signal) => versionWorkers.run('cache-checkpoint', { file }, { signal }) },
    (id, r) => {
      o.logger.log(
        'warn',
        `offline cache of workspace ${id} was unreadable (${r.reason}); moved aside and rebuilt`,
      );
      notice({ code: 'cache-recovered', path: r.movedTo });
    },
    tellDiskFull,
  );
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
            ...(report.unlisted ? { unlisted: report.unlisted } : {}),
          }),
        ),
    // The upload records could not be written: told like the cache's (at most once a minute per place).
    onDiskFull: (where) => tellDiskFull('', { path: where, what: 'upload records', diskFull: true }),
    logger: o.logger,
    ...o.outbox,
  });
  const presets = new PresetsService(settings, async () => (await workspaces.activeMeta()).id);
  // The export thread gets ready when an estimate opens (an export may well follow).
  const exportThread = new ExportThread(workers, o.logger);
  // Views of large estimates kept beside their offline copies, valid for this version of PlanDesk.
  const views = new KeptViews(o.version, o.logger);
  const estimates = new EstimatesService(
    active.source,
    operations,
    o.logger,
    workers,
    views,
    exportThread.estimateOpened,
  );
  const versions = new VersionsService(active.source, estimateVersions, operations);
  const plans = new PlansService(active.source);
  const companyImages = new CompanyImages(active.source, workspaces);
  const roomsCosts = new RoomsCostsService(active.source, workers, operations, (cache, p, e) =>
    estimateVersions.settled(cache, p, e),
  );
  // The one export use case: estimates, change orders and rooms read through the features above,
  // saved where the user chooses, written by the workers.
  const exportsService = new ExportService({
    estimates,
    changeOrders: versions,
    rooms: plans,
    planRooms: roomsCosts,
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
  const offline = new OfflineService(active.source, operations, workers, views, heavyWork);
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
    warmUp: () => {
      // What fails here (a locked keychain, a workspace without its key) fails again on the first
      // screen's request, which tells the user; here it is only noted.
      warming = active.source().catch((err: unknown) => o.logger.log('info', `warm-up: ${String(err)}`));
    },
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
    roomsCosts,
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
    webhookTest: new WebhookTestService(active.source, (id) => workspaces.keyOf(id), o.dialogs),
    operations,
    updates,
    logger: o.logger,
    close: async () => {
      // First what could still reach for a workspace's cache: operations under way (a list's
      // background fill) and the export thread's warm-up after an estimate opened.
      closing = true;
      // A keychain read or a demo start under way ends first, so nothing of it is left running (not
      // waited for long: a keychain's question to the user may stay unanswered).
      await Promise.race([warming, new Promise((r) => setTimeout(r, WARM_UP_CLOSE_WAIT_MS).unref())]);
      operations.close();
      exportThread.close();
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
