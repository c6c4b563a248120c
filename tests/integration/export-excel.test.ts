/**
 * The Excel export read back by independent readers: LibreOffice (headless, forced to recalculate
 * every formula on load; see tests/helpers/export-readers.ts) for the figures and sheet names,
 * `unzip` for the raw sheet XML, and exceljs's reader for outline levels and views.
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { promisify } from 'node:util';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EstimateDocument, EstimateNode, TotalField } from '../../src-shared/estimates/types';
import { TOTAL_FIELDS } from '../../src-shared/estimates/types';
import { Decimal } from '../../src-shared/money/decimal';
import { writeEstimateWorkbook } from '../../src-main/exports/excel';
import { documentLabels } from '../helpers/document-labels';
import {
  allNodes,
  largeDocument,
  makeDocument,
  position,
  sampleDocument,
  SECRET_NOTE,
  SECRET_NOTE_2,
} from '../helpers/export-fixture';
import { flatOds, recalculatedSheets, type Sheet } from '../helpers/export-readers';
import { describeWithTools, soffice, toolPath, unzip } from '../helpers/external-tools';
import { withDemoEstimate } from '../helpers/demo-estimates';

const run = promisify(execFile);
const LO_TIMEOUT = 180_000;

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'plandesk-excel-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const cents = (s: string | null | undefined): string => Decimal.parse(s && s !== '' ? s : '0').toFixed(2);

/** The rows of the estimate sheet keyed by code, and the totals block keyed by label. */
function readEstimateSheet(sheet: Sheet, lang: 'de-DE' | 'en-US' | 'fr-FR' = 'de-DE') {
  const labels = documentLabels(lang);
  const headerAt = sheet.rows.findIndex(
    (r) => r[0] === labels.columns.code && r.includes(labels.columns.name),
  );
  expect(headerAt).toBeGreaterThan(0);
  const header = sheet.rows[headerAt] as string[];
  const col = (label: string): number => header.indexOf(label);
  const items = new Map<string, string[]>();
  let i = headerAt + 1;
  for (; i < sheet.rows.length && (sheet.rows[i] as string[]).some((c) => c !== ''); i++) {
    const row = sheet.rows[i] as string[];
    items.set(row[0] as string, row);
  }
  const totalsHeader = sheet.rows.findIndex((r) => r.includes(labels.totalsHeading));
  const totals = new Map<string, string[]>();
  for (
    let t = totalsHeader + 1;
    t < sheet.rows.length && (sheet.rows[t] as string[]).some((c) => c !== '');
    t++
  ) {
    const row = sheet.rows[t] as string[];
    totals.set(row.find((c) => c !== '') as string, row);
  }
  const th = sheet.rows[totalsHeader] as string[];
  // A client copy has one column of figures, under the total column.
  const calculated = th.indexOf(labels.calculated);
  return {
    header,
    col,
    items,
    totals,
    calculatedCol: calculated >= 0 ? calculated : header.indexOf(labels.columns.total),
    serviceCol: th.indexOf(labels.perService),
    headerRow: headerAt + 1,
  };
}

/** Σ of a money field over the positions of a subtree, exactly. */
function subtreeSum(node: EstimateNode, field: keyof EstimateNode): Decimal {
  if (node.type === 'position') return Decimal.parse((node[field] as string | null) ?? '0');
  return Decimal.sum(node.children.map((c) => subtreeSum(c, field)));
}

