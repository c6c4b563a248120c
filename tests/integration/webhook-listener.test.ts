import { request } from 'node:http';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { SimDataset, SimProject, SimWorkspace } from '../../simulator/data/types';
import { startSimulator, type Simulator } from '../../simulator';
import {
  startWebhookListener,
  type ReceivedCall,
  type RunningListener,
} from '../../src-main/webhook/listener';
import { WEBHOOK_STATUSES } from '../../src-shared/webhook/types';
import { maskKey } from '../../src-shared/webhook/types';
import { admin, api, fixtureDataset, WS_A } from './simulator-fixture';

// The listener receiving a real Custom Export from the simulator: names with umlauts, ß, &, +,
// spaces and emoji, every reply status, and whatever else may arrive.

const TITLE = 'Küche & Bad + Flur ß 🏠 (2.0)';
const LISTING = 'CRM ä+1 & 2';
const EMAIL = 'bob+site@acme.test';

let sim: Simulator;
const open: RunningListener[] = [];

function dataset(): SimDataset {
  const d = fixtureDataset();
  const ws = d.workspaces[0] as SimWorkspace;
  const p = ws.projects[0] as SimProject;
  p.name = TITLE;
  p.external_reference_id = LISTING;
  ws.users[1]!.email = EMAIL;
  return d;
}

async function listen(options: Partial<Parameters<typeof startWebhookListener>[0]> = {}) {
  const calls: ReceivedCall[] = [];
  const listener = await startWebhookListener({ onCall: (c) => calls.push(c), ...options });
  open.push(listener);
  return { listener, calls };
}

async function pointWorkspaceAt(url: string): Promise<void> {
  expect((await api(sim, '/workspace', { method: 'PUT', body: { webhook_url: url } })).status).toBe(200);
}

/** A raw request, for bodies no client library would send. */
function raw(
  url: string,
  init: {
    method?: string;
    headers?: Record<string, string | number>;
    body?: Buffer | string;
    hold?: boolean;
  },
): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = request(url, { method: init.method ?? 'POST', headers: init.headers, agent: false });
    req.on('response', (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }),
      );
    });
    req.on('error', reject);
    if (init.body !== undefined) req.write(init.body);
    if (!init.hold) req.end();
  });
}

const FORM = 'application/x-www-form-urlencoded';

beforeAll(async () => {
  sim = await startSimulator({ dataset: dataset() });
});
afterEach(async () => {
  await Promise.all(open.splice(0).map((l) => l.close()));
});
afterAll(async () => {
  await sim.close();
});

