/**
 * The built-in simulator of the Floor-Plan Project Service: the app's demo workspace and every
 * test's backend. Two HTTP servers: the API (with the admin API under /_sim) and a storage host
 * on its own origin for presigned uploads and downloads.
 */
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createAdminRouter } from './admin';
import { runCustomExport } from './custom-export';
import type { SimDataset } from './data/types';
import { loadDataset } from './dataset-loader';
import { validateFaultSpec, validateVariants } from './faults';
import { registerEstimateRoutes } from './handlers/estimates';
import { registerFileRoutes } from './handlers/files';
import { registerFormRoutes } from './handlers/forms';
import { registerPlanRoutes } from './handlers/plans';
import { registerProjectRoutes } from './handlers/projects';
import { registerTeamRoutes } from './handlers/teams';
import { registerWorkspaceRoutes } from './handlers/workspace';
import { RateLimiter } from './rate-limit';
import { Router } from './router';
import { API_PREFIX, ADMIN_PREFIX, createApiServer } from './server';
import type { FaultControls } from './sim-types';
import { SimState, type ApiContext } from './state';
import { hostForUrl, listenAt, StorageService } from './storage';
import { Store } from './store';

export type {
  CustomExportResult,
  FaultControls,
  FaultSpec,
  ProjectFileJson,
  SimStats,
  VariantFlags,
  WebhookResult,
} from './sim-types';

export interface SimulatorOptions {
  /** Default 0: a free port. */
  port?: number;
  /** Default 127.0.0.1. */
  host?: string;
  /** Default 'demo' (resources/demo/dataset.json). */
  dataset?: SimDataset | 'demo' | 'large';
  /**
   * The folder that holds `demo/dataset.json` (the packaged app's resources folder); looked in before
   * PLANDESK_RESOURCES and the folders above the cwd.
   */
  resourcesDir?: string;
  /**
   * Requests per window per key; defaults 500 / 2000 per 300,000 ms. `now` is the windows' clock
   * (default Date.now): a test passes its own to move past a window without waiting for it.
   */
  rateLimit?: { standard?: number; highThroughput?: number; windowMs?: number; now?: () => number };
  /** Request log: method, path without query, status, duration. Never header values. */
  logger?: (line: string) => void;
}

export interface SimulatorWorkspaceInfo {
  name: string;
  customer: string;
  key: string;
}

export interface Simulator {
  /** `http://127.0.0.1:PORT/api/v2` */
  baseUrl: string;
  /** `http://127.0.0.1:PORT/_sim` */
  adminUrl: string;
  /** Origin of the separate storage server. */
  storageUrl: string;
  workspaces: SimulatorWorkspaceInfo[];
  faults: FaultControls;
  /**
   * The service goes away as if switched off (connections refused), keeping everything it holds;
   * `resume` brings it back on the same addresses. What a building site without signal looks like.
   */
  suspend(): Promise<void>;
  resume(): Promise<void>;
  close(): Promise<void>;
}

function apiRouter(): Router<ApiContext> {
  const router = new Router<ApiContext>();
  registerWorkspaceRoutes(router);
  registerProjectRoutes(router);
  registerPlanRoutes(router);
  registerEstimateRoutes(router);
  registerFileRoutes(router);
  registerFormRoutes(router);
  registerTeamRoutes(router);
  return router;
}

function closeServer(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve());
    server.closeAllConnections();
  });
}

export async function startSimulator(options: SimulatorOptions = {}): Promise<Simulator> {
  const store = new Store(await loadDataset(options.dataset ?? 'demo', options.resourcesDir));
  const limits = options.rateLimit ?? {};
  const limiter = new RateLimiter(
    {
      standard: limits.standard ?? 500,
      high: limits.highThroughput ?? 2000,
      windowMs: limits.windowMs ?? 300_000,
    },
    limits.now,
  );
  const sim = new SimState(store, limiter, options.logger);
  const host = options.host ?? '127.0.0.1';

  sim.storage = await StorageService.start({
    host,
    now: () => sim.now(),
    resolveFile: (wsId, projectId, fileId) =>
      store
        .workspaceById(wsId)
        ?.project(projectId)
        ?.files.find((f) => f.id === fileId),
    countRequest: () => void sim.stats.storageRequests++,
    countLeak: () => void sim.stats.credentialLeaks++,
    log: (line) => sim.log(line),
  });

  const controls: FaultControls = {
    setFaults: (spec) => sim.faults.set(validateFaultSpec(spec)),
    clearFaults: () => sim.faults.clear(),
    setVariants: (flags) => {
      sim.variants = { ...sim.variants, ...validateVariants(flags) };
    },
    advanceClock: (ms) => {
      if (!Number.isFinite(ms)) throw new RangeError('advanceClock needs a finite number of milliseconds');
      sim.clockOffsetMs += ms;
    },
    revoke: (customer) => {
      const ws = store.workspaceByCustomer(customer);
      if (!ws) throw new Error(`Unknown customer: ${customer}`);
      ws.revoked = true;
    },
    customExport: (projectId, opts) => runCustomExport(sim, projectId, opts),
    stats: () => structuredClone(sim.stats),
  };

  const server = createApiServer({ sim, api: apiRouter(), admin: createAdminRouter(), controls });
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(options.port ?? 0, host, () => resolve());
    });
  } catch (err) {
    await sim.storage.close();
    throw err;
  }
  const { port } = server.address() as AddressInfo;
  sim.origin = `http://${hostForUrl(host)}:${port}`;
  sim.baseUrl = `${sim.origin}${API_PREFIX}`;

  let closing: Promise<void> | null = null;
  return {
    baseUrl: sim.baseUrl,
    adminUrl: `${sim.origin}${ADMIN_PREFIX}`,
    storageUrl: sim.storage.origin,
    workspaces: store.workspaces.map((ws) => ({
      name: ws.data.name,
      customer: ws.data.customer,
      key: ws.data.key,
    })),
    faults: controls,
    suspend: async () => {
      await Promise.all([closeServer(server), sim.storage.suspend()]);
    },
    resume: async () => {
      await Promise.all([listenAt(server, new URL(sim.origin)), sim.storage.resume()]);
    },
    close: () => (closing ??= Promise.all([closeServer(server), sim.storage.close()]).then(() => undefined)),
  };
}
