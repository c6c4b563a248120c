import { readFileSync } from 'node:fs';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../../src-main/api/client';
import { toEstimateDocument } from '../../src-main/estimates/document';
import type { SimDataset, SimEstimate } from '../../simulator/data/types';
import { startSimulator, type Simulator } from '../../simulator/index';
import { cliEnv, runCliHere } from '../helpers/cli-run';
import {
  MONEY_FIELDS,
  TOTAL_FIELDS,
  type EstimateDocument,
  type EstimateNode,
} from '../../src-shared/estimates/types';

let dir = mkdtempSync(join(tmpdir(), 'plandesk-cli-est-'));
const MONEY = /^-?\d+\.\d{12}$/;

/** The CLI's commands, run in this process (tests/helpers/cli-run.ts). */
const run = runCliHere;

function connEnv(sim: Simulator, ws = 0): Record<string, string> {
  return cliEnv({ baseUrl: sim.baseUrl, ...sim.workspaces[ws]! });
}

function clientFor(sim: Simulator, ws = 0): ApiClient {
  const w = sim.workspaces[ws]!;
  return new ApiClient({ baseUrl: sim.baseUrl, customer: w.customer, key: w.key });
}

/** Every node with its depth and its sibling list, without recursion. */
function walk(tree: EstimateNode[]): { node: EstimateNode; depth: number }[] {
  const out: { node: EstimateNode; depth: number }[] = [];
  const stack = tree.map((node) => ({ node, depth: 0 })).reverse();
  while (stack.length > 0) {
    const entry = stack.pop()!;
    out.push(entry);
    for (let i = entry.node.children.length - 1; i >= 0; i--)
      stack.push({ node: entry.node.children[i]!, depth: entry.depth + 1 });
  }
  return out;
}

function expectSorted(list: EstimateNode[]): void {
  for (let i = 1; i < list.length; i++) {
    const [a, b] = [list[i - 1]!, list[i]!];
    expect(a.sort < b.sort || (a.sort === b.sort && a.id < b.id)).toBe(true);
  }
}

const demo = JSON.parse(readFileSync('resources/demo/dataset.json', 'utf8')) as SimDataset;

/** The demo estimates with their project, for the first workspace. */
function demoEstimates(ws = 0): { projectId: string; estimate: SimEstimate }[] {
  return demo.workspaces[ws]!.projects.flatMap((p) =>
    p.estimates.map((estimate) => ({ projectId: p.id, estimate })),
  );
}

/** The demo estimate with the deepest groups (three levels of groups in the demo data). */
function deepestDemoEstimate(): { projectId: string; estimate: SimEstimate } {
  const depth = (e: SimEstimate) => {
    const byId = new Map(e.items.map((i) => [i.id, i]));
    let max = 0;
    for (const i of e.items) {
      let d = 1;
      for (let p = i.parent_id; p !== null; p = byId.get(p)?.parent_id ?? null) d++;
      max = Math.max(max, d);
    }
    return max * 10_000 + e.items.length;
  };
  return demoEstimates().sort((a, b) => depth(b.estimate) - depth(a.estimate))[0]!;
}

