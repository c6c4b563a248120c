import { randomUUID } from 'node:crypto';
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ApiClient } from '../../src-main/api/client';
import type { RunningServices } from '../../src-main/app/services';
import { KeytarSecretStore } from '../../src-main/secrets/secret-store';
import { formFileText } from '../../src-main/forms/form-documents';
import { startSimulator, type Simulator } from '../../simulator';
import { exactJsonText, parseExactJson, type JsonObject } from '../../src-shared/json/exact-json';
import { formId } from '../../src-shared/forms/tree';
import { testDialogs } from '../helpers/test-dialogs';
import { startAppServices } from '../helpers/app-services';

// The forms feature as the app wires it, against the simulator over HTTP, with the real keychain
// (each workspace's key in it) and the real SQLite cache.

let sim: Simulator;
let dir: string;
let secrets: KeytarSecretStore;
let services: RunningServices;
let dialogs: ReturnType<typeof testDialogs>;
let events: [string, unknown][];
/** The ids PlanDesk gave the simulator's two workspaces. */
let wsA: string;
let wsB: string;

/**
 * A form with fields PlanDesk does not know at every level. (Numbers a double would change are the
 * hostile stand-in's to test, forms-hostile.test.ts: the simulator itself stores parsed JSON.)
 */
const UNKNOWN_EVERYWHERE = `{
  "name": "Übergabe & Abnahme",
  "context": ["room", "objectsTree"],
  "revision": 7,
  "settings": {"layout": "two-columns", "weights": [1.5, 2], "nested": {"deep": [true, null]}},
  "children": [
    {"type": "section", "label": "Wände", "collapsed": false, "style": {"color": "#336699"}, "children": [
      {"type": "question", "label": "Risse?", "input": "checkbox", "required": true, "hint": "auch feine", "score": 0.1},
      {"type": "section", "label": "Details", "x-custom": [1, {"a": "b"}], "children": [
        {"type": "question", "label": "Breite", "input": "number", "unit": "mm", "range": {"min": 0, "max": 1000}}
      ]}
    ]},
    {"type": "question", "label": "Foto", "input": "photo", "visible_if": {"question": "Risse?", "equals": true}}
  ]
}`;

function client(index: number): ApiClient {
  const w = sim.workspaces[index]!;
  return new ApiClient({ baseUrl: sim.baseUrl, customer: w.customer, key: w.key });
}

/** The document as the simulator now holds it, without what the service manages. */
async function stored(index: number, id: string): Promise<JsonObject> {
  const doc = await client(index).getForm(id);
  const { id: _id, created: _c, modified: _m, ...rest } = doc;
  return rest;
}

async function createRaw(index: number, text: string): Promise<string> {
  const created = await client(index).createForm(parseExactJson(text) as JsonObject);
  return formId(created)!;
}

beforeAll(async () => {
  sim = await startSimulator({ dataset: 'demo' });
});
afterAll(async () => {
  await sim.close();
});

beforeEach(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'plandesk-forms-'));
  secrets = new KeytarSecretStore(`PlanDesk-test-${randomUUID()}`);
  dialogs = testDialogs(dir);
  events = [];
  services = startAppServices({
    userDataDir: path.join(dir, 'userdata'),
    secrets,
    emit: (e, p) => void events.push([e, p]),
    dialogs: dialogs.dialogs,
  });
  for (const i of [1, 0]) {
    const w = sim.workspaces[i]!;
    const meta = await services.workspaces.add({
      customer: w.customer,
      key: w.key,
      baseUrl: sim.baseUrl,
      language: 'de-DE',
    });
    if (i === 0) wsA = meta.id;
    else wsB = meta.id;
  }
});

afterEach(async () => {
  sim.faults.clearFaults();
  sim.faults.setVariants({ plannedFormEndpoints: false });
  for (const id of [wsA, wsB]) await secrets.delete(id).catch(() => undefined);
  await services.close();
  await fs.rm(dir, { recursive: true, force: true });
});

