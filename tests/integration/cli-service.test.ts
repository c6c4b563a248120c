import { spawn, type ChildProcess } from 'node:child_process';
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createInterface, type Interface } from 'node:readline';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSimulator, type Simulator } from '../../simulator';
import { BUILT_CLI, cliEnv, runCliHere, type CliResult } from '../helpers/cli-run';

// `plandesk teams`, the form commands and the webhook commands against the simulator: run in this
// process, but for the listener, which runs until it is stopped (the built CLI in its own process).
let sim: Simulator;
let dir: string;

function env(ws = 0): Record<string, string> {
  return cliEnv({ baseUrl: sim.baseUrl, ...sim.workspaces[ws]! });
}

/** A command, run in this process (tests/helpers/cli-run.ts). */
function run(args: string[], extra: Record<string, string> = env()): Promise<CliResult> {
  return runCliHere(args, extra);
}

/** A long-running command and its output, line by line. */
function start(args: string[]): { child: ChildProcess; next: () => Promise<string> } {
  const child = spawn(process.execPath, [BUILT_CLI, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
  const lines: Interface = createInterface({ input: child.stdout! });
  const queue: string[] = [];
  const waiting: ((line: string) => void)[] = [];
  lines.on('line', (line) => (waiting.length > 0 ? waiting.shift()!(line) : queue.push(line)));
  return {
    child,
    next: () =>
      queue.length > 0
        ? Promise.resolve(queue.shift()!)
        : new Promise((resolve, reject) => {
            waiting.push(resolve);
            child.once('exit', (code) => reject(new Error(`exited with ${code}`)));
          }),
  };
}

beforeAll(async () => {
  sim = await startSimulator({ dataset: 'demo' });
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'plandesk-cli-service-'));
});
afterAll(async () => {
  await sim.close();
  await fs.rm(dir, { recursive: true, force: true });
});

