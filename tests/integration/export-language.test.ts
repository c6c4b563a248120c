/**
 * A document's language and paper follow its reader, not the UI (issue 22), through the app's own
 * services on the simulator (the demo workspace's company is in Germany) with the UI in English; the
 * CLI the same way, in-process. Several currencies in a project: one total per currency and a
 * warning. The rooms CSV opened by LibreOffice as German and as US English.
 */
import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startSimulator, type Simulator } from '../../simulator';
import type { RunningServices } from '../../src-main/app/services';
import { exportRoomsTable } from '../../src-main/exports/rooms';
import { Decimal } from '../../src-shared/money/decimal';
import { startAppWithWorkspace } from '../helpers/app-services';
import { cliEnv, runCliHere, type CliResult } from '../helpers/cli-run';
import { editEstimate } from '../helpers/estimate-edits';
import { csvAsOpened, openpyxlRead, pdfPages, pdfWords } from '../helpers/export-readers';
import { describeWithTools, openpyxl, pdftotext, soffice } from '../helpers/external-tools';
import { testDialogs } from '../helpers/test-dialogs';

const TIMEOUT = 240_000;

let sim: Simulator;
let dir: string;
let services: RunningServices;
let project: { id: string; planId: string; estimates: string[] };

beforeAll(async () => {
  sim = await startSimulator({ dataset: 'demo' });
  dir = await mkdtemp(join(tmpdir(), 'plandesk-doc-language-'));
  await mkdir(join(dir, 'out'));
  const w = sim.workspaces[0]!;
  services = await startAppWithWorkspace(
    { baseUrl: sim.baseUrl, customer: w.customer, key: w.key },
    { userDataDir: join(dir, 'data'), dialogs: testDialogs(join(dir, 'out')).dialogs },
  );
  const page = await services.projects.list({ page: 1, pageSize: 50, sort: 'service', direction: 'asc' });
  for (const p of page.rows) {
    const list = await services.estimates.list(p.id);
    const detail = await services.projects.get(p.id);
    if (list.rows.length >= 2 && detail.planId) {
      project = { id: p.id, planId: detail.planId, estimates: list.rows.map((r) => r.id) };
      break;
    }
  }
}, TIMEOUT);

afterAll(async () => {
  await services.close();
  await sim.close();
  await rm(dir, { recursive: true, force: true });
});

function cli(args: string[]): Promise<CliResult> {
  return runCliHere(args, cliEnv({ baseUrl: sim.baseUrl, ...sim.workspaces[0]! }, join(dir, 'cli-data')));
}

