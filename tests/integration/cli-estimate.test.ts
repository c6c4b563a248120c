import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../../src-main/api/client';
import { toEstimateDocument } from '../../src-main/estimates/document';
import type { SimDataset, SimEstimate } from '../../simulator/data/types';
import { startSimulator, type Simulator } from '../../simulator/index';
import {
  MONEY_FIELDS,
  TOTAL_FIELDS,
  type EstimateDocument,
  type EstimateNode,
} from '../../src-shared/estimates/types';

const BIN = 'bin/plandesk.cjs';
const MONEY = /^-?\d+\.\d{12}$/;

function run(
  args: string[],
  env: Record<string, string> = {},
): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [BIN, ...args],
      { env: { PATH: process.env.PATH ?? '', ...env }, maxBuffer: 100 * 1024 * 1024 },
      (err, stdout, stderr) =>
        resolve({ code: err ? ((err as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    );
  });
}

function connEnv(sim: Simulator, ws = 0): Record<string, string> {
  const w = sim.workspaces[ws]!;
  return { PLANDESK_BASE_URL: sim.baseUrl, PLANDESK_CUSTOMER: w.customer, PLANDESK_KEY: w.key };
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
});
