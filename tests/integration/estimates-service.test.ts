import { parseEstimateView } from '../../src-shared/estimates/view-text';
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { EventChannel, EventPayloads } from '../../src-shared/ipc/contract';
import type { RunningServices } from '../../src-main/app/services';
import { simWorkspace, startAppServices, startAppWithWorkspace } from '../helpers/app-services';
import { startSimulator, type Simulator } from '../../simulator';
import { testDialogs } from '../helpers/test-dialogs';
import { EXPORT_COLUMNS } from '../../src-shared/estimates/columns';
import { Decimal } from '../../src-shared/money/decimal';

// The estimates screen's main side, wired as the app wires it: a real workspace on the simulator,
// the real SQLite cache, real export files. (The keychain is not what this test is about, so the
// in-memory secret store stands in; the keychain has its own tests.)

let sim: Simulator;
let userData: string;
let exportDir: string;
let services: RunningServices;
let events: [EventChannel, unknown][];
let saveAnswer: 'accept' | 'cancel';

beforeEach(async () => {
  sim = await startSimulator({ dataset: 'demo' });
  userData = await fs.mkdtemp(path.join(os.tmpdir(), 'plandesk-est-'));
  exportDir = await fs.mkdtemp(path.join(os.tmpdir(), 'plandesk-est-out-'));
  events = [];
  saveAnswer = 'accept';
  services = await startAppWithWorkspace(simWorkspace(sim, 0, 'de-DE'), {
    userDataDir: userData,
    emit: <E extends EventChannel>(e: E, p: EventPayloads[E]) => void events.push([e, p]),
    clientOptions: { retry: { baseDelayMs: 5, maxDelayMs: 10, maxAttemptsTransient: 1 }, timeoutMs: 3_000 },
    dialogs: {
      ...testDialogs(exportDir).dialogs,
      saveFile: async (name) => (saveAnswer === 'accept' ? path.join(exportDir, name) : null),
    },
  });
});

afterEach(async () => {
  await services.close();
  await sim.close().catch(() => undefined);
  await fs.rm(userData, { recursive: true, force: true });
  await fs.rm(exportDir, { recursive: true, force: true });
});

async function projectWithEstimates(): Promise<{ projectId: string; estimateIds: string[] }> {
  const page = await services.projects.list({ page: 1, pageSize: 50, sort: 'service', direction: 'asc' });
  for (const p of page.rows) {
    const list = await services.estimates.list(p.id);
    if (list.rows.length >= 2) return { projectId: p.id, estimateIds: list.rows.map((r) => r.id) };
  }
  throw new Error('no project with two estimates in the demo data');
}

