import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../../src-main/api/client';
import type { UiLanguage as Language } from '../../src-shared/i18n/languages';
import { SlidingWindowBudget } from '../../src-main/api/rate-budget';
import { roomsCommand } from '../../src-main/cli/commands/plan-rooms';
import type { PlanView } from '../../src-shared/plans/types';
import { buildPlanView } from '../../src-main/plans/plan-view';
import { buildRoomsTable } from '../../src-main/plans/rooms-table';
import { exportRoomsTable } from '../../src-main/exports/rooms';
import { startSimulator, type Simulator } from '../../simulator';
import type { SimDataset, SimRoom } from '../../simulator/data/types';
import { fixtureDataset, WS_A } from './simulator-fixture';
import { ServiceError } from '../../src-main/errors/service-error';

let sim: Simulator;
let dir: string;

/** The fixture, with a second room whose name needs quoting in CSV and has umlauts. */
function dataset(): SimDataset {
  const ds = fixtureDataset();
  const plan = ds.workspaces[0]!.projects.find((p) => p.id === 'p-a01')!.plan;
  const kitchen = plan.floors[0]!.rooms[0]!;
  const second: SimRoom = {
    ...structuredClone(kitchen),
    id: `${kitchen.id}-2`,
    name: 'Küche "Süd", Öl-Lager',
    statistics: { ...kitchen.statistics, area: 9.25, perimeter: 12.2, volume: 23.13 },
    values: { ...kitchen.values, roomType: 'storage', ceilingHeight: 2.75 },
    objects: kitchen.objects.filter((o) => o.category === 'furniture'),
  };
  plan.floors[0]!.rooms.push(second);
  return ds;
}

function client(language?: Language): ApiClient {
  return new ApiClient({
    baseUrl: sim.baseUrl,
    customer: WS_A.customer,
    key: WS_A.key,
    language,
    budget: new SlidingWindowBudget(10_000, 60_000),
  });
}

/** Every string anywhere in a JSON value. */
function strings(x: unknown, out = new Set<string>()): Set<string> {
  if (typeof x === 'string') out.add(x);
  else if (x && typeof x === 'object') for (const v of Object.values(x)) strings(v, out);
  return out;
}

/** Every measurement display of a view: statistics, ceiling heights. */
function displays(view: PlanView): string[] {
  const out: string[] = [];
  const add = (s: { display: string | null } | null) => {
    if (s?.display) out.push(s.display);
  };
  view.statistics.forEach(add);
  for (const f of view.floors ?? []) {
    f.statistics.forEach(add);
    add(f.ceilingHeight);
    for (const r of f.rooms) {
      r.statistics.forEach(add);
      add(r.ceilingHeight);
    }
  }
  return out;
}

function expectNoInventedUnits(view: PlanView, raw: unknown): void {
  const service = strings(raw);
  const shown = displays(view);
  expect(shown.length).toBeGreaterThan(0);
  for (const d of shown) expect(service.has(d) || /^-?\d+(\.\d+)?$/.test(d), d).toBe(true);
}

/** A small RFC 4180 reader (quotes, doubled quotes, CRLF). */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let field = '';
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') quoted = false;
      else field += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      row.push(field);
      field = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(field);
      rows.push(row);
      row = [];
      field = '';
      i++;
    } else field += c;
  }
  if (field !== '' || row.length > 0) rows.push([...row, field]);
  return rows;
}

beforeAll(async () => {
  sim = await startSimulator({ dataset: dataset() });
  dir = await mkdtemp(join(tmpdir(), 'plandesk-plans-'));
});
afterAll(async () => {
  await sim.close();
  await rm(dir, { recursive: true, force: true });
});
afterEach(() => sim.faults.setVariants({ legacyPlanShape: false }));

