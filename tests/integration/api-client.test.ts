import { Readable } from 'node:stream';
import { Writable } from 'node:stream';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, type ApiClientOptions } from '../../src-main/api/client';
import { SlidingWindowBudget } from '../../src-main/api/rate-budget';
import { downloadFromPresignedUrl, putToPresignedUrl } from '../../src-main/api/storage';
import { startSimulator, type Simulator } from '../../simulator';
import { defaultVariants } from '../../simulator/faults';
import { captureLog } from '../helpers/log-capture';
import { toEstimateDocument } from '../../src-main/estimates/document';
import { preorder } from '../../src-main/estimates/tree';
import { ServiceError } from '../../src-main/errors/service-error';
import { formId } from '../../src-shared/forms/tree';
import { FAST_RETRY, failure, testClient } from '../helpers/sim-client';

let sim: Simulator;
function client(ws = 0, extra: Partial<ApiClientOptions> = {}): ApiClient {
  return testClient({ baseUrl: sim.baseUrl, ...sim.workspaces[ws]! }, extra);
}

beforeAll(async () => {
  sim = await startSimulator({ dataset: 'demo' });
});
afterAll(async () => {
  await sim.close();
});
afterEach(() => {
  sim.faults.clearFaults();
  sim.faults.setVariants(defaultVariants());
});

