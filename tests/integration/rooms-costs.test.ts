import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parseEstimateView } from '../../src-shared/estimates/view-text';
import { Decimal } from '../../src-shared/money/decimal';
import type { RoomsCosts, RoomsCostsResult } from '../../src-shared/plans/rooms-costs-types';
import type { RunningServices } from '../../src-main/app/services';
import { startSimulator, type Simulator } from '../../simulator';
import type { SimDataset } from '../../simulator/data/types';
import { addWorkspace, simWorkspace, startAppServices } from '../helpers/app-services';
import { cliEnv, runCliHere } from '../helpers/cli-run';
import { editEstimate, editPlan } from '../helpers/estimate-edits';
import { testDialogs } from '../helpers/test-dialogs';

// The estimate on the plan (issue 28), as the app runs it: the demo workspaces on the simulator over
// HTTP, the real SQLite cache, the worker threads; a plan edited through the simulator's admin API;
// the built CLI against the same simulator.

const MONEY = /^-?\d+\.\d{12}$/;
let sim: Simulator;
let userData: string;
let services: RunningServices;

beforeEach(async () => {
  sim = await startSimulator({ dataset: 'demo' });
  userData = await fs.mkdtemp(path.join(os.tmpdir(), 'plandesk-rooms-costs-'));
  services = startAppServices({
    userDataDir: userData,
    dialogs: testDialogs(userData).dialogs,
    // The sum-rule walk reads every estimate of both demo workspaces: more than the service's budget.
    clientOptions: {
      retry: { baseDelayMs: 5, maxDelayMs: 10, maxAttemptsTransient: 1 },
      // A ceiling for a hang only: a 10,000-room plan takes seconds on a busy machine.
      timeoutMs: 30_000,
      budget: { limit: 100_000, windowMs: 60_000 },
    },
  });
});

afterEach(async () => {
  await services.close();
  await sim.close().catch(() => undefined);
  await fs.rm(userData, { recursive: true, force: true });
});

async function addSimWorkspace(index: number): Promise<void> {
  await addWorkspace(services, simWorkspace(sim, index, 'de-DE'));
}

async function projects(): Promise<{ id: string; planId: string | null }[]> {
  const page = await services.projects.list({ page: 1, pageSize: 50, sort: 'service', direction: 'asc' });
  return Promise.all(
    page.rows.map(async (p) => ({ id: p.id, planId: (await services.projects.get(p.id)).planId ?? null })),
  );
}

/** The first project whose latest estimate has a room priced (and, when asked, one not priced). */
async function pricedProject(
  alsoNotPriced = false,
): Promise<{ projectId: string; planId: string; result: RoomsCostsResult; costs: RoomsCosts }> {
  for (const p of await projects()) {
    const result = await services.roomsCosts.get({ projectId: p.id, planId: p.planId });
    const costs = result.costs;
    if (!costs?.rooms.some((room) => room.positionIds.length > 0)) continue;
    if (alsoNotPriced && costs.notPriced.length === 0) continue;
    return { projectId: p.id, planId: p.planId!, result, costs };
  }
  throw new Error('the demo has no project with a priced room');
}

/** The sum rule, checked independently: every position once, the rooms + not on the plan = the total. */
async function expectSumRule(projectId: string, costs: RoomsCosts): Promise<void> {
  const view = parseEstimateView(await services.estimates.get(projectId, costs.estimate.id));
  const positions = view.rows.filter((r) => r.type !== 'group');
  const placed = [...costs.rooms.flatMap((r) => r.positionIds), ...costs.notOnPlan.positionIds];
  expect(placed.sort()).toEqual(positions.map((p) => p.id).sort());
  const rooms = Decimal.sum(costs.rooms.map((r) => Decimal.parse(r.net)));
  const sum = rooms.add(Decimal.parse(costs.notOnPlan.net));
  const total = Decimal.sum(positions.map((p) => Decimal.parse(p.net_amount ?? '0')));
  expect(sum.eq(total)).toBe(true);
  expect(Decimal.parse(costs.totals.totalNet).eq(total)).toBe(true);
  // The demo's totals are the service's own: its net total is the same, to the last digit.
  expect(Decimal.parse(view.service_totals.subtotal_without_tax!).eq(total)).toBe(true);
  expect(costs.totals.sumHolds).toBe(true);
  // As printed, rounded to the currency: the rows add up to the printed total.
  const shown = Decimal.sum(
    [...costs.rooms.map((r) => r.netShown), costs.notOnPlan.netShown].map(Decimal.parse),
  );
  expect(shown.eq(Decimal.parse(costs.totals.totalShown))).toBe(true);
  for (const m of [costs.totals.totalNet, costs.notOnPlan.net, ...costs.rooms.map((r) => r.net)]) {
    expect(m).toMatch(MONEY);
  }
}

