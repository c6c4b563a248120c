import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SimProject } from '../../simulator/data/types';
import { startSimulator, type Simulator } from '../../simulator/index';
import { formEncode, percentEncodeAll } from '../../simulator/percent-encoding';
import { deliverWebhook, parseWebhookReply } from '../../simulator/webhook';
import { admin, api, fixtureDataset, WS_A } from './simulator-fixture';

interface Received {
  method: string;
  contentType: string | undefined;
  body: string;
}

/** A local webhook receiver that records requests and answers with the configured XML. */
class Receiver {
  server: Server;
  received: Received[] = [];
  reply = '<PlanService><status>0</status><message>OK</message></PlanService>';
  url = '';

  constructor() {
    this.server = createServer((req: IncomingMessage, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        this.received.push({
          method: req.method ?? '',
          contentType: req.headers['content-type'],
          body: Buffer.concat(chunks).toString('latin1'),
        });
        res.writeHead(200, { 'Content-Type': 'application/xml' });
        res.end(this.reply);
      });
    });
  }

  async start(): Promise<void> {
    await new Promise<void>((r) => this.server.listen(0, '127.0.0.1', () => r()));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/hook`;
  }

  close(): Promise<void> {
    return new Promise((r) => {
      this.server.close(() => r());
      this.server.closeAllConnections();
    });
  }
}

function decodeStrict(body: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const pair of body.split('&')) {
    const [k, v] = pair.split('=') as [string, string];
    out.set(decodeURIComponent(k), decodeURIComponent(v));
  }
  return out;
}

describe('simulator Custom Export and the Project Updated webhook', () => {
  let sim: Simulator;
  const receiver = new Receiver();

  beforeAll(async () => {
    const dataset = fixtureDataset();
    const p = dataset.workspaces[0]?.projects[0] as SimProject;
    p.name = 'Küche-Umbau é_2.0 ~ok';
    await receiver.start();
    sim = await startSimulator({ dataset });
  });
  afterAll(async () => {
    await sim.close();
    await receiver.close();
  });

  it('validates the webhook URL on PUT /workspace', async () => {
    for (const bad of ['not a url', 'ftp://example.test/x', 5, '']) {
      const r = await api(sim, '/workspace', { method: 'PUT', body: { webhook_url: bad } });
      expect(r.status).toBe(400);
      expect(r.json.details.fields.webhook_url).toBeDefined();
    }
    expect((await api(sim, '/workspace', { method: 'PUT', body: {} })).status).toBe(400);
    const ok = await api(sim, '/workspace', { method: 'PUT', body: { webhook_url: receiver.url } });
    expect(ok.status).toBe(200);
    expect(ok.json.data.webhook_url).toBe(receiver.url);
    expect((await api(sim, '/workspace')).json.data.webhook_url).toBe(receiver.url);
  });

  it('creates export files and posts the strictly encoded form to the webhook', async () => {
    receiver.received.length = 0;
    const r = await admin(sim, '/projects/p-a01/custom-export', 'POST', { email: 'bob@acme.test' });
    expect(r.status).toBe(200);
    expect(r.json.webhook).toEqual({
      delivered: true,
      url: receiver.url,
      httpStatus: 200,
      status: 0,
      message: 'OK',
    });
    const names = r.json.files.map((f: { name: string }) => f.name);
    expect(names).toEqual([
      'plan.pdf',
      'floor-1.jpg',
      'floor-1.png',
      'floor-1.svg',
      'floor-1.dxf',
      'plan.xml',
    ]);
    expect(r.json.files.every((f: { origin: string }) => f.origin === 'export')).toBe(true);

    expect(receiver.received).toHaveLength(1);
    const got = receiver.received[0] as Received;
    expect(got.method).toBe('POST');
    expect(got.contentType).toBe('application/x-www-form-urlencoded');
    // Every byte that is not an ASCII letter or digit is %HH, uppercase; no '+', no bare '-._~'.
    expect(got.body).toMatch(/^[A-Za-z0-9%&=]+$/);
    expect(got.body).not.toMatch(/%(?:[a-f][0-9a-fA-F]|[0-9A-F][a-f])/);
    expect(got.body).toContain('title=K%C3%BCche%2DUmbau%20%C3%A9%5F2%2E0%20%7Eok');
    expect(got.body).toContain('email=bob%40acme%2Etest');
    expect(got.body).toContain('project%5Fid=p%2Da01');
    expect(got.body).toContain('listing=CRM%2D1001');

    const params = decodeStrict(got.body);
    expect([...params.keys()]).toEqual([
      'key',
      'email',
      'title',
      'planid',
      'project_id',
      'listing',
      'pdf',
      'jpg0',
      'png0',
      'svg0',
      'dxf0',
      'xml',
    ]);
    expect(params.get('key')).toBe(WS_A.key);
    expect(params.get('title')).toBe('Küche-Umbau é_2.0 ~ok');
    expect(params.get('planid')).toBe('pl-p-a01');

    // The file URLs work without credentials for 60 minutes.
    const pdf = await fetch(params.get('pdf') as string);
    expect(pdf.status).toBe(200);
    expect(
      Buffer.from(await pdf.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
    const jpg = Buffer.from(await (await fetch(params.get('jpg0') as string)).arrayBuffer());
    expect(jpg.subarray(0, 2).toString('hex')).toBe('ffd8');

    // And the project now lists them; the plan's pdf export list has the new file.
    const files = (await api(sim, '/projects/p-a01/files')).json.data.map((f: { name: string }) => f.name);
    expect(files).toEqual(expect.arrayContaining(['floor-1.png', 'plan.xml']));
    const planPdf = (await api(sim, '/plans/pl-p-a01/files?format[]=pdf')).json.files;
    expect(planPdf.map((f: { name: string }) => f.name)).toEqual(['plan.pdf']);
  });

  it('replaces the previous export files on a new export', async () => {
    await sim.faults.customExport('p-a01');
    const files = (await api(sim, '/projects/p-a01/files?page=1')).json;
    const all = [...files.data];
    if (files.page_info.totalPages > 1)
      all.push(...(await api(sim, '/projects/p-a01/files?page=2')).json.data);
    expect(all.filter((f: { name: string }) => f.name === 'plan.xml')).toHaveLength(1);
  });

  it('omits listing for a project without external reference and uses the assignee e-mail', async () => {
    receiver.received.length = 0;
    const result = await sim.faults.customExport('p-a03');
    expect(result.webhook?.status).toBe(0);
    const params = decodeStrict((receiver.received[0] as Received).body);
    expect(params.has('listing')).toBe(false);
    expect(params.get('email')).toBe('bob@acme.test');
  });

  it('reports a non-zero status from the reply', async () => {
    receiver.reply =
      '<?xml version="1.0"?><response><status>18</status><message>Listing unknown &amp; gone</message></response>';
    try {
      const r = await admin(sim, '/projects/p-a01/custom-export', 'POST', {});
      expect(r.json.webhook).toMatchObject({
        delivered: true,
        status: 18,
        message: 'Listing unknown & gone',
      });
      expect(r.json.webhook.error).toMatch(/18/);
    } finally {
      receiver.reply = '<PlanService><status>0</status><message>OK</message></PlanService>';
    }
  });

  it('reports an unreachable webhook without throwing', async () => {
    const dead = createServer();
    await new Promise<void>((r) => dead.listen(0, '127.0.0.1', () => r()));
    const port = (dead.address() as AddressInfo).port;
    await new Promise<void>((r) => dead.close(() => r()));
    await api(sim, '/workspace', { method: 'PUT', body: { webhook_url: `http://127.0.0.1:${port}/hook` } });
    const r = await admin(sim, '/projects/p-a01/custom-export', 'POST', {});
    expect(r.status).toBe(200);
    expect(r.json.webhook.delivered).toBe(false);
    expect(r.json.webhook.error).toMatch(/could not be reached/);
    expect(r.json.files).toHaveLength(6);
  });

  it('skips the webhook when none is set', async () => {
    await api(sim, '/workspace', { method: 'PUT', body: { webhook_url: null } });
    const r = await admin(sim, '/projects/p-a01/custom-export', 'POST');
    expect(r.json.webhook).toBeNull();
    expect(r.json.files).toHaveLength(6);
    expect((await admin(sim, '/projects/nope/custom-export', 'POST')).status).toBe(404);
    await expect(sim.faults.customExport('nope')).rejects.toThrow(/not found/);
  });
});

