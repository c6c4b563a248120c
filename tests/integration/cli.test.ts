import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUILT_CLI, cliEnv, runBuiltCli, runCliHere } from '../helpers/cli-run';

// The CLI's commands run in this process (tests/helpers/cli-run.ts); the simulator command, and
// the exit codes and stderr of a failing command, through the built bin in processes of their own.

let server: ChildProcess;
let info: { baseUrl: string; workspaces: { name: string; customer: string; key: string }[] };

const run = runCliHere;

function connEnv(ws = 0): Record<string, string> {
  return cliEnv({ baseUrl: info.baseUrl, ...info.workspaces[ws]! });
}

beforeAll(async () => {
  server = spawn(process.execPath, [BUILT_CLI, 'simulator', '--port', '0'], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const lines = createInterface({ input: server.stdout! });
  const first = await new Promise<string>((resolve, reject) => {
    lines.once('line', resolve);
    server.once('exit', (code) => reject(new Error(`simulator exited with ${code}`)));
  });
  info = JSON.parse(first);
});

afterAll(async () => {
  const exited = new Promise((r) => server.once('exit', r));
  server.kill('SIGTERM');
  await exited;
});

describe('plandesk CLI', () => {
  it('simulator prints one JSON line with baseUrl and the workspaces', () => {
    expect(Object.keys(info).sort()).toEqual(['baseUrl', 'workspaces']);
    expect(info.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api\/v2$/);
    expect(info.workspaces.length).toBeGreaterThanOrEqual(2);
    for (const w of info.workspaces) expect(Object.keys(w).sort()).toEqual(['customer', 'key', 'name']);
  });

  it('workspace: a table, or JSON', async () => {
    const table = await run(['workspace'], connEnv());
    expect(table.code).toBe(0);
    expect(table.stdout).toContain(info.workspaces[0]!.name);
    const json = await run(['workspace', '--json'], connEnv());
    expect(JSON.parse(json.stdout).name).toBe(info.workspaces[0]!.name);
  });

  it('projects: a page, all pages, filters; flags win over the environment', async () => {
    const page = JSON.parse((await run(['projects', '--json', '--page-size', '5'], connEnv())).stdout);
    expect(page.data).toHaveLength(5);
    expect(page.page_info.pageSize).toBe(5);
    const all = JSON.parse((await run(['projects', '--all', '--json'], connEnv())).stdout);
    expect(all.count).toBe(page.page_info.totalCount);
    const ref = all.data.find((p: { external_reference_id: string | null }) => p.external_reference_id);
    const filtered = JSON.parse(
      (await run(['projects', '--json', '--external-ref', ref.external_reference_id], connEnv())).stdout,
    );
    expect(filtered.data.map((p: { id: string }) => p.id)).toEqual([ref.id]);

    const w1 = info.workspaces[1]!;
    const other = JSON.parse(
      (await run(['projects', '--all', '--json', '--customer', w1.customer, '--key', w1.key], connEnv()))
        .stdout,
    );
    expect(other.data.some((p: { id: string }) => p.id === ref.id)).toBe(false);

    const human = await run(['projects'], connEnv());
    expect(human.stdout).toMatch(/^ID\s+Name\s+External ref/);
    expect(human.stdout).toMatch(/page 1 of \d+/);
  });

  it('project, plan and estimates', async () => {
    const all = JSON.parse((await run(['projects', '--all', '--json'], connEnv())).stdout);
    const id = all.data[0].id as string;
    const project = JSON.parse((await run(['project', id, '--json'], connEnv())).stdout);
    expect(project.plan_id).toBeTruthy();
    const plan = await run(['plan', project.plan_id, '--lang', 'de-DE'], connEnv());
    expect(plan.code).toBe(0);
    // --lang sets the service's language and the CLI's own labels.
    expect(plan.stdout).toMatch(/Fläche\s+[\d.]+,?\d* (m²|ft²)/);
    const planJson = JSON.parse((await run(['plan', project.plan_id, '--json'], connEnv())).stdout);
    expect(planJson.shape).toBe('current');

    let withEstimates: { data: { id: string; status: string }[] } | null = null;
    for (const p of all.data) {
      const r = JSON.parse((await run(['estimates', p.id, '--all', '--json'], connEnv())).stdout);
      if (r.count > 0) {
        withEstimates = r;
        break;
      }
    }
    expect(withEstimates!.data[0]!.status).toMatch(/draft|final/);
  });

  it('errors: non-zero exit, one line error(<kind>): message, no stack, no key', async () => {
    const w = info.workspaces[0]!;
    // The process's exit code and everything on its stderr (the --verbose log too): the built bin.
    const auth = await runBuiltCli(['workspace', '--verbose'], {
      ...connEnv(),
      PLANDESK_KEY: `${w.key}-wrong`,
    });
    expect(auth.code).toBe(1);
    const errLines = auth.stderr
      .trim()
      .split('\n')
      .filter((l) => l.startsWith('error('));
    expect(errLines).toHaveLength(1);
    expect(errLines[0]).toMatch(/^error\(auth\): /);
    expect(auth.stderr).not.toContain(w.key);
    expect(auth.stderr).not.toMatch(/\n\s+at /);

    const notFound = await run(['project', 'does-not-exist'], connEnv());
    expect(notFound.code).toBe(1);
    expect(notFound.stderr.trim()).toMatch(/^error\(not-found\): /);

    for (const noConn of [await run(['projects']), await runBuiltCli(['projects'])]) {
      expect(noConn.code).toBe(2);
      expect(noConn.stderr.trim()).toMatch(/^error\(config\): Missing --base-url/);
    }

    const badFlag = await run(['projects', '--bogus'], connEnv());
    expect(badFlag.code).toBe(2);
    expect(badFlag.stderr.trim()).toMatch(/^error\(config\): /);

    const insecure = await run(['workspace'], {
      ...connEnv(),
      PLANDESK_BASE_URL: 'http://example.com/api/v2',
    });
    expect(insecure.stderr.trim()).toMatch(/^error\(config\): Only https/);

    const network = await run(['workspace'], {
      ...connEnv(),
      PLANDESK_BASE_URL: 'http://127.0.0.1:9/api/v2',
    });
    expect(network.code).toBe(1);
    expect(network.stderr.trim()).toMatch(/^error\(network\): /);
  });

  it('a PDF export, its thread started ahead: a refused key or no connection is the one error, no file', async () => {
    // The export thread starts ahead of the connection (cli/export-thread-early.ts): whatever stops
    // the command before the export — no connection given, a refused key — is still the command's
    // one error line and exit code, and the thread is closed with the command.
    const w = info.workspaces[0]!;
    const refused = await runBuiltCli(['export', 'p', 'e', '--out', 'never.pdf'], {
      ...connEnv(),
      PLANDESK_KEY: `${w.key}-wrong`,
    });
    expect(refused.code).toBe(1);
    expect(refused.stderr.trim()).toMatch(/^error\(auth\): /);
    const unconnected = await runBuiltCli(['export', 'p', 'e', '--format', 'pdf', '--out', 'never.pdf']);
    expect(unconnected.code).toBe(2);
    expect(unconnected.stderr.trim()).toMatch(/^error\(config\): Missing --base-url/);
    expect(existsSync('never.pdf')).toBe(false);
  });

  it('--demo runs against the built-in demo workspace in-process', async () => {
    const r = await run(['workspace', '--demo', '--json']);
    expect(r.code).toBe(0);
    expect(JSON.parse(r.stdout).name).toBe(info.workspaces[0]!.name);
  });

  it('--help lists the commands', async () => {
    const r = await run(['--help']);
    expect(r.code).toBe(0);
    for (const c of ['simulator', 'workspace', 'projects', 'project', 'plan', 'estimates'])
      expect(r.stdout).toContain(c);
  });
});
