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
import { Decimal } from '../../src-shared/money/decimal';
import { writeEstimateWorkbook } from '../../src-main/exports/excel';
import { documentLabels } from '../helpers/document-labels';
import { translate } from '../../src-shared/i18n/catalogue';
import {
  allNodes,
  largeDocument,
  makeDocument,
  position,
  sampleDocument,
  SECRET_NOTE,
  SECRET_NOTE_2,
} from '../helpers/export-fixture';
import { openpyxlRead, pdfText, type Sheet } from '../helpers/export-readers';
import { ReadBackBatch } from '../helpers/read-back-batch';
import { describeWithTools, openpyxl, pdftotext, soffice, toolPath, unzip } from '../helpers/external-tools';
import { INTERNAL_COLUMNS } from '../../src-shared/estimates/columns';
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

/**
 * Every workbook LibreOffice reads back in this file, written and read together before the tests
 * look at them: one LibreOffice start per kind of read-back, not one per workbook. Each test names
 * its workbook here, beside the test, and checks what came back.
 */
const readBack = new ReadBackBatch(() => dir);
/** Writing and reading them all (a 20,000-item workbook among them) takes a while on a busy machine. */
const BATCH_TIMEOUT = 600_000;

const cents = (s: string | null | undefined): string => Decimal.parse(s && s !== '' ? s : '0').toFixed(2);

/**
 * The rows of the estimate sheet keyed by code, and the totals block keyed by its labels (the
 * first cell with text), with the columns of the sheet's figures, the VAT bases and (in an internal
 * worksheet) the service's figures.
 */
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
  const totalsHeader = sheet.rows.findIndex((r, k) => k > headerAt && r.includes(labels.totalsHeading));
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
  const valueCol = col(labels.columns.net_amount);
  return {
    header,
    col,
    items,
    totals,
    valueCol,
    baseCol: valueCol - 1,
    serviceCol: th.indexOf(labels.perService),
    headerRow: headerAt + 1,
  };
}

/** The totals block as printed: net, VAT lines, rounding, gross; checks that it adds up as printed. */
function checkTotalsBlock(sheet: ReturnType<typeof readEstimateSheet>, lang: 'de-DE' | 'en-US' | 'fr-FR') {
  const t = (key: Parameters<typeof translate>[1]): string => translate(lang, key);
  const figure = (label: string): Decimal =>
    Decimal.parse(sheet.totals.get(label)?.[sheet.valueCol] ?? 'NaN');
  const net = figure(t('doc.netSubtotal'));
  const gross = figure(t('doc.grossTotal'));
  const vatLines = [...sheet.totals.entries()].filter(
    ([label]) =>
      label.startsWith(translate(lang, 'doc.vat')) || label.startsWith('VAT') || label.startsWith('MwSt.'),
  );
  let sum = net;
  let bases = Decimal.ZERO;
  for (const [label, row] of vatLines) {
    if (label === t('totals.tax_total')) continue;
    const base = Decimal.parse(row[sheet.baseCol] as string);
    const amount = Decimal.parse(row[sheet.valueCol] as string);
    const rate = Decimal.parse((/(\d+(?:[.,]\d+)?)\s?%/.exec(label)?.[1] ?? 'NaN').replace(',', '.')).mul(
      Decimal.parse('0.01'),
    );
    // A reader with a calculator: base × rate, rounded to the cent, is what is printed.
    expect(amount.toFixed(2), label).toBe(base.mul(rate).toFixed(2));
    bases = bases.add(base);
    sum = sum.add(amount);
  }
  const rounding = sheet.totals.get(t('doc.rounding'));
  if (rounding) sum = sum.add(Decimal.parse(rounding[sheet.valueCol] as string));
  expect(bases.toFixed(2)).toBe(net.toFixed(2));
  expect(sum.toFixed(2)).toBe(gross.toFixed(2));
  return { net, gross, vatLines: vatLines.length };
}

/** Σ of a money field over the positions of a subtree, exactly. */
function subtreeSum(node: EstimateNode, field: keyof EstimateNode): Decimal {
  if (node.type === 'position') return Decimal.parse((node[field] as string | null) ?? '0');
  return Decimal.sum(node.children.map((c) => subtreeSum(c, field)));
}

/** A position's net amount (total cost + markup − discount), a group's the sum of its positions'. */
function netOf(node: EstimateNode): Decimal {
  if (node.type === 'position') {
    const d = (s: string | null): Decimal => Decimal.parse(s ?? '0');
    return d(node.total_cost).add(d(node.markup)).sub(d(node.discount));
  }
  return Decimal.sum(node.children.map(netOf));
}

