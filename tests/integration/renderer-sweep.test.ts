import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServices } from '../../src-main/app/services';
import { createDispatcher } from '../../src-main/ipc/handlers';
import { startWebhookListener, type ReceivedCall } from '../../src-main/webhook/listener';
import { startSimulator, type Simulator } from '../../simulator';
import { channels, type Channel } from '../../src-shared/ipc/channels';
import { startAppWithWorkspace } from '../helpers/app-services';
import { captureLog } from '../helpers/log-capture';
import { testDialogs } from '../helpers/test-dialogs';

// Issue 23's acceptance: a compromised renderer calls every function of window.api with hostile
// values, through main's real dispatcher, and every native question is answered "no". Nothing may
// crash or hang, no answer and no log line may hold the key, no object's prototype may change, no
// file the user did not give may be uploaded, no call may reach a webhook receiver, and no request
// may carry the key to a storage host.

let sim: Simulator;
let dir: string;
let services: RunningServices;
let dialogs: ReturnType<typeof testDialogs>;
let log: ReturnType<typeof captureLog>;
let receiver: { url: string; calls: ReceivedCall[]; close: () => Promise<void> };
let projectId: string;
let secret: string;

beforeAll(async () => {
  sim = await startSimulator({ dataset: 'demo' });
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'plandesk-renderer-sweep-'));
  await fs.mkdir(path.join(dir, 'out'));
  dialogs = testDialogs(path.join(dir, 'out'));
  Object.assign(dialogs.answers, { confirm: false, save: false, folder: null, open: [] });
  log = captureLog();
  const w = sim.workspaces[0]!;
  services = await startAppWithWorkspace(
    { customer: w.customer, key: w.key, baseUrl: sim.baseUrl },
    { userDataDir: path.join(dir, 'userdata'), dialogs: dialogs.dialogs, logger: log.logger },
  );
  projectId = (await services.projects.list({ page: 1, pageSize: 1, sort: 'service', direction: 'asc' }))
    .rows[0]!.id;
  secret = path.join(dir, 'id_rsa.pdf');
  await fs.writeFile(secret, 'PRIVATE KEY');
  const calls: ReceivedCall[] = [];
  const l = await startWebhookListener({ showKey: true, onCall: (c) => calls.push(c) });
  receiver = { url: l.url, calls, close: l.close };
});

afterAll(async () => {
  await receiver.close();
  await services.close();
  await sim.close();
  await fs.rm(dir, { recursive: true, force: true });
});

/** An object whose every field a channel might read holds something an attacker would try. */
function kitchenSink(): Record<string, unknown> {
  return {
    id: '..',
    projectId,
    estimateId: '../estimates',
    planId: '%2e%2e',
    fileId: 'a/b',
    workspaceId: '\u0000',
    url: `${receiver.url}?client=${encodeURIComponent('Müller, mueller@example.com')}`,
    sendRealKey: true,
    paths: [secret, '/etc/passwd'],
    operationId: 'sweep-op',
    document: JSON.parse('{"name":"x","context":["plan"],"children":[],"__proto__":{"polluted":true}}'),
    changes: JSON.parse('{"__proto__":{"polluted":true}}'),
    name: 'Rechnung\u202efdp.exe',
    workspaceIds: ['..', 'demo'],
    published: true,
    megabytes: 1e9,
    format: 'pdf',
    presetId: 'internal',
    language: 'de-DE',
    page: -1,
    pageSize: 1e9,
    customer: 'c',
    key: 'k',
    baseUrl: 'file:///etc/passwd',
    actingUser: '<script>@example.com',
    from: { kind: 'version', versionId: '..' },
    to: { kind: 'current' },
  };
}

function hostileValues(): unknown[] {
  let deep: Record<string, unknown> = {};
  for (let i = 0; i < 5000; i++) deep = { a: deep };
  const sink = kitchenSink();
  return [
    undefined,
    null,
    true,
    0,
    -1,
    Number.NaN,
    Number.POSITIVE_INFINITY,
    1e308,
    '',
    '..',
    '/etc/passwd',
    'x'.repeat(100_000),
    '\u0000',
    '\u001b]0;pwned\u0007',
    {},
    [],
    deep,
    JSON.parse('{"__proto__":{"polluted":true}}'),
    sink,
    { ...sink, url: receiver.url, sendRealKey: false, projectId: undefined },
    { ...sink, url: 'http://169.254.169.254/latest/meta-data/' },
    { ...sink, paths: undefined },
  ];
}

describe('every window.api function with hostile values (issue 23, acceptance)', () => {
  it('nothing crashes, leaks the key, changes a prototype, uploads, or reaches a receiver', async () => {
    const dispatch = createDispatcher(services, () => undefined);
    const key = sim.workspaces[0]!.key;
    const values = hostileValues();
    const names = Object.keys(channels) as Channel[];
    let calls = 0;
    for (const channel of names) {
      for (const v of values) {
        for (const args of [[v], [v, v], [kitchenSink(), v]]) {
          const answer = await dispatch(channel, args);
          calls++;
          expect(typeof answer.ok, channel).toBe('boolean');
          if (!answer.ok) expect(typeof answer.error.message, channel).toBe('string');
          expect(JSON.stringify(answer) ?? '', channel).not.toContain(key);
        }
      }
    }
    expect(calls).toBe(names.length * values.length * 3);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.prototype).not.toHaveProperty('polluted');
    expect(receiver.calls).toEqual([]);
    expect(sim.faults.stats().credentialLeaks).toBe(0);
    expect(log.lines.join('\n')).not.toContain(key);
    // No handler failed with anything but a typed error (an unexpected exception is logged so).
    expect(log.lines.filter((l) => / failed: /.test(l))).toEqual([]);
    const files = await services.files.list(projectId);
    expect(files.map((f) => f.name)).not.toContain('id_rsa.pdf');
    // Every native question was answered no: the webhook address was never set anywhere.
    expect((await services.workspaceSettings.get()).webhookUrl).toBeNull();
  }, 300_000);
});