describe('forms (main side)', () => {
  it('lists the workspace’s forms with contexts, question counts and last change', async () => {
    const list = await services.forms.list();
    expect(list.source).toBe('network');
    expect(list.forms.length).toBeGreaterThan(0);
    for (const f of list.forms) {
      expect(f.id).toBeTruthy();
      expect(f.contexts.length).toBeGreaterThan(0);
      expect(f.modified).toMatch(/^\d{4}-\d\d-\d\d/);
    }
    expect(list.forms.some((f) => f.questions > 0 && f.sections > 0)).toBe(true);
    expect(list.capabilities).toEqual({ contextOptions: null, publishing: false });
  });

  it('keeps every field it does not understand, at every level, through an edit of the name', async () => {
    const id = await createRaw(0, UNKNOWN_EVERYWHERE);
    const before = await stored(0, id);
    const detail = await services.forms.get(id);
    expect(detail.document.settings).toEqual(before.settings);

    const updated = await services.forms.update(id, { name: 'Abnahme' });
    expect(updated.document.name).toBe('Abnahme');
    expect(await stored(0, id)).toEqual({ ...before, name: 'Abnahme' });
  });

  it('sends back the children whole when one question changes deep inside', async () => {
    const id = await createRaw(0, UNKNOWN_EVERYWHERE);
    const before = await stored(0, id);
    const children = structuredClone(before.children) as JsonObject[];
    const details = ((children[0]!.children as JsonObject[])[1] as JsonObject).children as JsonObject[];
    details[0]!.label = 'Breite (innen)';
    await services.forms.update(id, { children });
    const after = await stored(0, id);
    const expected = JSON.parse(exactJsonText(before, 0).replace('"Breite"', '"Breite (innen)"'));
    expect(JSON.parse(exactJsonText(after, 0))).toEqual(expected);
    expect(exactJsonText(after, 0)).toContain('"x-custom":[1,{"a":"b"}]');
    expect(exactJsonText(after, 0)).toContain('"range":{"min":0,"max":1000}');
  });

  it("shows the service's validation errors by field, and sends nothing its own checks refuse", async () => {
    const id = await createRaw(0, UNKNOWN_EVERYWHERE);
    const refused = await services.forms
      .update(id, { context: ['garage'], children: [{ type: 'question' }] })
      .catch((e: unknown) => e);
    expect(refused).toMatchObject({
      kind: 'validation',
      status: 400,
      fieldErrors: {
        'context[0]': [expect.stringMatching(/must be one of/)],
        'children[0].label': ['is required'],
      },
    });
    const requests = sim.faults.stats().requests;
    const local = await services.forms.update(id, { name: '  ', context: [] }).catch((e: unknown) => e);
    expect(local).toMatchObject({
      kind: 'validation',
      fieldErrors: { name: ['must not be empty'], context: ['must not be empty'] },
    });
    expect(sim.faults.stats().requests).toBe(requests);
    await expect(services.forms.update(id, { id: 'x', modified: 'y' })).rejects.toMatchObject({
      kind: 'validation',
    });
  });

  it('creates a form from the editor, duplicates it, and deletes it for good', async () => {
    const created = await services.forms.create({
      name: 'Neu',
      context: ['plan'],
      children: [{ type: 'section', label: 'A', children: [{ type: 'question', label: 'Q' }] }],
    });
    const id = formId(created.document)!;
    const copy = await services.forms.duplicate(id, 'Kopie von Neu');
    expect(copy.document.name).toBe('Kopie von Neu');
    expect(copy.document.children).toEqual(created.document.children);
    expect(formId(copy.document)).not.toBe(id);

    expect(await services.forms.remove(id)).toEqual({ deleted: true });
    await expect(services.forms.get(id)).rejects.toMatchObject({ kind: 'not-found' });
    expect((await services.forms.list()).forms.some((f) => f.id === id)).toBe(false);
  });

  it('copies a form to another workspace through that workspace’s own key, reporting each', async () => {
    const id = await createRaw(0, UNKNOWN_EVERYWHERE);
    const before = await stored(0, id);
    await services.workspaces.switchTo(wsA);
    const outcomes = await services.forms.copyTo(id, [wsB, wsA, 'nope']);
    expect(outcomes.map((o) => [o.workspaceId, o.result.ok])).toEqual([
      [wsB, true],
      [wsA, false],
      ['nope', false],
    ]);
    const inB = outcomes[0]!.result as { ok: true; formId: string; name: string };
    expect(inB.name).toBe('Übergabe & Abnahme');
    expect(await stored(1, inB.formId)).toEqual(before);
    // Each workspace sees only its own: the copy is not in A, the original not in B.
    await expect(client(0).getForm(inB.formId)).rejects.toMatchObject({ kind: 'not-found' });
    await expect(client(1).getForm(id)).rejects.toMatchObject({ kind: 'not-found' });
    expect(outcomes[1]!.result).toMatchObject({ ok: false, error: { kind: 'validation' } });
    expect(outcomes[2]!.result).toMatchObject({ ok: false, error: { kind: 'not-found' } });
  });

  it('reports a workspace whose key the service refuses, and marks it as needing a new key', async () => {
    await services.workspaces.switchTo(wsA);
    const id = (await services.forms.list()).forms[0]!.id;
    await secrets.set(wsB, 'not-the-key');
    const [outcome] = await services.forms.copyTo(id, [wsB]);
    expect(outcome!.result).toMatchObject({ ok: false, error: { kind: 'auth' } });
    expect((await services.workspaces.list()).workspaces.find((w) => w.id === wsB)?.needsKey).toBe(true);
    // The active workspace's key is fine: no rejected-key signal for it.
    expect(events.filter(([e]) => e === 'event:workspaceAuthFailed')).toEqual([]);
  });

  it('exports a form as the file `form --json` prints, and imports it checked first', async () => {
    const id = await createRaw(0, UNKNOWN_EVERYWHERE);
    const exported = await services.forms.exportToFile(id);
    expect(dialogs.calls.saved).toEqual([['Übergabe & Abnahme.json', 'json']]);
    const text = await fs.readFile(exported.path!, 'utf8');
    expect(text).toBe(formFileText(await client(0).getForm(id)));

    dialogs.answers.open = [exported.path!];
    const imported = await services.forms.importFromFile();
    expect(imported.status).toBe('created');
    const newId = formId((imported as { form: { document: JsonObject } }).form.document)!;
    expect(newId).not.toBe(id);
    expect(await stored(0, newId)).toEqual(await stored(0, id));

    const bad = path.join(dir, 'bad.json');
    await fs.writeFile(bad, JSON.stringify({ name: '', context: ['garage'], children: [{ label: 5 }] }));
    dialogs.answers.open = [bad];
    const requests = sim.faults.stats().requests;
    expect(await services.forms.importFromFile()).toEqual({
      status: 'invalid',
      file: bad,
      syntaxError: null,
      problems: [
        { path: 'name', code: 'empty' },
        { path: 'context[0]', code: 'unknown-context' },
        { path: 'children[0].label', code: 'not-text' },
      ],
    });
    await fs.writeFile(bad, '{"name": "x",');
    expect(await services.forms.importFromFile()).toMatchObject({ status: 'invalid', problems: [] });
    // Checking sent nothing but the probe for the planned context options.
    expect(sim.faults.stats().requests - requests).toBeLessThanOrEqual(2);
    dialogs.answers.open = [];
    expect(await services.forms.importFromFile()).toEqual({ status: 'cancelled' });
  });

  it('works offline read-only from the cache', async () => {
    const list = await services.forms.list();
    const id = list.forms[0]!.id;
    const online = await services.forms.get(id);
    sim.faults.setFaults({ drop: 1000 });
    const offlineList = await services.forms.list();
    expect(offlineList.source).toBe('cache');
    expect(offlineList.forms).toEqual(list.forms);
    const offline = await services.forms.get(id);
    expect(offline.source).toBe('cache');
    expect(offline.document).toEqual(online.document);
    await expect(services.forms.update(id, { name: 'x' })).rejects.toMatchObject({ kind: 'network' });
  });

  it('offers the planned endpoints when the service answers them: context options and publishing', async () => {
    sim.faults.setVariants({ plannedFormEndpoints: true });
    // A new client session (another language) asks the service again.
    await services.workspaces.setLanguage('en-US');
    const list = await services.forms.list();
    expect(list.capabilities.publishing).toBe(true);
    const options = list.capabilities.contextOptions!;
    expect(options.slice(0, 4).map((o) => o.value)).toEqual(['plan', 'floor', 'room', 'objectsTree']);
    expect(options.some((o) => o.kind === 'room-type' && o.value.startsWith('room:'))).toBe(true);
    expect(options.some((o) => o.kind === 'object-category')).toBe(true);

    const custom = options.find((o) => o.kind === 'room-type')!.value;
    const created = await services.forms.create({ name: 'Bad', context: [custom], children: [] });
    const id = formId(created.document)!;
    expect(created.published).toBe(false);
    expect((await services.forms.setPublished(id, true)).published).toBe(true);
    expect((await services.forms.get(id)).published).toBe(true);
    expect((await services.forms.setPublished(id, false)).published).toBe(false);
  });
});