describe('plan view from the simulator', () => {
  it('current shape: summary, floors, rooms, walls, objects — the service’s strings, no invented units', async () => {
    const doc = await client().getPlan('pl-p-a01');
    expect(doc.shape).toBe('current');
    const view = buildPlanView(doc);
    expect(view).toMatchObject({
      shape: 'current',
      id: 'pl-p-a01',
      name: 'Kitchen Renovation',
      projectId: 'p-a01',
      doorCount: 2,
      windowCount: 1,
      floorCount: 1,
      roomCount: 2,
    });
    expect(view.statistics.find((s) => s.key === 'area')).toMatchObject({ value: 63.6, display: '63.6 m²' });
    const floor = view.floors![0]!;
    expect(floor).toMatchObject({ name: 'Ground Floor', level: 0, notes: ['Check the stairs'] });
    expect(floor.ceilingHeight?.display).toBe('2.5');
    expect(floor.imageMap?.url).toBe(`${sim.baseUrl}/plans/pl-p-a01/floors/pl-p-a01-f1/image.png`);
    const kitchen = floor.rooms[0]!;
    expect(kitchen).toMatchObject({
      name: 'Kitchen',
      roomType: 'kitchen',
      formattedDimensions: '3.50 m × 4.20 m',
      groundColor: '#cccccc',
      notes: ['Tiles to be replaced'],
    });
    expect(kitchen.walls.map((w) => w.uid)).toEqual(['pl-p-a01-r1-w1', 'pl-p-a01-r1-w2']);
    expect(kitchen.doors).toHaveLength(1);
    expect(kitchen.doors[0]).toMatchObject({ wallUid: 'pl-p-a01-r1-w1', wallIndex: 0 });
    expect(kitchen.doors[0]!.values).toEqual([
      { key: 'width', value: 0.9 },
      { key: 'height', value: 2 },
      { key: 'depth', value: 0.1 },
    ]);
    expect(kitchen.furniture).toHaveLength(1);
    expect(kitchen.furniture[0]!.wallUid).toBeNull();
    expectNoInventedUnits(view, doc.plan);
  });

  it('imperial plan: feet from the service, ceiling height a plain number', async () => {
    const doc = await client().getPlan('pl-p-a03');
    const view = buildPlanView(doc);
    expect(view.statistics.find((s) => s.key === 'area')?.display).toBe('63.6 ft²');
    expect(view.floors![0]!.rooms[0]!.ceilingHeight?.display).toBe('2.5');
    expectNoInventedUnits(view, doc.plan);
    const table = buildRoomsTable(view);
    expect(table.units.area).toEqual({ mode: 'numeric-unit', unit: 'ft²' });
  });

  it('legacy shape: summary with the formatted strings and counts; its floors and rooms like the new shape’s', async () => {
    sim.faults.setVariants({ legacyPlanShape: true });
    const doc = await client().getPlan('pl-p-a01');
    expect(doc.shape).toBe('legacy');
    const view = buildPlanView(doc);
    expect(view).toMatchObject({
      shape: 'legacy',
      name: 'Kitchen Renovation',
      doorCount: 2,
      windowCount: 1,
      floorCount: 1,
      roomCount: 2,
    });
    const floor = view.floors![0]!;
    expect(floor.name).toBe('Ground Floor');
    expect(floor.rooms.map((r) => [r.name, r.roomType, r.formattedDimensions])).toEqual([
      ['Kitchen', 'kitchen', '3.50 m × 4.20 m'],
      ['Küche "Süd", Öl-Lager', 'storage', '3.50 m × 4.20 m'],
    ]);
    const kitchen = floor.rooms[0]!;
    expect(kitchen.ceilingHeight).toMatchObject({ value: 2.5, display: '2.5 m' });
    expect(kitchen.statistics.find((s) => s.key === 'walls_surface')).toMatchObject({
      value: 38.5,
      display: '38.5 m²',
    });
    expect(kitchen.doors.map((d) => [d.symbolId, d.values])).toEqual([
      [
        'door_single',
        [
          { key: 'width', value: '0.9 m' },
          { key: 'height', value: '2.0 m' },
          { key: 'depth', value: '0.1 m' },
        ],
      ],
    ]);
    expect(kitchen.furniture).toHaveLength(1);
    const rooms = buildRoomsTable(view);
    expect(rooms.available).toBe(true);
    expect(rooms.rows.map((r) => [r.name, r.area.text, r.wallArea.text, r.ceilingHeight.text])).toEqual([
      ['Kitchen', '14.7 m²', '38.5 m²', '2.5 m'],
      ['Küche "Süd", Öl-Lager', '9.3 m²', '38.5 m²', '2.8 m'],
    ]);
    expect(view.statistics.map((s) => [s.key, s.display])).toEqual([
      ['area', '63.6 m²'],
      ['perimeter', '33.2 m'],
      ['volume', '159.0 m³'],
      ['walls_surface', '83.0 m²'],
    ]);
    expect(Object.keys(view.extra)).toEqual(
      expect.arrayContaining(['xml', 'plan.address', 'plan.created_by']),
    );
    expectNoInventedUnits(view, doc.plan);
  });

  it('German: the service’s strings verbatim, numbers unchanged, units still agree', async () => {
    const view = buildPlanView(await client('de-DE').getPlan('pl-p-a01'));
    expect(view.statistics.find((s) => s.key === 'area')).toMatchObject({ value: 63.6, display: '63,6 m²' });
    const table = buildRoomsTable(view);
    expect(table.rows[0]!.area).toMatchObject({ text: '14,7 m²', value: 14.7, unit: 'm²' });
    expect(table.units.area).toEqual({ mode: 'numeric-unit', unit: 'm²' });
  });
});