describeWithTools('Excel export read back by LibreOffice', [soffice, unzip], () => {
  it(
    'really recalculates: a formula with a wrong cached result comes back corrected (canary)',
    async () => {
      const wb = new ExcelJS.Workbook();
      const ws = wb.addWorksheet('Canary');
      ws.getCell('A1').value = 2;
      ws.getCell('A2').value = { formula: 'A1*3', result: 999 };
      const file = join(dir, 'canary.xlsx');
      await wb.xlsx.writeFile(file);
      const [sheet] = await recalculatedSheets(file);
      expect(sheet?.rows[1]?.[0]).toBe('6');
    },
    LO_TIMEOUT,
  );

  it(
    'recalculated group subtotals and totals equal the service figures to the cent',
    async () => {
      const doc = sampleDocument();
      const file = join(dir, 'sample.xlsx');
      await writeEstimateWorkbook([doc], { language: 'de-DE' }, file);
      const sheets = await recalculatedSheets(file);
      expect(sheets.map((s) => s.name)).toEqual(['Angebot Komplettsanierung Küche', 'Positionen (flach)']);
      const sheet = readEstimateSheet(sheets[0] as Sheet);
      const labels = documentLabels('de-DE');

      // Hand-checked: the service total of the sample is 6,195.35.
      expect(doc.service_totals.total).toBe('6195.350000000000');
      const nodes = allNodes(doc);
      expect(sheet.items.size).toBe(nodes.length);
      let groups = 0;
      for (const node of nodes) {
        const row = sheet.items.get(node.code as string) as string[];
        expect(row, node.code as string).toBeDefined();
        expect(row[sheet.col(labels.columns.name)]).toBe(node.name);
        // Every amount column: groups recalculated from their formulas, positions as sent.
        for (const field of [
          'labor_cost',
          'equipment_cost',
          'material_cost',
          'other_cost',
          'total_cost',
          'markup',
          'discount',
          'total',
        ] as const) {
          const value = row[sheet.col(labels.columns[field])] as string;
          expect(cents(value), `${node.code} ${field}`).toBe(subtreeSum(node, field).toFixed(2));
        }
        if (node.type === 'group') {
          groups++;
          // ... and equal to the service's own group total.
          expect(cents(row[sheet.col(labels.columns.total)])).toBe(cents(node.total));
        }
      }
      expect(groups).toBe(5);

      for (const field of TOTAL_FIELDS) {
        const row = sheet.totals.get(labels.totals[field]) as string[];
        expect(row, field).toBeDefined();
        expect(cents(row[sheet.calculatedCol]), field).toBe(cents(doc.service_totals[field]));
        expect(cents(row[sheet.serviceCol]), field).toBe(cents(doc.service_totals[field]));
      }
      expect(cents(sheet.totals.get('Gesamtbetrag')?.[sheet.calculatedCol])).toBe('6195.35');

      // The header block, in German.
      const flatText = (sheets[0] as Sheet).rows.map((r) => r.join('|')).join('\n');
      for (const text of [
        'Angebotsnr.|A-2025-0042',
        'Bäckström & Søn Ausbau GmbH',
        'François Muñoz-Weiß',
        'Status|Endgültig',
        'Währung|EUR',
      ]) {
        expect(flatText).toContain(text);
      }
    },
    LO_TIMEOUT,
  );

  it(
    'a 20,000-item workbook (streamed) recalculates to the service totals, every group included',
    async () => {
      const doc = largeDocument(20_000);
      const file = join(dir, 'large.xlsx');
      await writeEstimateWorkbook([doc], { language: 'en-US' }, file);
      const sheets = await recalculatedSheets(file);
      expect(sheets).toHaveLength(2);
      const sheet = readEstimateSheet(sheets[0] as Sheet, 'en-US');
      const labels = documentLabels('en-US');
      const nodes = allNodes(doc);
      expect(sheet.items.size).toBe(nodes.length);
      let checked = 0;
      for (const node of nodes) {
        if (node.type !== 'group') continue;
        const row = sheet.items.get(node.code as string) as string[];
        expect(cents(row[sheet.col(labels.columns.total)]), node.code as string).toBe(cents(node.total));
        checked++;
      }
      expect(checked).toBeGreaterThan(1_000);
      for (const field of TOTAL_FIELDS) {
        const row = sheet.totals.get(labels.totals[field]) as string[];
        expect(cents(row[sheet.calculatedCol]), field).toBe(cents(doc.service_totals[field]));
      }
      // The flat sheet: every item once.
      expect((sheets[1] as Sheet).rows.length - 1).toBe(nodes.length);
    },
    LO_TIMEOUT,
  );

  it(
    'makes sheet names valid and unique, whatever the estimates are called',
    async () => {
      const names = [
        'Q1/Q2: Bad*Name?[x]',
        'Q1/Q2: Bad*Name?[x]',
        'A very long estimate name, forty chars!!',
        'A very long estimate name, forty chars!!',
        'History',
        '   ',
        "'Quoted'",
        'Küche – Ø 2 (ß)',
      ];
      const docs = names.map((name) => sampleDocument({ name }));
      const file = join(dir, 'names.xlsx');
      await writeEstimateWorkbook(docs, { language: 'en-US' }, file);

      const wb = new ExcelJS.Workbook();
      await wb.xlsx.readFile(file);
      const written = wb.worksheets.map((w) => w.name);
      expect(written).toHaveLength(names.length * 2);
      const folded = new Set<string>();
      for (const name of written) {
        expect(name.length, name).toBeLessThanOrEqual(31);
        expect(name, name).not.toMatch(/[\\/?*[\]:]/);
        expect(name.trim(), name).not.toBe('');
        expect(name.startsWith("'") || name.endsWith("'"), name).toBe(false);
        expect(name.toLowerCase()).not.toBe('history');
        folded.add(name.toLowerCase());
      }
      expect(folded.size).toBe(written.length);
      expect(written.slice(0, 4)).toEqual([
        'Q1_Q2_ Bad_Name__x_',
        'Q1_Q2_ Bad_Name__x_ (flat)',
        'Q1_Q2_ Bad_Name__x_ (2)',
        'Q1_Q2_ Bad_Name__x_ (2) (flat)',
      ]);

      // LibreOffice renames sheets it considers invalid ("Sheet3"); it kept every one of ours.
      const sheets = await recalculatedSheets(file);
      expect(sheets.map((s) => s.name)).toEqual(written);
      // Each estimate sheet still adds up.
      for (let i = 0; i < sheets.length; i += 2) {
        const sheet = readEstimateSheet(sheets[i] as Sheet, 'en-US');
        expect(cents(sheet.totals.get('Total')?.[sheet.calculatedCol])).toBe('6195.35');
      }
    },
    LO_TIMEOUT,
  );

  it(
    'writes the hierarchy as outline levels with collapsible groups and a frozen header row',
    async () => {
      const doc = sampleDocument();
      const file = join(dir, 'outline.xlsx');
      await writeEstimateWorkbook([doc], { language: 'de-DE' }, file);

      // exceljs's reader: row outline levels follow the depth, group rows sit above their items.
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.readFile(file);
      const ws = wb.worksheets[0] as ExcelJS.Worksheet;
      const header = 8;
      expect(ws.getRow(header).getCell(1).value).toBe('Nr.');
      const levels: number[] = [];
      const bold: boolean[] = [];
      for (let r = header + 1; r <= header + allNodes(doc).length; r++) {
        levels.push(ws.getRow(r).outlineLevel ?? 0);
        bold.push(ws.getRow(r).getCell(2).font?.bold === true);
      }
      expect(levels).toEqual([0, 1, 2, 3, 3, 2, 1, 0, 1, 2, 1, 0]);
      expect(bold).toEqual([true, true, true, false, false, false, false, true, true, false, false, false]);
      expect(ws.properties.outlineProperties?.summaryBelow).toBe(false);
      expect(ws.views[0]).toMatchObject({ state: 'frozen', ySplit: header });
      const total = ws.getRow(header + 1).getCell(18).value as ExcelJS.CellFormulaValue;
      expect(total.formula).toBe('SUBTOTAL(9,R10:R15)');
      expect(total.result).toBe(1798.27);

      // The raw XML (unzip): frozen pane below the header, summary rows above.
      const { stdout: xml } = await run(toolPath(unzip), ['-p', file, 'xl/worksheets/sheet1.xml'], {
        maxBuffer: 64 << 20,
      });
      expect(xml).toMatch(/<pane [^>]*ySplit="8"[^>]*state="frozen"/);
      expect(xml).toContain('<outlinePr summaryBelow="0"');
      expect(xml).toMatch(/<row r="12"[^>]*outlineLevel="3"/);

      // LibreOffice turns the outline levels into nested row groups.
      const fods = await flatOds(file);
      let depth = 0;
      let maxDepth = 0;
      for (const m of fods.matchAll(/<(\/?)table:table-row-group>/g)) {
        depth += m[1] ? -1 : 1;
        maxDepth = Math.max(maxDepth, depth);
      }
      expect(maxDepth).toBe(3);
    },
    LO_TIMEOUT,
  );

  it(
    'a client copy has no unit price, cost or internal-notes columns and no internal note anywhere',
    async () => {
      const doc = sampleDocument();
      doc.warnings = [{ code: 'group-total-mismatch', item_id: 'x', message: `Check ${SECRET_NOTE}` }];
      const file = join(dir, 'client.xlsx');
      await writeEstimateWorkbook(
        [doc, sampleDocument({ name: 'Second' })],
        { language: 'de-DE', clientCopy: true },
        file,
      );
      const sheets = await recalculatedSheets(file);
      expect(sheets).toHaveLength(4);
      const labels = documentLabels('de-DE');
      const everything = sheets.flatMap((s) => s.rows.flat()).join('\n');
      expect(everything).not.toContain(SECRET_NOTE);
      expect(everything).not.toContain(SECRET_NOTE_2);
      expect(everything).not.toContain('INTERN');
      for (const hidden of [
        'labor_unit_price',
        'equipment_unit_price',
        'material_unit_price',
        'other_unit_price',
        'labor_cost',
        'total_cost',
        'markup',
        'internal_notes',
      ] as const) {
        for (const sheet of sheets)
          expect(
            sheet.rows.some((r) => r.includes(labels.columns[hidden])),
            hidden,
          ).toBe(false);
      }
      const sheet = readEstimateSheet(sheets[0] as Sheet);
      expect(sheet.header.filter(Boolean)).toEqual([
        'Nr.',
        'Bezeichnung',
        'Beschreibung',
        'Menge',
        'Einheit',
        'Rabatt',
        'MwSt.-Satz',
        'Gesamt',
      ]);
      // Totals a client may see, still adding up.
      expect([...sheet.totals.keys()]).toEqual(['Rabatt', 'Zwischensumme (netto)', 'MwSt.', 'Gesamtbetrag']);
      for (const field of ['discount_total', 'subtotal_without_tax', 'tax_total', 'total'] as TotalField[]) {
        expect(cents(sheet.totals.get(labels.totals[field])?.[sheet.calculatedCol])).toBe(
          cents(doc.service_totals[field]),
        );
      }

      // Asked for explicitly, the notes are there.
      const withNotes = join(dir, 'client-notes.xlsx');
      await writeEstimateWorkbook(
        [doc],
        { clientCopy: true, includeInternalNotesInClientCopy: true },
        withNotes,
      );
      const again = await recalculatedSheets(withNotes);
      expect(again.flatMap((s) => s.rows.flat()).join('\n')).toContain(SECRET_NOTE);
    },
    LO_TIMEOUT,
  );

  it(
    'never crashes on odd input and the result still opens',
    async () => {
      const empty = makeDocument({
        items: [],
        header: { currency: null, status: null, date_issue: 'garbage', name: '' },
      });
      empty.service_totals = {};
      const nulls = makeDocument({
        items: [position(null, '1', 'h', { labor: '10' }), { kind: 'group', name: null, children: [] }],
        header: {
          currency: 'not-a-currency',
          customer: null,
          company: null,
          project: null,
          unique_identifier: null,
          date_valid_until: null,
          status: 'weird',
        },
      });
      const longName = 'Ü'.repeat(5_000) + ' ' + 'x'.repeat(40_000);
      const long = makeDocument({
        items: [position(longName, '2', 'm²', { material: '1.005' })],
        header: { name: longName },
      });
      const file = join(dir, 'odd.xlsx');
      await writeEstimateWorkbook([empty, nulls, long], {}, file);
      const sheets = await recalculatedSheets(file);
      expect(sheets).toHaveLength(6);
      const totalRow = (sheet: Sheet): string[] =>
        sheet.rows.find((r) => r.includes('Total') && r.some((c) => /^-?\d/.test(c))) as string[];
      // Empty estimate: zero (the service sent no totals).
      expect(totalRow(sheets[0] as Sheet).filter((c) => /^-?\d/.test(c))).toEqual(['0']);
      // Null names and fields, an empty group, an invalid currency: figures still right.
      expect(cents(totalRow(sheets[2] as Sheet).find((c) => /^\d/.test(c)))).toBe(
        cents(nulls.service_totals.total),
      );
      // 45,000 characters: cut to Excel's cell limit (32,767), the column width capped.
      const cell = (sheets[4] as Sheet).rows.flat().find((c) => c.startsWith('ÜÜÜ')) as string;
      expect(cell.length).toBeLessThanOrEqual(32_767);
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.readFile(file);
      expect(wb.worksheets[4]?.getColumn(2).width).toBeLessThanOrEqual(60);
    },
    LO_TIMEOUT,
  );
});