describe('webhook listener', () => {
  it('decodes a Custom Export from the simulator exactly, files grouped by kind with their expiry', async () => {
    const { listener, calls } = await listen();
    await pointWorkspaceAt(listener.url);
    const before = Date.now();
    const result = await admin(sim, '/projects/p-a01/custom-export', 'POST', {});
    expect(result.json.webhook).toMatchObject({
      delivered: true,
      status: 0,
      message: 'Received by PlanDesk webhook-listen',
    });
    expect(calls).toHaveLength(1);
    const call = calls[0]!;
    expect(call).toMatchObject({ ok: true, method: 'POST', contentType: FORM, problems: [], notes: [] });
    expect(call.fields).toMatchObject({
      key: maskKey(WS_A.key),
      email: EMAIL,
      title: TITLE,
      planid: 'pl-p-a01',
      project_id: 'p-a01',
      listing: LISTING,
    });
    expect(call.listing).toBe(LISTING);
    expect(JSON.stringify(call)).not.toContain(WS_A.key);

    const files = result.json.files as { name: string; url: string }[];
    const urlOf = (name: string) => files.find((f) => f.name === name)!.url;
    expect(Object.keys(call.files)).toEqual(['pdf', 'jpg', 'png', 'svg', 'dxf', 'xml']);
    expect(call.files.pdf).toEqual([{ param: 'pdf', url: urlOf('plan.pdf'), expiresAt: call.filesExpireAt }]);
    expect(call.files.jpg).toEqual([
      { param: 'jpg0', url: urlOf('floor-1.jpg'), expiresAt: call.filesExpireAt },
    ]);
    const arrived = Date.parse(call.receivedAt);
    expect(arrived).toBeGreaterThanOrEqual(before - 1000);
    expect(Date.parse(call.filesExpireAt) - arrived).toBe(60 * 60 * 1000);
    // The URLs are real: the PDF downloads.
    const pdf = await fetch(call.files.pdf![0]!.url);
    expect(
      Buffer.from(await pdf.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
  });

  it('answers each status the service knows, with the message, which the simulator reads back', async () => {
    for (const status of WEBHOOK_STATUSES) {
      const message = `Status ${status} — <ok> & "done"`;
      const { listener, calls } = await listen({ replyStatus: status, replyMessage: message });
      await pointWorkspaceAt(listener.url);
      const result = await admin(sim, '/projects/p-a01/custom-export', 'POST', {});
      expect(result.json.webhook).toMatchObject({ delivered: true, httpStatus: 200, status, message });
      expect(calls[0]!.reply).toEqual({ httpStatus: 200, status, message });
    }
  });

  it('shows the key in clear only when asked', async () => {
    const { listener, calls } = await listen({ showKey: true });
    await pointWorkspaceAt(listener.url);
    await admin(sim, '/projects/p-a03/custom-export', 'POST', {});
    expect(calls[0]!.fields!.key).toBe(WS_A.key);
    expect(calls[0]!.listing).toBeNull();
  });

  it('answers anything malformed with status 2 and a clear line, and keeps listening', async () => {
    const { listener, calls } = await listen({ maxBodyBytes: 2048, bodyTimeoutMs: 300 });
    const good = 'key=k&email=a%40b%2Ec&title=T&planid=p&project%5Fid=q';
    const cases: [Parameters<typeof raw>[1], RegExp][] = [
      [{ headers: { 'content-type': FORM }, body: 'title=%ZZ' }, /malformed body: .*"%" at byte 6/],
      [{ headers: { 'content-type': FORM }, body: Buffer.from('title=%C3%28') }, /not valid UTF-8/],
      [
        { headers: { 'content-type': 'application/json' }, body: '{"title":"x"}' },
        /Content-Type is "application\/json"/,
      ],
      [{ body: good }, /Content-Type is missing/],
      [{ method: 'GET' }, /method GET/],
      [{ headers: { 'content-type': FORM }, body: 'title=only' }, /missing: key, email, planid, project_id/],
      [{ headers: { 'content-type': FORM }, body: 'x='.padEnd(5000, 'a') }, /over the limit of 2048/],
      [
        { headers: { 'content-type': FORM, 'content-length': 1000 }, body: 'title=', hold: true },
        /did not arrive within/,
      ],
    ];
    for (const [init, problem] of cases) {
      const before = calls.length;
      const res = await raw(listener.url, init);
      expect(res.body).toMatch(/<PlanService><status>2<\/status><message>.+<\/message><\/PlanService>/);
      expect(calls).toHaveLength(before + 1);
      const call = calls[before]!;
      expect(call.ok).toBe(false);
      expect(call.reply.status).toBe(2);
      expect([...call.problems, call.reply.message].join(' ')).toMatch(problem);
    }
    // A name without "=" and raw characters are read, with a note; still a good call.
    const res = await raw(listener.url, { headers: { 'content-type': FORM }, body: `${good}&note=a+b&flag` });
    expect(res.status).toBe(200);
    const last = calls[calls.length - 1]!;
    expect(last).toMatchObject({ ok: true, fields: { note: 'a+b', flag: '' }, reply: { status: 0 } });
    expect(last.notes.join(' ')).toMatch(/"flag" has no "="/);
  });
});