describe('plandesk teams and forms', () => {
  it('teams: a table in the language asked for, or JSON', async () => {
    const table = await run(['teams', '--lang', 'de-DE']);
    expect(table.code).toBe(0);
    expect(table.stdout).toMatch(/^ID\s+Name\s+Mitglieder/);
    expect(table.stdout).toContain('Bad & Küche');
    expect(table.stdout.trim()).toMatch(/3 Teams$/);
    const json = JSON.parse((await run(['teams', '--json'])).stdout);
    expect(json.count).toBe(3);
    expect(json.data[0].members.length).toBeGreaterThan(0);
  });

  it('forms and form: a list, a tree, and the file format', async () => {
    const list = await run(['forms']);
    expect(list.code).toBe(0);
    expect(list.stdout).toMatch(/^ID\s+Name\s+Contexts\s+Questions\s+Modified/);
    const all = JSON.parse((await run(['forms', '--json'])).stdout);
    expect(all.count).toBe(all.data.length);
    const id = all.data[0].id as string;
    const tree = await run(['form', id]);
    expect(tree.stdout).toMatch(/\n▸ .+\n {2}• .+/);
    const file = (await run(['form', id, '--json'])).stdout;
    expect(JSON.parse(file)).toEqual(all.data[0]);
  });

  it('form-update takes what `form --json` printed: unchanged sends nothing, an edit sends what changed', async () => {
    const id = JSON.parse((await run(['forms', '--json'])).stdout).data[1].id as string;
    const file = path.join(dir, 'form.json');
    await fs.writeFile(file, (await run(['form', id, '--json'])).stdout);
    const before = (await fetch(`${sim.adminUrl}/stats`).then((r) => r.json())) as { requests: number };
    const same = await run(['form-update', id, file]);
    expect(same.code).toBe(0);
    expect(same.stdout).toMatch(/already as in the file; nothing was sent/);
    const after = (await fetch(`${sim.adminUrl}/stats`).then((r) => r.json())) as { requests: number };
    expect(after.requests - before.requests).toBe(1); // the GET to compare with, no PUT

    const doc = JSON.parse(await fs.readFile(file, 'utf8'));
    doc.name = `${doc.name} (geprüft)`;
    doc.children[0].label = 'Neu beschriftet';
    await fs.writeFile(file, JSON.stringify(doc, null, 2));
    const edited = await run(['form-update', id, file]);
    expect(edited.code).toBe(0);
    expect(edited.stdout).toMatch(/Updated form ".+ \(geprüft\)": name, children\./);
    const now = JSON.parse((await run(['form', id, '--json'])).stdout);
    expect(now.children[0].label).toBe('Neu beschriftet');
    expect(now.children.slice(1)).toEqual(doc.children.slice(1));

    const other = await run(['form-update', 'some-other-id', file]);
    expect(other.code).toBe(2);
    expect(other.stderr).toMatch(/^error\(config\): .+ is form .+, not some-other-id/);
  });

  it('form-update refuses a file that lacks a field the form has: an update cannot remove it, so nothing is sent', async () => {
    const id = JSON.parse((await run(['forms', '--json'])).stdout).data[2].id as string;
    const file = path.join(dir, 'form-missing.json');
    // The form carries a field PlanDesk does not know (added by someone, here through PlanDesk).
    const doc = JSON.parse((await run(['form', id, '--json'])).stdout);
    doc.description = 'Abnahme Bad';
    await fs.writeFile(file, JSON.stringify(doc, null, 2));
    expect((await run(['form-update', id, file])).code).toBe(0);
    expect(JSON.parse((await run(['form', id, '--json'])).stdout).description).toBe('Abnahme Bad');
    // The user deletes it from the file (and renames the form).
    delete doc.description;
    doc.name = `${doc.name} (ohne Beschreibung)`;
    await fs.writeFile(file, JSON.stringify(doc, null, 2));
    const before = (await fetch(`${sim.adminUrl}/stats`).then((r) => r.json())) as { requests: number };
    const refused = await run(['form-update', id, file]);
    expect(refused.code).toBe(2);
    expect(refused.stderr.trim()).toMatch(
      new RegExp(
        `^error\\(config\\): ".+" lacks fields form ${id} has: description\\. .+ nothing was sent\\.`,
      ),
    );
    const after = (await fetch(`${sim.adminUrl}/stats`).then((r) => r.json())) as { requests: number };
    expect(after.requests - before.requests).toBe(1); // the GET to compare with, no PUT
    const now = JSON.parse((await run(['form', id, '--json'])).stdout);
    expect(now.name).not.toContain('ohne Beschreibung');
    expect(now.description).toBe('Abnahme Bad');
    // In the user's language.
    const german = await run(['form-update', id, file, '--lang', 'de-DE']);
    expect(german.stderr).toContain('fehlen Felder, die Formular');
  });

  it('form-create checks the file before anything is sent; form-delete refuses without --yes', async () => {
    const bad = path.join(dir, 'bad.json');
    await fs.writeFile(bad, JSON.stringify({ name: 'x', context: ['garage'], children: 'none' }));
    const refused = await run(['form-create', bad]);
    expect(refused.code).toBe(1);
    expect(refused.stderr.trim()).toMatch(
      /^error\(validation\): .+ is not a form PlanDesk can send \(nothing was sent\): context\[0\] is not a context this workspace offers; children must be a list\.$/,
    );
    await fs.writeFile(bad, '{"name":');
    expect((await run(['form-create', bad])).stderr).toMatch(/^error\(validation\): .+ is not valid JSON/);

    const good = path.join(dir, 'good.json');
    await fs.writeFile(
      good,
      JSON.stringify({
        name: 'Von der Kommandozeile',
        context: ['floor'],
        extra: { kept: [1, 2] },
        children: [{ type: 'question', label: 'Höhe?', input: 'number', unit: 'cm' }],
      }),
    );
    const created = JSON.parse((await run(['form-create', good, '--json'])).stdout);
    expect(created).toMatchObject({
      name: 'Von der Kommandozeile',
      extra: { kept: [1, 2] },
      children: [{ label: 'Höhe?', unit: 'cm' }],
    });

    const noYes = await run(['form-delete', created.id]);
    expect(noYes.code).toBe(2);
    expect(noYes.stderr.trim()).toMatch(/^error\(config\): Deleting form .+ is permanent.+--yes/);
    const deleted = await run(['form-delete', created.id, '--yes']);
    expect(deleted.code).toBe(0);
    expect(deleted.stdout).toMatch(/Deleted form .+ next sync/);
    expect((await run(['form', created.id])).stderr).toMatch(/^error\(not-found\)/);
  });
});

