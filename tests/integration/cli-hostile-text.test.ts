import { spawn } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createInterface } from 'node:readline';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BUILT_CLI, runCliHere, type CliResult } from '../helpers/cli-run';
import { json, startHostileService, type HostileService } from '../helpers/hostile-service';

// Issue 23, item 7: what a hostile service, a hostile webhook receiver or a hostile caller sends
// reaches the terminal without a bidirectional override or a control sequence. The commands run in
// this process, everything they write to either stream taken as their output; the listener, which
// runs until stopped, is the built CLI in its own process.

const RLO = '\u202e';
const NAME = `Rechnung${RLO}fdp.exe`;
const SHOUTING = `\u001b]0;pwned\u0007\u001b[2J${NAME}`;
// eslint-disable-next-line no-control-regex
const HIDDEN = /[\u0000-\u0009\u000b-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/;

let h: HostileService;
const servers: Server[] = [];

beforeEach(async () => {
  h = await startHostileService();
  h.route('GET', /^\/api\/v2\/projects\/p1\/files\?/, (_req, res) =>
    json(res, 200, {
      data: [{ id: 'f1', name: NAME, file_type: 'pdf', size: 10, url: `${h.origin}/storage/f1` }],
      page_info: { totalCount: 1, page: 1, pageSize: 50, totalPages: 1 },
    }),
  );
});
afterEach(async () => {
  await h.close();
  await Promise.all(servers.splice(0).map((s) => new Promise<void>((r) => s.close(() => r()))));
});

/** A command against the hostile service, run in this process (tests/helpers/cli-run.ts). */
function run(args: string[]): Promise<CliResult> {
  return runCliHere([...args, '--customer', h.customer, '--key', h.key], { PLANDESK_BASE_URL: h.baseUrl });
}

/** A webhook receiver on 127.0.0.1 that answers every call with `status` and `body`. */
async function receiver(status: number, body: string): Promise<string> {
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => res.writeHead(status, { 'content-type': 'application/xml' }).end(body));
  });
  servers.push(server);
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`;
}

describe('the CLI shows what others named without hidden characters', () => {
  it('`files`: a name with a right-to-left override, in the table and in JSON', async () => {
    const table = await run(['files', 'p1']);
    expect(table.code).toBe(0);
    expect(table.stdout).toContain('Rechnungfdp.exe');
    expect(table.stdout).not.toMatch(HIDDEN);

    const listed = await run(['files', 'p1', '--json']);
    expect(listed.stdout).not.toMatch(HIDDEN);
    // JSON keeps the data exactly: the override is written as its escape.
    expect(listed.stdout).toContain('Rechnung\\u202efdp.exe');
    expect((JSON.parse(listed.stdout) as { data: { name: string }[] }).data[0]!.name).toBe(NAME);
  });

  it('`webhook-test`: the receiver’s reply, its message and its error text', async () => {
    const message = `<PlanService><status>0</status><message>${SHOUTING}</message></PlanService>`;
    const replied = await run(['webhook-test', await receiver(200, message)]);
    expect(replied.code).toBe(0);
    expect(replied.stdout).toContain('Rechnungfdp.exe');
    expect(replied.stdout).not.toMatch(HIDDEN);

    const refused = await run(['webhook-test', await receiver(500, `${SHOUTING}\nsecond line`)]);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/^error\(invalid-response\)/);
    expect(refused.stderr).toContain('Rechnungfdp.exe');
    expect(refused.stderr).not.toMatch(HIDDEN);

    const asJson = await run(['webhook-test', await receiver(200, message), '--json']);
    expect(asJson.stdout).not.toMatch(HIDDEN);
    expect((JSON.parse(asJson.stdout) as { message: string }).message).toBe(SHOUTING);
  });

  it('`webhook-listen`: a caller’s fields', async () => {
    const child = spawn(process.execPath, [BUILT_CLI, 'webhook-listen'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const lines = createInterface({ input: child.stdout! })[Symbol.asyncIterator]();
    try {
      const { url } = JSON.parse((await lines.next()).value as string) as { url: string };
      await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: `key=k&email=a%40b.example&title=${encodeURIComponent(SHOUTING).replace(/%20/g, '+')}`,
      });
      const line = (await lines.next()).value as string;
      expect(line).not.toMatch(HIDDEN);
      expect((JSON.parse(line) as { fields: { title: string } }).fields.title).toBe(SHOUTING);
    } finally {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await exited;
    }
  });
});
