/**
 * The app's upload outbox, for `plandesk upload`: the CLI uploads the way the app does (one upload
 * path), over the same data folder — the file copied in with its checksum, sent at once, looked for
 * before it is ever sent again, and one drain per data folder (while the app sends, the CLI's file
 * waits for it). The workspace's cache is the app's (or the CLI’s own: versions-cache.ts).
 */
import path from 'node:path';
import type { ApiClient } from '../api/client';
import type { Logger } from '../log/logger';
import { OutboxService } from '../outbox/outbox-service';
import type { Connection } from './connection';
import { appDataDir } from './data-dir';
import { openCliCache } from './versions-cache';

export interface CliOutbox {
  outbox: OutboxService;
  workspaceId: string;
  close(): Promise<void>;
}

export async function openCliOutbox(
  client: ApiClient,
  workspace: Connection['workspace'],
  env: NodeJS.ProcessEnv,
  logger: Logger,
): Promise<CliOutbox> {
  const { id: workspaceId, cache } = await openCliCache(workspace, env, logger);
  const demo = workspace === 'demo';
  const outbox = new OutboxService({
    root: path.join(appDataDir(env), 'outbox'),
    cacheFor: () => cache,
    clientFor: () => Promise.resolve(client),
    // Only this workspace is sent from here; the app's start sees to the others (and to recovery).
    workspaceIds: () => Promise.resolve([workspaceId]),
    inMemoryByDesign: () => demo,
    emit: () => undefined,
    logger,
  });
  return {
    outbox,
    workspaceId,
    close: async () => {
      await outbox.close();
      cache.close();
    },
  };
}