describe('Excel export outputs', () => {
  it('writes to a stream', async () => {
    const chunks: Buffer[] = [];
    const stream = new PassThrough();
    stream.on('data', (c: Buffer) => chunks.push(c));
    await writeEstimateWorkbook([sampleDocument()], { language: 'fr-FR' }, stream);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(Buffer.concat(chunks) as unknown as ArrayBuffer);
    expect(wb.worksheets.map((w) => w.name)).toEqual(['Angebot Komplettsanierung Küche', 'Postes (à plat)']);
  });

  it('leaves no file behind when the export fails', async () => {
    const target = join(dir, 'missing-folder', 'x.xlsx');
    await expect(writeEstimateWorkbook([sampleDocument()], {}, target)).rejects.toThrow();
    expect(existsSync(join(dir, 'missing-folder'))).toBe(false);

    // A stream that fails halfway: the promise rejects (no hang, no unhandled error).
    const failing = new PassThrough();
    let bytes = 0;
    failing.on('data', (c: Buffer) => {
      bytes += c.length;
      if (bytes > 10_000) failing.destroy(new Error('disk full'));
    });
    await expect(writeEstimateWorkbook([largeDocument(3_000)], {}, failing)).rejects.toThrow('disk full');
    const left = (await readdir(dir)).filter((f) => f.endsWith('.partial'));
    expect(left).toEqual([]);
  });

  it('refuses an empty list of estimates', async () => {
    await expect(writeEstimateWorkbook([], {}, join(dir, 'none.xlsx'))).rejects.toThrow(RangeError);
  });
});