describe('every endpoint', () => {
  it('workspace: get, and set/clear the webhook URL', async () => {
    const c = client();
    const ws = await c.getWorkspace();
    expect(ws.name).toBe(sim.workspaces[0]!.name);
    const updated = await c.setWebhookUrl('https://hooks.example.com/plandesk');
    expect(updated.webhook_url).toBe('https://hooks.example.com/plandesk');
    expect((await c.setWebhookUrl(null)).webhook_url ?? null).toBeNull();
    const bad = await failure(c.setWebhookUrl('not a url'));
    expect(bad.kind).toBe('validation');
  });

  it('projects: a page, filters, all pages, one project with its plan_id', async () => {
    const c = client();
    const page = await c.listProjects({ page: 1, pageSize: 10 });
    expect(page.items).toHaveLength(10);
    expect(page.pageInfo.totalCount).toBeGreaterThanOrEqual(25);
    const all = await c.listAllProjects();
    expect(all).toHaveLength(page.pageInfo.totalCount!);
    expect(new Set(all.map((p) => p.id)).size).toBe(all.length);
    expect(all.some((p) => p.archived_at)).toBe(true);

    const withRef = all.find((p) => p.external_reference_id)!;
    const byRef = await c.listProjects({ externalReferenceId: withRef.external_reference_id! });
    expect(byRef.items.map((p) => p.id)).toEqual([withRef.id]);

    const word = withRef.name.split(' ')[0]!.toLowerCase();
    const byName = await c.listAllProjects({ name: word });
    expect(byName.length).toBeGreaterThan(0);
    expect(byName.every((p) => p.name.toLowerCase().includes(word))).toBe(true);

    const detail = await c.getProject(withRef.id);
    expect(detail.id).toBe(withRef.id);
    expect(detail.plan_id).toBeTruthy();
    expect((await failure(c.getProject('no-such-project'))).kind).toBe('not-found');
  });

  it('projects: create (201 and 207), validation at the field, archive and restore', async () => {
    const c = client();
    const ws = await c.getWorkspace();
    const email = ws.owner?.email;
    expect(email).toBeTruthy();
    const created = await c.createProject({
      name: 'Neubau Straße 5',
      email: email!,
      external_reference_id: 'TEST-CREATE-1',
      address: { street: 'Hauptstraße 5', city: 'Köln', postal_code: '50667', country: 'DE' },
    });
    expect(created.project.name).toBe('Neubau Straße 5');
    expect(created.warnings).toEqual([]);
    expect((await c.listProjects({ externalReferenceId: 'TEST-CREATE-1' })).items).toHaveLength(1);

    const warned = await c.createProject({
      name: 'Ohne PLZ',
      email: email!,
      address: { street: 'Irgendwo 1', city: 'X' },
    });
    expect(warned.warnings.length).toBeGreaterThan(0);

    const missing = await failure(c.createProject({ name: '', email: 'nobody@example.com' }));
    expect(missing.kind).toBe('validation');
    expect(missing.status).toBe(400);
    expect(Object.keys(missing.fieldErrors ?? {})).toEqual(expect.arrayContaining(['name']));

    const archived = await c.archiveProject(created.project.id);
    expect(archived.archived_at).toBeTruthy();
    expect((await failure(c.archiveProject(created.project.id))).kind).toBe('validation');
    const restored = await c.restoreProject(created.project.id);
    expect(restored.archived_at ?? null).toBeNull();
  });

  it('plans: current shape in the request language, legacy shape, export files', async () => {
    const projects = await client().listAllProjects();
    const detail = await client().getProject(projects[0]!.id);
    const en = await client(0, { language: 'en-US' }).getPlan(detail.plan_id!);
    const de = await client(0, { language: 'de-DE' }).getPlan(detail.plan_id!);
    expect(en.shape).toBe('current');
    if (en.shape !== 'current' || de.shape !== 'current') throw new Error('unexpected shape');
    expect(en.plan.floors!.length).toBeGreaterThan(0);
    expect(en.plan.door_count).toBeGreaterThanOrEqual(0);
    expect(String(en.plan.statistics_formatted!.area)).toMatch(/^[\d,]+(\.\d+)? (m²|ft²)$/);
    expect(String(de.plan.statistics_formatted!.area)).toMatch(/^[\d.]+(,\d+)? (m²|ft²)$/);

    sim.faults.setVariants({ legacyPlanShape: true });
    const legacy = await client().getPlan(detail.plan_id!);
    expect(legacy.shape).toBe('legacy');

    const files = await client().listPlanExportFiles(detail.plan_id!, 'pdf');
    expect(Array.isArray(files.files)).toBe(true);
  });

  it('files: three-step upload streamed from disk, list, download byte-identical, delete', async () => {
    const c = client();
    const project = (await c.listAllProjects())[1]!;
    const bytes = Buffer.from('%PDF-1.4\n% PlanDesk test file äöü\n');
    const presigned = await c.requestUploadUrl(project.id, {
      file_name: 'Prüfbericht.pdf',
      content_type: 'application/pdf',
      size: bytes.length,
    });
    expect(new URL(presigned.url).origin).not.toBe(new URL(sim.baseUrl).origin);
    await putToPresignedUrl(presigned.url, presigned.headers ?? {}, Readable.from([bytes]), bytes.length);
    const file = await c.registerUploadedFile(project.id, {
      upload_id: presigned.upload_id,
      name: 'Prüfbericht.pdf',
    });
    expect(file.name).toBe('Prüfbericht.pdf');

    const listed = await c.listAllProjectFiles(project.id);
    const found = listed.find((f) => f.id === file.id);
    expect(found?.url).toBeTruthy();
    const chunks: Buffer[] = [];
    await downloadFromPresignedUrl(
      found!.url!,
      new Writable({
        write(chunk, _enc, cb) {
          chunks.push(chunk as Buffer);
          cb();
        },
      }),
    );
    expect(Buffer.concat(chunks).equals(bytes)).toBe(true);

    await c.deleteProjectFile(project.id, file.id);
    expect((await c.listAllProjectFiles(project.id)).some((f) => f.id === file.id)).toBe(false);
    expect((await failure(c.deleteProjectFile(project.id, file.id))).kind).toBe('not-found');
    expect(sim.faults.stats().credentialLeaks).toBe(0);
  });

  it('estimates: list and detail with exact money', async () => {
    const c = client();
    const projects = await c.listAllProjects();
    let found: { projectId: string; estimateId: string } | null = null;
    for (const p of projects) {
      const list = await c.listAllEstimates(p.id);
      if (list.length > 0) {
        found = { projectId: p.id, estimateId: list[0]!.id };
        expect(list[0]!.created).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d[+-]\d\d:\d\d$/);
        break;
      }
    }
    expect(found).not.toBeNull();
    const detail = await c.getEstimate(found!.projectId, found!.estimateId);
    expect(detail.items.length).toBeGreaterThan(0);
    // Items come as the service sent them (here: exact numbers); the tree gives them twelve digits.
    const doc = toEstimateDocument(detail);
    const totals = preorder(doc.tree).map((n) => n.total);
    for (const total of totals) expect(total).toMatch(/^-?\d+\.\d{12}$/);
    expect(detail.estimate_totals?.total).toMatch(/^-?\d+\.\d{12}$/);
    expect(doc.warnings).toEqual([]);

    // The same estimate with money as JSON strings: the same document.
    sim.faults.setVariants({ moneyAsStrings: true });
    const again = await c.getEstimate(found!.projectId, found!.estimateId);
    expect(typeof again.items[0]!.total).toBe('string');
    expect(toEstimateDocument(again)).toEqual(doc);
  });

  it('forms: list, get, create, update, delete, with validation', async () => {
    const c = client();
    const forms = await c.listForms();
    expect(forms.length).toBeGreaterThan(0);
    expect((await c.getForm(formId(forms[0]!)!)).name).toBe(forms[0]!.name);
    const created = await c.createForm({
      name: 'Abnahmeprotokoll',
      context: ['room', 'objectsTree'],
      children: [{ type: 'section', label: 'Wände', children: [{ type: 'question', label: 'Risse?' }] }],
    });
    expect(created.context).toEqual(['room', 'objectsTree']);
    const id = formId(created)!;
    const updated = await c.updateForm(id, { name: 'Abnahme' });
    expect(updated.name).toBe('Abnahme');
    const bad = await failure(c.createForm({ name: 'x', context: ['garage'], children: [] }));
    expect(bad.kind).toBe('validation');
    await c.deleteForm(id);
    expect((await failure(c.getForm(id))).kind).toBe('not-found');
  });

  it('teams: list and get', async () => {
    const c = client();
    const teams = await c.listTeams();
    expect(teams.items.length).toBeGreaterThan(0);
    expect((await c.getTeam(teams.items[0]!.id)).name).toBe(teams.items[0]!.name);
  });
});

