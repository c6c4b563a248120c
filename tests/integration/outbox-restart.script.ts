/**
 * PlanDesk started again over a user-data folder whose outbox holds waiting uploads: run by
 * outbox.test.ts in a new process (a real restart: nothing of the first process's memory is left).
 *   node --import tsx tests/integration/outbox-restart.script.ts <userData> <keychain service> [retry ms]
 * Prints JSON lines: {"started":…} once the outbox has started, {"drained":…} once it is empty.
 * The parent may kill it at any moment (the crash case).
 */
import path from 'node:path';
import { createServices } from '../../src-main/app/services';
import { KeytarSecretStore } from '../../src-main/secrets/secret-store';
import { captureLog } from '../helpers/log-capture';
import { testDialogs } from '../helpers/test-dialogs';

const [userData, keychain, retryMs = '100'] = process.argv.slice(2) as [string, string, string?];
const log = captureLog();
const print = (line: unknown) => process.stdout.write(`${JSON.stringify(line)}\n`);

const services = createServices({
  version: 'test',
  platform: 'linux',
  userDataDir: userData,
  secrets: new KeytarSecretStore(keychain),
  logger: log.logger,
  emit: () => undefined,
  dialogs: testDialogs(path.join(userData, 'out')).dialogs,
  clientOptions: { retry: { baseDelayMs: 5, maxDelayMs: 20 } },
  outbox: { offlineRetryMs: Number(retryMs), busyRetryMs: Number(retryMs) },
});

async function main(): Promise<void> {
  const active = (await services.workspaces.activeMeta()).id;
  await services.outbox.start();
  print({ started: true, waiting: services.outbox.count(active).entries });
  const deadline = Date.now() + 60_000;
  while (services.outbox.count(active).entries > 0) {
    if (Date.now() > deadline) {
      print({ timeout: true, entries: services.outbox.list(active), log: log.lines.slice(-30) });
      break;
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  print({
    drained: services.outbox.count(active).entries === 0,
    log: log.lines.filter((l) => l.includes('outbox')),
  });
  await services.close();
}

void main().then(
  () => process.exit(0),
  (err: unknown) => {
    print({ error: String((err as Error)?.stack ?? err) });
    process.exit(1);
  },
);