describe('estimates service', () => {
  it('opens an estimate as flattened rows with exact totals that match the service', async () => {
    const { projectId, estimateIds } = await projectWithEstimates();
    const view = parseEstimateView(await services.estimates.get(projectId, estimateIds[0]!));
    expect(view.source).toBe('network');
    expect(view.rows.length).toBeGreaterThan(5);
    expect(view.rows[0]!.depth).toBe(0);
    // Every row's subtree lies within its parent's.
    for (const [i, r] of view.rows.entries()) {
      if (r.parentIndex >= 0) {
        const parent = view.rows[r.parentIndex]!;
        expect(i).toBeGreaterThan(r.parentIndex);
        expect(i).toBeLessThanOrEqual(r.parentIndex + parent.subtreeSize);
      }
    }
    expect(view.computed_totals.total).toBe(view.service_totals.total);
    expect(view.warnings).toEqual([]);
  });

  it('gets the export thread ready once an estimate is open, and the export then runs on it', async () => {
    const { projectId, estimateIds } = await projectWithEstimates();
    expect(services.workers.exportThreads).toBe(0);
    await services.estimates.get(projectId, estimateIds[0]!);
    // Started by the wiring a moment after the estimate opened (no export asked for yet). The test's
    // timeout is the one limit: a busy machine is never mistaken for a failure.
    while (services.workers.exportThreads === 0) await new Promise((r) => setTimeout(r, 20));
    expect(services.workers.exportThreads).toBe(1);
    const out = await services.exports.estimates({
      projectId,
      estimateId: estimateIds[0]!,
      format: 'pdf',
      presetId: 'quote',
    });
    expect(out.path).not.toBeNull();
    expect((await fs.stat(out.path!)).size).toBeGreaterThan(1_000);
    expect(services.workers.exportThreads).toBe(1);
  });

  it('exports one estimate to PDF and all estimates to one workbook; a cancelled dialog writes nothing', async () => {
    const { projectId, estimateIds } = await projectWithEstimates();
    const pdf = await services.exports.estimates({
      projectId,
      estimateId: estimateIds[0]!,
      format: 'pdf',
      columns: [...EXPORT_COLUMNS],
      presetId: 'quote',
      language: 'de-DE',
    });
    expect(pdf.path).toMatch(/\.pdf$/);
    expect((await fs.readFile(pdf.path!)).subarray(0, 5).toString()).toBe('%PDF-');

    const xlsx = await services.exports.estimates({
      projectId,
      format: 'xlsx',
      columns: ['code', 'name', 'total'],
      presetId: 'internal',
      language: 'en-US',
    });
    expect(xlsx.path).toMatch(/\.xlsx$/);
    expect((await fs.readFile(xlsx.path!)).subarray(0, 2).toString()).toBe('PK');

    saveAnswer = 'cancel';
    const none = await services.exports.estimates({
      projectId,
      estimateId: estimateIds[0]!,
      format: 'xlsx',
      columns: ['name'],
      presetId: 'internal',
      language: 'en-US',
    });
    expect(none.path).toBeNull();
    expect((await fs.readdir(exportDir)).sort()).toEqual(
      [path.basename(pdf.path!), path.basename(xlsx.path!)].sort(),
    );

    await expect(
      services.exports.estimates({
        projectId,
        format: 'pdf',
        columns: ['name'],
        presetId: 'internal',
        language: 'en-US',
      }),
    ).rejects.toMatchObject({ kind: 'validation' });
  });

  it('made available offline, the project keeps working with the service gone — including exports', async () => {
    const { projectId, estimateIds } = await projectWithEstimates();
    const progress: unknown[] = [];
    const status = await services.offline.makeAvailable(projectId, 'op-offline');
    progress.push(...events.filter(([e]) => e === 'event:progress'));
    expect(status.available).toBe(true);
    expect(status.estimates).toBe(estimateIds.length);
    expect(progress.length).toBeGreaterThan(0);
    // The projects page seen while online is cached too.
    await services.projects.list({ page: 1, pageSize: 10, sort: 'service', direction: 'asc' });

    await sim.close();
    const list = await services.estimates.list(projectId);
    expect(list.source).toBe('cache');
    expect(list.rows.map((r) => r.id)).toEqual(estimateIds);
    const view = parseEstimateView(await services.estimates.get(projectId, estimateIds[1]!));
    expect(view.source).toBe('cache');
    expect(Date.parse(view.fetchedAt)).toBeLessThanOrEqual(Date.now());
    expect(events).toContainEqual(['event:connectivity', { online: false }]);
    const page = await services.projects.list({ page: 1, pageSize: 10, sort: 'service', direction: 'asc' });
    expect(page.source).toBe('cache');
    // The project's detail and its plan open offline too (the plan id comes from the detail).
    const detail = await services.projects.get(projectId);
    expect(detail.planId).toBeTruthy();
    expect((await services.plans.get(detail.planId!)).source).toBe('cache');

    const xlsx = await services.exports.estimates({
      projectId,
      estimateId: estimateIds[1]!,
      format: 'xlsx',
      columns: ['name', 'total'],
      presetId: 'internal',
      language: 'fr-FR',
    });
    expect(xlsx.source).toBe('cache');
    expect(xlsx.path).toBeTruthy();
  });

  it('a damaged cache file is moved aside, rebuilt, and the user is told; the app keeps working', async () => {
    const id = (await services.settings.load()).workspaces[0]!.id;
    await services.close();
    await fs.mkdir(path.join(userData, 'cache'), { recursive: true });
    await fs.writeFile(path.join(userData, 'cache', `${id}.sqlite`), 'this is not a database');
    services = startAppServices({ userDataDir: userData });
    // The key lived in the previous in-memory store: give it again.
    await services.workspaces.replaceKey(id, sim.workspaces[0]!.key);
    const page = await services.projects.list({ page: 1, pageSize: 5, sort: 'service', direction: 'asc' });
    expect(page.rows).toHaveLength(5);
    const notices = await services.takeNotices();
    expect(notices).toEqual([
      { code: 'cache-recovered', path: expect.stringContaining(`${id}.sqlite.unreadable-`) },
    ]);
    expect(await fs.readFile(notices[0]!.path!, 'utf8')).toBe('this is not a database');
  });

  it('removing the workspace closes and deletes its cache', async () => {
    const { projectId } = await projectWithEstimates();
    await services.offline.makeAvailable(projectId);
    const id = (await services.settings.load()).workspaces[0]!.id;
    const cacheDir = path.join(userData, 'cache');
    expect((await fs.readdir(cacheDir)).some((f) => f.startsWith(id))).toBe(true);
    await services.workspaces.remove(id);
    expect((await fs.readdir(cacheDir)).some((f) => f.startsWith(id))).toBe(false);
  });
});

