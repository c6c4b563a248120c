import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServices } from '../../src-main/app/services';
import { clientName } from '../../src-shared/estimates/client-name';
import { parseEstimateView } from '../../src-shared/estimates/view-text';
import { startSimulator, type Simulator } from '../../simulator';
import { Decimal } from '../../src-shared/money/decimal';
import { startAppWithWorkspace } from '../helpers/app-services';
import { testDialogs } from '../helpers/test-dialogs';

/*
 * What the projects list knows of each project's estimates, with main's real services, its SQLite
 * cache and the demo data set served by the simulator over HTTP.
 */

let sim: Simulator;
let dir: string;
let services: RunningServices;

beforeAll(async () => {
  sim = await startSimulator({ dataset: 'demo' });
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

describe('project facts', () => {
  it('unknown until looked up; a lookup lists the estimates of a few projects per call', async () => {
    const first = await all();
    expect(first.rows.every((r) => r.facts?.estimates === null)).toBe(true);
    const ids = first.rows.map((r) => r.id);
    const before = sim.faults.stats().requests;
    const facts = await services.projectFacts.fetch(ids);
    const known = ids.filter((id) => facts[id]!.estimates !== null);
    // One request per project whose estimates were listed, at most a few per call.
    expect(known.length).toBeGreaterThan(0);
    expect(known.length).toBeLessThan(ids.length);
    expect(sim.faults.stats().requests - before).toBe(known.length);
    for (const id of known) {
      const expected = (await services.estimates.list(id)).rows.length;
      expect(facts[id]!.estimates).toBe(expected);
    }
    // Known now without a request, also on the next list.
    const again = sim.faults.stats().requests;
    const listed = await all();
    expect(
      listed.rows
        .filter((r) => r.facts?.estimates !== null)
        .map((r) => r.id)
        .sort(),
    ).toEqual(expect.arrayContaining(known.sort()));
    expect(sim.faults.stats().requests - again).toBe(1);
  });

  it('the total and the client once the estimates were fetched; exact, per currency', async () => {
    const { rows } = await all();
    const project = rows.find((r) => r.facts?.estimates)!;
    const list = await services.estimates.list(project.id);
    let facts = (await services.projectFacts.known([project.id]))[project.id]!;
    expect(facts.totalsKnown).toBe(list.rows.filter((r) => r.totals).length);

    let gross = Decimal.ZERO;
    let customer: unknown = null;
    for (const e of list.rows) {
      const view = parseEstimateView(await services.estimates.get(project.id, e.id));
      gross = gross.add(Decimal.parse(view.quote.gross));
      customer ??= view.estimate.customer;
    }
    facts = (await services.projectFacts.known([project.id]))[project.id]!;
    expect(facts.estimates).toBe(list.rows.length);
    expect(facts.totalsKnown).toBe(list.rows.length);
    expect(facts.total).toHaveLength(1);
    expect(Decimal.parse(facts.total[0]!.gross).eq(gross)).toBe(true);
    expect(facts.client).not.toBeNull();
    expect(facts.client).toBe(clientName(customer));
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
