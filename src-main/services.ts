import path from 'node:path';
import type { AppNotice, UiLanguage } from '../src-shared/ipc/contract';
import type { ApiClientOptions } from './api/client';
import type { Logger } from './log/logger';
import type { Emit, MainServices } from './ipc/handlers';
import { Operations } from './operations/operations';
import { ProjectsService } from './projects/projects-service';
import type { SecretStore } from './secrets/secret-store';
import { SettingsStore } from './settings/settings-store';
import { DEMO_APP_WORKSPACE, startDemoSimulator, type Simulator } from './demo/demo-simulator';
import { WorkspaceManager } from './workspaces/workspace-manager';
import { CachedClient } from './cache/cached-client';
import { WorkspaceCaches } from './cache/workspace-caches';
import type { ApiClient } from './api/client';
import { EstimatesService } from './estimates/estimates-service';
import type { Dialogs } from './dialogs';
import { PlansService } from './plans/plans-service';
import { FilesAppService } from './files/files-app-service';

const PROBE_INTERVAL_MS = 15_000;

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
}

export interface RunningServices extends MainServices {
  settings: SettingsStore;
  caches: WorkspaceCaches;
  close(): Promise<void>;
}

/**
 * Wires main's features together. Used by the Electron entry point and by the e2e harness, so the
 * tests exercise the same objects the app runs.
 */
export function createServices(o: ServiceOptions): RunningServices {
  const settings = new SettingsStore(path.join(o.userDataDir, 'settings.json'), o.logger, o.initialLanguage);
  let demo: Promise<Simulator> | null = null;
  const notices: AppNotice[] = [];
  const caches = new WorkspaceCaches(o.userDataDir, o.logger, {}, (id, r) => {
    o.logger.log(
      'warn',
      `offline cache of workspace ${id} was unreadable (${r.reason}); moved aside and rebuilt`,
    );
    notices.push({ code: 'cache-recovered', path: r.movedTo });
  });
  const workspaces = new WorkspaceManager({
    beforeRemove: (id) => {
      caches.close(id);
      cachedClients.delete(id);
    },
    settings,
    secrets: o.secrets,
    dataDir: o.userDataDir,
    logger: o.logger,
    clientOptions: o.clientOptions,
    demoInfo: DEMO_APP_WORKSPACE,
    demo: async () => {
      demo ??= startDemoSimulator({ dataset: 'demo' });
      const sim = await demo;
      const ws = sim.workspaces[0]!;
      return { name: ws.name, baseUrl: sim.baseUrl, customer: ws.customer, key: ws.key };
    },
  });
  const operations = new Operations((e) => o.emit('event:progress', e));

  // One read-through cache client per workspace (and per API client: a new key or language makes a
  // new one). Its connectivity changes reach the renderer as events.
  const cachedClients = new Map<string, { client: ApiClient; cached: CachedClient }>();
  const active = async () => {
    const { meta, client } = await workspaces.activeClient();
    let entry = cachedClients.get(meta.id);
    if (!entry || entry.client !== client) {
      // The demo workspace's data is served on this computer anyway: its cache stays in memory.
      const cache = caches.for(meta.id, { memory: meta.demo });
      if (!cache.persistent && !meta.demo)
        notices.push({ code: 'cache-unavailable', workspaceName: meta.name });
      const cached = new CachedClient(client, cache, { logger: o.logger });
      // While the service is unreachable, check every 15 s; when it answers, the renderer refreshes.
      let probe: NodeJS.Timeout | undefined;
      cached.onChange((online) => {
        o.emit('event:connectivity', { online });
        clearInterval(probe);
        probe = online ? undefined : setInterval(() => void cached.probe(), PROBE_INTERVAL_MS);
        probe?.unref();
      });
      entry = { client, cached };
      cachedClients.set(meta.id, entry);
    }
    return { meta, ...entry };
  };
  const projects = new ProjectsService(operations, active);
  const estimates = new EstimatesService(
    active,
    operations,
    (name, kind) => o.dialogs.saveFile(name, kind),
    o.logger,
  );
  const plans = new PlansService(active, o.dialogs);
  const files = new FilesAppService(active, operations, o.dialogs, path.join(o.userDataDir, 'tmp'));
  return {
    version: o.version,
    platform: o.platform,
    takeNotices: async () => {
      await settings.load();
      if (settings.recovered) {
        notices.unshift({ code: 'settings-recovered', path: settings.recovered.movedTo });
        settings.recovered = null;
      }
      return notices.splice(0);
    },
    settings,
    caches,
    workspaces,
    projects,
    estimates,
    plans,
    files,
    operations,
    logger: o.logger,
    close: async () => {
      caches.closeAll();
      if (demo) await (await demo).close();
    },
  };
}
