import path from 'node:path';
import type { UiLanguage } from '../src-shared/ipc/contract';
import type { ApiClientOptions } from './api/client';
import type { Logger } from './log/logger';
import type { Emit, MainServices } from './ipc/handlers';
import { Operations } from './operations/operations';
import { ProjectsService } from './projects/projects-service';
import type { SecretStore } from './secrets/secret-store';
import { SettingsStore } from './settings/settings-store';
import { startSimulator, type Simulator } from './simulator';
import { WorkspaceManager } from './workspaces/workspace-manager';
import { CachedClient } from './cache/cached-client';
import { WorkspaceCaches } from './cache/workspace-caches';
import type { ApiClient } from './api/client';
import { EstimatesService, type ChooseSavePath } from './estimates/estimates-service';

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
  /** The OS save dialog in the app; the e2e harness answers it itself. */
  chooseSavePath: ChooseSavePath;
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
  const caches = new WorkspaceCaches(o.userDataDir, o.logger, {}, (id, r) =>
    o.logger.log(
      'warn',
      `offline cache of workspace ${id} was unreadable (${r.reason}); moved aside and rebuilt`,
    ),
  );
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
    demo: async () => {
      demo ??= startSimulator({ dataset: 'demo' });
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
      const cached = new CachedClient(client, caches.for(meta.id), { logger: o.logger });
      cached.onChange((online) => o.emit('event:connectivity', { online }));
      entry = { client, cached };
      cachedClients.set(meta.id, entry);
    }
    return entry;
  };
  const projects = new ProjectsService(workspaces, operations, active);
  const estimates = new EstimatesService(active, operations, o.chooseSavePath, o.logger);
  return {
    version: o.version,
    platform: o.platform,
    settings,
    caches,
    workspaces,
    projects,
    estimates,
    operations,
    logger: o.logger,
    close: async () => {
      caches.closeAll();
      if (demo) await (await demo).close();
    },
  };
}
