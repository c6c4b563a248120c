/**
 * Main's services as the app wires them, for a benchmark: a quiet log, an in-memory keychain, the
 * worker scripts as built, and a workspace on the benchmark's backend added and active.
 */
import { createServices, type RunningServices } from '../src-main/app/services';
import type { Dialogs } from '../src-main/dialogs';
import { silentLogger } from '../src-main/log/logger';
import { MemorySecretStore } from '../src-main/secrets/secret-store';
import type { Backend } from './child-simulator';

export async function benchApp(
  backend: Backend,
  options: { userDataDir: string; dialogs: Dialogs; workerScripts: string },
): Promise<RunningServices> {
  const services = createServices({
    version: 'bench',
    platform: process.platform,
    secrets: new MemorySecretStore(),
    logger: silentLogger,
    emit: () => undefined,
    ...options,
  });
  await services.workspaces.add({
    customer: backend.customer,
    key: backend.key,
    baseUrl: backend.baseUrl,
    language: 'de-DE',
  });
  return services;
}