describe('workspace isolation and authentication', () => {
  it('a key never sees another workspace', async () => {
    const a = await client(0).listAllProjects();
    const b = await client(1).listAllProjects();
    const aIds = new Set(a.map((p) => p.id));
    expect(b.some((p) => aIds.has(p.id))).toBe(false);
    expect((await failure(client(1).getProject(a[0]!.id))).kind).toBe('not-found');
    const aPlan = (await client(0).getProject(a[0]!.id)).plan_id!;
    expect((await failure(client(1).getPlan(aPlan))).kind).toBe('not-found');
  });

  it('every 401 path is an auth error', async () => {
    const w0 = sim.workspaces[0]!;
    const w1 = sim.workspaces[1]!;
    const make = (customer: string, key: string, actingUser?: string) =>
      new ApiClient({ baseUrl: sim.baseUrl, customer, key, actingUser, retry: FAST_RETRY });
    const cases = [
      make(w0.customer, 'wrong-key-123456'),
      make('wrong-customer', w0.key),
      make(w0.customer, w1.key),
      make(w0.customer, w0.key, 'stranger@example.com'),
    ];
    for (const c of cases) {
      const e = await failure(c.getWorkspace());
      expect(e.kind).toBe('auth');
      expect(e.status).toBe(401);
    }
    // Missing headers: the client refuses to send them empty; the service answers 401 when they are absent.
    expect((await failure(Promise.resolve().then(() => make(w0.customer, '')))).kind).toBe('config');
    const raw = await fetch(`${sim.baseUrl}/workspace`);
    expect(raw.status).toBe(401);
  });

  it('a revoked key gets 401 from then on', async () => {
    const revokeSim = await startSimulator({ dataset: 'demo' });
    try {
      const w = revokeSim.workspaces[0]!;
      const c = new ApiClient({ baseUrl: revokeSim.baseUrl, customer: w.customer, key: w.key });
      await c.getWorkspace();
      revokeSim.faults.revoke(w.customer);
      expect((await failure(c.getWorkspace())).kind).toBe('auth');
    } finally {
      await revokeSim.close();
    }
  });

  it('only https addresses, except loopback', () => {
    expect(
      () => new ApiClient({ baseUrl: 'http://service.example.com/api/v2', customer: 'c', key: 'k' }),
    ).toThrow(/https/);
    expect(
      () => new ApiClient({ baseUrl: 'https://service.example.com/api/v2', customer: 'c', key: 'k' }),
    ).not.toThrow();
  });
});