describe('rooms export', () => {
  it('xlsx: a header block, the table bold and frozen, numbers numeric, units in the headers, totals, print setup', async () => {
    const table = buildRoomsTable(buildPlanView(await client().getPlan('pl-p-a01')));
    const path = join(dir, 'rooms.xlsx');
    await exportRoomsTable(table, 'xlsx', path, {
      projectName: 'Haus Müller',
      date: new Date(Date.UTC(2026, 4, 12)),
    });

    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile(path);
    const ws = wb.worksheets[0]!;
    expect(ws.name).toBe('Rooms');
    // Project, plan and date above the table.
    expect(ws.getCell('A1').value).toBe(`Rooms – ${table.planName}`);
    expect([ws.getCell('A2').value, ws.getCell('B2').value]).toEqual(['Project', 'Haus Müller']);
    expect([ws.getCell('A3').value, ws.getCell('B3').value]).toEqual(['Plan', table.planName]);
    expect(ws.getCell('A4').value).toBe('Date');
    expect((ws.getCell('B4').value as Date).toISOString().slice(0, 10)).toBe('2026-05-12');
    const headerRow = 6;
    expect(ws.views[0]).toMatchObject({ state: 'frozen', ySplit: headerRow });
    const header = ws.getRow(headerRow);
    expect((header.values as unknown[]).slice(1)).toEqual([
      'Floor',
      'Room',
      'Type',
      'Area (m²)',
      'Wall area (m²)',
      'Perimeter (m)',
      'Ceiling height (m)',
      'Volume (m³)',
      'Doors',
      'Windows',
    ]);
    for (let c = 1; c <= 10; c++) expect(header.getCell(c).font?.bold).toBe(true);
    expect((ws.getRow(headerRow + 1).values as unknown[]).slice(1)).toEqual([
      'Ground Floor',
      'Kitchen',
      'Kitchen',
      14.7,
      38.5,
      15.4,
      2.5,
      36.75,
      1,
      0,
    ]);
    expect((ws.getRow(headerRow + 2).values as unknown[]).slice(1)).toEqual([
      'Ground Floor',
      'Küche "Süd", Öl-Lager',
      'Storage room',
      9.25,
      38.5,
      12.2,
      2.75,
      23.13,
      0,
      0,
    ]);
    // The totals row: sums of the figures that add up (not of ceiling heights).
    const totals = ws.getRow(headerRow + 3);
    expect(totals.getCell(1).value).toBe('Total');
    expect(totals.getCell(4).value).toMatchObject({ formula: 'SUM(D7:D8)', result: 23.95 });
    expect(totals.getCell(5).value).toMatchObject({ formula: 'SUM(E7:E8)', result: 77 });
    expect(totals.getCell(7).value).toBeNull();
    expect(totals.getCell(8).value).toMatchObject({ formula: 'SUM(H7:H8)', result: 59.88 });
    // Printed: one page wide, the header row on every page, page numbers.
    expect(ws.pageSetup).toMatchObject({
      fitToPage: true,
      fitToWidth: 1,
      paperSize: 1,
      printTitlesRow: '6:6',
    });
    expect(ws.headerFooter.oddFooter).toContain('Page &P of &N');
    expect((await readdir(dir)).filter((n) => n.endsWith('.part'))).toEqual([]);
  });

  it('csv: UTF-8 with BOM, RFC 4180, parses back', async () => {
    const table = buildRoomsTable(buildPlanView(await client().getPlan('pl-p-a01')));
    const path = join(dir, 'rooms.csv');
    await exportRoomsTable(table, 'csv', path);
    const bytes = await readFile(path);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const rows = parseCsv(bytes.subarray(3).toString('utf8'));
    expect(rows).toEqual([
      [
        'Floor',
        'Room',
        'Type',
        'Area (m²)',
        'Wall area (m²)',
        'Perimeter (m)',
        'Ceiling height (m)',
        'Volume (m³)',
        'Doors',
        'Windows',
      ],
      ['Ground Floor', 'Kitchen', 'Kitchen', '14.7', '38.5', '15.4', '2.5', '36.75', '1', '0'],
      [
        'Ground Floor',
        'Küche "Süd", Öl-Lager',
        'Storage room',
        '9.25',
        '38.5',
        '12.2',
        '2.75',
        '23.13',
        '0',
        '0',
      ],
      ['Total', '', '', '23.95', '77', '27.6', '', '59.88', '1', '0'],
    ]);
  });
});

