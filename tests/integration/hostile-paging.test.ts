import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { ApiClientOptions } from '../../src-main/api/client';
import { MAX_WALK_PAGES } from '../../src-main/api/limits';
import { SlidingWindowBudget } from '../../src-main/api/rate-budget';
import { runCli } from '../../src-main/cli/main';
import { createDispatcher } from '../../src-main/ipc/handlers';
import { startAppWithWorkspace } from '../helpers/app-services';
import { testDialogs } from '../helpers/test-dialogs';
import { hostileClient, json, startHostileService, type HostileService } from '../helpers/hostile-service';

// Issue 10: a service that claims endless pages (item 8), ids that would change the path (item 5),
// and error answers that echo the key (low). Against a hostile stand-in on 127.0.0.1.

let h: HostileService;

beforeEach(async () => {
  h = await startHostileService();
});
afterEach(async () => {
  await h.close();
});

const client = (options: Partial<ApiClientOptions> = {}) => hostileClient(h, options);

const projectRequests = () => h.requests.filter((r) => r.path.startsWith('/api/v2/projects?'));

/** A page of 50 projects; `fresh` gives each page its own ids, else every page repeats page 1's. */
function endlessProjects(fresh: boolean): void {
  h.route('GET', /^\/api\/v2\/projects\?/, (req, res) => {
    const page = Number(new URL(req.url!, h.origin).searchParams.get('page'));
    const first = fresh ? (page - 1) * 50 : 0;
    json(res, 200, {
      data: Array.from({ length: 50 }, (_, i) => ({ id: `p${first + i}`, name: `Project ${first + i}` })),
      page_info: { totalCount: 5_000_000, page, pageSize: 50, totalPages: 100_000 },
    });
  });
}

describe('a service that claims endless pages', () => {
  it('the walk stops at the first page that brings nothing new', async () => {
    endlessProjects(false);
    const all = await client().listAllProjects();
    expect(all).toHaveLength(50);
    // Page 1, then the pages already asked for when page 2 showed nothing new.
    expect(projectRequests().length).toBeLessThanOrEqual(5);
  });

  it(
    'new items on every page: an error at the page cap, not an endless walk',
    { timeout: 60_000 },
    async () => {
      endlessProjects(true);
      await expect(client().listAllProjects()).rejects.toMatchObject({
        kind: 'invalid-response',
        message: expect.stringContaining(`more than ${MAX_WALK_PAGES} pages`),
      });
      expect(projectRequests()).toHaveLength(MAX_WALK_PAGES);
    },
  );

  it('other calls keep their share of the budget while a walk waits for it, and the walk cancels', async () => {
    endlessProjects(true);
    // 100 requests a minute: the walk may use 80 of them, everything else the rest. The budget's clock
    // stands still, so no request ever leaves its window: a call that had to wait for a free slot
    // would wait for good, and one that gets through got a slot of the reserve.
    const budget = new SlidingWindowBudget(100, 60_000, () => 0);
    const c = client({ budget });
    const stop = new AbortController();
    const walk = c.listAllProjects({}, { signal: stop.signal }).then(
      () => 'finished',
      (err: unknown) => err,
    );
    await h.requested('/api/v2/projects?', 80);
    await expect(c.getWorkspace()).resolves.toMatchObject({ name: 'Hostile Workspace' });
    expect(budget.used()).toBe(81);
    stop.abort();
    expect(await walk).toMatchObject({ kind: 'cancelled' });
    expect(projectRequests()).toHaveLength(80);
  });
});

describe('ids that would change the path', () => {
  const BAD_IDS = ['..', '.', '', 'a/b', 'a\\b', 'a\u0000b', '../x'];

  it('the client refuses them before any request', async () => {
    const c = client();
    for (const id of BAD_IDS) {
      await expect(c.deleteProjectFile('p1', id)).rejects.toMatchObject({ kind: 'validation' });
      await expect(c.archiveProject(id)).rejects.toMatchObject({ kind: 'validation' });
      await expect(c.getEstimate('p1', id)).rejects.toMatchObject({ kind: 'validation' });
    }
    expect(h.requests).toEqual([]);
  });

  it('main refuses them at the IPC door, before any feature runs', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'plandesk-ids-'));
    const services = await startAppWithWorkspace(h, { userDataDir: dir, dialogs: testDialogs(dir).dialogs });
    try {
      const before = h.requests.length;
      const dispatch = createDispatcher(services, () => undefined);
      for (const id of ['..', '.', 'a/b', 'x\\..', 'a\u0007']) {
        expect(await dispatch('files:delete', [{ projectId: 'p1', fileId: id }])).toMatchObject({
          ok: false,
          error: { kind: 'validation' },
        });
        expect(await dispatch('projects:archive', [id])).toMatchObject({
          ok: false,
          error: { kind: 'validation' },
        });
      }
      expect(h.requests.length).toBe(before);
    } finally {
      await services.close();
      await fs.rm(dir, { recursive: true, force: true });
    }
  });
});

describe('an error answer that echoes the key', () => {
  const echo = () => {
    h.route('GET', /^\/api\/v2\/projects\/p1$/, (_req, res) =>
      json(res, 400, {
        message: `The key ${h.key} may not read p1`,
        data: { errors: { [h.key]: [`${h.key} is not allowed`], name: [`not for ${h.key}`] } },
      }),
    );
  };

  it('is shown without it in the window', async () => {
    echo();
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'plandesk-redact-'));
    const services = await startAppWithWorkspace(h, { userDataDir: dir, dialogs: testDialogs(dir).dialogs });
    try {
      const result = await createDispatcher(services, () => undefined)('projects:get', ['p1']);
      expect(result).toMatchObject({ ok: false, error: { kind: 'validation' } });
      const shown = JSON.stringify(result);
      expect(shown).toContain('[redacted]');
      expect(shown).not.toContain(h.key);
    } finally {
      await services.close();
      await fs.rm(dir, { recursive: true, force: true });
    }
  });

  it('is printed without it by the CLI', async () => {
    echo();
    const out: string[] = [];
    const err: string[] = [];
    const code = await runCli(
      ['project', 'p1', '--base-url', h.baseUrl, '--customer', h.customer, '--key', h.key],
      {
        stdout: (t) => out.push(t),
        stderr: (t) => err.push(t),
        env: {},
      },
    );
    expect(code).toBe(1);
    expect(err.join('')).toMatch(/^error\(validation\): .*\[redacted\]/);
    expect(err.join('') + out.join('')).not.toContain(h.key);
  });
});