describe('paging', () => {
  it('page_size 51 is refused by the client and by the service', async () => {
    expect((await failure(client().listProjects({ pageSize: 51 }))).kind).toBe('config');
    const w = sim.workspaces[0]!;
    const res = await fetch(`${sim.baseUrl}/projects?page_size=51`, {
      headers: { customer: w.customer, key: w.key },
    });
    expect(res.status).toBe(400);
  });

  it('reads both page_info spellings', async () => {
    const camel = await client().listAllProjects();
    sim.faults.setVariants({ snakeCasePageInfo: true });
    const page = await client().listProjects({ page: 2, pageSize: 10 });
    expect(page.pageInfo.page).toBe(2);
    expect(page.pageInfo.totalCount).toBe(camel.length);
    const snake = await client().listAllProjects();
    expect(snake.map((p) => p.id)).toEqual(camel.map((p) => p.id));
  });

  it('a list that ignores page_size still ends', async () => {
    const c = client();
    const projects = await c.listAllProjects();
    // Find a project with more than one page of files at the service's fixed 10 per page.
    let most = { id: '', count: 0 };
    for (const p of projects) {
      const first = await c.listProjectFiles(p.id, { pageSize: 50 });
      if ((first.pageInfo.totalCount ?? 0) > most.count)
        most = { id: p.id, count: first.pageInfo.totalCount ?? 0 };
    }
    expect(most.count).toBeGreaterThan(10);
    const all = await c.listAllProjectFiles(most.id);
    expect(all).toHaveLength(most.count);
  });
});

