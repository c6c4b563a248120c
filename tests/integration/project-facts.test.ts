import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServices } from '../../src-main/app/services';
import { DEFAULT_BUDGET, SlidingWindowBudget } from '../../src-main/api/rate-budget';
import { clientName } from '../../src-shared/estimates/client-name';
import { parseEstimateView } from '../../src-shared/estimates/view-text';
import { startSimulator, type Simulator } from '../../simulator';
import { Decimal } from '../../src-shared/money/decimal';
import { startAppWithWorkspace } from '../helpers/app-services';
import type { ProjectFacts } from '../../src-shared/projects/types';
import { testDialogs } from '../helpers/test-dialogs';

/*
 * What the projects list knows of each project's estimates, with main's real services, its SQLite
 * cache and the demo data set served by the simulator over HTTP.
 */

let sim: Simulator;
/** Every request the simulator answered: method, path, status, time. */
const requestLog: string[] = [];
let dir: string;
let services: RunningServices;

beforeAll(async () => {
  sim = await startSimulator({ dataset: 'demo', logger: (line) => requestLog.push(line) });
  dir = await mkdtemp(join(tmpdir(), 'plandesk-facts-'));
  const ws = sim.workspaces[0]!;
  services = await startAppWithWorkspace(
    { baseUrl: sim.baseUrl, customer: ws.customer, key: ws.key },
    { userDataDir: dir, dialogs: testDialogs(dir).dialogs },
  );
});
afterAll(async () => {
  await services.close();
  await sim.close();
  await rm(dir, { recursive: true, force: true });
});

const all = () => services.projects.list({ page: 1, pageSize: 50, sort: 'service', direction: 'asc' });
const complete = (f: ProjectFacts | undefined) =>
  Boolean(f && f.estimates !== null && f.totalsKnown === f.estimates);

