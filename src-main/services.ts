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
}

export interface RunningServices extends MainServices {
  settings: SettingsStore;
  close(): Promise<void>;
}

/**
 * Wires main's features together. Used by the Electron entry point and by the e2e harness, so the
 * tests exercise the same objects the app runs.
 */
export function createServices(o: ServiceOptions): RunningServices {
  const settings = new SettingsStore(path.join(o.userDataDir, 'settings.json'), o.logger, o.initialLanguage);
  let demo: Promise<Simulator> | null = null;
  const workspaces = new WorkspaceManager({
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
  const projects = new ProjectsService(workspaces, operations);
  return {
    version: o.version,
    platform: o.platform,
    settings,
    workspaces,
    projects,
    operations,
    logger: o.logger,
    close: async () => {
      if (demo) await (await demo).close();
    },
  };
}
