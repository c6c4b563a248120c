/**
 * What `plandesk diff`, `export-changes` and `rooms-costs` work on: the app's own cache of the workspace
 * (the same versions the app keeps; SQLite lets both use the file at once), reached through the
 * same read-through client, so every estimate the CLI fetches is kept as a version too. A workspace
 * the app does not know gets a cache of its own, named after its service address and customer ID;
 * the demo workspace's lives in memory, like the app's.
 */
import { createHash } from 'node:crypto';
import type { ApiClient } from '../api/client';
import { CachedClient } from '../cache/cached-client';
import type { CacheDb } from '../cache/cache-db';
import type { Logger } from '../log/logger';
import { CLI_WORKSPACE_PREFIX } from '../local-files/data-folder';
import { EstimateVersions } from '../versions/estimate-versions';
import type { Workers } from '../workers/pool';
import type { Connection } from './connection';
import { appSettings, appWorkspaceId } from './saved-presets';
import { appDataDir } from './data-dir';
import { cliWorkers } from './cli-workers';

export interface CliVersions {
  cache: CacheDb;
  cached: CachedClient;
  versions: EstimateVersions;
  /** The worker threads the app's tasks run in (estimates read, positions placed). */
  workers: Workers;
  close(): Promise<void>;
}

/**
 * The workspace's id in the data folder: the app's, when the app knows it (the same service address
 * and customer ID), else one of the CLI's own, named after both; the demo's is `demo`.
 */
export async function cliWorkspaceId(
  workspace: Connection['workspace'],
  env: NodeJS.ProcessEnv,
): Promise<string> {
  if (workspace === 'demo') return 'demo';
  return (
    appWorkspaceId(await appSettings(env), workspace) ??
    `${CLI_WORKSPACE_PREFIX}${createHash('sha256').update(`${workspace.baseUrl}\n${workspace.customer}`).digest('hex').slice(0, 24)}`
  );
}

/** The workspace's cache in the data folder (the demo's in memory, as the app keeps it), and its id. */
export async function openCliCache(
  workspace: Connection['workspace'],
  env: NodeJS.ProcessEnv,
  logger: Logger,
): Promise<{ id: string; cache: CacheDb }> {
  // Loaded only by the commands that need it: the other commands never load the native module.
  const { openCache } = await import('../cache/open-cache');
  const id = await cliWorkspaceId(workspace, env);
  return { id, cache: openCache(appDataDir(env), id, logger, { memory: workspace === 'demo' }) };
}

export async function openCliVersions(
  client: ApiClient,
  workspace: Connection['workspace'],
  env: NodeJS.ProcessEnv,
  logger: Logger,
): Promise<CliVersions> {
  const { cache } = await openCliCache(workspace, env, logger);
  const workers = cliWorkers(logger, appDataDir(env));
  const versions = new EstimateVersions(workers, logger);
  const cached = new CachedClient(client, cache, {
    logger,
    onEstimateStored: (estimate) => void versions.record(cache, estimate),
  });
  return {
    cache,
    cached,
    versions,
    workers,
    close: async () => {
      await workers.close();
      cache.close();
    },
  };
}
