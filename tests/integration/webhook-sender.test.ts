import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { promises as fs } from 'node:fs';
import { createServer, type IncomingMessage, type RequestListener, type ServerResponse } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo, Server } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServices } from '../../src-main/app/services';
import { KeytarSecretStore } from '../../src-main/secrets/secret-store';
import { startWebhookListener, type ReceivedCall } from '../../src-main/webhook/listener';
import { sendProjectUpdated } from '../../src-main/webhook/test-sender';
import { sampleFields } from '../../src-main/webhook/test-fields';
import { startSimulator, type Simulator } from '../../simulator';
import { PLACEHOLDER_KEY, WEBHOOK_STATUSES, maskKey, statusMeaning } from '../../src-shared/webhook/types';
import { describeWithTools, openssl, toolPath } from '../helpers/external-tools';
import { startAppServices } from '../helpers/app-services';

// The test sender: against the listener (every status, the placeholder and the real key, a real
// project's fields), and against receivers that misbehave in every way it must name.

let sim: Simulator;
let dir: string;
let services: RunningServices;
let secrets: KeytarSecretStore;
const servers: Server[] = [];

async function serve(handler: RequestListener): Promise<string> {
  const server = createServer(handler);
  servers.push(server);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
}

async function listener(options: Partial<Parameters<typeof startWebhookListener>[0]> = {}) {
  const calls: ReceivedCall[] = [];
  const l = await startWebhookListener({ onCall: (c) => calls.push(c), ...options });
  servers.push({ close: (cb: () => void) => void l.close().then(cb) } as unknown as Server);
  return { url: l.url, calls };
}

/** Makes `url` the workspace's own webhook address, as the user would in the service's web app. */
async function ownAddress(url: string): Promise<void> {
  const { id } = await services.workspaces.activeMeta();
  await (await services.workspaces.client(id)).setWebhookUrl(url);
}

function answer(status: number, body: string, headers: Record<string, string> = {}): RequestListener {
  return (req: IncomingMessage, res: ServerResponse) => {
    req.resume();
    req.on('end', () => {
      res.writeHead(status, { 'content-type': 'application/xml', ...headers });
      res.end(body);
    });
  };
}

beforeAll(async () => {
  sim = await startSimulator({ dataset: 'demo' });
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'plandesk-webhook-'));
  secrets = new KeytarSecretStore(`PlanDesk-test-${randomUUID()}`);
  services = startAppServices({ userDataDir: dir, secrets });
  const w = sim.workspaces[0]!;
  await services.workspaces.add({
    customer: w.customer,
    key: w.key,
    baseUrl: sim.baseUrl,
    language: 'en-US',
  });
});
afterEach(async () => {
  await ownAddress('https://hooks.example.com/plandesk');
  await Promise.all(servers.splice(0).map((s) => new Promise<void>((r) => s.close(() => r()))));
});
afterAll(async () => {
  for (const w of (await services.settings.load()).workspaces)
    await secrets.delete(w.id).catch(() => undefined);
  await services.close();
  await sim.close();
  await fs.rm(dir, { recursive: true, force: true });
});

describe('webhook test sender against the listener', () => {
  it('reads each status with its meaning and message', async () => {
    for (const status of WEBHOOK_STATUSES) {
      const { url } = await listener({ replyStatus: status, replyMessage: `Antwort ${status} & ü` });
      const result = await services.webhookTest.test({ url });
      expect(result).toMatchObject({
        url,
        httpStatus: 200,
        status,
        meaning: statusMeaning(status),
        message: `Antwort ${status} & ü`,
        failure: null,
        keySent: 'placeholder',
      });
    }
  });

  it('sends a placeholder key unless the real one is asked for, and then shows it only masked', async () => {
    const { url, calls } = await listener({ showKey: true });
    // The real key goes only to the workspace's own webhook address (renderer-requests.test.ts).
    await ownAddress(url);
    const placeholder = await services.webhookTest.test({ url });
    expect(calls[0]!.fields!.key).toBe(PLACEHOLDER_KEY);
    expect(placeholder.fields.find((f) => f.name === 'key')!.value).toBe(PLACEHOLDER_KEY);

    const real = await services.webhookTest.test({ url, sendRealKey: true });
    expect(calls[1]!.fields!.key).toBe(sim.workspaces[0]!.key);
    expect(real.keySent).toBe('real');
    expect(real.fields.find((f) => f.name === 'key')!.value).toBe(maskKey(sim.workspaces[0]!.key));
    expect(JSON.stringify(real)).not.toContain(sim.workspaces[0]!.key);
  });

  it('builds the call from a real project: title, ids, listing, e-mail and its export files', async () => {
    const projects = await services.projects.list({
      page: 1,
      pageSize: 50,
      sort: 'service',
      direction: 'asc',
    });
    const row = projects.rows.find((r) => r.externalReferenceId)!;
    const project = await services.projects.get(row.id);
    const exported = await fetch(`${sim.adminUrl}/projects/${row.id}/custom-export`, { method: 'POST' });
    expect(exported.status).toBe(200);
    const { url, calls } = await listener();
    await ownAddress(url);
    const result = await services.webhookTest.test({ url, projectId: row.id });
    expect(result.status).toBe(0);
    expect(calls[0]!.fields).toMatchObject({
      title: project.name,
      planid: project.planId,
      project_id: project.id,
      listing: project.externalReferenceId,
      email: project.assigneeEmail,
    });
    expect(calls[0]!.files.pdf).toHaveLength(1);
    expect(calls[0]!.files.jpg!.map((f) => f.param)).toEqual(calls[0]!.files.jpg!.map((_f, i) => `jpg${i}`));
    expect(Object.keys(calls[0]!.files)).toEqual(['pdf', 'jpg', 'png', 'svg', 'dxf', 'xml']);
  });
});