describe('webhook encoding and reply parsing', () => {
  it('percent-encodes every byte that is not an ASCII letter or digit', () => {
    expect(percentEncodeAll('aZ09')).toBe('aZ09');
    expect(percentEncodeAll('é')).toBe('%C3%A9');
    expect(percentEncodeAll('-._~ +*!')).toBe('%2D%2E%5F%7E%20%2B%2A%21');
    expect(percentEncodeAll('€')).toBe('%E2%82%AC');
    expect(formEncode([['a b', 'c&d=e']])).toBe('a%20b=c%26d%3De');
  });

  it('reads status and message whatever the root element is called', () => {
    expect(
      parseWebhookReply('<MagicPlanService><status>0</status><message>Done</message></MagicPlanService>'),
    ).toEqual({
      status: 0,
      message: 'Done',
    });
    expect(parseWebhookReply('<x><status> 14 </status><message><![CDATA[No <user>]]></message></x>')).toEqual(
      {
        status: 14,
        message: 'No <user>',
      },
    );
    expect(parseWebhookReply('<r><status>1</status><message/></r>')).toEqual({ status: 1, message: '' });
    expect(parseWebhookReply('not xml')).toEqual({});
  });

  it('gives up after the timeout and reports it', async () => {
    const silent = createServer(() => undefined);
    await new Promise<void>((r) => silent.listen(0, '127.0.0.1', () => r()));
    const port = (silent.address() as AddressInfo).port;
    try {
      // The receiver never answers: only the 300 ms timeout ends the delivery (its words say so).
      const r = await deliverWebhook(`http://127.0.0.1:${port}/`, [['a', 'b']], 300);
      expect(r).toMatchObject({ delivered: false, error: expect.stringMatching(/did not answer/) });
    } finally {
      silent.closeAllConnections();
      await new Promise<void>((r) => silent.close(() => r()));
    }
  });

  it('reports an HTTP error and a reply without status', async () => {
    let answer: [number, string] = [500, 'oops'];
    const srv = createServer((_req, res) => {
      res.writeHead(answer[0]);
      res.end(answer[1]);
    });
    await new Promise<void>((r) => srv.listen(0, '127.0.0.1', () => r()));
    const url = `http://127.0.0.1:${(srv.address() as AddressInfo).port}/`;
    try {
      expect(await deliverWebhook(url, [])).toMatchObject({ delivered: false, httpStatus: 500 });
      answer = [200, '<ok/>'];
      expect(await deliverWebhook(url, [])).toMatchObject({
        delivered: true,
        error: expect.stringMatching(/no <status>/),
      });
      expect(await deliverWebhook('mailto:x@y.z', [])).toMatchObject({ delivered: false });
    } finally {
      await new Promise<void>((r) => srv.close(() => r()));
    }
  });
});
