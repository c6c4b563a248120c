import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimulator, type Simulator } from '../../simulator/index';
import { api, fixtureDataset, WS_B } from './simulator-fixture';

const VALID = {
  name: 'Site inspection',
  context: ['plan', 'room'],
  children: [
    {
      type: 'section',
      label: 'Walls',
      children: [
        { type: 'question', label: 'Damp?', input: 'checkbox', required: true },
        { id: 'keep-me', type: 'question', label: 'Colour', input: 'choice', options: ['white', 'grey'] },
      ],
    },
  ],
};

describe('simulator forms', () => {
  let sim: Simulator;
  beforeAll(async () => {
    sim = await startSimulator({ dataset: fixtureDataset() });
  });
  afterAll(() => sim.close());

  it('lists and gets forms with their full structure', async () => {
    const list = await api(sim, '/forms');
    expect(list.json.data.map((f: { id: string }) => f.id)).toEqual(['form-a1']);
    const one = await api(sim, '/forms/form-a1');
    expect(one.json.data.children[0].children[0]).toEqual({
      id: 'el-2',
      type: 'question',
      label: 'Condition?',
      input: 'choice',
      options: ['ok', 'bad'],
    });
    expect((await api(sim, '/forms/nope')).status).toBe(404);
  });

  it('creates a form and assigns ids to elements that lack one', async () => {
    const r = await api(sim, '/forms', { method: 'POST', body: VALID });
    expect(r.status).toBe(201);
    const form = r.json.data;
    expect(form).toMatchObject({ name: 'Site inspection', context: ['plan', 'room'] });
    expect(form.id).toEqual(expect.any(String));
    const section = form.children[0];
    expect(section.id).toEqual(expect.any(String));
    expect(section.children[0]).toMatchObject({
      type: 'question',
      label: 'Damp?',
      input: 'checkbox',
      required: true,
    });
    expect(section.children[0].id).toEqual(expect.any(String));
    expect(section.children[1].id).toBe('keep-me');
    expect((await api(sim, `/forms/${form.id}`)).json.data).toEqual(form);
    expect((await api(sim, `/forms/${form.id}`, { creds: WS_B })).status).toBe(404);
    expect((await api(sim, '/forms')).json.page_info.totalCount).toBe(2);
  });

  it('requires name, context and children', async () => {
    const r = await api(sim, '/forms', { method: 'POST', body: {} });
    expect(r.status).toBe(400);
    expect(r.json.details.fields).toEqual({
      name: ['is required'],
      context: ['is required'],
      children: ['is required'],
    });
  });

  it('checks types and allowed values with field paths', async () => {
    const r = await api(sim, '/forms', {
      method: 'POST',
      body: { name: '', context: ['plan', 'wall', 3], children: 'none' },
    });
    expect(r.json.details.fields).toEqual({
      name: ['must not be empty'],
      'context[1]': ['must be one of plan, floor, room, objectsTree'],
      'context[2]': ['must be one of plan, floor, room, objectsTree'],
      children: ['must be an array'],
    });
    const empty = await api(sim, '/forms', {
      method: 'POST',
      body: { name: 'x', context: [], children: [] },
    });
    expect(empty.json.details.fields).toEqual({ context: ['must not be empty'] });
    const notArray = await api(sim, '/forms', {
      method: 'POST',
      body: { name: 'x', context: 'plan', children: [] },
    });
    expect(notArray.json.details.fields).toEqual({ context: ['must be an array'] });
  });

  it('validates nested elements recursively', async () => {
    const r = await api(sim, '/forms', {
      method: 'POST',
      body: {
        name: 'Bad',
        context: ['objectsTree'],
        children: [
          'text',
          { type: 'group', label: 5 },
          {
            type: 'section',
            label: 'S',
            children: [{ label: 'no type' }, { type: 'question', label: 'q', children: {} }],
          },
          { type: 'question', label: 'q', input: 'slider', options: [1], required: 'yes' },
        ],
      },
    });
    expect(r.status).toBe(400);
    expect(r.json.details.fields).toEqual({
      'children[0]': ['must be an object'],
      'children[1].type': ['must be one of section, question'],
      'children[1].label': ['must be a string'],
      'children[2].children[0].type': ['is required'],
      'children[2].children[1].children': ['must be an array'],
      'children[3].input': ['must be one of text, number, choice, checkbox, date, photo'],
      'children[3].options': ['must be an array of strings'],
      'children[3].required': ['must be a boolean'],
    });
  });

  it('refuses absurdly deep nesting without crashing', async () => {
    let el: Record<string, unknown> = { type: 'question', label: 'leaf' };
    for (let i = 0; i < 200; i++) el = { type: 'section', label: `s${i}`, children: [el] };
    const r = await api(sim, '/forms', {
      method: 'POST',
      body: { name: 'Deep', context: ['plan'], children: [el] },
    });
    expect(r.status).toBe(400);
    expect(JSON.stringify(r.json.details.fields)).toMatch(/nested deeper/);
    const deepJson = '['.repeat(100_000) + ']'.repeat(100_000);
    const d = await api(sim, '/forms', {
      method: 'POST',
      rawBody: `{"name":"x","context":["plan"],"children":${deepJson}}`,
    });
    expect(d.status).toBe(400);
    expect((await api(sim, '/workspace')).status).toBe(200);
  });

  it('updates a form partially and validates what is sent', async () => {
    const created = (await api(sim, '/forms', { method: 'POST', body: VALID })).json.data;
    const r = await api(sim, `/forms/${created.id}`, {
      method: 'PUT',
      body: { name: 'Renamed', context: ['floor'] },
    });
    expect(r.status).toBe(200);
    expect(r.json.data).toMatchObject({
      id: created.id,
      name: 'Renamed',
      context: ['floor'],
      children: created.children,
    });
    const bad = await api(sim, `/forms/${created.id}`, {
      method: 'PUT',
      body: { children: [{ type: 'question' }] },
    });
    expect(bad.status).toBe(400);
    expect(bad.json.details.fields).toEqual({ 'children[0].label': ['is required'] });
    expect((await api(sim, `/forms/${created.id}`, { method: 'PUT', body: {} })).status).toBe(400);
    expect((await api(sim, `/forms/${created.id}`)).json.data.name).toBe('Renamed');
  });

  it('deletes a form permanently', async () => {
    const created = (await api(sim, '/forms', { method: 'POST', body: VALID })).json.data;
    const r = await api(sim, `/forms/${created.id}`, { method: 'DELETE' });
    expect(r.json.data).toEqual({ id: created.id, deleted: true });
    expect((await api(sim, `/forms/${created.id}`)).status).toBe(404);
    expect((await api(sim, `/forms/${created.id}`, { method: 'DELETE' })).status).toBe(404);
    const ids = (await api(sim, '/forms')).json.data.map((f: { id: string }) => f.id);
    expect(ids).not.toContain(created.id);
  });

  it('refuses form changes to a member acting user', async () => {
    const r = await api(sim, '/forms', {
      method: 'POST',
      body: VALID,
      headers: { acting_user: 'bob@acme.test' },
    });
    expect(r.status).toBe(401);
    const ok = await api(sim, '/forms', {
      method: 'POST',
      body: VALID,
      headers: { acting_user: 'alice@acme.test' },
    });
    expect(ok.status).toBe(201);
  });

  it('gets teams with their members', async () => {
    const t = await api(sim, '/teams/t-a1');
    expect(t.json.data).toEqual({
      id: 't-a1',
      name: 'Field Team',
      members: [
        { id: 'u-a1', email: 'alice@acme.test', firstname: 'Alice', lastname: 'Example' },
        { id: 'u-a2', email: 'bob@acme.test', firstname: 'Bob', lastname: 'Example' },
      ],
    });
    expect((await api(sim, '/teams/t-b1')).status).toBe(404);
  });
});
