/**
 * The costs per room as a sheet (issue 28): of the internal worksheet (off by default, refused in a
 * client document and in a PDF) and of a plan's rooms workbook, both through the one spreadsheet
 * writer, as the app runs them (the demo on the simulator over HTTP, the real cache, the export
 * worker). Read back by openpyxl (numbers, number formats, formulas) and LibreOffice (recalculated,
 * and printed to PNG to be looked at); yen and dinars through the writer for their digits.
 */
import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { translator } from '../../src-shared/i18n/catalogue';
import type { UiLanguage } from '../../src-shared/i18n/languages';
import { Decimal } from '../../src-shared/money/decimal';
import { excelMoneyFormat } from '../../src-shared/money/format';
import type { RoomsCosts } from '../../src-shared/plans/rooms-costs-types';
import type { RunningServices } from '../../src-main/app/services';
import { partsOf } from '../../src-main/estimates/estimate-parts';
import { writeEstimateWorkbook } from '../../src-main/exports/excel';
import { roomsCostsOf } from '../../src-main/exports/rooms/costs-of';
import { startSimulator, type Simulator } from '../../simulator';
import type { SimDataset } from '../../simulator/data/types';
import { startAppServices } from '../helpers/app-services';
import { cliEnv, runBuiltCli } from '../helpers/cli-run';
import {
  openpyxlRead,
  recalculatedSheets,
  renderPages,
  workbooksAsPdf,
  type OpenpyxlCell,
  type Sheet,
} from '../helpers/export-readers';
import { describeWithTools, openpyxl, pdftoppm, soffice } from '../helpers/external-tools';
import { dinarEstimate, yenEstimate } from '../helpers/money-fixtures';
import { planRooms } from '../helpers/plan-rooms';
import { testDialogs } from '../helpers/test-dialogs';

const TIMEOUT = 240_000;
const PAGES_DIR = path.join(__dirname, '../../test-results/rooms-costs-sheets');

let sim: Simulator;
let userData: string;
let services: RunningServices;

async function start(dataset: 'demo' | SimDataset = 'demo'): Promise<void> {
  sim = await startSimulator({ dataset });
  services = startAppServices({
    userDataDir: userData,
    dialogs: testDialogs(userData).dialogs,
    clientOptions: { retry: { baseDelayMs: 5, maxDelayMs: 10, maxAttemptsTransient: 1 }, timeoutMs: 5_000 },
  });
  const w = sim.workspaces[0]!;
  await services.workspaces.add({
    customer: w.customer,
    key: w.key,
    baseUrl: sim.baseUrl,
    language: 'de-DE',
  });
}

beforeEach(async () => {
  userData = await fs.mkdtemp(path.join(os.tmpdir(), 'plandesk-rooms-sheets-'));
});

afterEach(async () => {
  await services?.close();
  await sim?.close().catch(() => undefined);
  await fs.rm(userData, { recursive: true, force: true });
});

/** A project of the demo whose latest estimate has rooms priced and rooms not priced. */
async function pricedProject(): Promise<{ projectId: string; planId: string; costs: RoomsCosts }> {
  const page = await services.projects.list({ page: 1, pageSize: 50, sort: 'service', direction: 'asc' });
  for (const row of page.rows) {
    const planId = (await services.projects.get(row.id)).planId;
    if (!planId) continue;
    const costs = (await services.roomsCosts.get({ projectId: row.id, planId })).costs;
    const priced = costs?.rooms.filter((r) => r.positionIds.length > 0).length ?? 0;
    if (costs && priced >= 2 && costs.notPriced.length > 0 && costs.notOnPlan.positionIds.length > 0)
      return { projectId: row.id, planId, costs };
  }
  throw new Error('the demo has no project with rooms priced, not priced and positions off the plan');
}

/** One sheet's cells by reference ("H9"), as openpyxl reads them. */
function grid(cells: readonly OpenpyxlCell[], sheet: string): Map<string, OpenpyxlCell> {
  return new Map(cells.filter((c) => c.sheet === sheet).map((c) => [c.ref, c]));
}

const colOf = (ref: string) => ref.replace(/\d+$/, '');
const rowOf = (ref: string) => Number(ref.replace(/^[A-Z]+/, ''));