describe('the estimate on the plan, on the demo workspaces', () => {
  it('the sum rule holds on every estimate of the demo, and the demo places most positions', async () => {
    let estimates = 0;
    let placedPositions = 0;
    let ambiguous = 0;
    for (const index of [0, 1]) {
      await addSimWorkspace(index);
      for (const p of await projects()) {
        const list = await services.estimates.list(p.id);
        for (const e of list.rows) {
          const r = await services.roomsCosts.get({ projectId: p.id, planId: p.planId, estimateId: e.id });
          expect(r.estimateId).toBe(e.id);
          const costs = r.costs!;
          expect(costs.planProblem).toBeNull();
          await expectSumRule(p.id, costs);
          estimates++;
          placedPositions += costs.rooms.reduce((n, room) => n + room.positionIds.length, 0);
          ambiguous += costs.notOnPlan.groups.filter((g) => g.reason === 'ambiguous').length;
        }
      }
    }
    expect(estimates).toBeGreaterThan(40);
    expect(placedPositions).toBeGreaterThan(500);
    // The demo has room names on two floors: those positions are not guessed onto either.
    expect(ambiguous).toBeGreaterThan(0);
  }, 240_000);

  it('defaults to the latest estimate, and lets the user pick another', async () => {
    await addSimWorkspace(0);
    const all = await projects();
    let found: { p: (typeof all)[number]; ids: string[] } | null = null;
    for (const p of all) {
      const list = await services.estimates.list(p.id);
      if (list.rows.length >= 2) {
        found = { p, ids: list.rows.map((r) => r.id) };
        break;
      }
    }
    const { p, ids } = found!;
    const first = await services.roomsCosts.get({ projectId: p.id, planId: p.planId });
    const list = await services.estimates.list(p.id);
    const latest = [...list.rows].sort((a, b) => Date.parse(b.modified!) - Date.parse(a.modified!))[0]!;
    expect(first.estimateId).toBe(latest.id);
    expect(first.estimates.map((e) => e.id).sort()).toEqual([...ids].sort());
    const other = ids.find((id) => id !== latest.id)!;
    expect(
      (await services.roomsCosts.get({ projectId: p.id, planId: p.planId, estimateId: other })).costs!
        .estimate.id,
    ).toBe(other);
  });

  it('a room renamed through the admin API: its positions go off the plan, the room is not priced, and the drift says so', async () => {
    await addSimWorkspace(0);
    const { projectId, planId, result } = await pricedProject();
    expect(result.drift).toBeNull();
    const before = result.costs!;
    const room = before.rooms.find((r) => r.positionIds.length > 0)!;
    await editPlan(sim.adminUrl, planId, { rooms: { [room.roomId!]: { name: `${room.name} (neu)` } } });

    const after = await services.roomsCosts.get({ projectId, planId, estimateId: before.estimate.id });
    const costs = after.costs!;
    const renamed = costs.rooms.find((r) => r.roomId === room.roomId)!;
    expect(renamed.name).toBe(`${room.name} (neu)`);
    expect(renamed.positionIds).toEqual([]);
    expect(costs.notPriced).toContain(renamed.index);
    expect(costs.notOnPlan.positionIds).toEqual(expect.arrayContaining(room.positionIds));
    const why = costs.notOnPlan.groups.find((g) => g.text === room.name)!;
    expect(why.reason).toBe('unknown-room');
    expect(why.positionIds).toEqual(expect.arrayContaining(room.positionIds));
    await expectSumRule(projectId, costs);
    expect(costs.totals.totalNet).toBe(before.totals.totalNet);

    expect(after.drift).toMatchObject({ planChanged: true, estimateChanged: false });
    expect(after.drift!.moved).toEqual([
      {
        id: room.roomId,
        name: `${room.name} (neu)`,
        nameBefore: room.name,
        floor: room.floor,
        before: 'priced',
        after: 'not-priced',
      },
    ]);
    expect(after.drift!.notOnPlan.after - after.drift!.notOnPlan.before).toBe(room.positionIds.length);
    // Seen now: the next look has nothing new to say.
    expect(
      (await services.roomsCosts.get({ projectId, planId, estimateId: before.estimate.id })).drift,
    ).toBeNull();
  });

  it('the older plan shape, which has no modified: a renamed room is still said to have moved', async () => {
    sim.faults.setVariants({ legacyPlanShape: true });
    await addSimWorkspace(0);
    const { projectId, planId, costs } = await pricedProject();
    expect(costs.plan!.modified).toBeNull();
    const room = costs.rooms.find((r) => r.positionIds.length > 0)!;
    await editPlan(sim.adminUrl, planId, { rooms: { [room.roomId!]: { name: `${room.name} alt` } } });
    const after = await services.roomsCosts.get({ projectId, planId, estimateId: costs.estimate.id });
    expect(after.costs!.plan!.modified).toBeNull();
    expect(after.drift).toMatchObject({ planChanged: true, estimateChanged: false });
    expect(after.drift!.moved).toEqual([
      {
        id: room.roomId,
        name: `${room.name} alt`,
        nameBefore: room.name,
        floor: room.floor,
        before: 'priced',
        after: 'not-priced',
      },
    ]);
    expect(after.drift!.notOnPlan).toMatchObject({
      before: costs.notOnPlan.positionIds.length,
      after: costs.notOnPlan.positionIds.length + room.positionIds.length,
    });
    // Seen now: the same plan again says nothing.
    expect(
      (await services.roomsCosts.get({ projectId, planId, estimateId: costs.estimate.id })).drift,
    ).toBeNull();
  });

  it('an estimate edited through the admin API: the drift names its kept versions and what moved', async () => {
    await addSimWorkspace(0);
    const { projectId, planId, costs } = await pricedProject();
    const room = costs.rooms.find((r) => r.positionIds.length > 0)!;
    // Every position of the room moved off the plan: their location names no room any more.
    const set = Object.fromEntries(room.positionIds.map((id) => [id, { location: 'Abstellkammer' }]));
    await editEstimate(sim.adminUrl, projectId, costs.estimate.id, { set });
    const after = await services.roomsCosts.get({ projectId, planId, estimateId: costs.estimate.id });
    expect(after.drift).toMatchObject({
      planChanged: false,
      estimateChanged: true,
      versions: { from: 1, to: 2 },
    });
    expect(after.drift!.moved).toEqual([
      expect.objectContaining({ id: room.roomId, before: 'priced', after: 'not-priced' }),
    ]);
    const why = after.costs!.notOnPlan.groups.find((g) => g.text === 'Abstellkammer')!;
    expect(why.reason).toBe('unknown-room');
    expect([...why.positionIds].sort()).toEqual([...room.positionIds].sort());
    await expectSumRule(projectId, after.costs!);
  });

  it('bad input: an estimate for another plan, none, or a plan that cannot load — all money is not on the plan', async () => {
    await addSimWorkspace(0);
    const [a, b] = (await projects()).filter((p) => p.planId);
    const estimateId = (await services.estimates.list(a!.id)).rows[0]!.id;
    const other = await services.roomsCosts.get({ projectId: a!.id, planId: b!.planId, estimateId });
    expect(other.costs!.planProblem).toEqual({ kind: 'other-plan', planId: a!.planId });
    const none = await services.roomsCosts.get({ projectId: a!.id, planId: null, estimateId });
    expect(none.costs!.planProblem).toEqual({ kind: 'no-project-plan' });
    const missing = await services.roomsCosts.get({ projectId: a!.id, planId: 'no-such-plan', estimateId });
    expect(missing.costs!.planProblem).toMatchObject({ kind: 'plan-failed', error: { kind: 'not-found' } });
    for (const r of [other, none, missing]) {
      expect(r.costs!.rooms.flatMap((x) => x.positionIds)).toEqual([]);
      expect(r.costs!.notOnPlan.net).toBe(r.costs!.totals.totalNet);
      await expectSumRule(a!.id, r.costs!);
    }
    expect(missing.drift).toBeNull();
  });

  it('works offline from the copy of a project kept offline', async () => {
    await addSimWorkspace(0);
    const p = (await projects()).find((x) => x.planId)!;
    const online = await services.roomsCosts.get({ projectId: p.id, planId: p.planId });
    await services.offline.makeAvailable(p.id);
    await sim.suspend();
    const offline = await services.roomsCosts.get({ projectId: p.id, planId: p.planId });
    expect(offline.source).toBe('cache');
    expect(offline.costs).toEqual(online.costs);
    await sim.resume();
  });
});

