import {
  createServices,
  type MainServices,
  type RunningServices,
  type ServiceOptions,
} from '../../src-main/app/services';
import { MemorySecretStore } from '../../src-main/secrets/secret-store';
import { captureLog } from './log-capture';

/**
 * Main's services as the app wires them, for a test: a user-data folder and the dialogs' answers;
 * an in-memory keychain, a quiet log and short retries unless the test gives its own.
 */
export function startAppServices(
  options: Pick<ServiceOptions, 'userDataDir' | 'dialogs'> & Partial<ServiceOptions>,
): RunningServices {
  return createServices({
    version: 'test',
    platform: 'linux',
    secrets: new MemorySecretStore(),
    logger: captureLog().logger,
    emit: () => undefined,
    clientOptions: { retry: { baseDelayMs: 5, maxDelayMs: 20 } },
    ...options,
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
  services.uploadGrants.grantDrop(filePath, { workspaceId: id, projectId });
}
