import { promises as fs } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServices } from '../../src-main/app/services';
import { createDispatcher } from '../../src-main/ipc/handlers';
import { EXACT_NUMBER, exactJsonText, type JsonObject } from '../../src-shared/json/exact-json';
import { testDialogs } from '../helpers/test-dialogs';
import { startAppServices } from '../helpers/app-services';

// A stand-in for a service that is stranger than the simulator: documents PlanDesk cannot fully
// read (numbers a double would change, fields at every level, a numeric id, odd element types),
// planned endpoints that answer 405 or an HTML 404, live-style error bodies, broken answers. It
// keeps every request body as text, so what PlanDesk sends is checked byte for byte.

/** Compact, so an expected body is this text with one part replaced. */
const CHILDREN =
  '[{"type":"section","label":"Aufnahme","x":{"grid":[1,2.50]},"children":[{"type":"question","label":"Zustand?","input":"rating","scale":{"min":0,"max":1e1},"id":12345678901234567891},{"type":"signature","label":"Unterschrift","children":[{"type":"question","label":"Name"}]}]},{"type":"question","label":"Notiz","input":"text","meta":null}]';
const FORM =
  `{"id":98765432109876543210,"name":"Fremd","context":["room","wall"],"version":1.0,` +
  `"settings":{"theme":{"colors":["#fff"],"ratio":0.3333333333333333333},"flags":[true,false,null]},` +
  `"children":${CHILDREN},"modified":"2026-01-02T03:04:05Z"}`;

const MODIFIED = '2026-01-02T03:04:05Z';
/** Fields named `__proto__`, at the top and in an element: data like any other. */
const PROTO_FORM =
  '{"id":"proto","name":"Proto","context":["plan"],"__proto__":{"polluted":true},"children":[{"type":"question","label":"Q","__proto__":"x"}]}';
/** An object shaped like PlanDesk's internal exact-number marker. */
const MARKER_FORM =
  '{"id":"marker","name":"Marker","context":["plan"],"children":[],"x":{"\\u0000plandesk:number":"7"}}';
let replacing = `{"id":"replacing","name":"Ersetzt","context":["room"],"extra":{"keep":1.50},"children":${CHILDREN}}`;

interface Received {
  method: string;
  path: string;
  body: string;
}

let server: Server;
let baseUrl: string;
const received: Received[] = [];
let dir: string;
let services: RunningServices;

function send(res: ServerResponse, status: number, body: string, type = 'application/json'): void {
  res.writeHead(status, { 'content-type': type, 'content-length': Buffer.byteLength(body) });
  res.end(body);
}