describe('project facts', () => {
  it('the rows asked first are filled first: their estimate lists, then every estimate, a batch per call', async () => {
    const first = await all();
    expect(first.rows.every((r) => r.facts?.estimates === null)).toBe(true);
    const ids = first.rows.map((r) => r.id);
    const before = sim.faults.stats().requests;
    const facts = await services.projectFacts.fetch(ids);
    const used = sim.faults.stats().requests - before;
    // A batch per call, within its limit, so the list shows each batch as it comes.
    expect(used).toBeGreaterThan(0);
    expect(used).toBeLessThanOrEqual(24);
    // The first project asked is complete: how many estimates, their total and the client.
    const head = facts[ids[0]!]!;
    const list = await services.estimates.list(ids[0]!);
    expect(head.estimates).toBe(list.rows.length);
    expect(head.totalsKnown).toBe(list.rows.length);
    if (list.rows.length > 0) expect(head.client).not.toBeNull();
    // Not every project in one call.
    expect(ids.some((id) => facts[id]!.estimates === null)).toBe(true);
  });

  it('asked again until complete, each list and estimate is fetched once; then known without a request', async () => {
    const ids = (await all()).rows.map((r) => r.id);
    const before = sim.faults.stats().requests;
    let facts = await services.projectFacts.fetch(ids);
    for (let round = 0; round < 20 && ids.some((id) => !complete(facts[id])); round++) {
      facts = await services.projectFacts.fetch(ids);
    }
    expect(ids.every((id) => complete(facts[id]))).toBe(true);
    const calls = sim.faults.stats().requests - before;
    const estimates = ids.reduce((n, id) => n + facts[id]!.estimates!, 0);
    // Every project's list and every estimate at most once (the first test fetched some already).
    expect(calls).toBeLessThanOrEqual(ids.length + estimates);
    const again = sim.faults.stats().requests;
    const listed = await all();
    expect(listed.rows.every((r) => complete(r.facts))).toBe(true);
    expect(sim.faults.stats().requests - again).toBe(1);
    // "—" is for a project with no estimate only: the demo has some, known as such.
    expect(listed.rows.some((r) => r.facts?.estimates === 0)).toBe(true);
  });

  it('the total and the client are those of the estimates themselves; exact, per currency', async () => {
    const { rows } = await all();
    for (const project of rows.filter((r) => r.facts?.estimates).slice(0, 4)) {
      const list = await services.estimates.list(project.id);
      let gross = Decimal.ZERO;
      let net = Decimal.ZERO;
      let customer: unknown = null;
      for (const e of [...list.rows].sort((a, b) => (b.modified ?? '').localeCompare(a.modified ?? ''))) {
        const view = parseEstimateView(await services.estimates.get(project.id, e.id));
        gross = gross.add(Decimal.parse(view.quote.gross));
        net = net.add(Decimal.parse(view.quote.net));
        customer ??= view.estimate.customer;
      }
      const facts = (await services.projectFacts.known([project.id]))[project.id]!;
      expect(facts.estimates).toBe(list.rows.length);
      expect(facts.totalsKnown).toBe(list.rows.length);
      expect(facts.total).toHaveLength(1);
      expect(Decimal.parse(facts.total[0]!.gross).eq(gross)).toBe(true);
      expect(Decimal.parse(facts.total[0]!.net).eq(net)).toBe(true);
      expect(facts.client).toBe(clientName(customer));
    }
  });

  it('every column sorts the whole list; what is not known goes last; archived ones can be hidden', async () => {
    const { rows, totalCount } = await all();
    const sorted = await services.projects.list({
      page: 1,
      pageSize: 50,
      sort: 'estimates',
      direction: 'desc',
    });
    const counts = sorted.rows.map((r) => r.facts?.estimates ?? null);
    const known = counts.filter((c): c is number => c !== null);
    expect(known).toEqual([...known].sort((a, b) => b - a));
    expect(counts.slice(known.length).every((c) => c === null)).toBe(true);

    const byRef = await services.projects.list({ page: 1, pageSize: 50, sort: 'ref', direction: 'asc' });
    const refs = byRef.rows.map((r) => r.externalReferenceId || null);
    const withRef = refs.filter((r): r is string => r !== null);
    expect(withRef).toEqual([...withRef].sort((a, b) => a.localeCompare(b, undefined, { numeric: true })));
    expect(refs.slice(withRef.length).every((r) => r === null)).toBe(true);

    const byStatus = await services.projects.list({
      page: 1,
      pageSize: 50,
      sort: 'status',
      direction: 'asc',
    });
    const archived = byStatus.rows.map((r) => r.archived);
    expect(archived).toEqual([...archived].sort((a, b) => Number(a) - Number(b)));
    expect(archived).toContain(true);

    const byCreated = await services.projects.list({
      page: 1,
      pageSize: 50,
      sort: 'created',
      direction: 'desc',
    });
    const created = byCreated.rows.map((r) => Date.parse(r.created!));
    expect(created).toEqual([...created].sort((a, b) => b - a));

    const active = await services.projects.list({
      page: 1,
      pageSize: 50,
      sort: 'service',
      direction: 'asc',
      hideArchived: true,
    });
    expect(active.rows.some((r) => r.archived)).toBe(false);
    expect(active.totalCount).toBe(totalCount! - rows.filter((r) => r.archived).length);
    // In the service's own order otherwise.
    expect(active.rows.map((r) => r.id)).toEqual(rows.filter((r) => !r.archived).map((r) => r.id));
  });

  it('a client is the company, else the person, else the e-mail', () => {
    expect(clientName({ company: 'Müller GmbH', firstname: 'Eva' })).toBe('Müller GmbH');
    expect(clientName({ firstname: 'Eva', lastname: 'Weiß' })).toBe('Eva Weiß');
    expect(clientName({ email: 'eva@x.example' })).toBe('eva@x.example');
    expect(clientName({ company: 42 })).toBe('42');
    expect(clientName({ company: '  ', firstname: { x: 1 }, lastname: 'Weiß' })).toBe('Weiß');
    expect(clientName(null)).toBeNull();
    expect(clientName('text')).toBeNull();
  });
});

