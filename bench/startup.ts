/**
 * Start-up, main's side: the built main (`npm run build`'s out/main) booted under Node on the
 * recording stand-in for `electron` (tests/packaging), a fresh user-data folder, the demo workspace.
 * Timed from the spawn: main loaded, its window created (the renderer starts loading then), its
 * first IPC answer (workspaces:list, what the renderer asks first) and the first page of the demo
 * workspace's projects (projects:list, which starts the demo service). The renderer's side, from
 * loading the page to the first project row, is bench/ui-startup.spec.ts; together they are
 * "PlanDesk start to the projects on screen".
 */
import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { RENDERER_URL } from '../src-main/app-scheme';
import { BootedMain, prepareBuiltBootLayout } from '../tests/packaging/booted-main';
import { checkoutRoot } from './checkout';
import { median, ms } from './floors';
import { tableRow } from './table';

const RUNS = 5;

interface Boot {
  loaded: number;
  window: number;
  /** The page's script served (main serves the page's files; the renderer needs nothing more of it). */
  pageScript: number;
  /** Main's services began to load (after the page's script, so as not to hold it up). */
  servicesLoading: number;
  firstAnswer: number;
  projects: number;
}

export async function benchStartup(): Promise<Record<string, string | number>> {
  const root = checkoutRoot();
  if (
    !existsSync(join(root, 'out', 'main', 'index.js')) ||
    !existsSync(join(root, 'out', 'renderer', 'index.html'))
  )
    throw new Error('The app is not built: run `npm run build` first.');
  const layout = await prepareBuiltBootLayout(root);
  // The window's page, as main trusts it (src-main/app-scheme.ts).
  const trusted = RENDERER_URL;
  const boots: Boot[] = [];
  try {
    for (let run = 0; run < RUNS; run++) boots.push(await bootOnce(layout, trusted));
  } finally {
    rmSync(layout.root, { recursive: true, force: true });
  }
  const of = (k: keyof Boot) => median(boots.map((b) => b[k]));
  tableRow({
    what: "start: the built main to its window and its page's script served (stand-in electron)",
    now: `${ms(of('window'))} / ${ms(of('pageScript'))}`,
    floor: '—',
    ratio: '—',
    target: 'measured (the sum with the renderer: ≤ 1.5 s)',
    within: '—',
    startPartMs: of('pageScript'),
  });
  tableRow({
    what: "start: main's first IPC answer / first projects page (demo)",
    now: `${ms(of('firstAnswer'))} / ${ms(of('projects'))}`,
    floor: '—',
    ratio: '—',
    target: 'measured',
    within: '—',
  });
  const runs = (k: keyof Boot) => boots.map((b) => b[k].toFixed(0)).join(' ');
  return {
    runs: `${RUNS}, each a fresh process and user-data folder (median; ms from the spawn)`,
    'main loaded (ms)': runs('loaded'),
    'window created (ms)': runs('window'),
    "page's script served (ms)": runs('pageScript'),
    'services began to load (ms)': runs('servicesLoading'),
    'first IPC answer, workspaces:list (ms)': runs('firstAnswer'),
    'first projects page, demo (ms)': runs('projects'),
    'median: loaded / window / script served / answer / projects': `${ms(of('loaded'))} / ${ms(of('window'))} / ${ms(of('pageScript'))} / ${ms(of('firstAnswer'))} / ${ms(of('projects'))}`,
    // The page's first call comes once its script has run (bench/ui-startup.spec.ts: hundreds of ms).
    "services ready after the page's script was served (median, ms)": ms(
      median(boots.map((b) => b.firstAnswer - b.pageScript)),
    ),
  };
}

async function bootOnce(
  layout: Awaited<ReturnType<typeof prepareBuiltBootLayout>>,
  trusted: string,
): Promise<Boot> {
  const t0 = performance.now();
  const main = new BootedMain(layout);
  try {
    const loadedEvent = await main.event('loaded');
    const loaded = performance.now() - t0;
    // The child's clock to this one's: it sent 'loaded' at atMs + loadedMs of its own clock.
    const here = (childMs: unknown) =>
      loaded - ((loadedEvent.atMs as number) + (loadedEvent.loadedMs as number) - (childMs as number));
    await main.event('window');
    const window = performance.now() - t0;
    const [script, services] = await Promise.all([main.event('pageScript'), main.event('servicesLoading')]);
    const pageScript = here(script.atMs);
    const servicesLoading = here(services.atMs);
    const call = (channel: string, ...args: unknown[]) =>
      main.request<{ ok: boolean; error?: { message: string } }>({
        op: 'invoke',
        channel,
        senderUrl: trusted,
        args,
      });
    const listed = await call('workspaces:list');
    if (!listed.ok) throw new Error(`workspaces:list: ${listed.error?.message}`);
    const firstAnswer = performance.now() - t0;
    const page = await call('projects:list', { page: 1, pageSize: 50 });
    if (!page.ok) throw new Error(`projects:list: ${page.error?.message}`);
    const projects = performance.now() - t0;
    return { loaded, window, pageScript, servicesLoading, firstAnswer, projects };
  } finally {
    main.kill();
    await main.exited;
  }
}
