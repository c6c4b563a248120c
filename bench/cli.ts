/**
 * The `plandesk` CLI as a user runs it, whole processes (bin/plandesk.cjs, the bundle built from the
 * current sources): `plandesk --help`, and the typical quote exported as a PDF from a service in
 * another process (the simulator, demo data). The floor: `node -e 0`, the runtime's own start.
 */
import { spawnSync } from 'node:child_process';
import { statSync } from 'node:fs';
import { join } from 'node:path';
import { checkoutRoot } from './checkout';
import { childSimulator, cliEnvFor } from './child-simulator';
import { median, ms, scratchDir, seconds, wholeProcess, type ProcessRun } from './floors';
import { ratio, tableRow, yesNo } from './table';
import { TYPICAL_QUOTE, findTypicalQuote } from './typical-quote';

const ROOT = checkoutRoot();
const BIN = join(ROOT, 'bin', 'plandesk.cjs');
const HELP_RUNS = 15;
const QUOTE_RUNS = 7;
const HELP_TARGET_MS = 150;
const QUOTE_TARGET_MS = 1000;

/**
 * The environment a user's machine starts Node in: this one's, less NODE_EXTRA_CA_CERTS. The sandbox
 * these benchmarks run in sets it (to its proxy's certificate bundle), and Node then reads and parses
 * every certificate of that bundle at each start, before any of a script's code: tens of milliseconds
 * that a user's `plandesk` never spends. The figures with it are printed too.
 */
function asOnAUsersMachine(env: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv {
  const { NODE_EXTRA_CA_CERTS: _sandboxOnly, ...rest } = env;
  return rest;
}

function runs(count: number, args: readonly string[], env?: NodeJS.ProcessEnv): ProcessRun[] {
  const out: ProcessRun[] = [];
  for (let i = 0; i < count; i++) {
    const r = wholeProcess(args, { env });
    if (r.status !== 0)
      throw new Error(`node ${args.join(' ')} failed (${r.status}): ${r.stderr.slice(0, 300)}`);
    out.push(r);
  }
  return out;
}

export async function benchCli(): Promise<Record<string, string | number>> {
  const built = spawnSync(process.execPath, [join(ROOT, 'scripts', 'build-cli.mjs')], {
    cwd: ROOT,
    stdio: 'inherit',
  });
  if (built.status !== 0) throw new Error('The CLI could not be built.');

  // In turns, so a busy moment of the machine does not fall on one side only.
  const bare: ProcessRun[] = [];
  const help: ProcessRun[] = [];
  const sandboxBare: ProcessRun[] = [];
  const sandboxHelp: ProcessRun[] = [];
  const sandbox = process.env.NODE_EXTRA_CA_CERTS !== undefined;
  const usersEnv = asOnAUsersMachine();
  for (let i = 0; i < HELP_RUNS; i++) {
    bare.push(...runs(1, ['-e', '0'], usersEnv));
    help.push(...runs(1, [BIN, '--help'], usersEnv));
    if (sandbox) {
      sandboxBare.push(...runs(1, ['-e', '0']));
      sandboxHelp.push(...runs(1, [BIN, '--help']));
    }
  }
  const wall = (list: ProcessRun[]) => median(list.map((r) => r.wallMs));
  const cpu = (list: ProcessRun[]) => median(list.map((r) => r.cpuMs));
  const helpWall = wall(help);
  tableRow({
    what: "`plandesk --help`, whole process (Node started as on a user's machine)",
    now: `${ms(helpWall)} (CPU ${ms(cpu(help))})`,
    floor: `node -e 0: ${ms(wall(bare))} (CPU ${ms(cpu(bare))})`,
    ratio: `${ratio(helpWall, wall(bare))} (CPU ${ratio(cpu(help), cpu(bare))})`,
    target: `≤ ${HELP_TARGET_MS} ms`,
    within: yesNo(helpWall <= HELP_TARGET_MS),
  });

  const backend = await childSimulator('demo');
  const scratch = scratchDir('cli');
  try {
    const { projectId, estimateId } = await findTypicalQuote(backend);
    const env = cliEnvFor(backend, scratch.dir);
    const quoteRun = (i: number, runEnv: NodeJS.ProcessEnv): ProcessRun => {
      const out = join(scratch.dir, `quote-${i}.pdf`);
      const [r] = runs(
        1,
        [BIN, 'export', projectId, estimateId, '--format', 'pdf', '--out', out, '--lang', 'de-DE'],
        runEnv,
      );
      if (statSync(out).size === 0) throw new Error('The CLI wrote an empty PDF.');
      return r!;
    };
    // In turns too, with the sandbox's environment and without it.
    const quote: ProcessRun[] = [];
    const sandboxQuote: ProcessRun[] = [];
    const usersQuoteEnv = asOnAUsersMachine(env);
    for (let i = 0; i < QUOTE_RUNS; i++) {
      quote.push(quoteRun(i, usersQuoteEnv));
      if (sandbox) sandboxQuote.push(quoteRun(i, env));
    }
    const quoteWall = wall(quote);
    const rss = median(quote.map((r) => r.maxRssMb));
    tableRow({
      what: `the typical quote (${TYPICAL_QUOTE.lines} lines, PDF) through the CLI, whole process (idem)`,
      now: `${seconds(quoteWall)}, ${rss.toFixed(0)} MB`,
      floor: `node -e 0: ${ms(wall(bare))}`,
      ratio: ratio(quoteWall, wall(bare)),
      target: `≤ ${seconds(QUOTE_TARGET_MS)}`,
      within: yesNo(quoteWall <= QUOTE_TARGET_MS),
    });
    return {
      'node -e 0, wall / CPU (median)': `${ms(wall(bare))} / ${ms(cpu(bare))}`,
      'plandesk --help, wall / CPU (median)': `${ms(helpWall)} / ${ms(cpu(help))}`,
      'plandesk --help, runs (ms)': help.map((r) => r.wallMs.toFixed(0)).join(' '),
      'help target': `≤ ${HELP_TARGET_MS} ms (within: ${yesNo(helpWall <= HELP_TARGET_MS)})`,
      'quote PDF via CLI, wall / CPU': `${seconds(quoteWall)} / ${seconds(cpu(quote))}`,
      'quote PDF via CLI, peak RSS (MB)': rss.toFixed(0),
      'quote PDF via CLI, runs (ms)': quote.map((r) => r.wallMs.toFixed(0)).join(' '),
      // The data folder is new: the threads' code cache (workers/code-cache.ts) is made by this run.
      'quote PDF via CLI, first run (no code cache yet, ms)': quote[0]!.wallMs.toFixed(0),
      'quote target': `≤ ${seconds(QUOTE_TARGET_MS)} (within: ${yesNo(quoteWall <= QUOTE_TARGET_MS)})`,
      ...(sandbox
        ? {
            "with this sandbox's NODE_EXTRA_CA_CERTS: node -e 0 / --help / quote (median)": `${ms(
              wall(sandboxBare),
            )} / ${ms(wall(sandboxHelp))} / ${seconds(wall(sandboxQuote))}`,
          }
        : {}),
    };
  } finally {
    scratch.done();
    await backend.close();
  }
}