describe('plandesk estimate (demo data over HTTP)', () => {
  let sim: Simulator;
  const { projectId, estimate } = deepestDemoEstimate();

  beforeAll(async () => {
    sim = await startSimulator({ dataset: 'demo' });
  });
  afterAll(() => sim.close());

  it('--json prints one document: header, sorted tree, totals, warnings; money with twelve digits', async () => {
    const r = await run(['estimate', projectId, estimate.id, '--json'], connEnv(sim));
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const doc = JSON.parse(r.stdout) as EstimateDocument;
    expect(Object.keys(doc)).toEqual(['estimate', 'tree', 'service_totals', 'computed_totals', 'warnings']);
    expect(doc.estimate).toMatchObject({
      id: estimate.id,
      name: estimate.name,
      unique_identifier: estimate.unique_identifier,
      currency: estimate.currency,
      status: estimate.status,
    });

    const nodes = walk(doc.tree);
    expect(nodes).toHaveLength(estimate.items.length);
    expect(Math.max(...nodes.map((n) => n.depth))).toBeGreaterThanOrEqual(3);
    expectSorted(doc.tree);
    for (const { node } of nodes) {
      expectSorted(node.children);
      for (const child of node.children) expect(child.parent_id).toBe(node.id);
      for (const f of [...MONEY_FIELDS, 'quantity', 'tax', 'computed_total'] as const) {
        if (node[f] !== null) expect(node[f]).toMatch(MONEY);
      }
      expect(node.total).toMatch(MONEY);
      if (node.type === 'group') expect(node.computed_total).toBe(node.total);
      else expect(node.computed_total).toBeNull();
      expect(Object.keys(node).at(-1)).toBe('children');
    }
    for (const f of TOTAL_FIELDS) {
      expect(doc.computed_totals[f]).toMatch(MONEY);
      expect(doc.service_totals[f]).toMatch(MONEY);
    }
    expect(doc.computed_totals).toEqual(doc.service_totals);
    expect(doc.service_totals).toEqual(estimate.estimate_totals);
    expect(doc.warnings).toEqual([]);
  });

  it('computed totals equal the service totals for every demo estimate, without warnings', async () => {
    let checked = 0;
    for (const ws of [0, 1]) {
      const client = clientFor(sim, ws);
      for (const { projectId: p, estimate: e } of demoEstimates(ws)) {
        const doc = toEstimateDocument(await client.getEstimate(p, e.id));
        expect(doc.warnings, `${p}/${e.id}`).toEqual([]);
        expect(doc.computed_totals).toEqual(doc.service_totals);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(50);
  });

  it('prints the same JSON when the service sends money as strings (moneyAsStrings)', async () => {
    const args = ['estimate', projectId, estimate.id, '--json'];
    const asNumbers = await run(args, connEnv(sim));
    sim.faults.setVariants({ moneyAsStrings: true });
    try {
      const asStrings = await run(args, connEnv(sim));
      expect(asStrings.code).toBe(0);
      expect(asStrings.stdout).toBe(asNumbers.stdout);
    } finally {
      sim.faults.setVariants({ moneyAsStrings: false });
    }
  });

  it('without --json: an indented tree, the totals side by side, the warnings', async () => {
    const r = await run(['estimate', projectId, estimate.id], connEnv(sim));
    expect(r.code).toBe(0);
    const out = r.stdout;
    expect(out).toContain(`Estimate     ${estimate.name}`);
    expect(out).toMatch(/^Code\s+Name\s+Quantity\s+Unit\s+Total$/m);
    // Groups are marked, and children are indented below their parents.
    const top = estimate.items.find((i) => i.parent_id === null && i.type === 'group')!;
    expect(out).toContain(`▸ ${top.name}`);
    expect(out).toMatch(/^ {6}\S+\s/m);
    // Totals: service and computed, two decimals, equal (no ≠).
    const total = estimate.estimate_totals.total.replace(/(\.\d\d)\d+$/, '$1');
    expect(out).toMatch(
      new RegExp(`^Total\\s+${total.replace('.', '\\.')}\\s+${total.replace('.', '\\.')}$`, 'm'),
    );
    expect(out).toMatch(/^Totals \(\w{3}\)\s+Service\s+Computed$/m);
    expect(out).not.toContain('≠');
    expect(out.trimEnd().endsWith('Warnings: none')).toBe(true);
  });

  it('errors: error(not-found) with exit 1; a missing ESTIMATE_ID is a usage error', async () => {
    const noEstimate = await run(['estimate', projectId, 'does-not-exist'], connEnv(sim));
    expect(noEstimate.code).toBe(1);
    expect(noEstimate.stdout).toBe('');
    expect(noEstimate.stderr.trim()).toMatch(/^error\(not-found\): /);
    expect(noEstimate.stderr.trim().split('\n')).toHaveLength(1);

    const noProject = await run(['estimate', 'no-such-project', estimate.id, '--json'], connEnv(sim));
    expect(noProject.code).toBe(1);
    expect(noProject.stderr.trim()).toMatch(/^error\(not-found\): /);

    const otherWorkspace = await run(['estimate', projectId, estimate.id], connEnv(sim, 1));
    expect(otherWorkspace.code).toBe(1);
    expect(otherWorkspace.stderr.trim()).toMatch(/^error\(not-found\): /);

    const usage = await run(['estimate', projectId], connEnv(sim));
    expect(usage.code).toBe(2);
    expect(usage.stderr.trim()).toBe('error(config): Missing ESTIMATE_ID. See plandesk --help.');
  });

  it('--help lists the command', async () => {
    const r = await run(['--help']);
    expect(r.stdout).toMatch(/^ {2}estimate PROJECT_ID ESTIMATE_ID\s+/m);
  });
});

describe('plandesk estimate (a broken estimate over HTTP)', () => {
  let sim: Simulator;
  const { projectId, estimate } = deepestDemoEstimate();

  beforeAll(async () => {
    const data = structuredClone(demo);
    const e = data.workspaces[0]!.projects.find((p) => p.id === projectId)!.estimates.find(
      (x) => x.id === estimate.id,
    )!;
    const group = e.items.find((i) => i.type === 'group' && i.parent_id === null)!;
    const position = e.items.find((i) => i.type === 'position')!;
    group.total = '1.000000000000'; // the service's group total is off
    (position as { type: string }).type = 'extra'; // unknown type: still a position
    const nothing = Object.fromEntries(
      [
        'quantity',
        'labor_cost',
        'equipment_cost',
        'material_cost',
        'other_cost',
        'total_cost',
        'markup',
        'discount',
      ].map((f) => [f, null]),
    );
    e.items.push({
      ...position,
      ...nothing,
      id: 'orphan-1',
      parent_id: 'gone',
      type: 'position',
      sort: 99,
      total: '0.000000000000',
    });
    e.estimate_totals.total = '0.010000000000';
    sim = await startSimulator({ dataset: data });
  });
  afterAll(() => sim.close());

  it('shows the problems as warnings and ≠ markers, and keeps the service figures', async () => {
    const json = await run(['estimate', projectId, estimate.id, '--json'], connEnv(sim));
    expect(json.code).toBe(0);
    const doc = JSON.parse(json.stdout) as EstimateDocument;
    expect(doc.warnings.map((w) => w.code).sort()).toEqual([
      'group-total-mismatch',
      'orphan',
      'totals-mismatch',
      'unknown-type',
    ]);
    expect(doc.warnings.at(-1)!.message).toContain('Estimate total: the service says 0.010000000000');
    expect(doc.service_totals.total).toBe('0.010000000000');
    expect(doc.tree.at(-1)!.id).toBe('orphan-1');

    const human = await run(['estimate', projectId, estimate.id], connEnv(sim));
    expect(human.code).toBe(0);
    expect(human.stdout).toMatch(/^Total\s+0\.01\s+≠\s+[\d.]+$/m);
    expect(human.stdout).toMatch(/1\.00 ≠/); // the group's row
    expect(human.stdout).toMatch(/^Warnings \(4\):$/m);
    expect(human.stdout).toMatch(/^ {2}orphan \[orphan-1\]: /m);
  });

  it('export warns on stderr that the service totals differ, and the document shows the items\u2019', async () => {
    const out = join(dir, 'broken.xlsx');
    const r = await run(['export', projectId, estimate.id, '--format', 'xlsx', '--out', out], connEnv(sim));
    expect(r.code).toBe(0);
    expect(r.stderr).toMatch(/warning: E\S+: the service’s totals do not match its items/);
    expect(r.stderr).toContain('the service says');
    expect(r.stdout).toContain(out);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile(out);
    const cells = wb.worksheets[0]!.getSheetValues()
      .flat()
      .filter((v) => v !== undefined && v !== null);
    const gross = cells.find(
      (v) =>
        typeof v === 'object' &&
        v !== null &&
        'formula' in v &&
        /\+/.test(String((v as { formula: string }).formula)),
    );
    // Not the service's 0.01: the items' gross total.
    expect((gross as { result: number }).result).toBeGreaterThan(1);
  });
});

describe('plandesk export: presets and columns', () => {
  let sim: Simulator;
  const { projectId, estimate } = deepestDemoEstimate();
  beforeAll(async () => {
    sim = await startSimulator({ dataset: 'demo' });
    dir = mkdtempSync(join(tmpdir(), 'plandesk-cli-export-'));
  });
  afterAll(async () => {
    await sim.close();
    rmSync(dir, { recursive: true, force: true });
  });

  const sheetsOf = async (file: string) => {
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile(file);
    return wb.worksheets.map((ws) => ({ name: ws.name, text: JSON.stringify(ws.getSheetValues()) }));
  };

  it('makes the client quote by default; --client-copy is the same; --preset internal the worksheet', async () => {
    const quote = join(dir, 'quote.xlsx');
    expect(
      (await run(['export', projectId, estimate.id, '--format', 'xlsx', '--out', quote], connEnv(sim))).code,
    ).toBe(0);
    // Without --lang, in the language of the estimate's company's country (the demo's is German).
    const q = await sheetsOf(quote);
    expect(q).toHaveLength(1);
    expect(q[0]!.text).not.toContain('Kosten gesamt');
    expect(q[0]!.text).toContain('Einzelpreis');
    const english = join(dir, 'quote-en.xlsx');
    expect(
      (
        await run(
          ['export', projectId, estimate.id, '--lang', 'en-US', '--format', 'xlsx', '--out', english],
          connEnv(sim),
        )
      ).code,
    ).toBe(0);
    expect((await sheetsOf(english))[0]!.text).toContain('Unit price');
    const alias = join(dir, 'alias.xlsx');
    const a = await run(
      ['export', projectId, estimate.id, '--format', 'xlsx', '--out', alias, '--client-copy', '--json'],
      connEnv(sim),
    );
    expect(JSON.parse(a.stdout)).toMatchObject({ kind: 'client', estimates: 1 });
    const internal = join(dir, 'internal.xlsx');
    const i = await run(
      [
        'export',
        projectId,
        estimate.id,
        '--format',
        'xlsx',
        '--out',
        internal,
        '--preset',
        'internal',
        '--json',
      ],
      connEnv(sim),
    );
    expect(JSON.parse(i.stdout)).toMatchObject({ kind: 'internal' });
    const w = await sheetsOf(internal);
    expect(w).toHaveLength(2);
    expect(w[0]!.text).toContain('Kosten gesamt');
  });

  it('--columns chooses columns, never an internal one for a client', async () => {
    const out = join(dir, 'cols.xlsx');
    const r = await run(
      [
        'export',
        projectId,
        estimate.id,
        '--format',
        'xlsx',
        '--out',
        out,
        '--columns',
        'code,name,markup,net_amount',
      ],
      connEnv(sim),
    );
    expect(r.code).toBe(0);
    expect(r.stderr).toContain('not in a client document: markup');
    const [sheet] = await sheetsOf(out);
    expect(sheet!.text).not.toContain('Zuschlag');
    expect(sheet!.text).toContain('Gesamtpreis');
  });

  it('uses a preset the app saved for this workspace (read from its settings.json)', async () => {
    const data = mkdtempSync(join(tmpdir(), 'plandesk-cli-data-'));
    const w = sim.workspaces[0]!;
    writeFileSync(
      join(data, 'settings.json'),
      JSON.stringify({
        workspaces: [{ id: 'ws-1', baseUrl: sim.baseUrl, customer: w.customer }],
        exportPresets: {
          'ws-1': [
            {
              id: 'p1',
              name: 'Kurzangebot',
              kind: 'client',
              columns: ['name', 'total_cost', 'net_amount'],
              language: 'de-DE',
              paper: 'A4',
              statements: false,
            },
          ],
        },
      }),
    );
    const out = join(dir, 'saved.xlsx');
    const r = await run(
      [
        'export',
        projectId,
        estimate.id,
        '--format',
        'xlsx',
        '--out',
        out,
        '--preset',
        'kurzangebot',
        '--lang',
        'de-DE',
      ],
      { ...connEnv(sim), PLANDESK_DATA_DIR: data },
    );
    expect(r.code).toBe(0);
    const [sheet] = await sheetsOf(out);
    expect(sheet!.text).toContain('Gesamtpreis');
    expect(sheet!.text).not.toContain('Kosten gesamt');
    const unknown = await run(
      ['export', projectId, estimate.id, '--format', 'xlsx', '--out', out, '--preset', 'nope'],
      { ...connEnv(sim), PLANDESK_DATA_DIR: data },
    );
    expect(unknown.code).toBe(2);
    expect(unknown.stderr.trim()).toBe('error(config): There is no export preset called "nope".');
    rmSync(data, { recursive: true, force: true });
  });
});