/** The table of a costs sheet: its header row, the columns by header, and its rows by room name. */
function table(cells: Map<string, OpenpyxlCell>, language: UiLanguage) {
  const t = translator(language);
  const head = [...cells.values()].find((c) => colOf(c.ref) === 'A' && c.value === t('plan.colFloor'))!;
  expect(head, 'the header row').toBeDefined();
  const headerRow = rowOf(head.ref);
  const column = new Map(
    [...cells.values()].filter((c) => rowOf(c.ref) === headerRow).map((c) => [String(c.value), colOf(c.ref)]),
  );
  const cell = (col: string, row: number) => cells.get(`${col}${row}`);
  return { t, headerRow, column, cell };
}

/** A printed amount as the cell holds it: the exact decimal text at the currency's digits, as a number. */
const asCell = (shown: string) => Number(shown);

describeWithTools('the costs per room as a sheet', [openpyxl, soffice, pdftoppm], () => {
  it(
    'the internal worksheet asked for it: the rooms, "Not on the plan" and the reasons, numbers that add up as printed',
    async () => {
      await start();
      const { projectId, costs } = await pricedProject();
      const outcome = await services.exports.estimates({
        projectId,
        estimateId: costs.estimate.id,
        format: 'xlsx',
        presetId: 'internal',
        roomsCosts: true,
        language: 'de-DE',
      });
      expect(outcome.warnings).toEqual([]);
      const file = outcome.path!;
      const { cells, sheets } = await openpyxlRead(file);
      const t = translator('de-DE');
      expect(sheets.map((s) => s.name)).toEqual([
        expect.any(String),
        t('doc.itemsFlat'),
        t('roomsCosts.tab'),
      ]);
      const sheet = grid(cells, t('roomsCosts.tab'));
      const { headerRow, column, cell } = table(sheet, 'de-DE');
      const net = column.get(t('roomsCosts.colNet'))!;
      const positions = column.get(t('roomsCosts.colPositions'))!;
      const money = excelMoneyFormat('de-DE', costs.currency);
      expect(money).toBe('#,##0.00" €"');
      // One row per room in the plan's order, then "Not on the plan", then the totals.
      costs.rooms.forEach((room, i) => {
        const r = headerRow + 1 + i;
        expect(cell('B', r)?.value).toBe(room.name);
        expect(cell(positions, r)?.value).toBe(room.positionIds.length);
        if (room.positionIds.length === 0) {
          expect(cell(net, r)).toBeUndefined();
          expect(cell(column.get(t('roomsCosts.colNote'))!, r)?.value).toBe(t('roomsCosts.notPriced'));
        } else {
          expect(cell(net, r)).toMatchObject({ value: asCell(room.netShown), format: money });
        }
        expect(cell(column.get(`${t('plan.stat.area')} (m²)`)!, r)?.value).toBe(room.measures.area.value);
      });
      const offRow = headerRow + 1 + costs.rooms.length;
      expect(cell('B', offRow)?.value).toBe(t('roomsCosts.notOnPlan'));
      expect(cell(net, offRow)?.value).toBe(asCell(costs.notOnPlan.netShown));
      const totalRow = offRow + 1;
      expect(cell('A', totalRow)?.value).toBe(t('doc.totalRow'));
      expect(cell(net, totalRow)).toMatchObject({
        value: `=SUM(${net}${headerRow + 1}:${net}${offRow})`,
        format: money,
      });
      expect(cell(positions, totalRow)?.value).toBe(
        `=SUM(${positions}${headerRow + 1}:${positions}${offRow})`,
      );
      // The reasons, each with its positions and net: they add up to "Not on the plan" as printed.
      const reasons = costs.notOnPlan.groups;
      const whyRow = [...sheet.values()].find((c) => c.value === t('roomsCosts.whyTitle'))!;
      reasons.forEach((g, i) => {
        const r = rowOf(whyRow.ref) + 1 + i;
        expect(cell(positions, r)?.value).toBe(g.positionIds.length);
        expect(cell(net, r)).toMatchObject({ value: asCell(g.netShown), format: money });
      });
      const reasonsSum = Decimal.sum(reasons.map((g) => Decimal.parse(g.netShown)));
      expect(reasonsSum.eq(Decimal.parse(costs.notOnPlan.netShown))).toBe(true);

      // LibreOffice recalculates: the totals are the estimate's net total as printed, to the cent.
      const recalculated = await recalculatedSheets(file);
      const lo = recalculated.find((s) => s.name === t('roomsCosts.tab'))!;
      const netIndex = net.charCodeAt(0) - 65;
      const posIndex = positions.charCodeAt(0) - 65;
      const loTotal = lo.rows[totalRow - 1]!;
      expect(Decimal.parse(loTotal[netIndex]!).eq(Decimal.parse(costs.totals.totalShown))).toBe(true);
      const all =
        costs.rooms.reduce((n, r) => n + r.positionIds.length, 0) + costs.notOnPlan.positionIds.length;
      expect(Number(loTotal[posIndex])).toBe(all);
      expect(Decimal.parse(costs.totals.totalNet).round(2).eq(Decimal.parse(loTotal[netIndex]!))).toBe(true);

      // Printed by LibreOffice, to be looked at: no ###, the sheet on its page.
      const [pdf] = await workbooksAsPdf([file], PAGES_DIR);
      const pngs = await renderPages(pdf!, PAGES_DIR);
      expect(pngs.length).toBeGreaterThanOrEqual(3);
    },
    TIMEOUT,
  );

  it(
    'off by default; refused in a client document and in a PDF, and nothing is written then',
    async () => {
      await start();
      const { projectId, costs } = await pricedProject();
      const base = { projectId, estimateId: costs.estimate.id, language: 'en-US' as const };
      const plain = await services.exports.estimates({ ...base, format: 'xlsx', presetId: 'internal' });
      const { sheets } = await openpyxlRead(plain.path!);
      expect(sheets.map((s) => s.name)).not.toContain('Costs per room');
      expect(sheets).toHaveLength(2);
      await fs.rm(plain.path!);
      await expect(
        services.exports.estimates({ ...base, format: 'xlsx', presetId: 'quote', roomsCosts: true }),
      ).rejects.toMatchObject({
        kind: 'validation',
        message: expect.stringContaining('internal worksheet only'),
      });
      await expect(
        services.exports.estimates({ ...base, format: 'pdf', presetId: 'internal', roomsCosts: true }),
      ).rejects.toMatchObject({ kind: 'validation' });
      expect((await fs.readdir(userData)).filter((f) => /\.(xlsx|pdf)$/.test(f))).toEqual([]);
    },
    TIMEOUT,
  );

  it(
    'every estimate of a project in one workbook: a costs sheet per estimate, named after it',
    async () => {
      await start();
      const page = await services.projects.list({ page: 1, pageSize: 50, sort: 'service', direction: 'asc' });
      let projectId: string | null = null;
      for (const row of page.rows) {
        if ((await services.estimates.list(row.id)).rows.length >= 2) {
          projectId = row.id;
          break;
        }
      }
      const list = await services.estimates.list(projectId!);
      const outcome = await services.exports.estimates({
        projectId: projectId!,
        format: 'xlsx',
        presetId: 'internal',
        roomsCosts: true,
        language: 'en-US',
      });
      const { sheets, cells } = await openpyxlRead(outcome.path!);
      const costSheets = sheets.map((s) => s.name).filter((n) => n.endsWith('(rooms)'));
      expect(costSheets).toHaveLength(list.rows.length);
      // Each sheet's sum is its own estimate's net total as printed, never one across estimates.
      const planId = (await services.projects.get(projectId!)).planId;
      const printed = (costs: RoomsCosts) =>
        new Intl.NumberFormat('en-US', { style: 'currency', currency: costs.currency! }).format(
          costs.totals.totalShown as never,
        );
      const expected: string[] = [];
      for (const e of list.rows) {
        const costs = (await services.roomsCosts.get({ projectId: projectId!, planId, estimateId: e.id }))
          .costs!;
        expected.push(printed(costs));
      }
      const found = costSheets.map((name) => {
        const rule = [...grid(cells, name).values()].find(
          (c) => typeof c.value === 'string' && c.value.startsWith('Rooms '),
        );
        return String(rule?.value).replace(/^.*= net total /, '');
      });
      expect(found.sort()).toEqual(expected.sort());
    },
    TIMEOUT,
  );

  it(
    "the plan's rooms workbook with the costs of the estimate beside the rooms; a CSV has no such sheet",
    async () => {
      await start();
      const { projectId, planId, costs } = await pricedProject();
      const outcome = await services.exports.rooms({
        planId,
        format: 'xlsx',
        language: 'fr-FR',
        costsOf: { projectId, estimateId: costs.estimate.id },
      });
      expect(outcome).toMatchObject({ language: 'fr-FR', rooms: costs.rooms.length, warnings: [] });
      const t = translator('fr-FR');
      const { sheets, cells } = await openpyxlRead(outcome.path!);
      expect(sheets.map((s) => s.name)).toEqual([t('plan.rooms'), t('roomsCosts.tab')]);
      const sheet = grid(cells, t('roomsCosts.tab'));
      const { headerRow, column, cell } = table(sheet, 'fr-FR');
      const net = column.get(t('roomsCosts.colNet'))!;
      const totalRow = headerRow + costs.rooms.length + 2;
      expect(cell(net, totalRow)?.format).toBe(excelMoneyFormat('fr-FR', costs.currency));
      const recalculated = (await recalculatedSheets(outcome.path!)).find(
        (s: Sheet) => s.name === t('roomsCosts.tab'),
      )!;
      const loNet = recalculated.rows[totalRow - 1]![net.charCodeAt(0) - 65]!;
      expect(Decimal.parse(loNet).eq(Decimal.parse(costs.totals.totalShown))).toBe(true);
      const [pdf] = await workbooksAsPdf([outcome.path!], PAGES_DIR);
      await renderPages(pdf!, PAGES_DIR);

      await expect(
        services.exports.rooms({
          planId,
          format: 'csv',
          costsOf: { projectId, estimateId: costs.estimate.id },
        }),
      ).rejects.toMatchObject({ kind: 'validation' });
      const alone = await services.exports.rooms({ planId, format: 'xlsx' });
      expect((await openpyxlRead(alone.path!)).sheets).toHaveLength(1);
    },
    TIMEOUT,
  );

  it(
    'an estimate made for another plan: the sheet puts every position under "Not on the plan" and the export says why',
    async () => {
      const ds = JSON.parse(
        await fs.readFile(path.join(process.cwd(), 'resources/demo/dataset.json'), 'utf8'),
      ) as SimDataset;
      const project = ds.workspaces[0]!.projects.find((p) => p.estimates.length > 0)!;
      const estimate = project.estimates[0]!;
      estimate.plan_id = 'another-plan';
      await start(ds);
      const outcome = await services.exports.estimates({
        projectId: project.id,
        estimateId: estimate.id,
        format: 'xlsx',
        presetId: 'internal',
        roomsCosts: true,
        language: 'en-US',
      });
      expect(outcome.warnings).toEqual([
        {
          code: 'rooms-not-placed',
          estimate: estimate.unique_identifier,
          problem: { kind: 'other-plan', planId: 'another-plan' },
        },
      ]);
      const { cells } = await openpyxlRead(outcome.path!);
      const sheet = grid(cells, 'Costs per room');
      const values = [...sheet.values()].map((c) => c.value);
      expect(values).toContain(
        'The estimate was made for another plan (another-plan), so its positions are not placed on this one: they are all under “Not on the plan”.',
      );
      const { headerRow, column, cell } = table(sheet, 'en-US');
      const rooms = (
        await services.roomsCosts.get({
          projectId: project.id,
          planId: project.plan.id,
          estimateId: estimate.id,
        })
      ).costs!;
      expect(rooms.rooms).toEqual([]);
      expect(cell('B', headerRow + 1)?.value).toBe('Not on the plan');
      expect(cell(column.get('Net')!, headerRow + 1)?.value).toBe(Number(rooms.totals.totalShown));
    },
    TIMEOUT,
  );

  it(
    'the CLI: export --rooms-costs adds the sheet to the internal worksheet only; rooms-costs --out writes the rooms workbook',
    async () => {
      await start();
      const { projectId, costs } = await pricedProject();
      const w = sim.workspaces[0]!;
      const cli = (args: string[]) =>
        runBuiltCli(
          args,
          cliEnv({ baseUrl: sim.baseUrl, customer: w.customer, key: w.key }, path.join(userData, 'cli')),
        );
      const worksheet = path.join(userData, 'worksheet.xlsx');
      const internal = await cli([
        'export',
        projectId,
        costs.estimate.id,
        '--preset',
        'internal',
        '--rooms-costs',
        '--out',
        worksheet,
        '--lang',
        'de-DE',
      ]);
      expect(internal.stderr).toBe('');
      expect(internal.code).toBe(0);
      expect((await openpyxlRead(worksheet)).sheets.map((s) => s.name)).toContain('Kosten je Raum');

      const quote = path.join(userData, 'quote.xlsx');
      const refused = await cli(['export', projectId, costs.estimate.id, '--rooms-costs', '--out', quote]);
      expect(refused.code).toBe(1);
      expect(refused.stderr).toMatch(
        /^error\(validation\): The costs per room are part of the internal worksheet only/,
      );
      await expect(fs.access(quote)).rejects.toThrow();

      const workbook = path.join(userData, 'rooms.xlsx');
      const rooms = await cli([
        'rooms-costs',
        projectId,
        costs.estimate.id,
        '--out',
        workbook,
        '--lang',
        'en-US',
      ]);
      expect(rooms.stderr).toBe('');
      expect(rooms.stdout.trim()).toBe(`Wrote ${costs.rooms.length} rooms to ${workbook}`);
      const read = await openpyxlRead(workbook);
      expect(read.sheets.map((s) => s.name)).toEqual(['Rooms', 'Costs per room']);
      const sheet = grid(read.cells, 'Costs per room');
      const { headerRow, column, cell } = table(sheet, 'en-US');
      const net = column.get('Net')!;
      costs.rooms.forEach((room, i) => {
        const c = cell(net, headerRow + 1 + i);
        expect(c?.value ?? null).toBe(room.positionIds.length > 0 ? Number(room.netShown) : null);
      });
      const csv = await cli([
        'rooms-costs',
        projectId,
        costs.estimate.id,
        '--out',
        path.join(userData, 'r.csv'),
      ]);
      expect(csv.code).toBe(2);
      expect(csv.stderr).toMatch(/--out FILE\.xlsx/);
    },
    TIMEOUT,
  );

  it(
    'yen and dinars: each amount at the currency’s own digits, in its number format, adding up as printed',
    async () => {
      const out: string[] = [];
      for (const [name, doc, language] of [
        ['jpy', yenEstimate(), 'en-US'],
        ['kwd', dinarEstimate(), 'fr-FR'],
      ] as const) {
        doc.estimate.plan_id = 'plan-1';
        const plan = planRooms([
          { name: 'EG', rooms: ['Bathroom', 'Cuisine', null] },
          { name: 'OG', rooms: ['Bad'] },
        ]);
        const parts = partsOf(doc);
        const costs = roomsCostsOf(parts, { plan, problem: null });
        const file = path.join(userData, `${name}.xlsx`);
        await writeEstimateWorkbook([parts], { language, preset: 'internal', roomsCosts: true }, file, [
          costs,
        ]);
        out.push(file);
        const t = translator(language);
        const sheet = grid((await openpyxlRead(file)).cells, t('roomsCosts.tab'));
        const { headerRow, column, cell } = table(sheet, language);
        const net = column.get(t('roomsCosts.colNet'))!;
        const money = excelMoneyFormat(language, doc.estimate.currency);
        expect(money).toBe(name === 'jpy' ? '"¥"#,##0' : '#,##0.000" KWD"');
        const shown = [...costs.rooms.filter((r) => r.positionIds.length > 0), costs.notOnPlan];
        for (const [i, room] of costs.rooms.entries()) {
          if (room.positionIds.length === 0) continue;
          const c = cell(net, headerRow + 1 + i)!;
          expect(c).toMatchObject({ value: Number(room.netShown), format: money });
          expect(room.netShown).toMatch(name === 'jpy' ? /^-?\d+$/ : /^-?\d+\.\d{3}$/);
        }
        const total = Decimal.sum(shown.map((r) => Decimal.parse(r.netShown)));
        expect(total.eq(Decimal.parse(costs.totals.totalShown))).toBe(true);
        expect(costs.totals.sumHolds).toBe(true);
      }
      const recalculated = await Promise.all(out.map((f) => recalculatedSheets(f)));
      expect(recalculated.every((sheets) => sheets.length === 3)).toBe(true);
      const pdfs = await workbooksAsPdf(out, PAGES_DIR);
      for (const pdf of pdfs) await renderPages(pdf, PAGES_DIR, { first: 3, last: 3 });
    },
    TIMEOUT,
  );
});
