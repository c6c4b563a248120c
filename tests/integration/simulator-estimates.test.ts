import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { detailOfAnswer, estimateDetailOfAnswer } from '../../src-main/api/estimate-parse';
import { toEstimateDocument } from '../../src-main/estimates/document';
import { JsonTextReader, parseJsonLossless } from '../../src-main/api/lossless-json';
import { ESTIMATE_ITEMS, EstimateBodyReader } from '../../src-main/estimates/estimate-body';
import { startedTreeOf, treeStartedFor } from '../../src-main/estimates/tree-start';
import type { SimProject } from '../../simulator/data/types';
import { startSimulator, type Simulator } from '../../simulator/index';
import { Money, MoneyFields, writeJson } from '../../simulator/json-writer';
import { WS_A, admin, api, bigEstimate, fixtureDataset, headers, type Loose } from './simulator-fixture';

describe('simulator estimates', () => {
  let sim: Simulator;
  beforeAll(async () => {
    const dataset = fixtureDataset();
    const bench = dataset.workspaces[0]?.projects[3] as SimProject;
    bench.estimates = [bigEstimate('est-big', bench.plan.id, 20_000)];
    sim = await startSimulator({ dataset });
  });
  afterAll(() => sim.close());

  it('lists estimates with ISO 8601 timestamps and a page_info', async () => {
    const r = await api(sim, '/projects/p-a01/estimates');
    expect(r.status).toBe(200);
    expect(r.json).toEqual({
      data: [
        {
          id: 'est-a1',
          name: 'Estimate est-a1',
          status: 'draft',
          unique_id: 'E2025-est-a1',
          created: '2025-04-11T07:30:03+00:00',
          modified: '2025-04-11T07:30:07+00:00',
        },
      ],
      page_info: { totalCount: 1, page: 1, pageSize: 10, totalPages: 1 },
    });
  });

  it('writes money as raw JSON numbers with all twelve fractional digits', async () => {
    const r = await api(sim, '/projects/p-a01/estimates/est-a1');
    expect(r.status).toBe(200);
    expect(r.text).toContain('"total_cost":1234.500000000000');
    expect(r.text).toContain('"tax":0.190000000000');
    expect(r.text).toContain('"total":123456789012.123456789012');
    expect(r.text).not.toContain('"1234.500000000000"');
    // Non-money fields stay as they are, including text that looks like a number.
    expect(r.text).toContain('"code":"C-p1"');
    expect(r.text).toContain('"description":"A \\"quoted\\" description"');

    const body = parseJsonLossless(r.text) as Loose;
    expect(body.data).toHaveLength(1);
    const est = body.data[0];
    expect(est.date_issue).toBe('2025-04-11 00:00:00');
    expect(est.company.logo_url).toBe(`${sim.baseUrl}/workspace/logo.png`);
    expect(est.estimate_totals.total).toBe('123456789012.123456789012');
    const group = est.items.find((i: { id: string }) => i.id === 'g11');
    expect(group).toMatchObject({
      type: 'group',
      parent_id: 'g1',
      quantity: null,
      tax: null,
      total: '2469.000000000000',
    });
    const position = est.items.find((i: { id: string }) => i.id === 'p1');
    expect(position).toMatchObject({
      type: 'position',
      parent_id: 'g11',
      quantity: '2.500000000000',
      unit: 'm²',
    });
  });

  it('writes money as JSON strings under the moneyAsStrings variant', async () => {
    await admin(sim, '/variants', 'POST', { moneyAsStrings: true });
    try {
      const r = await api(sim, '/projects/p-a01/estimates/est-a1');
      expect(r.text).toContain('"total_cost":"1234.500000000000"');
      expect(r.text).toContain('"total":"123456789012.123456789012"');
      expect(r.json.data[0].items[0].total).toBe('3703.500000000000');
    } finally {
      await admin(sim, '/variants', 'POST', { moneyAsStrings: false });
    }
  });

  it('answers 404 for an unknown estimate or project', async () => {
    expect((await api(sim, '/projects/p-a01/estimates/nope')).status).toBe(404);
    expect((await api(sim, '/projects/nope/estimates')).status).toBe(404);
  });

  it('serves a 20,000-item estimate that parses back exactly', async () => {
    const r = await api(sim, '/projects/p-a04/estimates/est-big');
    expect(r.status).toBe(200);
    const body = parseJsonLossless(r.text) as Loose;
    expect(body.data[0].items).toHaveLength(20_000);
    expect(body.data[0].items[1].total_cost).toBe('1234.500000000000');
  });

  it('has its 20,000 items parsed while they arrive, as the estimate tasks read an answer', async () => {
    const res = await fetch(`${sim.baseUrl}/projects/p-a04/estimates/est-big`, { headers: headers(WS_A) });
    const reader = new JsonTextReader({ streamArray: ESTIMATE_ITEMS });
    const chunks: Uint8Array[] = [];
    for await (const chunk of res.body!) {
      reader.push(chunk);
      chunks.push(chunk);
    }
    const json = reader.parse(detailOfAnswer);
    // The service's own layout (compact, items at data[0]) is one the reader can cut, and its totals
    // (after the items) hold a literal a double cannot hold: the same estimate either way.
    expect(reader.streamed).toBe(true);
    const whole = parseJsonLossless(Buffer.concat(chunks).toString('utf8'));
    expect((whole as Loose).data[0].estimate_totals.total).toBe('123456789012.123456789012');
    expect(toEstimateDocument(estimateDetailOfAnswer(json))).toEqual(
      toEstimateDocument(estimateDetailOfAnswer(whole)),
    );

    // The estimate tasks' reader also makes the tree's nodes batch by batch as the items arrive
    // (estimates/tree-start.ts): the tree is built from them, to the same document.
    const body = new EstimateBodyReader('response');
    for (const chunk of chunks) body.push(chunk);
    const detail = body.detail();
    const start = startedTreeOf(detail.items);
    expect(start?.startOf(detail.items)).toBe(true);
    expect(start!.items.length).toBeGreaterThan(detail.items.length / 2);
    treeStartedFor(detail.items, start!);
    const doc = toEstimateDocument(detail);
    expect(doc).toEqual(toEstimateDocument(estimateDetailOfAnswer(whole)));
    // Built from it: the rest of the items added to it, its nodes in the tree.
    expect(start!.items).toHaveLength(detail.items.length);
    expect(start!.nodes).toContain(doc.tree[0]);
  });

  // How fast: bench/simulator-json.ts (target < 1 s); a test on the clock fails on a busy machine.
  it('serialises a 20,000-item estimate, its money as exact numbers', () => {
    const est = bigEstimate('bench', 'pl', 20_000);
    const keys = new Set(['total', 'total_cost', 'quantity']);
    const text = writeJson({ data: [{ ...est, items: new MoneyFields(est.items, keys) }] });
    expect(text).toContain('"total_cost":1234.500000000000');
  });
});

