import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../../src-main/api/client';
import { toEstimateDocument } from '../../src-main/estimates/document';
import { flattenTree } from '../../src-main/estimates/flatten';
import { startSimulator, type Simulator } from '../../simulator';
import { Decimal } from '../../src-shared/money/decimal';
import { cliEnv, runCliHere } from '../helpers/cli-run';
import { editEstimate } from '../helpers/estimate-edits';
import { pdfText } from '../helpers/export-readers';
import { describeWithTools, pdftotext } from '../helpers/external-tools';

// `plandesk diff` and `plandesk export-changes`, run as a user runs them (in this process: the
// commands are the subject, tests/helpers/cli-run.ts) against the simulator over HTTP, its versions
// kept in a data folder of the test's own.

const MONEY = /^-?\d+\.\d{12}$/;
let sim: Simulator;
let dataDir: string;
let client: ApiClient;
let projectId: string;
let estimates: string[];

function run(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const w = sim.workspaces[0]!;
  return runCliHere(args, cliEnv({ baseUrl: sim.baseUrl, customer: w.customer, key: w.key }, dataDir));
}

async function grossOf(estimateId: string): Promise<Decimal> {
  return Decimal.parse(
    toEstimateDocument(await client.getEstimate(projectId, estimateId)).service_totals.total!,
  );
}

beforeAll(async () => {
  sim = await startSimulator({ dataset: 'demo' });
  dataDir = mkdtempSync(join(tmpdir(), 'plandesk-cli-diff-'));
  const w = sim.workspaces[0]!;
  client = new ApiClient({ baseUrl: sim.baseUrl, customer: w.customer, key: w.key });
  for (const p of await client.listAllProjects({})) {
    const list = await client.listAllEstimates(p.id);
    if (list.length >= 2) {
      projectId = p.id;
      estimates = list.map((e) => e.id);
      break;
    }
  }
});