describe('quotes: presets, totals for the list', () => {
  it('keeps saved presets per workspace; a client preset never keeps an internal column', async () => {
    const start = await services.presets.list();
    expect(start.presets.map((p) => p.id)).toEqual(['quote', 'internal']);
    expect(start.lastUsed).toBe('quote');
    const saved = await services.presets.save({
      name: 'Kurzangebot',
      kind: 'client',
      columns: ['code', 'name', 'markup', 'internal_notes', 'net_amount'],
      language: 'de-DE',
      paper: 'auto',
      statements: false,
    });
    const mine = saved.presets.find((p) => p.name === 'Kurzangebot')!;
    expect(mine.columns).toEqual(['code', 'name', 'net_amount']);
    expect(saved.lastUsed).toBe(mine.id);
    // Same name again: replaced, not doubled.
    const again = await services.presets.save({ ...mine, id: undefined, columns: ['name', 'net_amount'] });
    expect(again.presets.filter((p) => p.name === 'Kurzangebot')).toHaveLength(1);
    await expect(services.presets.remove('quote')).rejects.toMatchObject({ kind: 'validation' });

    // An export with it remembers it, and the document follows it.
    const { projectId, estimateIds } = await projectWithEstimates();
    const id = again.presets.find((p) => p.name === 'Kurzangebot')!.id;
    const out = await services.exports.estimates({
      projectId,
      estimateId: estimateIds[0]!,
      format: 'xlsx',
      presetId: id,
      language: 'de-DE',
    });
    expect(out.path).toBeTruthy();
    expect((await services.presets.list()).lastUsed).toBe(id);

    // Another workspace has its own presets.
    const w = sim.workspaces[1]!;
    await services.workspaces.add({
      customer: w.customer,
      key: w.key,
      baseUrl: sim.baseUrl,
      language: 'fr-FR',
    });
    expect((await services.presets.list()).presets.map((p) => p.id)).toEqual(['quote', 'internal']);
    // Settings.json holds them; removing the workspace drops them.
    const settings = JSON.parse(await fs.readFile(path.join(userData, 'settings.json'), 'utf8'));
    expect(Object.values(settings.exportPresets).flat()).toHaveLength(1);
  });

  it('gives the list the totals it knows at once, and fetches the others in the background', async () => {
    const { projectId, estimateIds } = await projectWithEstimates();
    const list = await services.estimates.list(projectId);
    expect(list.rows.every((r) => r.totals === null)).toBe(true);
    // Opening one makes its totals known.
    const view = parseEstimateView(await services.estimates.get(projectId, estimateIds[0]!));
    expect(view.quote.gross).toBe(Decimal.parse(view.service_totals.total!).toFixed(2));
    const again = await services.estimates.list(projectId);
    expect(again.rows.find((r) => r.id === estimateIds[0])?.totals?.quote.gross).toBe(view.quote.gross);
    // The rest in the background: each estimate's net and gross as its documents print them.
    const totals = await services.estimates.totals(
      projectId,
      again.rows.map((r) => ({ id: r.id, modified: r.modified })),
    );
    expect(Object.keys(totals).sort()).toEqual([...estimateIds].sort());
    for (const id of estimateIds) {
      const detail = parseEstimateView(await services.estimates.get(projectId, id));
      expect(totals[id]!.quote.net).toBe(detail.quote.net);
      expect(totals[id]!.quote.gross).toBe(Decimal.parse(detail.service_totals.total!).toFixed(2));
    }
  });
});