function cli(args: string[], dataDir: string): Promise<{ code: number; stdout: string; stderr: string }> {
  const w = sim.workspaces[0]!;
  return runCliHere(args, cliEnv({ baseUrl: sim.baseUrl, customer: w.customer, key: w.key }, dataDir));
}

describe('plandesk rooms-costs', () => {
  it('prints rooms, not on the plan and not priced, as text and as exact JSON, and offline from its cache', async () => {
    await addSimWorkspace(0);
    const p = (await projects()).find((x) => x.planId)!;
    const app = (await services.roomsCosts.get({ projectId: p.id, planId: p.planId })).costs!;
    const dataDir = path.join(userData, 'cli');
    const json = await cli(['rooms-costs', p.id, app.estimate.id, '--json'], dataDir);
    expect(json.stderr).toBe('');
    expect(json.code).toBe(0);
    const out = JSON.parse(json.stdout) as Record<string, unknown> & {
      rooms: { id: string; net: string; positions: number; measures: { area: { unit: string } } }[];
      not_on_plan: { position_ids: string[]; net: string; reasons: { reason: string }[] };
      rooms_not_priced: string[];
      total_net: string;
    };
    expect(out.source).toBe('network');
    expect(out.total_net).toBe(app.totals.totalNet);
    expect(out.total_net).toMatch(MONEY);
    expect(out.rooms.map((r) => [r.id, r.net, r.positions])).toEqual(
      app.rooms.map((r) => [r.roomId, r.net, r.positionIds.length]),
    );
    expect(out.not_on_plan.net).toBe(app.notOnPlan.net);
    expect(out.rooms_not_priced).toEqual(app.notPriced.map((i) => app.rooms[i]!.roomId));
    const sum = Decimal.sum([
      ...out.rooms.map((r) => Decimal.parse(r.net)),
      Decimal.parse(out.not_on_plan.net),
    ]);
    expect(sum.eq(Decimal.parse(out.total_net))).toBe(true);

    const text = await cli(['rooms-costs', p.id, app.estimate.id, '--lang', 'de-DE'], dataDir);
    expect(text.code).toBe(0);
    expect(text.stdout).toContain('Nicht auf dem Plan');
    expect(text.stdout).toContain(app.totals.totalShown);
    for (const room of app.rooms.filter((r) => r.positionIds.length > 0))
      expect(text.stdout).toContain(room.name!);

    await sim.suspend();
    const offline = await cli(['rooms-costs', p.id, app.estimate.id, '--json'], dataDir);
    await sim.resume();
    expect(offline.code).toBe(0);
    const kept = JSON.parse(offline.stdout) as { source: string; total_net: string };
    expect(kept.source).toBe('cache');
    expect(kept.total_net).toBe(app.totals.totalNet);
  });

  it('as text, a name the service sent cannot forge a line: estimate, room, floor and location on their own lines', async () => {
    await addSimWorkspace(0);
    const { projectId, planId, costs } = await pricedProject(true);
    const forged = '\r\n\u001b[2JFORGED LINE\u202e';
    const notPriced = costs.rooms[costs.notPriced[0]!]!;
    await editPlan(sim.adminUrl, planId, { rooms: { [notPriced.roomId!]: { name: `Lager${forged}` } } });
    const view = parseEstimateView(await services.estimates.get(projectId, costs.estimate.id));
    const position = view.rows.find((r) => r.type === 'position')!;
    await editEstimate(sim.adminUrl, projectId, costs.estimate.id, {
      header: { name: `Angebot${forged}` },
      set: { [position.id]: { location: `Carport\r\nFORGED LINE` } },
    });
    const res = await cli(['rooms-costs', projectId, costs.estimate.id], path.join(userData, 'cli'));
    expect(res.stderr).toBe('');
    expect(res.code).toBe(0);
    const lines = res.stdout.split('\n');
    expect(lines.some((l) => l.startsWith('FORGED LINE'))).toBe(false);
    // eslint-disable-next-line no-control-regex -- finding escape characters is the point
    expect(res.stdout).not.toMatch(/[\u001b\u202e\r]/);
    expect(lines[0]).toMatch(/^Estimate .*Angebot FORGED LINE on the plan \(EUR\)$/);
    expect(res.stdout).toContain('“Carport FORGED LINE” is not the name of a room of the plan: 1 · ');
    expect(lines.find((l) => l.startsWith('Not priced: '))).toContain('Lager FORGED LINE');
  });

  it('says what is missing', async () => {
    const res = await cli(['rooms-costs', 'only-a-project'], path.join(userData, 'cli'));
    expect(res.code).toBe(2);
    expect(res.stderr).toMatch(/^error\(config\): Missing ESTIMATE_ID/);
  });
});