afterAll(async () => {
  await sim.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('plandesk diff', () => {
  it('compares the previous kept version with the current one, and says when there is none', async () => {
    const estimateId = estimates[0]!;
    const first = await run(['diff', projectId, estimateId, '--json']);
    expect(first.code).toBe(1);
    expect(first.stderr).toMatch(/^error\(not-found\): PlanDesk has no earlier version/);

    const before = await grossOf(estimateId);
    const rows = flattenTree(toEstimateDocument(await client.getEstimate(projectId, estimateId)).tree);
    const [changed, removed] = rows.filter((r) => r.type === 'position');
    await editEstimate(sim.adminUrl, projectId, estimateId, {
      set: { [changed!.id]: { quantity: '3.500000000000' } },
      remove: [removed!.id],
      add: [
        {
          id: 'cli-added',
          parent_id: changed!.parent_id,
          name: 'Skirting boards',
          quantity: '12.000000000000',
          unit: 'm',
          material_unit_price: '8.400000000000',
        },
      ],
    });
    const after = await grossOf(estimateId);

    const out = await run(['diff', projectId, estimateId, '--json']);
    expect(out.stderr).toBe('');
    expect(out.code).toBe(0);
    const diff = JSON.parse(out.stdout);
    expect(Object.keys(diff)).toEqual(['from', 'to', 'added', 'removed', 'moved', 'changed', 'totals_delta']);
    expect(diff.from).toMatchObject({ id: estimateId });
    expect(diff.from.fetched_at).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect(diff.to).not.toHaveProperty('fetched_at');
    expect(diff.to.modified).not.toBe(diff.from.modified);
    expect(diff.added.map((i: { id: string }) => i.id)).toEqual(['cli-added']);
    expect(diff.added[0].quantity).toBe('12.000000000000');
    expect(diff.removed.map((i: { id: string }) => i.id)).toEqual([removed!.id]);
    expect(diff.moved).toEqual([]);
    const change = diff.changed.find((c: { id: string }) => c.id === changed!.id);
    expect(change.fields.quantity).toEqual({ from: changed!.quantity, to: '3.500000000000' });
    for (const field of Object.values(change.fields) as { from: string; to: string }[]) {
      if (field.to !== null && /^-?\d/.test(field.to)) expect(field.to).toMatch(MONEY);
    }
    for (const k of ['net', 'tax', 'gross']) expect(diff.totals_delta[k]).toMatch(MONEY);
    expect(Decimal.parse(diff.totals_delta.gross).eq(after.sub(before))).toBe(true);

    // The same through --version 1, and in words.
    const byVersion = JSON.parse(
      (await run(['diff', projectId, estimateId, '--version', '1', '--json'])).stdout,
    );
    expect(byVersion.totals_delta).toEqual(diff.totals_delta);
    const words = await run(['diff', projectId, estimateId]);
    expect(words.stdout).toContain('Added (1)');
    expect(words.stdout).toContain('Removed (1)');
    expect(words.stdout).toMatch(/quantity: [\d.]+ → 3\.5/);

    const none = await run(['diff', projectId, estimateId, '--since', '2000-01-01']);
    expect(none.code).toBe(1);
    expect(none.stderr).toContain('from before 2000-01-01');
    const both = await run(['diff', projectId, estimateId, '--since', '2000-01-01', '--version', '1']);
    expect(both.code).toBe(2);
  });

  it('compares two estimates of a project', async () => {
    const [a, b] = estimates;
    const out = await run(['diff', projectId, a!, b!, '--json']);
    expect(out.code).toBe(0);
    const diff = JSON.parse(out.stdout);
    expect(diff.from.id).toBe(a);
    expect(diff.to.id).toBe(b);
    expect(Decimal.parse(diff.totals_delta.gross).eq((await grossOf(b!)).sub(await grossOf(a!)))).toBe(true);
  });
});

describeWithTools('plandesk export-changes', [pdftotext], () => {
  it('writes the change order as a client PDF', async () => {
    const estimateId = estimates[1]!;
    await run(['diff', projectId, estimateId, estimateId, '--json']);
    const rows = flattenTree(toEstimateDocument(await client.getEstimate(projectId, estimateId)).tree);
    const target = rows.find((r) => r.type === 'position')!;
    await editEstimate(sim.adminUrl, projectId, estimateId, {
      set: { [target.id]: { quantity: '99.000000000000' } },
    });
    const file = join(dataDir, 'change order.pdf');
    const out = await run([
      'export-changes',
      projectId,
      estimateId,
      estimateId,
      '--version',
      '1',
      '--format',
      'pdf',
      '--out',
      file,
    ]);
    expect(out.stderr).toBe('');
    expect(out.stdout).toContain(file);
    // Without --lang, in the language of the estimate's company's country (the demo's is German).
    const text = (await pdfText(file)).replace(/\s+/g, ' ');
    expect(text).toContain('Nachtrag');
    expect(text).toContain('Nachtragsnr.');
    expect(text).toContain(target.name!);
    expect(text).toContain('Neuer Gesamtbetrag (brutto)');
    const gross = new Intl.NumberFormat('de-DE', { style: 'currency', currency: 'EUR' })
      .format((await grossOf(estimateId)).toFixed(2) as Intl.StringNumericLiteral)
      .replace(/\u00a0/g, ' ');
    expect(text).toContain(gross);
    // With --lang, in that language.
    const english = join(dataDir, 'change order en.pdf');
    const again = await run(
      ['export-changes', projectId, estimateId, estimateId, '--version', '1', '--lang', 'en-US'].concat([
        '--format',
        'pdf',
        '--out',
        english,
      ]),
    );
    expect(again.stderr).toBe('');
    const englishText = (await pdfText(english)).replace(/\s+/g, ' ');
    expect(englishText).toContain('Change order no.');
    expect(englishText).toContain('New total (gross)');
  });
});