/** A real estimate: the demo simulator's, read through the API client as the app reads it. */
describeWithTools('Excel export of a simulator estimate', [soffice], () => {
  it(
    'recalculates to the service totals',
    async () => {
      await withDemoEstimate(
        (d) => allNodes(d).length >= 15,
        async (doc) => {
          expect(doc).not.toBeNull();
          const file = join(dir, 'simulator.xlsx');
          await writeEstimateWorkbook([doc as EstimateDocument], { language: 'de-DE' }, file);
          const sheets = await recalculatedSheets(file);
          const sheet = readEstimateSheet(sheets[0] as Sheet);
          const labels = documentLabels('de-DE');
          for (const field of TOTAL_FIELDS) {
            const service = (doc as EstimateDocument).service_totals[field];
            if (service === undefined) continue;
            expect(cents(sheet.totals.get(labels.totals[field])?.[sheet.calculatedCol]), field).toBe(
              cents(service),
            );
          }
          // Every group's recalculated subtotal matches the service's group total (the demo data is
          // consistent: no group-total-mismatch warnings).
          const real = doc as EstimateDocument;
          expect(real.warnings.filter((w) => w.code === 'group-total-mismatch')).toEqual([]);
          let groups = 0;
          for (const node of allNodes(real)) {
            if (node.type !== 'group') continue;
            groups++;
            const row = sheet.items.get(node.code as string);
            expect(row?.[sheet.col(labels.columns.name)], node.code as string).toBe(node.name);
            expect(cents(row?.[sheet.col(labels.columns.total)]), node.code as string).toBe(
              cents(node.total),
            );
          }
          expect(groups).toBeGreaterThan(0);
        },
      );
    },
    LO_TIMEOUT,
  );
});