describeWithTools('documents in their reader’s language', [pdftotext, openpyxl, soffice], () => {
  it(
    'with the UI in English, a German company’s quote is German on A4; a language chosen is the workspace’s from then on',
    async () => {
      const estimateId = project.estimates[0]!;
      expect(await services.workspaces.uiLanguage()).toBe('en-US');
      await services.estimates.get(project.id, estimateId);
      expect(await services.exports.defaults({ projectId: project.id, estimateId })).toEqual({
        language: 'de-DE',
        source: 'company',
        paper: 'A4',
        csv: { separator: ';', decimal: ',' },
      });
      const quote = await services.exports.estimates({
        projectId: project.id,
        estimateId,
        format: 'pdf',
        presetId: 'quote',
      });
      expect(quote.language).toBe('de-DE');
      const { pages } = await pdfWords(quote.path!);
      expect(pages[0]!.width).toBeCloseTo(595.28, 0);
      const text = (await pdfPages(quote.path!)).join('\n');
      expect(text).toContain('Angebot');
      expect(text).toMatch(/Seite 1 von \d+/);
      // A language chosen in the dialog is remembered for the workspace's documents.
      await services.exports.estimates({
        projectId: project.id,
        estimateId,
        format: 'pdf',
        presetId: 'quote',
        language: 'fr-FR',
      });
      expect(await services.exports.defaults({ projectId: project.id, estimateId })).toMatchObject({
        language: 'fr-FR',
        source: 'workspace',
      });
      const again = await services.exports.estimates({
        projectId: project.id,
        estimateId,
        format: 'xlsx',
        presetId: 'quote',
      });
      expect(again.language).toBe('fr-FR');
      const book = await openpyxlRead(again.path!);
      expect(book.properties.language).toBe('fr-FR');
      expect(book.cells.map((c) => c.value)).toContain('Montant HT');
    },
    TIMEOUT,
  );

  it(
    'the CLI without --lang writes the company’s language on its paper; --lang and --paper win',
    async () => {
      const german = join(dir, 'cli-de.pdf');
      const r = await cli([
        'export',
        project.id,
        project.estimates[0]!,
        '--format',
        'pdf',
        '--out',
        german,
        '--json',
      ]);
      expect(r.stderr).toBe('');
      expect(JSON.parse(r.stdout)).toMatchObject({ language: 'de-DE' });
      expect((await pdfWords(german)).pages[0]!.width).toBeCloseTo(595.28, 0);
      const english = join(dir, 'cli-en.pdf');
      const e = await cli([
        'export',
        project.id,
        project.estimates[0]!,
        '--lang',
        'en-US',
        '--preset',
        'internal',
        '--paper',
        'A4',
        '--format',
        'pdf',
        '--out',
        english,
      ]);
      expect(e.code).toBe(0);
      const { pages } = await pdfWords(english);
      // The internal worksheet on the A4 asked for (landscape), never A3 or Letter.
      expect([Math.round(pages[0]!.width), Math.round(pages[0]!.height)]).toEqual([842, 595]);
      expect((await pdfPages(english)).join('\n')).toContain('Internal worksheet');
    },
    TIMEOUT,
  );

  it(
    'a project in euros and dollars: one total per currency (never one across) and a warning, in the app and the CLI',
    async () => {
      const [euro, dollar] = project.estimates;
      await editEstimate(sim.adminUrl, project.id, dollar!, { header: { currency: 'USD' } });
      const out = await services.exports.estimates({
        projectId: project.id,
        format: 'xlsx',
        presetId: 'quote',
      });
      expect(out.warnings.map((w) => w.code)).toContain('several-currencies');
      expect(out.totals.map((s) => s.currency).sort()).toEqual(['EUR', 'USD']);
      const book = await openpyxlRead(out.path!);
      const values = book.cells.filter((c) => c.sheet === book.sheets[0]!.name).map((c) => c.value);
      expect(values).toContain('Total EUR');
      expect(values).toContain('Total USD');
      const file = join(dir, 'cli-project.xlsx');
      const r = await cli(['export', project.id, '--lang', 'en-US', '--format', 'xlsx', '--out', file]);
      expect(r.code).toBe(0);
      expect(r.stderr).toMatch(/warning: These estimates are in several currencies \(EUR, USD\)/);
      expect(r.stdout).toMatch(/Total EUR: .*€.* gross/);
      expect(r.stdout).toMatch(/Total USD: .*\$.* gross/);
      const json = JSON.parse(
        (await cli(['export', project.id, '--format', 'xlsx', '--out', file + '2.xlsx', '--json'])).stdout,
      );
      const usd = json.totals.find((s: { currency: string }) => s.currency === 'USD');
      expect(Decimal.parse(usd.gross).isZero()).toBe(false);
      expect(json.totals).toHaveLength(2);
      await editEstimate(sim.adminUrl, project.id, dollar!, { header: { currency: 'EUR' } });
      expect(euro).toBeDefined();
    },
    TIMEOUT,
  );

  it(
    'the rooms CSV opened by LibreOffice as German (; and a decimal comma) and as US English: right columns, numbers as numbers',
    async () => {
      const { rooms } = await services.plans.get(project.planId);
      const numeric = rooms.rows.find((r) => r.area.value !== null)!;
      for (const [language, separator] of [
        ['de-DE', ';'],
        ['en-US', ','],
      ] as const) {
        const file = join(dir, `rooms-${language}.csv`);
        await exportRoomsTable(rooms, 'csv', file, { language });
        expect((await readFile(file, 'utf8')).startsWith('\uFEFF')).toBe(true);
        const opened = await csvAsOpened(file, separator, language);
        const header = opened[0]!;
        expect(header.length, language).toBe(10);
        const row = opened.find((cells) => cells.some((c) => c.text === numeric.name))!;
        expect(row.length, language).toBe(10);
        const area =
          row[header.findIndex((c) => c.text.startsWith(language === 'de-DE' ? 'Fläche' : 'Area'))]!;
        expect(area.type, `${language}: ${area.text}`).toBe('float');
        expect(Number(area.value)).toBeCloseTo(numeric.area.value!, 6);
      }
      // The CLI's --separator: a comma for a German sheet, if the user's spreadsheet wants one.
      const file = join(dir, 'rooms-cli.csv');
      const r = await cli([
        'rooms',
        project.planId,
        '--format',
        'csv',
        '--lang',
        'de-DE',
        '--separator',
        ',',
        '--out',
        file,
      ]);
      expect(r.code).toBe(0);
      const text = await readFile(file, 'utf8');
      expect(text.split('\r\n')[0]).toContain(',');
      expect(text).not.toContain(';');
    },
    TIMEOUT,
  );
});