describe('rooms command', () => {
  it('prints the table with its totals, exports xlsx and csv, from either shape', async () => {
    const c = client();
    const text = await roomsCommand(c, {}, ['pl-p-a01']);
    expect(text).toContain('Kitchen');
    expect(text).toContain('Storage room');
    expect(text).toContain('14.7 m²');
    expect(text).toMatch(/Total\s+23\.95 m²\s+77 m²/);
    expect(text).toMatch(/2 rooms$/);

    const json = JSON.parse(await roomsCommand(c, { json: true }, ['pl-p-a01']));
    expect(json.rows).toHaveLength(2);

    const xlsx = join(dir, 'cli-rooms.xlsx');
    expect(await roomsCommand(c, { format: 'xlsx', out: xlsx }, ['pl-p-a01'])).toBe(
      `Wrote 2 rooms to ${xlsx}`,
    );
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile(xlsx);
    // Header block (5 rows), the header row, two rooms, the totals row.
    expect(wb.worksheets[0]!.rowCount).toBe(9);

    const csv = join(dir, 'cli-rooms.csv');
    await roomsCommand(c, { out: csv }, ['pl-p-a01']); // format from the extension
    expect((await readFile(csv, 'utf8')).startsWith('\uFEFFFloor,Room')).toBe(true);

    await expect(roomsCommand(c, { format: 'pdf', out: csv }, ['pl-p-a01'])).rejects.toMatchObject({
      kind: 'config',
    });
    await expect(roomsCommand(c, { format: 'csv' }, ['pl-p-a01'])).rejects.toMatchObject({ kind: 'config' });
    await expect(roomsCommand(c, {}, [])).rejects.toBeInstanceOf(ServiceError);

    sim.faults.setVariants({ legacyPlanShape: true });
    expect(await roomsCommand(c, {}, ['pl-p-a01'])).toContain('Storage room');
    const legacyCsv = join(dir, 'legacy.csv');
    expect(await roomsCommand(c, { format: 'csv', out: legacyCsv }, ['pl-p-a01'])).toBe(
      `Wrote 2 rooms to ${legacyCsv}`,
    );
    expect(await readFile(legacyCsv, 'utf8')).toContain('Kitchen,14.7,38.5,15.4,2.5,36.75,1,0');
  });
});