describeWithTools('Excel export read back by LibreOffice', [soffice, unzip, openpyxl, pdftotext], () => {
  beforeAll(() => readBack.ready(), BATCH_TIMEOUT);

  const canary = readBack.add(
    'canary',
    async (file) => {
      const wb = new ExcelJS.Workbook();
      const ws = wb.addWorksheet('Canary');
      ws.getCell('A1').value = 2;
      ws.getCell('A2').value = { formula: 'A1*3', result: 999 };
      await wb.xlsx.writeFile(file);
    },
    { sheets: true },
  );
  it(
    'really recalculates: a formula with a wrong cached result comes back corrected (canary)',
    () => {
      const [sheet] = canary.sheets();
      expect(sheet?.rows[1]?.[0]).toBe('6');
    },
    LO_TIMEOUT,
  );

  const sampleDoc = sampleDocument();
  const sample = readBack.add(
    'sample',
    (file) => writeEstimateWorkbook([sampleDoc], { language: 'de-DE', preset: 'internal' }, file),
    { sheets: true },
  );
  it(
    'internal worksheet: recalculated group subtotals and totals equal the service figures to the cent',
    () => {
      const doc = sampleDoc;
      const sheets = sample.sheets();
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
        expect(cents(row[sheet.col(labels.columns.net_amount)]), `${node.code} net`).toBe(
          netOf(node).toFixed(2),
        );
        if (node.type === 'group') {
          groups++;
          // ... and equal to the service's own group total.
          expect(cents(row[sheet.col(labels.columns.total)])).toBe(cents(node.total));
        }
      }
      expect(groups).toBe(5);

      // The totals block adds up as printed and ends on the service's net and gross totals.
      const { net, gross } = checkTotalsBlock(sheet, 'de-DE');
      expect(net.toFixed(2)).toBe(cents(doc.service_totals.subtotal_without_tax));
      expect(gross.toFixed(2)).toBe('6195.35');
      // Beside them, the service's own figures.
      for (const [label, field] of [
        [labels.totals.costs_total, 'costs_total'],
        [labels.totals.markup_total, 'markup_total'],
        [translate('de-DE', 'doc.netSubtotal'), 'subtotal_without_tax'],
        [labels.totals.tax_total, 'tax_total'],
        [translate('de-DE', 'doc.grossTotal'), 'total'],
      ] as [string, TotalField][]) {
        const row = sheet.totals.get(label) as string[];
        expect(row, label).toBeDefined();
        expect(cents(row[sheet.serviceCol]), label).toBe(cents(doc.service_totals[field]));
        expect(cents(row[sheet.valueCol]), label).toBe(cents(doc.service_totals[field]));
      }

      // The header block, in German, with the internal status.
      const flatText = (sheets[0] as Sheet).rows.map((r) => r.join('|')).join('\n');
      for (const text of [
        'Angebotsnr.|',
        'A-2025-0042',
        'Bäckström & Søn Ausbau GmbH',
        'François Muñoz-Weiß',
        'Status|',
        'Endgültig',
        'Währung|',
      ]) {
        expect(flatText).toContain(text);
      }
    },
    LO_TIMEOUT,
  );

  let largeDoc: EstimateDocument;
  const large = readBack.add(
    'large',
    (file) => {
      largeDoc = largeDocument(20_000);
      return writeEstimateWorkbook([largeDoc], { language: 'en-US', preset: 'internal' }, file);
    },
    { sheets: true },
  );
  it(
    'a 20,000-item workbook (streamed) recalculates to the service totals, every group included',
    () => {
      const doc = largeDoc;
      const sheets = large.sheets();
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
      const { net, gross } = checkTotalsBlock(sheet, 'en-US');
      expect(net.toFixed(2)).toBe(cents(doc.service_totals.subtotal_without_tax));
      expect(gross.toFixed(2)).toBe(cents(doc.service_totals.total));
      // The flat sheet: every item once.
      expect((sheets[1] as Sheet).rows.length - 1).toBe(nodes.length);
    },
    LO_TIMEOUT,
  );

  const oddNames = [
    'Q1/Q2: Bad*Name?[x]',
    'Q1/Q2: Bad*Name?[x]',
    'A very long estimate name, forty chars!!',
    'A very long estimate name, forty chars!!',
    'History',
    '   ',
    "'Quoted'",
    'Küche – Ø 2 (ß)',
  ];
  const named = readBack.add(
    'names',
    (file) =>
      writeEstimateWorkbook(
        oddNames.map((name) => sampleDocument({ name })),
        { language: 'en-US', preset: 'internal' },
        file,
      ),
    { sheets: true },
  );
  it(
    'makes sheet names valid and unique, whatever the estimates are called',
    async () => {
      const names = oddNames;
      const file = named.file;
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.readFile(file);
      const written = wb.worksheets.map((w) => w.name);
      // The summary, then an estimate sheet and its flat sheet per estimate.
      expect(written).toHaveLength(1 + names.length * 2);
      expect(written[0]).toBe('Summary');
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
      expect(written.slice(1, 5)).toEqual([
        'Q1_Q2_ Bad_Name__x_',
        'Q1_Q2_ Bad_Name__x_ (flat)',
        'Q1_Q2_ Bad_Name__x_ (2)',
        'Q1_Q2_ Bad_Name__x_ (2) (flat)',
      ]);

      // LibreOffice renames sheets it considers invalid ("Sheet3"); it kept every one of ours.
      const sheets = named.sheets();
      expect(sheets.map((s) => s.name)).toEqual(written);
      // Each estimate sheet still adds up.
      for (let i = 1; i < sheets.length; i += 2) {
        const sheet = readEstimateSheet(sheets[i] as Sheet, 'en-US');
        expect(checkTotalsBlock(sheet, 'en-US').gross.toFixed(2)).toBe('6195.35');
      }
    },
    LO_TIMEOUT,
  );

  const outlineDoc = sampleDocument();
  const outline = readBack.add(
    'outline',
    (file) => writeEstimateWorkbook([outlineDoc], { language: 'de-DE' }, file),
    { fods: true },
  );
  it(
    'writes the hierarchy as outline levels with collapsible groups, a frozen header row and a print setup',
    async () => {
      const doc = outlineDoc;
      const file = outline.file;

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
      // The quote's last column is the net amount: a group's is the SUBTOTAL of its subtree.
      const netCol = (ws.getRow(header).values as unknown[]).indexOf('Gesamtpreis');
      expect(netCol).toBeGreaterThan(0);
      const net = ws.getRow(header + 1).getCell(netCol).value as ExcelJS.CellFormulaValue;
      const L = String.fromCharCode(64 + netCol);
      expect(net.formula).toBe(`SUBTOTAL(9,${L}10:${L}15)`);
      expect(net.result).toBe(Number(netOf(doc.tree[0]!).toFixed(2)));

      // The raw XML (unzip): frozen pane below the header, summary rows above, A4, header row
      // repeated on every page, page numbers in the footer.
      const { stdout: xml } = await run(toolPath(unzip), ['-p', file, 'xl/worksheets/sheet1.xml'], {
        maxBuffer: 64 << 20,
      });
      expect(xml).toMatch(/<pane [^>]*ySplit="8"[^>]*state="frozen"/);
      expect(xml).toContain('<outlinePr summaryBelow="0"');
      expect(xml).toMatch(/<row r="12"[^>]*outlineLevel="3"/);
      expect(xml).toMatch(/<pageSetup [^>]*paperSize="9"/);
      expect(xml).toMatch(/<oddFooter>[^<]*Seite &amp;P von &amp;N/);
      const { stdout: book } = await run(toolPath(unzip), ['-p', file, 'xl/workbook.xml']);
      expect(book).toMatch(/_xlnm.Print_Titles[^>]*>[^<]*\$8:\$8/);

      // LibreOffice turns the outline levels into nested row groups.
      const fods = outline.fods();
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

  const clientDoc = sampleDocument();
  clientDoc.warnings = [{ code: 'group-total-mismatch', item_id: 'x', message: `Check ${SECRET_NOTE}` }];
  const client = readBack.add(
    'client',
    (file) =>
      writeEstimateWorkbook([clientDoc, sampleDocument({ name: 'Second' })], { language: 'de-DE' }, file),
    { sheets: true },
  );
  it(
    'the client quote (the default) has no internal column, no internal figure, no id sheet',
    async () => {
      const doc = clientDoc;
      const file = client.file;
      const sheets = client.sheets();
      // The summary and one sheet per estimate: no flat sheet of ids.
      expect(sheets.map((s) => s.name)).toEqual(['Übersicht', 'Angebot Komplettsanierung Küche', 'Second']);
      const labels = documentLabels('de-DE');
      const everything = sheets.flatMap((s) => s.rows.flat()).join('\n');
      expect(everything).not.toContain(SECRET_NOTE);
      expect(everything).not.toContain(SECRET_NOTE_2);
      expect(everything).not.toContain('INTERN');
      for (const hidden of INTERNAL_COLUMNS) {
        for (const sheet of sheets)
          expect(
            sheet.rows.some((r) => r.includes(labels.columns[hidden])),
            hidden,
          ).toBe(false);
      }
      const sheet = readEstimateSheet(sheets[1] as Sheet);
      expect(sheet.header.filter(Boolean)).toEqual([
        'Nr.',
        'Bezeichnung',
        'Beschreibung',
        'Menge',
        'Einheit',
        'Einzelpreis',
        'Rabatt',
        'MwSt.-Satz',
        'Gesamtpreis',
      ]);
      // Net lines; the totals a client may see, adding up as printed and matching the service.
      for (const node of allNodes(doc)) {
        const row = sheet.items.get(node.code as string) as string[];
        expect(cents(row[sheet.col('Gesamtpreis')]), node.code as string).toBe(netOf(node).toFixed(2));
      }
      const { net, gross } = checkTotalsBlock(sheet, 'de-DE');
      expect(net.toFixed(2)).toBe(cents(doc.service_totals.subtotal_without_tax));
      expect(gross.toFixed(2)).toBe(cents(doc.service_totals.total));
      expect(sheet.serviceCol).toBe(-1);

      // openpyxl (an independent reader): no cost-side figure anywhere in the workbook.
      const { cells, sheets: setup } = await openpyxlRead(file);
      const clientFigures = new Set<string>();
      for (const node of allNodes(doc)) {
        const unitPrice = node.quantity ? netOf(node).divRound(Decimal.parse(node.quantity), 2) : null;
        for (const v of [netOf(node), unitPrice, node.quantity, node.tax, node.discount, node.total]) {
          if (v !== null) clientFigures.add(Decimal.of(v).toFixed(2));
        }
      }
      const internalFigures = new Set<string>();
      for (const node of allNodes(doc)) {
        if (node.type === 'group') continue;
        for (const c of INTERNAL_COLUMNS) {
          const v = node[c as keyof EstimateNode];
          const amount = typeof v === 'string' ? Decimal.tryParse(v) : null;
          if (amount !== null && !amount.isZero()) internalFigures.add(amount.toFixed(2));
        }
      }
      const leaks = cells.filter(
        (c) =>
          typeof c.value === 'number' &&
          internalFigures.has(c.value.toFixed(2)) &&
          !clientFigures.has(c.value.toFixed(2)),
      );
      expect(leaks).toEqual([]);
      // Print setup on every sheet: A4, one page wide, the header row repeated, page numbers.
      for (const s of setup) {
        expect(s.paperSize, s.name).toBe(9);
        expect(s.fitToWidth, s.name).toBe(1);
        expect(s.printTitleRows, s.name).toMatch(/^\$?\d+:\$?\d+$/);
        expect(s.footer, s.name).toContain('&P');
      }
    },
    LO_TIMEOUT,
  );

  const printed = (['de-DE', 'en-US', 'fr-FR'] as const).map((language) => ({
    language,
    book: readBack.add(
      `print-${language}`,
      (file) => writeEstimateWorkbook([sampleDocument()], { language }, file),
      { pdf: true },
    ),
  }));
  it(
    'printed by LibreOffice, the quote shows no ### and its header block is whole',
    async () => {
      for (const { language, book } of printed) {
        const text = await pdfText(book.pdf());
        expect(text, language).not.toContain('###');
        expect(text, language).toMatch(language === 'en-US' ? /11\/\d\d\/2025/ : /\d\d[./]11[./]2025/);
      }
    },
    LO_TIMEOUT,
  );

  const projectDocs = [
    sampleDocument(),
    sampleDocument({ name: 'Bad', unique_identifier: 'A-2' }),
    largeDocument(300),
  ];
  const project = readBack.add(
    'project',
    (file) => writeEstimateWorkbook(projectDocs, { language: 'en-US' }, file),
    { sheets: true },
  );
  it(
    'the project workbook starts with a summary whose totals are the sum of the estimates',
    () => {
      const docs = projectDocs;
      const sheets = project.sheets();
      const summary = sheets[0] as Sheet;
      expect(summary.name).toBe('Summary');
      const header = summary.rows.findIndex((r) => r.includes('Net') && r.includes('Gross'));
      const rows = summary.rows.slice(header + 1, header + 1 + docs.length);
      const col = (name: string): number => (summary.rows[header] as string[]).indexOf(name);
      let grossSum = Decimal.ZERO;
      docs.forEach((doc, i) => {
        const row = rows[i] as string[];
        expect(row[col('Estimate')]).toBe(doc.estimate.name);
        expect(cents(row[col('Net')])).toBe(cents(doc.service_totals.subtotal_without_tax));
        expect(cents(row[col('Gross')])).toBe(cents(doc.service_totals.total));
        grossSum = grossSum.add(Decimal.parse(doc.service_totals.total as string));
      });
      const totalRow = summary.rows[header + 1 + docs.length] as string[];
      // One total per currency (here one: EUR), never one across currencies.
      expect(totalRow).toContain('Total EUR');
      expect(cents(totalRow[col('Gross')])).toBe(grossSum.toFixed(2));
    },
    LO_TIMEOUT,
  );

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
  // Written in the batch: a writer that crashed on them fails this test (with its error), no other.
  const odd = readBack.add(
    'odd',
    (file) => writeEstimateWorkbook([empty, nulls, long], { preset: 'internal' }, file),
    { sheets: true },
  );
  it(
    'never crashes on odd input and the result still opens',
    async () => {
      const file = odd.file;
      const sheets = odd.sheets();
      expect(sheets).toHaveLength(7);
      const grossRow = (sheet: Sheet): string[] =>
        sheet.rows.find((r) => r.includes('Total (gross)')) as string[];
      // Empty estimate: zero (the service sent no totals).
      expect(grossRow(sheets[1] as Sheet).filter((c) => /^-?\d/.test(c))).toEqual(['0']);
      // Null names and fields, an empty group, an invalid currency: figures still right.
      expect(cents(grossRow(sheets[3] as Sheet).find((c) => /^\d/.test(c)))).toBe(
        cents(nulls.service_totals.total),
      );
      // 45,000 characters: cut to Excel's cell limit (32,767), the column width capped.
      const cell = (sheets[5] as Sheet).rows.flat().find((c) => c.startsWith('ÜÜÜ')) as string;
      expect(cell.length).toBeLessThanOrEqual(32_767);
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.readFile(file);
      expect(wb.worksheets[5]?.getColumn(2).width).toBeLessThanOrEqual(60);
    },
    LO_TIMEOUT,
  );
});

describe('Excel export outputs', () => {
  it('writes to a stream', async () => {
    const chunks: Buffer[] = [];
    const stream = new PassThrough();
    stream.on('data', (c: Buffer) => chunks.push(c));
    await writeEstimateWorkbook([sampleDocument()], { language: 'fr-FR', preset: 'internal' }, stream);
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
    const left = (await readdir(dir)).filter((f) => f.endsWith('.partial') || f.endsWith('.part'));
    expect(left).toEqual([]);
  });

  it('refuses an empty list of estimates', async () => {
    await expect(writeEstimateWorkbook([], {}, join(dir, 'none.xlsx'))).rejects.toThrow(RangeError);
  });
});

/** A real estimate: the demo simulator's, read through the API client as the app reads it. */
describeWithTools('Excel export of a simulator estimate', [soffice], () => {
  beforeAll(() => readBack.ready(), BATCH_TIMEOUT);

  let demoDoc: EstimateDocument | null = null;
  const simulatorBook = readBack.add(
    'simulator',
    (file) =>
      withDemoEstimate(
        (d) => allNodes(d).length >= 15,
        async (doc) => {
          demoDoc = doc;
          if (doc) await writeEstimateWorkbook([doc], { language: 'de-DE', preset: 'internal' }, file);
        },
      ),
    { sheets: true },
  );
  it(
    'recalculates to the service totals',
    () => {
      expect(demoDoc).not.toBeNull();
      const real = demoDoc as EstimateDocument;
      const sheets = simulatorBook.sheets();
      const sheet = readEstimateSheet(sheets[0] as Sheet);
      const labels = documentLabels('de-DE');
      const { net, gross } = checkTotalsBlock(sheet, 'de-DE');
      expect(net.toFixed(2)).toBe(cents(real.service_totals.subtotal_without_tax));
      expect(gross.toFixed(2)).toBe(cents(real.service_totals.total));
      // Every group's recalculated subtotal matches the service's group total (the demo data is
      // consistent: no group-total-mismatch warnings).
      expect(real.warnings.filter((w) => w.code === 'group-total-mismatch')).toEqual([]);
      let groups = 0;
      for (const node of allNodes(real)) {
        if (node.type !== 'group') continue;
        groups++;
        const row = sheet.items.get(node.code as string);
        expect(row?.[sheet.col(labels.columns.name)], node.code as string).toBe(node.name);
        expect(cents(row?.[sheet.col(labels.columns.total)]), node.code as string).toBe(cents(node.total));
      }
      expect(groups).toBeGreaterThan(0);
    },
    LO_TIMEOUT,
  );
});