describe('webhook test sender, naming exactly why it failed', () => {
  // Long enough for any answer on a busy machine: only the timeout test below waits on purpose.
  const send = (url: string, timeoutMs = 30_000) =>
    sendProjectUpdated({ url, fields: sampleFields(PLACEHOLDER_KEY), keySent: 'placeholder', timeoutMs });

  it('a receiver that never answers: timeout', async () => {
    const url = await serve((req) => req.resume());
    expect((await send(url, 300)).failure).toEqual({ reason: 'timeout', detail: 'no answer within 300 ms' });
  });

  it('nothing listening: refused', async () => {
    const url = await serve(() => undefined);
    const closing = servers.pop()!;
    await new Promise<void>((r) => closing.close(() => r()));
    expect((await send(url)).failure).toMatchObject({
      reason: 'refused',
      detail: expect.stringMatching(/ECONNREFUSED/),
    });
  });

  it('an answer that is not XML, HTML, XML without a status, an HTTP error, a redirect, too much', async () => {
    const cases: [RequestListener, string, RegExp][] = [
      [answer(200, '{"status":0}'), 'not-xml', /starts with "\{"status":0\}"/],
      [answer(200, '<!DOCTYPE html><html><body>ok</body></html>'), 'not-xml', /HTML page/],
      [answer(200, '<result><ok>yes</ok></result>'), 'no-status', /no <status> element/],
      [answer(200, '<result><status>0</result>'), 'not-xml', /not well-formed/],
      [answer(500, 'Internal error'), 'http-status', /^HTTP 500: Internal error$/],
      [
        answer(302, '', { location: 'https://elsewhere.example/hook' }),
        'http-status',
        /redirect to https:\/\/elsewhere\.example\/hook, not followed/,
      ],
      [
        answer(200, `<r><status>0</status><message>${'x'.repeat(2 * 1024 * 1024)}</message></r>`),
        'too-large',
        /over/,
      ],
    ];
    for (const [handler, reason, detail] of cases) {
      const result = await send(await serve(handler));
      expect(result.failure?.reason, reason).toBe(reason);
      expect(result.failure?.detail).toMatch(detail);
      expect(result.status).toBeNull();
    }
  });

  it('refuses plain http to another computer and addresses that are not web addresses, sending nothing', async () => {
    expect((await services.webhookTest.test({ url: 'http://hooks.example.com/x' })).failure).toMatchObject({
      reason: 'not-https',
    });
    expect((await services.webhookTest.test({ url: 'mailto:x@y.z' })).failure).toMatchObject({
      reason: 'bad-url',
    });
    expect((await services.webhookTest.test({ url: 'https://u:p@hooks.example.com/' })).fields).toEqual([]);
  });

  describeWithTools('with a certificate nobody trusts', [openssl], () => {
    it('TLS fails, and says so', async () => {
      const certDir = await fs.mkdtemp(path.join(os.tmpdir(), 'plandesk-tls-'));
      const key = path.join(certDir, 'key.pem');
      const cert = path.join(certDir, 'cert.pem');
      execFileSync(
        toolPath(openssl),
        [
          'req',
          '-x509',
          '-newkey',
          'rsa:2048',
          '-nodes',
          '-keyout',
          key,
          '-out',
          cert,
          '-days',
          '1',
          '-subj',
          '/CN=localhost',
        ],
        { stdio: 'ignore' },
      );
      const server = createHttpsServer(
        { key: await fs.readFile(key), cert: await fs.readFile(cert) },
        answer(200, '<r><status>0</status></r>'),
      );
      servers.push(server);
      await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
      const url = `https://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
      const result = await send(url);
      expect(result.failure).toMatchObject({
        reason: 'tls',
        detail: expect.stringMatching(/SELF_SIGNED|CERT/),
      });
      await fs.rm(certDir, { recursive: true, force: true });
    });
  });
});