function route(req: IncomingMessage, res: ServerResponse, body: string): void {
  const url = new URL(req.url ?? '/', 'http://x');
  const p = url.pathname.replace(/^\/api\/v2/, '');
  received.push({ method: req.method ?? '', path: p, body });
  if (p === '/workspace') return send(res, 200, '{"name":"Hostile","id":7}');
  if (p === '/forms' && req.method === 'GET') return send(res, 200, `[${FORM}]`);
  if (p === '/forms' && req.method === 'POST') {
    const created = body.replace(/^\{/, '{"id":"new-1","modified":"2026-02-02T00:00:00Z",');
    return send(res, 201, `{"data":${created}}`);
  }
  if (p === '/forms/context-options') return send(res, 405, '{"message":"Method not allowed"}');
  if (p.endsWith('/publication')) return send(res, 404, '<html><body>Not Found</body></html>', 'text/html');
  if (p === '/forms/98765432109876543210') {
    if (req.method === 'GET') return send(res, 200, `{"data":${FORM}}`);
    if (body.includes('"refuse"')) {
      return send(
        res,
        422,
        '{"message":"The given data was invalid.","data":{"errors":{"children.0.label":["too short"],"name":["taken"]}}}',
      );
    }
    // The answer: what was sent, with the fields the service manages where the form has them.
    return send(
      res,
      200,
      `{"data":{"id":98765432109876543210,${body.slice(1, -1)},"modified":"${MODIFIED}"}}`,
    );
  }
  // A service whose PUT replaces the form with the body (the other reading of the spec).
  if (p === '/forms/replacing') {
    if (req.method === 'PUT') replacing = body.replace(/^\{/, '{"id":"replacing",');
    return send(res, 200, `{"data":${replacing}}`);
  }
  if (p === '/forms/proto') return send(res, 200, `{"data":${PROTO_FORM}}`);
  if (p === '/forms/marker') return send(res, 200, `{"data":${MARKER_FORM}}`);
  if (p === '/forms/broken') return send(res, 200, '{"data":{"id":"broken","name":');
  if (p === '/forms/deep') {
    let el = '{"type":"question","label":"leaf"}';
    for (let i = 0; i < 400; i++) el = `{"type":"section","label":"s","children":[${el}]}`;
    return send(res, 200, `{"data":{"id":"deep","name":"Deep","context":["plan"],"children":[${el}]}}`);
  }
  if (p === '/forms/odd')
    return send(res, 200, '{"data":{"id":"odd","name":"Odd","children":{"not":"a list"}}}');
  send(res, 404, '{"message":"Not found"}');
}

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => route(req, res, Buffer.concat(chunks).toString('utf8')));
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v2`;
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'plandesk-hostile-'));
  services = startAppServices({ userDataDir: dir, retry: { maxAttemptsTransient: 1 } });
  await services.workspaces.add({ customer: 'c', key: 'k', baseUrl, language: 'en-US' });
});

afterAll(async () => {
  await services.close();
  await new Promise<void>((r) => server.close(() => r()));
  await fs.rm(dir, { recursive: true, force: true });
});

const lastPut = () => received.filter((r) => r.method === 'PUT').pop()!;

describe('forms against a hostile service', () => {
  it('reads a bare list, a numeric id beyond a double, and planned endpoints that are not there', async () => {
    const list = await services.forms.list();
    expect(list.forms).toEqual([
      {
        id: '98765432109876543210',
        name: 'Fremd',
        contexts: ['room', 'wall'],
        questions: 3,
        sections: 1,
        modified: '2026-01-02T03:04:05Z',
        published: null,
      },
    ]);
    // 405 for the context options, an HTML 404 for the publication: neither is offered.
    expect(list.capabilities).toEqual({ contextOptions: null, publishing: false });
  });

  it('sends the whole form when only the name changed: every field as read, the name in place', async () => {
    await services.forms.update('98765432109876543210', { name: 'Fremd (neu)' });
    expect(lastPut()).toEqual({
      method: 'PUT',
      path: '/forms/98765432109876543210',
      body: FORM.replace('"name":"Fremd"', '"name":"Fremd (neu)"')
        .replace('{"id":98765432109876543210,', '{')
        .replace(`,"modified":"${MODIFIED}"`, ''),
    });
  });

  it('sends the whole form back byte for byte but for the one label the user changed', async () => {
    const { document } = await services.forms.get('98765432109876543210');
    const children = structuredClone(document.children) as Record<string, unknown>[];
    const inner = (children[0]!.children as Record<string, unknown>[])[1]!.children as Record<
      string,
      unknown
    >[];
    inner[0]!.label = 'Vor- und Nachname';
    const updated = await services.forms.update('98765432109876543210', { children: children as never });
    expect(lastPut().body).toBe(
      FORM.replace('"label":"Name"', '"label":"Vor- und Nachname"')
        .replace('{"id":98765432109876543210,', '{')
        .replace(`,"modified":"${MODIFIED}"`, ''),
    );
    // And what came back is kept exactly too.
    expect(exactJsonText(updated.document, 0)).toBe(
      FORM.replace('"label":"Name"', '"label":"Vor- und Nachname"'),
    );
  });

  it('imports a file with every unknown field, minus what the service manages, after checking it', async () => {
    const file = path.join(dir, 'form.json');
    await fs.writeFile(file, `${FORM}\n`);
    const dialogs = testDialogs(dir);
    dialogs.answers.open = [file];
    const local = startAppServices({ userDataDir: path.join(dir, 'second'), dialogs: dialogs.dialogs });
    try {
      await local.workspaces.add({ customer: 'c', key: 'k', baseUrl, language: 'en-US' });
      // "wall" is not among the four contexts and the service offers no others: refused, nothing sent.
      expect(await local.forms.importFromFile()).toMatchObject({
        status: 'invalid',
        problems: [{ path: 'context[1]', code: 'unknown-context' }],
      });
      await fs.writeFile(file, FORM.replace('"wall"', '"floor"'));
      const imported = await local.forms.importFromFile();
      expect(imported.status).toBe('created');
      const post = received.filter((r) => r.method === 'POST').pop()!;
      expect(post.body).toBe(
        FORM.replace('"wall"', '"floor"')
          .replace('{"id":98765432109876543210,', '{')
          .replace(',"modified":"2026-01-02T03:04:05Z"', ''),
      );
    } finally {
      await local.close();
    }
  });

  it('renaming on a service whose PUT replaces the form keeps its sections, questions and unknown fields', async () => {
    const before = await services.forms.get('replacing');
    await services.forms.update('replacing', { name: 'Ersetzt (neu)' });
    const after = await services.forms.get('replacing');
    expect(after.document.name).toBe('Ersetzt (neu)');
    expect(exactJsonText(after.document, 0)).toBe(
      exactJsonText(before.document, 0).replace('"Ersetzt"', '"Ersetzt (neu)"'),
    );
    expect(exactJsonText(after.document, 0)).toContain('"extra":{"keep":1.50}');
  });

  it('shows live-style validation errors by field', async () => {
    await expect(services.forms.update('98765432109876543210', { name: 'refuse' })).rejects.toMatchObject({
      kind: 'validation',
      status: 422,
      serviceMessage: 'The given data was invalid.',
      fieldErrors: { 'children.0.label': ['too short'], name: ['taken'] },
    });
  });

  it('turns a broken, absurdly deep or misshapen answer into a clear error, not a crash', async () => {
    await expect(services.forms.get('broken')).rejects.toMatchObject({ kind: 'invalid-response' });
    await expect(services.forms.get('deep')).rejects.toMatchObject({
      kind: 'invalid-response',
      message: expect.stringMatching(/nested too deeply/),
    });
    await expect(services.forms.get('odd')).rejects.toMatchObject({
      kind: 'invalid-response',
      message: expect.stringMatching(/children/),
    });
    expect((await services.forms.list()).forms).toHaveLength(1);
  });
});

describe('forms JSON kept exactly (issue 23, item 4)', () => {
  const writes = () => received.filter((r) => r.method !== 'GET').length;

  it('a field named __proto__ is kept as data, and refused with a clear error before anything is sent', async () => {
    const dispatch = createDispatcher(services, () => undefined);
    const got = await dispatch('forms:get', [{ id: 'proto' }]);
    expect(got.ok).toBe(true);
    const document = (got.ok ? got.data.document : null) as JsonObject;
    expect(Object.keys(document)).toContain('__proto__');
    expect(exactJsonText(document, 0)).toBe(PROTO_FORM);

    const before = writes();
    for (const [channel, args] of [
      ['forms:update', [{ id: 'proto', changes: { name: 'Proto 2' } }]],
      ['forms:duplicate', [{ id: 'proto', name: 'Kopie' }]],
      ['forms:create', [{ document }]],
    ] as const) {
      const answer = await dispatch(channel, args as never);
      expect(answer, channel).toMatchObject({ ok: false, error: { kind: 'validation' } });
      const fields = answer.ok ? {} : (answer.error.fieldErrors ?? {});
      expect(Object.keys(fields).sort(), channel).toEqual(['__proto__', 'children[0].__proto__']);
      expect(answer.ok ? '' : answer.error.message).toMatch(
        /^The form cannot be sent: __proto__ is a field name/,
      );
    }
    expect(writes()).toBe(before);

    // Still the user's: exported to a file exactly as the service sent it.
    const exported = await dispatch('forms:export', [{ id: 'proto' }]);
    const file = exported.ok ? exported.data.path! : '';
    expect(await fs.readFile(file, 'utf8')).toContain('"__proto__": {\n    "polluted": true\n  }');
  });

  it('an object shaped like the internal number marker is refused on input, never written back as a number', async () => {
    const dispatch = createDispatcher(services, () => undefined);
    expect(await dispatch('forms:get', [{ id: 'marker' }])).toMatchObject({
      ok: false,
      error: { kind: 'invalid-response', message: expect.stringMatching(/internal number marker/) },
    });

    const file = path.join(dir, 'marker.json');
    await fs.writeFile(file, MARKER_FORM.replace('"id":"marker",', ''));
    const dialogs = testDialogs(dir);
    dialogs.answers.open = [file];
    const local = startAppServices({ userDataDir: path.join(dir, 'third'), dialogs: dialogs.dialogs });
    try {
      await local.workspaces.add({ customer: 'c3', key: 'k', baseUrl, language: 'en-US' });
      expect(await local.forms.importFromFile()).toMatchObject({
        status: 'invalid',
        problems: [{ path: '', code: 'internal-marker' }],
      });
    } finally {
      await local.close();
    }

    // From the page: an object holding the marker's key that is not one of PlanDesk's numbers.
    const before = writes();
    const forged = { name: 'X', context: ['plan'], children: [], x: { [EXACT_NUMBER]: '7', y: 1 } };
    expect(await dispatch('forms:create', [{ document: forged }])).toMatchObject({
      ok: false,
      error: { kind: 'validation', fieldErrors: { x: [expect.stringMatching(/internal number marker/)] } },
    });
    expect(writes()).toBe(before);
  });
});