describe('project facts on a fresh workspace', () => {
  let fresh: RunningServices;
  let freshDir: string;
  const ws = () => sim.workspaces[0]!;
  const start = async (budgetLimit?: number) => {
    freshDir = await mkdtemp(join(tmpdir(), 'plandesk-facts-fresh-'));
    fresh = await startAppWithWorkspace(
      { baseUrl: sim.baseUrl, customer: ws().customer, key: ws().key },
      {
        userDataDir: freshDir,
        dialogs: testDialogs(freshDir).dialogs,
        clientOptions: {
          retry: { baseDelayMs: 5, maxDelayMs: 20 },
          budget: new SlidingWindowBudget(budgetLimit ?? DEFAULT_BUDGET.limit, DEFAULT_BUDGET.windowMs),
        },
      },
    );
  };
  afterEach(async () => {
    sim.faults.clearFaults();
    await sim.resume();
    await fresh.close();
    await rm(freshDir, { recursive: true, force: true });
  });
  const list = (q: Partial<Parameters<RunningServices['projects']['list']>[0]> = {}) =>
    fresh.projects.list({ page: 1, pageSize: 50, sort: 'service', direction: 'asc', ...q });

  it('a sort by total learns every project’s facts first, and sorts by them exactly', async () => {
    await start();
    const byTotal = await list({ sort: 'total', direction: 'desc' });
    expect(byTotal.factsIncomplete).toBeUndefined();
    const withEstimates = byTotal.rows.filter((r) => r.facts!.estimates! > 0);
    const grosses = withEstimates.map((r) => Decimal.parse(r.facts!.total[0]!.gross));
    for (let i = 1; i < grosses.length; i++)
      expect(grosses[i - 1]!.cmp(grosses[i]!)).toBeGreaterThanOrEqual(0);
    // The projects without an estimate have no total: last.
    expect(byTotal.rows.slice(withEstimates.length).every((r) => r.facts!.estimates === 0)).toBe(true);
  });

  it('a slow estimate holds back no other row: the call answers in time, the read goes on, once', async () => {
    await start();
    const ids = (await list()).rows.map((r) => r.id).slice(0, 6);
    const slowProject = ids[0]!;
    const slowEstimate = (await services.estimates.list(slowProject)).rows[0]!.id;
    sim.faults.setFaults({ latencyMs: 4000, pathEndsWith: `/estimates/${slowEstimate}` });
    const logged = requestLog.length;
    const started = Date.now();
    const first = await fresh.projectFacts.fetch(ids);
    expect(Date.now() - started).toBeLessThan(3500);
    expect(first[slowProject]!.fetching).toBe(true);
    expect(ids.slice(1).filter((id) => complete(first[id])).length).toBeGreaterThan(0);
    // Asked again, the call waits for the read under way and never asks the service for it twice.
    let facts = first;
    for (let round = 0; round < 10 && !complete(facts[slowProject]); round++) {
      facts = await fresh.projectFacts.fetch(ids);
    }
    expect(complete(facts[slowProject])).toBe(true);
    expect(facts[slowProject]!.fetching).toBeUndefined();
    const asked = requestLog.slice(logged).filter((line) => line.includes(`/estimates/${slowEstimate} `));
    expect(asked).toHaveLength(1);
  });

  it('keeps to its share of the request budget', async () => {
    await start(20);
    const ids = (await list()).rows.map((r) => r.id);
    const before = sim.faults.stats().requests;
    await fresh.projectFacts.fetch(ids);
    // One request (the page) counted before; the facts stop at half of the budget.
    expect(sim.faults.stats().requests - before).toBeLessThanOrEqual(10);
    expect(sim.faults.stats().requests - before).toBeGreaterThan(0);
  });

  it('offline: only what is known, at once; the service refusing one estimate leaves the rest to fill', async () => {
    await start();
    const ids = (await list()).rows.map((r) => r.id);
    const [first, second] = ids;
    const firstFacts = await fresh.projectFacts.fetch([first!]);
    expect(complete(firstFacts[first!])).toBe(true);

    await sim.suspend();
    const offline = await fresh.projectFacts.fetch(ids);
    expect(complete(offline[first!])).toBe(true);
    expect(offline[second!]!.estimates).toBeNull();
    await sim.resume();
    // Back online the probe notices; a fetch goes on from there.
    await fresh.connection.syncNow().catch(() => undefined);

    const estimates = await fresh.estimates.list(second!);
    const refused = estimates.rows[0]!.id;
    sim.faults.setFaults({ fail500: 50, pathEndsWith: `/estimates/${refused}` });
    const partly = (await fresh.projectFacts.fetch([second!]))[second!]!;
    expect(partly.estimates).toBe(estimates.rows.length);
    expect(partly.totalsKnown).toBe(estimates.rows.length - 1);
    // Not asked again at once: the next call makes no request for it.
    const before = sim.faults.stats().requests;
    await fresh.projectFacts.fetch([second!]);
    expect(sim.faults.stats().requests - before).toBe(0);
  });
});