describe('a hostile plan: 10,000 rooms, rooms without names, control characters', () => {
  it('places what can be placed, says why the rest cannot, and hides no money', async () => {
    const ds = JSON.parse(
      await fs.readFile(path.join(process.cwd(), 'resources/demo/dataset.json'), 'utf8'),
    ) as SimDataset;
    const project = ds.workspaces[0]!.projects[0]!;
    const floor = project.plan.floors[0]!;
    const model = { ...floor.rooms[0]!, walls: [], objects: [] };
    floor.rooms = Array.from({ length: 10_000 }, (_, i) => ({
      ...model,
      id: `hostile-${i}`,
      name: i === 0 ? '' : i === 1 ? 'Bad\u0007' : i === 2 ? 'Flur\u202e' : `Raum ${i}`,
    }));
    floor.image_map.areas = [];
    const estimate = project.estimates[0]!;
    const positions = estimate.items.filter((it) => it.type === 'position');
    const locations = ['  raum 42 ', 'Bad\u0007', '', 'Raum 10000', 'Raum\u0000 5', 'RAUM 9999'];
    positions.forEach((p, i) => (p.location = locations[i % locations.length]!));
    for (const g of estimate.items.filter((it) => it.type === 'group')) g.location = '';
    await sim.close();
    sim = await startSimulator({ dataset: ds });
    await addSimWorkspace(0);
    const detail = await services.projects.get(project.id);
    const r = await services.roomsCosts.get({
      projectId: project.id,
      planId: detail.planId,
      estimateId: estimate.id,
    });
    const costs = r.costs!;
    expect(costs.planProblem).toBeNull();
    expect(costs.rooms).toHaveLength(10_000);
    expect(costs.rooms[0]!.nameProblem).toBe('unnamed');
    expect(costs.rooms[1]!.nameProblem).toBe('hidden-characters');
    expect(costs.rooms[2]!.nameProblem).toBe('hidden-characters');
    const byId = new Map(costs.rooms.map((room) => [room.roomId, room]));
    expect(byId.get('hostile-42')!.positionIds.length).toBeGreaterThan(0);
    expect(byId.get('hostile-9999')!.positionIds.length).toBeGreaterThan(0);
    const reasons = new Map(costs.notOnPlan.groups.map((g) => [g.text, g.reason]));
    expect(reasons.get('Bad\ufffd')).toBe('hidden-characters');
    expect(reasons.get('Raum\ufffd 5')).toBe('hidden-characters');
    expect(reasons.get('Raum 10000')).toBe('unknown-room');
    expect(reasons.get(null)).toBe('no-location');
    expect(costs.notPriced.length).toBeGreaterThan(9_990);
    await expectSumRule(project.id, costs);
  }, 120_000);
});
