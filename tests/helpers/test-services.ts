import type { RetryPolicy } from '../../src-main/api/backoff';
import type { Emit } from '../../src-main/app/events';
import { createServices, type RunningServices } from '../../src-main/app/services';
import type { Dialogs } from '../../src-main/dialogs';
import { MemorySecretStore, type SecretStore } from '../../src-main/secrets/secret-store';
import { captureLog } from './log-capture';
import { testDialogs } from './test-dialogs';

/**
 * Main's services as the app wires them, for an integration test: in `userDataDir`, with short retry
 * pauses; the keychain, the events and the dialogs are the test's when it passes them.
 */
export function testServices(
  userDataDir: string,
  o: { secrets?: SecretStore; emit?: Emit; dialogs?: Dialogs; retry?: Partial<RetryPolicy> } = {},
): RunningServices {
  return createServices({
    version: 'test',
    platform: 'linux',
    userDataDir,
    secrets: o.secrets ?? new MemorySecretStore(),
    logger: captureLog().logger,
    emit: o.emit ?? (() => undefined),
    dialogs: o.dialogs ?? testDialogs(userDataDir).dialogs,
    clientOptions: { retry: { baseDelayMs: 5, maxDelayMs: 20, ...o.retry } },
  });
}