describe('rate limits and retries', () => {
  it('a 429 storm: backs off, then succeeds', async () => {
    const count429 = () => sim.faults.stats().byStatus['429'] ?? 0;
    const before = count429();
    sim.faults.setFaults({ fail429: 4 });
    const page = await client().listProjects();
    expect(page.items.length).toBeGreaterThan(0);
    expect(count429() - before).toBe(4);
  });

  it('gives up with a rate-limit error when 429s do not stop', async () => {
    sim.faults.setFaults({ fail429: 100 });
    expect(
      (await failure(client(0, { retry: { ...FAST_RETRY, maxAttemptsRateLimited: 3 } }).listProjects())).kind,
    ).toBe('rate-limit');
  });

  it('retries idempotent requests after 500 and dropped connections', async () => {
    sim.faults.setFaults({ fail500: 2 });
    expect((await client().getWorkspace()).name).toBeTruthy();
    sim.faults.setFaults({ drop: 1 });
    expect((await client().getWorkspace()).name).toBeTruthy();
    sim.faults.setFaults({ fail500: 10 });
    expect((await failure(client().getWorkspace())).kind).toBe('server');
  });

  it('never blindly retries a POST', async () => {
    const c = client();
    const email = (await c.getWorkspace()).owner!.email!;
    const before = (await c.listAllProjects()).length;
    const posts = () => sim.faults.stats().requests;
    sim.faults.setFaults({ fail500: 1, path: '/projects' });
    const start = posts();
    const e = await failure(c.createProject({ name: 'Nie doppelt', email }));
    expect(e.kind).toBe('server');
    expect(posts() - start).toBe(1);
    sim.faults.setFaults({ drop: 1, path: '/projects' });
    expect((await failure(c.createProject({ name: 'Nie doppelt', email }))).kind).toBe('network');
    sim.faults.clearFaults();
    expect((await c.listAllProjects()).length).toBe(before);
  });

  it('a burst of 600 calls never reaches the server limit because the client throttles', async () => {
    const windowMs = 2_500;
    const burstSim = await startSimulator({ dataset: 'demo', rateLimit: { standard: 500, windowMs } });
    try {
      const w = burstSim.workspaces[0]!;
      const budget = new SlidingWindowBudget(500, windowMs);
      const c = new ApiClient({
        baseUrl: burstSim.baseUrl,
        customer: w.customer,
        key: w.key,
        budget,
        retry: { maxAttemptsRateLimited: 1 },
      });
      const started = Date.now();
      const results = await Promise.all(Array.from({ length: 600 }, () => c.listProjects({ pageSize: 1 })));
      expect(results).toHaveLength(600);
      expect(burstSim.faults.stats().rateLimited).toBe(0);
      // The last 100 had to wait for the window to move.
      expect(Date.now() - started).toBeGreaterThanOrEqual(windowMs);
    } finally {
      await burstSim.close();
    }
    // Control: without the client budget the same burst does meet the limit. The service's window is
    // long here, so a busy machine that sends the 600 slowly still sends more than 500 within it.
    const controlSim = await startSimulator({
      dataset: 'demo',
      rateLimit: { standard: 500, windowMs: 600_000 },
    });
    try {
      const w = controlSim.workspaces[0]!;
      const unthrottled = new ApiClient({
        baseUrl: controlSim.baseUrl,
        customer: w.customer,
        key: w.key,
        budget: new SlidingWindowBudget(100_000, windowMs),
        retry: { maxAttemptsRateLimited: 1 },
      });
      const outcomes = await Promise.allSettled(
        Array.from({ length: 600 }, () => unthrottled.listProjects({ pageSize: 1 })),
      );
      expect(
        outcomes.some((o) => o.status === 'rejected' && (o.reason as ServiceError).kind === 'rate-limit'),
      ).toBe(true);
    } finally {
      await controlSim.close();
    }
  });

  it('times out, and can be cancelled', async () => {
    sim.faults.setFaults({ latencyMs: 1_500 });
    const slow = client(0, { timeoutMs: 200, retry: { ...FAST_RETRY, maxAttemptsTransient: 1 } });
    const e = await failure(slow.getWorkspace());
    expect(e.kind).toBe('network');
    expect(e.message).toMatch(/no answer within/);

    const ac = new AbortController();
    const pending = client().getWorkspace({ signal: ac.signal });
    setTimeout(() => ac.abort(), 50);
    expect((await failure(pending)).kind).toBe('cancelled');
  });
});

describe('bad answers', () => {
  it('malformed bodies are invalid-response, never a crash', async () => {
    sim.faults.setFaults({ malformed: 1 });
    const e = await failure(client().listProjects());
    expect(e.kind).toBe('invalid-response');
  });

  it('reads the live {message, data} error bodies and the unwrapped workspace', async () => {
    sim.faults.setVariants({ messageDataErrors: true, unwrappedWorkspace: true });
    const c = client();
    expect((await c.getWorkspace()).name).toBe(sim.workspaces[0]!.name);
    const e = await failure(c.createProject({ name: '', email: 'x@y.z' }));
    expect(e.kind).toBe('validation');
    expect(e.message.length).toBeGreaterThan(0);
  });
});

describe('secrets', () => {
  it('the key is never written to the log, whatever happens', async () => {
    const { logger, lines } = captureLog();
    const w = sim.workspaces[0]!;
    const c = new ApiClient({
      baseUrl: sim.baseUrl,
      customer: w.customer,
      key: w.key,
      logger,
      retry: FAST_RETRY,
    });
    await c.getWorkspace();
    await c.listAllProjects();
    sim.faults.setFaults({ fail500: 1, drop: 1, malformed: 1 });
    await c.getWorkspace().catch(() => undefined);
    await c.listProjects().catch(() => undefined);
    sim.faults.clearFaults();
    const wrong = new ApiClient({ baseUrl: sim.baseUrl, customer: w.customer, key: `${w.key}-x`, logger });
    await wrong.getWorkspace().catch(() => undefined);
    // Even a careless log call quoting the key is redacted.
    logger.log('error', `debug dump: key=${w.key}`);
    expect(lines.length).toBeGreaterThan(5);
    expect(lines.join('\n')).not.toContain(w.key);
    expect(lines.join('\n')).toContain('[redacted]');
  });
});