describe('plandesk webhook-listen and webhook-test', () => {
  it('listens: one line with the URL, one per call; malformed calls get status 2; stops on SIGTERM', async () => {
    const { child, next } = start([
      'webhook-listen',
      '--reply-status',
      '14',
      '--reply-message',
      'Wer? <unbekannt> & weg',
    ]);
    try {
      const ready = JSON.parse(await next());
      expect(Object.keys(ready)).toEqual(['url']);
      expect(ready.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);

      await fetch(`${sim.baseUrl}/workspace`, {
        method: 'PUT',
        headers: {
          customer: sim.workspaces[0]!.customer,
          key: sim.workspaces[0]!.key,
          'content-type': 'application/json',
        },
        body: JSON.stringify({ webhook_url: ready.url }),
      });
      const projects = await fetch(`${sim.baseUrl}/projects?page_size=1`, {
        headers: { customer: sim.workspaces[0]!.customer, key: sim.workspaces[0]!.key },
      }).then((r) => r.json() as Promise<{ data: { id: string; name: string }[] }>);
      const project = projects.data[0]!;
      const exported = await fetch(`${sim.adminUrl}/projects/${project.id}/custom-export`, {
        method: 'POST',
      }).then((r) => r.json() as Promise<{ webhook: { status: number; message: string } }>);
      expect(exported.webhook).toMatchObject({ status: 14, message: 'Wer? <unbekannt> & weg' });
      const call = JSON.parse(await next());
      expect(call).toMatchObject({
        ok: true,
        fields: { title: project.name, project_id: project.id },
        reply: { status: 14 },
      });
      expect(call.fields.key).not.toBe(sim.workspaces[0]!.key);

      const bad = await fetch(ready.url, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'title=%E2%82',
      });
      expect(await bad.text()).toContain('<status>2</status>');
      expect(JSON.parse(await next())).toMatchObject({
        ok: false,
        reply: { status: 2 },
        problems: [expect.stringMatching(/malformed/)],
      });
    } finally {
      const exited = new Promise<number | null>((r) => child.once('exit', r));
      child.kill('SIGTERM');
      expect(await exited).toBe(0);
    }
    const invalid = await run(['webhook-listen', '--reply-status', '3'], {});
    expect(invalid.code).toBe(2);
    expect(invalid.stderr.trim()).toBe('error(config): --reply-status must be one of 0, 1, 2, 14, 18.');
  });

  it('tests a receiver: the status and its meaning, or exactly why not; no connection needed', async () => {
    const { child, next } = start(['webhook-listen', '--reply-status', '18']);
    try {
      const { url } = JSON.parse(await next());
      const ok = await run(['webhook-test', url, '--lang', 'de-DE'], {});
      expect(ok.code).toBe(0);
      expect(ok.stdout).toMatch(/mit einem Platzhalter-Schlüssel/);
      expect(ok.stdout).toMatch(/HTTP 200 · Status 18: Listing existiert nicht/);
      const call = JSON.parse(await next());
      expect(call.fields).toMatchObject({
        key: expect.stringMatching(/^•+ \(\d+\)$/),
        title: 'PlanDesk webhook test',
      });

      const json = JSON.parse((await run(['webhook-test', url, '--json'], {})).stdout);
      expect(json).toMatchObject({
        status: 18,
        meaning: 'listing-unknown',
        keySent: 'placeholder',
        failure: null,
      });
      await next();

      const withProject = await run(['webhook-test', url, '--project', 'does-not-exist']);
      expect(withProject.code).toBe(1);
      expect(withProject.stderr).toMatch(/^error\(not-found\)/);
    } finally {
      child.kill('SIGTERM');
    }
    const insecure = await run(['webhook-test', 'http://hooks.example.com/x'], {});
    expect(insecure.code).toBe(2);
    expect(insecure.stderr.trim()).toMatch(/^error\(config\): The address must use https/);
    const closed = await run(['webhook-test', 'http://127.0.0.1:9/hook'], {});
    expect(closed.code).toBe(1);
    expect(closed.stderr.trim()).toMatch(
      /^error\(network\): The receiver refused the connection\. \(.*ECONNREFUSED/,
    );
  });
});
