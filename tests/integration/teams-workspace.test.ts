import { randomUUID } from 'node:crypto';
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { RunningServices } from '../../src-main/app/services';
import { createDispatcher } from '../../src-main/ipc/handlers';
import { KeytarSecretStore } from '../../src-main/secrets/secret-store';
import { startSimulator, type Simulator } from '../../simulator';
import { startAppServices } from '../helpers/app-services';

// Teams, a project's team, the team filter, and the workspace screen's main side, against the
// simulator with the real keychain.

let sim: Simulator;
let dir: string;
let secrets: KeytarSecretStore;
let services: RunningServices;
let events: [string, unknown][];
let wsId: string;

beforeAll(async () => {
  sim = await startSimulator({ dataset: 'demo' });
});
afterAll(async () => {
  await sim.close();
});
beforeEach(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'plandesk-teams-'));
  secrets = new KeytarSecretStore(`PlanDesk-test-${randomUUID()}`);
  events = [];
  services = startAppServices({ userDataDir: dir, secrets, emit: (e, p) => void events.push([e, p]) });
  const w = sim.workspaces[0]!;
  wsId = (
    await services.workspaces.add({
      customer: w.customer,
      key: w.key,
      baseUrl: sim.baseUrl,
      language: 'en-US',
    })
  ).id;
});
afterEach(async () => {
  sim.faults.clearFaults();
  sim.faults.setVariants({ teamOnProjectListItems: false, unwrappedWorkspace: false });
  await secrets.delete(wsId).catch(() => undefined);
  await services.close();
  await fs.rm(dir, { recursive: true, force: true });
});

const query = { page: 1, pageSize: 50, sort: 'service' as const, direction: 'asc' as const };

describe('teams', () => {
  it('lists every team of the workspace with its members', async () => {
    const teams = await services.teams.list();
    expect(teams.map((t) => t.name)).toEqual(['Team Nord', 'Bad & Küche', 'Innenausbau Süd']);
    expect(teams[0]!.members!.length).toBe(3);
    for (const m of teams.flatMap((t) => t.members ?? [])) {
      expect(m.email).toMatch(/@/);
      expect(m.name).toBeTruthy();
    }
  });

  it('creates a project in the chosen team and shows the team in its details', async () => {
    const team = (await services.teams.list())[1]!;
    const email = team.members![0]!.email!;
    const created = await services.projects.create({ name: 'Mit Team', email, teamId: team.id });
    expect(created.project.teamName).toBe(team.name);
    expect((await services.projects.get(created.project.id)).teamName).toBe(team.name);
    await expect(
      services.projects.create({ name: 'x', email, teamId: 'no-such-team' }),
    ).rejects.toMatchObject({
      kind: 'validation',
      fieldErrors: { team_id: ['is not a team of this workspace'] },
    });
  });

  it('says when the list items carry no team, and refuses to filter by one then', async () => {
    const page = await services.projects.list(query);
    expect(page.teamsOnRows).toBe(false);
    expect(page.rows[0]).not.toHaveProperty('teamId');
    await expect(services.projects.list({ ...query, teamId: 'x' })).rejects.toMatchObject({
      kind: 'validation',
      message: expect.stringMatching(/does not say which team/),
    });
  });

  it('filters by team when the list items name their team', async () => {
    sim.faults.setVariants({ teamOnProjectListItems: true });
    const team = (await services.teams.list())[0]!;
    const all = await services.projects.list(query);
    expect(all.teamsOnRows).toBe(true);
    const filtered = await services.projects.list({ ...query, teamId: team.id });
    expect(filtered.rows.length).toBeGreaterThan(0);
    expect(filtered.rows.length).toBeLessThan(all.totalCount!);
    for (const row of filtered.rows) expect(row).toMatchObject({ teamId: team.id, teamName: team.name });
    // The same projects as their details say.
    for (const row of filtered.rows.slice(0, 3)) {
      expect((await services.projects.get(row.id)).teamName).toBe(team.name);
    }
  });
});

describe('the workspace screen (main side)', () => {
  it('shows the details as sent, enveloped or not', async () => {
    const details = await services.workspaceSettings.details();
    expect(details).toMatchObject({
      name: sim.workspaces[0]!.name,
      webhookUrl: null,
      formats: ['pdf', 'jpg', 'png', 'svg', 'dxf', 'xml'],
      users: null,
      source: 'network',
    });
    expect(details.owner).toMatchObject({ email: expect.stringMatching(/@/), name: expect.any(String) });
    expect(details.urls.map((u) => u.field)).toEqual(['logo']);
    sim.faults.setVariants({ unwrappedWorkspace: true });
    expect((await services.workspaceSettings.details()).name).toBe(details.name);
  });

  it('checks the connection and measures the round trip; a failure is a result, not a crash', async () => {
    const online = await services.workspaceSettings.details();
    const ok = await services.workspaceSettings.checkConnection();
    expect(ok).toMatchObject({ ok: true, error: null });
    expect(ok.roundTripMs).toBeGreaterThanOrEqual(0);
    sim.faults.setFaults({ latencyMs: 120 });
    expect((await services.workspaceSettings.checkConnection()).roundTripMs).toBeGreaterThanOrEqual(110);
    sim.faults.setFaults({ drop: 10 });
    const down = await services.workspaceSettings.checkConnection();
    expect(down).toMatchObject({ ok: false, roundTripMs: null, error: { kind: 'network' } });
    // Offline, the details come from the cache.
    expect(await services.workspaceSettings.details()).toMatchObject({
      source: 'cache',
      name: online.name,
      fetchedAt: online.fetchedAt,
    });
  });

  it('a refused key during the check is the app’s one rejected-key signal', async () => {
    const dispatch = createDispatcher(services, (e, p) => void events.push([e, p]));
    await secrets.set(wsId, 'wrong-key');
    await services.workspaces.setLanguage('de-DE');
    const res = await dispatch('workspaces:checkConnection', []);
    expect(res).toMatchObject({ ok: false, error: { kind: 'auth' } });
    expect(events).toContainEqual(['event:workspaceAuthFailed', { workspaceId: wsId }]);
  });

  it('sets the acting user only after the service accepted it', async () => {
    const dispatch = createDispatcher(services, (e, p) => void events.push([e, p]));
    const users = (await services.teams.list()).flatMap((t) => t.members ?? []);
    const admin = users[0]!.email!;
    const set = await dispatch('workspaces:setActingUser', [{ actingUser: admin }]);
    expect(set).toMatchObject({ ok: true, data: { actingUser: admin } });
    expect((await services.settings.load()).workspaces[0]!.actingUser).toBe(admin);

    const refused = await dispatch('workspaces:setActingUser', [{ actingUser: 'nobody@example.com' }]);
    expect(refused).toMatchObject({
      ok: false,
      error: { kind: 'validation', fieldErrors: { acting_user: [expect.any(String)] } },
    });
    expect((await services.settings.load()).workspaces[0]!.actingUser).toBe(admin);
    // About the acting user, not the key: the key is not marked as rejected.
    expect(events.filter(([e]) => e === 'event:workspaceAuthFailed')).toEqual([]);

    expect(await dispatch('workspaces:setActingUser', [{ actingUser: null }])).toMatchObject({
      ok: true,
      data: { actingUser: null },
    });
  });
});
