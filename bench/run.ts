import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildSync } from 'esbuild';
import { checkoutRoot } from './checkout';
import { benchCacheOpen } from './cache';
import { benchEstimateTree } from './estimate-tree';
import { READING_THREAD_SCRIPT } from './reading-thread';
import { benchListProjects } from './list-projects';
import { benchUpload } from './upload';
import { benchOutbox } from './outbox';
import { benchOfflinePin } from './offline-pin';
import { benchExcelExport, benchPdfExport } from './exports';
import { benchVersions } from './versions';
import { benchExcelMemory, benchMainLoop } from './main-loop';
import { benchRoomsCosts } from './rooms-costs';
import { benchCli } from './cli';
import { benchQuote } from './quote';
import { BARE_PDF_FLAG, barePdfOfTexts, benchLargePdf } from './large-pdf';
import { benchStartup } from './startup';
import { benchOpenMemory } from './open-memory';
import { tableFileEnv, tableText } from './table';
import { benchTreeRows } from './tree-rows';
import { benchHostileAnswers } from './hostile-answers';
import { benchSimulatorJson } from './simulator-json';

// `npm run bench`: every performance target of the project, measured and printed, then the table of
// issue 27 (each figure beside its floor measured in the same run, and its target). Not a test: the
// figures go into the issue notes; nothing here fails a build. `npm run bench -- WORDS` runs the
// benchmarks whose name contains WORDS (the renderer's: "renderer").
type Bench = () => Promise<Record<string, string | number>>;

const benches: [string, Bench][] = [
  ['List 5,000 projects (20 ms latency, page_size 50, concurrency 4)', benchListProjects],
  ['A hostile 100 MB project list: refused at the cap, the event loop kept free', benchHostileAnswers],
  ['Estimate of 20,000 items: parse, schema, tree + totals', benchEstimateTree],
  ['Estimate tree of 20,000 rows: the visible rows, all expanded and as first shown', benchTreeRows],
  ['Simulator: a 20,000-item estimate written as JSON', benchSimulatorJson],
  ['Offline cache: open the 20,000-item estimate', benchCacheOpen],
  ['Upload (and download) a 200 MB file: throughput, peak RSS above idle', benchUpload],
  ['Upload outbox: copy in, send, and its cost per file against a direct upload', benchOutbox],
  ['Excel export of 20,000 items (streaming, peak memory)', benchExcelExport],
  ['PDF export of 2,000 items', benchPdfExport],
  ['Estimate versions: 50 versions of 20,000 items (1 % changed each), storage and diff', benchVersions],
  ['Main-loop stall: heavy work off main, side by side with the same work on main', benchMainLoop],
  ['Excel export of 20,000 items through the app (workers): peak RSS', benchExcelMemory],
  ['Open the 20,000-item estimate in the app: memory', benchOpenMemory],
  ['Make the large project available offline (plan, images, 20,000-item estimate)', benchOfflinePin],
  ['Rooms costs: 20,000 positions placed on a plan of 500 rooms, off the main thread', benchRoomsCosts],
  ['CLI: plandesk --help and the typical quote, whole processes', benchCli],
  ['The typical quote (74 lines) as a PDF in the app: threads not started, then warm', benchQuote],
  ['PDF of the 20,000-item estimate through the CLI, beside bare pdfmake', benchLargePdf],
  ['Start-up: the built main on the stand-in electron (window, first IPC answers)', benchStartup],
];

/**
 * Every benchmark runs from a bundle of the sources made as the app's are (its dependencies from
 * node_modules), not from the sources compiled on the fly by tsx: tsx reads every binding imported
 * from another module through a getter, which made the estimate tree about twice as slow as what
 * the app ships, and its compiled modules and source maps would count as the app's memory.
 */
function bundled(): string {
  const outdir = join(checkoutRoot(), 'out', 'bench');
  buildSync({
    // The benchmarks, and the script of the reading threads some of them measure on (reading-jobs.ts).
    entryPoints: {
      run: join(checkoutRoot(), 'bench', 'run.ts'),
      [READING_THREAD_SCRIPT]: join(checkoutRoot(), 'bench', 'reading-jobs.ts'),
    },
    bundle: true,
    platform: 'node',
    target: 'node20',
    format: 'cjs',
    packages: 'external',
    outdir,
    outExtension: { '.js': '.cjs' },
    logLevel: 'warning',
  });
  return join(outdir, 'run.cjs');
}

/**
 * Each benchmark runs in a fresh process, so one's memory (a large simulator, say) never inflates
 * another's peak, and the figures are what a user's process would see.
 */
async function main(): Promise<void> {
  const args = process.argv.slice(2);
  if (args[0] === '--child') {
    const [name, bench] = benches[Number(args[1])]!;
    console.log(`\n## ${name}`);
    const figures = await bench();
    for (const [k, v] of Object.entries(figures)) console.log(`  ${k.padEnd(28)} ${v}`);
    return;
  }
  if (args[0] === BARE_PDF_FLAG) return barePdfOfTexts(args[1]!, args[2]!);
  const only = args.join(' ').toLowerCase();
  const tableDir = mkdtempSync(join(tmpdir(), 'plandesk-bench-table-'));
  const env = { ...process.env, ...tableFileEnv(join(tableDir, 'rows.jsonl')) };
  const bundle = bundled();
  for (const [i, [name]] of benches.entries()) {
    if (only && !name.toLowerCase().includes(only)) continue;
    // --expose-gc: a benchmark collects one run's garbage before the next is measured.
    const r = spawnSync(process.execPath, ['--expose-gc', bundle, '--child', String(i)], {
      stdio: 'inherit',
      env,
    });
    if (r.status !== 0) console.log(`  (failed: exit ${r.status ?? r.signal})`);
  }
  // The renderer's benchmarks: Playwright in Chromium through the e2e harness (bench/ui-*.spec.ts).
  if (!only || 'renderer start-up'.includes(only)) {
    const r = spawnSync(
      'scripts/with-keyring.sh',
      ['npx', 'playwright', 'test', '-c', 'bench/playwright.config.ts'],
      {
        cwd: checkoutRoot(),
        stdio: 'inherit',
        env,
      },
    );
    if (r.status !== 0) console.log(`  (renderer benchmarks failed: exit ${r.status ?? r.signal})`);
  }
  console.log('\n## Issue 27: each figure, its floor in the same run, its target\n');
  console.log(tableText(join(tableDir, 'rows.jsonl')));
  rmSync(tableDir, { recursive: true, force: true });
}

void main();