describe('simulator JSON writer', () => {
  it('writes Money values raw, normalising text that is not a JSON number', () => {
    expect(writeJson({ a: new Money('1.500000000000'), b: new Money('+2.5'), c: 'x' })).toBe(
      '{"a":1.500000000000,"b":"+2.5","c":"x"}',
    );
    expect(writeJson([new Money('-0.100000000000')], { moneyAsStrings: true })).toBe('["-0.100000000000"]');
  });

  it('falls back to plain strings under a bare JSON.stringify', () => {
    expect(
      JSON.stringify({ a: new Money('1.50'), b: new MoneyFields([{ total: '2.0' }], new Set(['total'])) }),
    ).toBe('{"a":"1.50","b":[{"total":"2.0"}]}');
  });

  it('only unquotes money keys, and never inside string values', () => {
    const value = {
      note: '"total":"5"',
      items: new MoneyFields([{ total: '5.0', code: '1.1', tax: null }], new Set(['total', 'tax'])),
    };
    expect(writeJson(value)).toBe(
      '{"note":"\\"total\\":\\"5\\"","items":[{"total":5.0,"code":"1.1","tax":null}]}',
    );
  });

  it('cannot be fooled by a string that imitates its internal marker', () => {
    const value = {
      name: '\u0000deadbeef:0',
      items: new MoneyFields([{ total: '1.0' }], new Set(['total'])),
    };
    const text = writeJson(value);
    expect(JSON.parse(text)).toEqual({ name: '\u0000deadbeef:0', items: [{ total: 1 }] });
  });
});
