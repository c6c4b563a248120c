import type { RetryPolicy } from '../../src-main/api/backoff';
import {
  createServices,
  type MainServices,
  type RunningServices,
  type ServiceOptions,
} from '../../src-main/app/services';
import { MemorySecretStore } from '../../src-main/secrets/secret-store';
import { builtWorkerScripts } from './built-bundle';
import { captureLog } from './log-capture';
import { testDialogs } from './test-dialogs';

export type TestServiceOptions = Pick<ServiceOptions, 'userDataDir'> &
  Partial<ServiceOptions> & {
    /** Retries of the API client, over the short pauses every test gets. */
    retry?: Partial<RetryPolicy>;
  };

/**
 * Main's services as the app wires them, for a test: in a user-data folder; an in-memory keychain,
 * a quiet log, no events, dialogs that answer from the test's own folder, short retry pauses and
 * the worker scripts as built (when they are fresh), unless the test gives its own (its
 * `clientOptions.retry` and `retry` go over the short pauses).
 */
export function startAppServices(options: TestServiceOptions): RunningServices {
  const { retry, ...given } = options;
  const workerScripts = builtWorkerScripts();
  return createServices({
    version: 'test',
    platform: 'linux',
    secrets: new MemorySecretStore(),
    logger: captureLog().logger,
    emit: () => undefined,
    dialogs: testDialogs(options.userDataDir).dialogs,
    ...(workerScripts ? { workerScripts } : {}),
    ...given,
    clientOptions: {
      ...given.clientOptions,
      retry: { baseDelayMs: 5, maxDelayMs: 20, ...given.clientOptions?.retry, ...retry },
    },
  });
}

/** The same, with a workspace of `service` added (and active). */
export async function startAppWithWorkspace(
  service: { baseUrl: string; customer: string; key: string },
  options: Parameters<typeof startAppServices>[0],
): Promise<RunningServices> {
  const services = startAppServices(options);
  await services.workspaces.add({
    customer: service.customer,
    key: service.key,
    baseUrl: service.baseUrl,
    language: 'en-US',
  });
  return services;
}

/**
 * A file "dropped" on a project's files view: granted for one upload into that project of the active
 * workspace, as the preload's registration (`files:registerDrop`) grants it.
 */
export async function dropFile(services: MainServices, filePath: string, projectId: string): Promise<void> {
  const { id } = await services.workspaces.activeMeta();
  services.uploadGrants.grantDrop([filePath], { workspaceId: id, projectId });
}
