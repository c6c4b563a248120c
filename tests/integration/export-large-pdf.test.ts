/**
 * A PDF of more than 200 pages is not written without asking (issue 27): through the app's services
 * on the simulator, an estimate grown past 200 pages (its admin API adds positions) comes back
 * unwritten with its page count, before any save dialog; asked again with `largePdf` it is written,
 * and poppler counts the pages main said; the workbook offered instead is written at once. The CLI
 * says the same in its language and writes nothing, unless --large-pdf.
 */
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startSimulator, type Simulator } from '../../simulator';
import type { RunningServices } from '../../src-main/app/services';
import { runCli } from '../../src-main/cli/main';
import { LARGE_PDF_PAGES } from '../../src-shared/exports/large-pdf';
import { startAppWithWorkspace } from '../helpers/app-services';
import { bulkPositions, editEstimate } from '../helpers/estimate-edits';
import { pdfPages } from '../helpers/export-readers';
import { describeWithTools, pdftotext } from '../helpers/external-tools';
import { testDialogs } from '../helpers/test-dialogs';

const TIMEOUT = 600_000;
/** Positions added: with their descriptions, well over 200 pages of a client quote. */
const ADDED = 7_000;

let sim: Simulator;
let dir: string;
let services: RunningServices;
let dialogs: ReturnType<typeof testDialogs>;
let big: { projectId: string; estimateId: string };

beforeAll(async () => {
  sim = await startSimulator({ dataset: 'demo' });
  dir = await mkdtemp(join(tmpdir(), 'plandesk-large-pdf-'));
  await mkdir(join(dir, 'out'));
  const w = sim.workspaces[0]!;
  dialogs = testDialogs(join(dir, 'out'));
  services = await startAppWithWorkspace(
    { baseUrl: sim.baseUrl, customer: w.customer, key: w.key },
    { userDataDir: join(dir, 'data'), dialogs: dialogs.dialogs },
  );
  const page = await services.projects.list({ page: 1, pageSize: 5, sort: 'service', direction: 'asc' });
  const projectId = page.rows[0]!.id;
  const estimateId = (await services.estimates.list(projectId)).rows[0]!.id;
  await editEstimate(sim.adminUrl, projectId, estimateId, { add: bulkPositions(ADDED) });
  big = { projectId, estimateId };
}, TIMEOUT);

afterAll(async () => {
  await services?.close();
  await sim?.close();
  await rm(dir, { recursive: true, force: true });
});

async function cli(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const w = sim.workspaces[0]!;
  const env = {
    PLANDESK_BASE_URL: sim.baseUrl,
    PLANDESK_CUSTOMER: w.customer,
    PLANDESK_KEY: w.key,
    PLANDESK_DATA_DIR: join(dir, 'cli-data'),
  };
  const code = await runCli(args, { stdout: (t) => (stdout += t), stderr: (t) => (stderr += t), env });
  return { code, stdout, stderr };
}

describeWithTools('a PDF of more than 200 pages', [pdftotext], () => {
  it(
    'is counted before the save dialog and written only when asked; the workbook is the other way',
    async () => {
      const request = { ...big, format: 'pdf' as const, presetId: 'quote', language: 'de-DE' as const };
      const asked = await services.exports.estimates(request);
      expect(asked.path).toBeNull();
      expect(asked.largePdfPages).toBeGreaterThan(LARGE_PDF_PAGES);
      // Nothing was saved, and nobody was asked where to.
      expect(dialogs.calls.saved).toEqual([]);

      const written = await services.exports.estimates({ ...request, largePdf: true });
      expect(written.largePdfPages).toBeUndefined();
      expect(written.path).not.toBeNull();
      const pages = await pdfPages(written.path!);
      expect(pages.length).toBe(asked.largePdfPages);
      expect(pages[0]).toContain(`Seite 1 von ${pages.length}`);
      expect(pages.join('\n')).toContain(`Zusatzposition ${ADDED}:`);

      const workbook = await services.exports.estimates({ ...request, format: 'xlsx' });
      expect(workbook.largePdfPages).toBeUndefined();
      expect(workbook.path).toMatch(/\.xlsx$/);
      expect(existsSync(workbook.path!)).toBe(true);
    },
    TIMEOUT,
  );

  it(
    'through the CLI: says so in the CLI’s language and writes nothing, unless --large-pdf',
    async () => {
      const out = join(dir, 'cli.pdf');
      const args = ['export', big.projectId, big.estimateId, '--format', 'pdf', '--out', out];
      const refused = await cli([...args, '--lang', 'fr-FR']);
      expect(refused.code).toBe(1);
      expect(refused.stderr).toMatch(/^error\(validation\): Le PDF ferait \d+ pages \(plus de 200\)/);
      expect(refused.stderr).toContain('--format xlsx');
      expect(refused.stderr).toContain('--large-pdf');
      expect(existsSync(out)).toBe(false);
      const german = await cli([...args, '--lang', 'de-DE']);
      expect(german.stderr).toMatch(/Das PDF hätte \d+ Seiten/);
      expect(existsSync(out)).toBe(false);
      const written = await cli([...args, '--lang', 'de-DE', '--large-pdf']);
      expect(written.code, written.stderr).toBe(0);
      expect((await pdfPages(out)).length).toBeGreaterThan(LARGE_PDF_PAGES);
    },
    TIMEOUT,
  );
});
