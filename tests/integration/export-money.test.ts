/**
 * Money you can send (issue 22), read back as a client would: yen (0 digits), Kuwaiti dinar (3),
 * Swiss francs and a euro + dollar project, through the PDF and Excel writers, read by pdftotext,
 * openpyxl and LibreOffice (recalculated, and printed). Every position's line checks on a calculator
 * as printed — quantity × unit price, rounded at the currency's digits, less the discount, is the
 * amount — for each preset; every total to the currency's minor unit; no amounts of different
 * currencies added; no ###.
 */
import { readFileSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { EstimateDocument, EstimateNode } from '../../src-shared/estimates/types';
import { unitText } from '../../src-shared/estimates/units';
import { translator, type Translate } from '../../src-shared/i18n/catalogue';
import { Decimal } from '../../src-shared/money/decimal';
import { writeEstimateWorkbook } from '../../src-main/exports/excel';
import { writeEstimatePdf } from '../../src-main/exports/pdf';
import { allNodes } from '../helpers/export-fixture';
import { describeWithTools, openpyxl, pdftoppm, pdftotext, soffice } from '../helpers/external-tools';
import { openpyxlRead, pdfPages, pdfWords, renderPages } from '../helpers/export-readers';
import { ReadBackBatch } from '../helpers/read-back-batch';
import { writeChangeOrderWorkbook } from '../../src-main/exports/change-order/excel';
import { buildChangeOrder } from '../../src-main/exports/change-order/build';
import { writeRoomsXlsx } from '../../src-main/exports/rooms';
import { compareSnapshots } from '../../src-main/versions/compare';
import { buildPlanView } from '../../src-main/plans/plan-view';
import { buildRoomsTable } from '../../src-main/plans/rooms-table';
import type { RoomsTable } from '../../src-shared/plans/types';
import { snapshotOfDocument, versionRefOf } from '../helpers/document-snapshots';
import { euroAndDollarProject, moneyCases, type MoneyCase } from '../helpers/money-fixtures';
import { printedFormat, rowFigures } from '../helpers/printed-money';

const TIMEOUT = 240_000;
const PAGES_DIR = join(__dirname, '../../test-results/money-pages');
const esc = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const D = (s: string | null | undefined): Decimal => Decimal.parse(s ?? '0');

/** The presets a document is checked in: the client quote, the internal worksheet, a quote without discounts. */
const PRESETS = {
  quote: {},
  internal: { preset: 'internal' },
  plain: { columns: ['code', 'name', 'quantity', 'unit', 'net_unit_price', 'tax', 'net_amount'] },
} as const;

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'plandesk-money-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/**
 * The workbooks LibreOffice reads back (recalculated, or printed), written first and read together:
 * one LibreOffice start for the recalculations, one for the printing, not one per workbook.
 */
const readBack = new ReadBackBatch(() => dir);

/** A position's net amount (total cost + markup − discount), exact. */
function netOf(node: EstimateNode): Decimal {
  return D(node.total_cost).add(D(node.markup)).sub(D(node.discount));
}

/**
 * Every position's line of the PDF: found by its code at the line's start, its quantity before its
 * unit, then its figures; quantity × unit price rounded at the currency's digits (− the discount,
 * when the column shows one) is the amount printed (the service's, rounded), to the minor unit.
 */
function checkPdfLines(text: string, doc: EstimateDocument, c: MoneyCase, withDiscount: boolean): number {
  const f = printedFormat(c.language, c.currency, c.digits);
  const t = translator(c.language);
  const lines = text.split('\n');
  let checked = 0;
  for (const node of allNodes(doc).filter((n) => n.type === 'position')) {
    const line = lines.find((l) => new RegExp(`^\\s*${esc(node.code!)}\\s`).test(l));
    expect(line, node.code!).toBeDefined();
    const unit = unitText(node.unit, t);
    const m = new RegExp(`(${f.number})\\s+${esc(unit)}\\s(.*)$`).exec(line!.replace(/[\u00a0\u202f]/g, ' '));
    expect(m, `${node.code}: ${line}`).not.toBeNull();
    const quantity = f.read(m![1]!);
    const figures = rowFigures(m![2]!, f);
    const rate = figures.findIndex((x) => x.kind === 'rate');
    const price = f.read(figures[0]!.text);
    const amount = f.read(figures[rate + 1]!.text);
    const hasDiscount = !D(node.discount).isZero();
    const discount = withDiscount && hasDiscount ? f.read(figures[rate - 1]!.text) : Decimal.ZERO;
    expect(quantity.mul(price).round(c.digits).sub(discount).toFixed(c.digits), `${node.code}: ${line}`).toBe(
      amount.toFixed(c.digits),
    );
    expect(amount.toFixed(c.digits), `${node.code} amount`).toBe(netOf(node).toFixed(c.digits));
    if (!withDiscount) expect(figures.length, `${node.code}: no discount figure`).toBe(rate + 2);
    checked++;
  }
  return checked;
}

/** The totals block: VAT lines are base × rate; bases add to the net; net + VAT + rounding = gross (the service's). */
function checkPdfTotals(text: string, doc: EstimateDocument, c: MoneyCase): void {
  const f = printedFormat(c.language, c.currency, c.digits);
  const t = translator(c.language);
  const flat = text.replace(/[\u00a0\u202f]/g, ' ').replace(/\s+/g, ' ');
  const label = (key: Parameters<Translate>[0]) => esc(t(key));
  const one = (key: Parameters<Translate>[0]): Decimal | null => {
    const m = new RegExp(`${label(key)} (${f.money})`).exec(flat);
    return m ? f.read(m[1]!) : null;
  };
  const net = one('doc.netSubtotal')!;
  const gross = one('doc.grossTotal')!;
  expect(net.toFixed(c.digits)).toBe(D(doc.service_totals.subtotal_without_tax).toFixed(c.digits));
  expect(gross.toFixed(c.digits)).toBe(D(doc.service_totals.total).toFixed(c.digits));
  const vat = esc(t('doc.vatOn', { rate: '\u0000', base: '\u0001' }))
    .replace('\u0000', `(${f.rate})`)
    .replace('\u0001', `(${f.money})`);
  let bases = Decimal.ZERO;
  let sum = net;
  for (const m of flat.matchAll(new RegExp(`${vat} (${f.money})`, 'g'))) {
    const rate = Decimal.parse(m[1]!.replace(/[^\d,.]/g, '').replace(',', '.')).mul(Decimal.parse('0.01'));
    const base = f.read(m[2]!);
    const amount = f.read(m[3]!);
    expect(amount.toFixed(c.digits), m[0]).toBe(base.mul(rate).toFixed(c.digits));
    bases = bases.add(base);
    sum = sum.add(amount);
  }
  const rounding = one('doc.rounding');
  if (rounding) sum = sum.add(rounding);
  expect(bases.toFixed(c.digits)).toBe(net.toFixed(c.digits));
  expect(sum.toFixed(c.digits)).toBe(gross.toFixed(c.digits));
}

/** Every item row of the workbook's first sheet: quantity × unit price (− discount) = amount, as stored. */
async function checkWorkbookLines(file: string, c: MoneyCase): Promise<void> {
  const t = translator(c.language);
  const book = await openpyxlRead(file);
  const sheet = book.cells.filter((x) => x.sheet === book.sheets[0]!.name);
  const headerCell = sheet.find((x) => x.value === t('doc.column.quantity'))!;
  const headerRow = headerCell.ref.replace(/^[A-Z]+/, '');
  const colOf = (key: Parameters<Translate>[0]) =>
    sheet.find((x) => x.ref.endsWith(headerRow) && x.value === t(key))?.ref.replace(/\d+$/, '');
  const [q, p, d, a] = [
    colOf('doc.column.quantity'),
    colOf('doc.column.net_unit_price'),
    colOf('doc.column.discount'),
    colOf('doc.column.net_amount'),
  ];
  const at = (col: string | undefined, row: string) => sheet.find((x) => x.ref === `${col}${row}`);
  const rows = [...new Set(sheet.map((x) => x.ref.replace(/^[A-Z]+/, '')))].filter(
    (r) => Number(r) > Number(headerRow) && typeof at(q, r)?.value === 'number',
  );
  expect(rows.length).toBe(allNodes(c.doc).filter((n) => n.type === 'position').length);
  for (const r of rows) {
    const quantity = Decimal.of(at(q, r)!.value as number);
    const price = Decimal.of(at(p, r)!.value as number);
    const discount =
      d && typeof at(d, r)?.value === 'number' ? Decimal.of(at(d, r)!.value as number) : Decimal.ZERO;
    const amount = Decimal.of(at(a, r)!.value as number);
    expect(quantity.mul(price).round(c.digits).sub(discount).toFixed(c.digits), `row ${r}`).toBe(
      amount.toFixed(c.digits),
    );
    // The unit price cell shows every digit it holds (a price of more digits than the currency's).
    const shown = /\.([0#]+)/.exec(at(p, r)!.format)?.[1]?.length ?? 0;
    const held = price.toString().includes('.') ? price.toString().split('.')[1]!.length : 0;
    expect(held, `row ${r}: ${at(p, r)!.format}`).toBeLessThanOrEqual(shown);
    // The money cells carry the currency's own format: its digits, its symbol.
    expect(moneyFormatOk(at(a, r)!.format, c), at(a, r)!.format).toBe(true);
  }
}

/** `#,##0` for yen, `#,##0.000` for dinar, `#,##0.00` for francs, each with its symbol. */
function moneyFormatOk(format: string, c: MoneyCase): boolean {
  const digits = /0\.(0+)/.exec(format)?.[1]?.length ?? 0;
  const symbol = c.currency === 'JPY' ? /[¥￥]|JPY/ : new RegExp(c.currency === 'CHF' ? 'CHF' : 'KWD');
  return digits === c.digits && symbol.test(format);
}

describeWithTools('money in documents, read back', [pdftotext, pdftoppm, openpyxl, soffice], () => {
  beforeAll(() => readBack.ready(), TIMEOUT);

  for (const c of moneyCases()) {
    // The internal worksheet is the one recalculated by LibreOffice: written in the batch.
    const internal = readBack.add(
      `${c.name}-internal`,
      (file) => writeEstimateWorkbook([c.doc], { language: c.language, ...PRESETS.internal }, file),
      { sheets: true },
    );
    it(
      `${c.currency}: every PDF line and total adds up as printed, in each preset`,
      async () => {
        for (const [name, options] of Object.entries(PRESETS)) {
          const file = join(dir, `${c.name}-${name}.pdf`);
          await writeEstimatePdf(c.doc, { language: c.language, ...options }, file);
          const text = (await pdfPages(file)).join('\n');
          const discounts = name !== 'plain';
          expect(checkPdfLines(text, c.doc, c, discounts), name).toBeGreaterThan(1);
          checkPdfTotals(text, c.doc, c);
          if (!discounts) expect(text).not.toContain(translator(c.language)('doc.column.discount'));
        }
      },
      TIMEOUT,
    );

    it(
      `${c.currency}: every workbook line adds up, in the currency's format; recalculated, the totals are the service's`,
      async () => {
        for (const [name, options] of Object.entries(PRESETS)) {
          let file = internal.file;
          if (name !== 'internal') {
            file = join(dir, `${c.name}-${name}.xlsx`);
            await writeEstimateWorkbook([c.doc], { language: c.language, ...options }, file);
          }
          await checkWorkbookLines(file, c);
        }
        const t = translator(c.language);
        const [sheet] = internal.sheets();
        const total = sheet!.rows.find((r) => r.includes(t('doc.grossTotal')))!;
        const figure = total.find((v) => v !== '' && !Number.isNaN(Number(v)))!;
        expect(Decimal.parse(figure).toFixed(c.digits)).toBe(D(c.doc.service_totals.total).toFixed(c.digits));
      },
      TIMEOUT,
    );
  }

  const projectDocs = euroAndDollarProject();
  const project = readBack.add(
    'project',
    (file) => writeEstimateWorkbook(projectDocs, { language: 'de-DE' }, file),
    { sheets: true },
  );
  it(
    'a euro and a dollar estimate: each row in its currency, one total per currency, never one across',
    async () => {
      const docs = projectDocs;
      const book = await openpyxlRead(project.file);
      const summary = book.cells.filter((x) => x.sheet === 'Übersicht');
      const rowOf = (text: string) => summary.find((x) => x.value === text)!.ref.replace(/^[A-Z]+/, '');
      const money = (row: string) =>
        summary.filter((x) => x.ref.endsWith(row) && typeof x.value !== 'string');
      for (const [number, symbol] of [
        ['E-2026-1', '€'],
        ['U-2026-2', '$'],
      ] as const) {
        const cells = money(rowOf(number));
        expect(cells.length).toBe(3);
        for (const cell of cells) expect(cell.format).toContain(symbol);
      }
      // One total row per currency (a SUMIF over its own rows), in its currency's format.
      for (const [label, symbol] of [
        ['Summe EUR', '€'],
        ['Summe USD', '$'],
      ] as const) {
        const cells = summary.filter((x) => x.ref.endsWith(rowOf(label)) && x.value !== label);
        expect(cells.length).toBe(3);
        for (const cell of cells) {
          expect(cell.value).toMatch(/^=SUMIF\(/);
          expect(cell.format).toContain(symbol);
        }
      }
      expect(summary.some((x) => x.value === 'Projektsumme')).toBe(false);
      const [sheet] = project.sheets();
      for (const [label, doc] of [
        ['Summe EUR', docs[0]!],
        ['Summe USD', docs[1]!],
      ] as const) {
        const row = sheet!.rows.find((r) => r.includes(label))!;
        const gross = row.filter((v) => v !== '' && !Number.isNaN(Number(v))).at(-1)!;
        expect(Decimal.parse(gross).toFixed(2)).toBe(D(doc.service_totals.total).toFixed(2));
      }
      // The dollar total has twelve digits before the point.
      expect(D(docs[1]!.service_totals.total).round(0).toString().length).toBe(12);
      expect(sheet!.rows.flat().join(' ')).toContain('nie zusammengerechnet');
    },
    TIMEOUT,
  );

  const [jpy, kwd, chf] = moneyCases();
  const print = (name: string, write: (file: string) => Promise<void>) =>
    readBack.add(`print-${name}`, write, { pdf: true });
  const printed = [
    print('quote-jpy', (f) => writeEstimateWorkbook([jpy!.doc], { language: 'en-US' }, f)),
    print('internal-kwd', (f) =>
      writeEstimateWorkbook([kwd!.doc], { language: 'fr-FR', preset: 'internal' }, f),
    ),
    print('plain-chf', (f) => writeEstimateWorkbook([chf!.doc], { language: 'de-DE', ...PRESETS.plain }, f)),
    print('project', (f) => writeEstimateWorkbook(euroAndDollarProject(), { language: 'de-DE' }, f)),
    print('internal-project', (f) =>
      writeEstimateWorkbook(euroAndDollarProject(), { language: 'en-US', preset: 'internal' }, f),
    ),
    print('change-order', (f) => writeChangeOrderWorkbook(changeOrderOf(euroAndDollarProject()[1]!), f)),
    print('rooms', (f) => writeRoomsXlsx(demoRoomsTable(), f, { language: 'de-DE', projectName: 'Hotel' })),
  ];
  it(
    'printed by LibreOffice, no workbook the app writes shows ### (12-digit totals included)',
    async () => {
      const pdfs = printed.map((book) => book.pdf());
      for (const pdf of pdfs) {
        const text = (await pdfPages(pdf)).join('\n');
        expect(text.length, pdf).toBeGreaterThan(100);
        expect(text, pdf).not.toContain('###');
      }
      // The dollar estimate's twelve-digit total is printed whole (in LibreOffice's own locale's marks).
      const project = (await pdfPages(pdfs[3]!)).join('\n');
      expect(project).toMatch(/\d{3}[.,]\d{3}[.,]\d{3}[.,]\d{3}[.,]\d\d \$/);
    },
    TIMEOUT,
  );

  it(
    'document properties: title, author (the company), subject, language; app.xml names PlanDesk',
    async () => {
      const c = moneyCases()[2]!;
      const xlsx = join(dir, 'props.xlsx');
      await writeEstimateWorkbook([c.doc], { language: 'de-DE' }, xlsx);
      const { properties } = await openpyxlRead(xlsx);
      expect(properties).toEqual({
        title: 'Angebot CH-2026-3 – Umbau Praxis Bern',
        subject: 'Sanierung Haus Ødegaard – François Muñoz-Weiß',
        creator: 'Bäckström & Søn Ausbau GmbH',
        language: 'de-DE',
        application: 'PlanDesk',
      });
      const pdf = join(dir, 'props.pdf');
      await writeEstimatePdf(c.doc, { language: 'de-DE' }, pdf);
      const info = await pdfInfo(pdf);
      expect(info.Title).toBe('Angebot CH-2026-3 – Umbau Praxis Bern');
      expect(info.Author).toBe('Bäckström & Søn Ausbau GmbH');
      expect(info.Subject).toBe('Sanierung Haus Ødegaard – François Muñoz-Weiß');
      expect(info.Creator).toBe('PlanDesk');
      expect((await readFile(pdf)).toString('latin1')).toMatch(/\/Lang \(de-DE\)/);
      // The customer's country by its name in the document's language, never its code.
      expect((await pdfPages(pdf)).join('\n')).toContain('Deutschland');
    },
    TIMEOUT,
  );

  it(
    'pages looked at: a quote on A4 and on Letter, the internal worksheet on A4 landscape; nothing beyond the page',
    async () => {
      const [jpy, , chf] = moneyCases();
      const files: [string, EstimateDocument, object, [number, number]][] = [
        ['a4-quote-chf', chf!.doc, { language: 'de-DE' }, [595.28, 841.89]],
        ['letter-quote-jpy', jpy!.doc, { language: 'en-US' }, [612, 792]],
        ['a4-internal-chf', chf!.doc, { language: 'de-DE', preset: 'internal' }, [841.89, 595.28]],
        [
          'letter-internal-jpy',
          jpy!.doc,
          { language: 'en-US', preset: 'internal', paper: 'Letter' },
          [792, 612],
        ],
      ];
      for (const [name, doc, options, [width, height]] of files) {
        const file = join(dir, `${name}.pdf`);
        await writeEstimatePdf(doc, options, file);
        const { pages, words } = await pdfWords(file);
        for (const p of pages) {
          expect(p.width, name).toBeCloseTo(width, 0);
          expect(p.height, name).toBeCloseTo(height, 0);
        }
        // Everything inside the page's margins (the text ends before the right margin).
        for (const w of words) expect(w.xMax, `${name}: ${w.text}`).toBeLessThanOrEqual(width - 30);
        expect((await renderPages(file, PAGES_DIR)).length).toBe(pages.length);
      }
    },
    TIMEOUT,
  );
});

/** A change order of the estimate: its first position's quantity doubled. */
function changeOrderOf(doc: EstimateDocument) {
  const before = snapshotOfDocument(doc);
  const after = snapshotOfDocument(doc);
  const first = after.items.findIndex((i) => i.type === 'position');
  after.items = after.items.map((item, i) =>
    i === first
      ? {
          ...item,
          quantity: D(item.quantity as string)
            .mul(Decimal.parse('2'))
            .toFixed(12),
        }
      : item,
  );
  const from = versionRefOf(doc, 1, '2026-11-20 09:30:00');
  const to = versionRefOf(doc, 2, '2026-11-24 16:05:00');
  const { comparison } = compareSnapshots(before, after, { from, to, includeUnchanged: false });
  return buildChangeOrder({
    from: before,
    to: after,
    comparison,
    options: { language: 'de-DE' },
    madeAt: '2026-11-26T10:00:00.000Z',
  });
}

/** The rooms table of the demo data set's first plan. */
function demoRoomsTable(): RoomsTable {
  const data = JSON.parse(readFileSync(join(__dirname, '../../resources/demo/dataset.json'), 'utf8')) as {
    workspaces: { projects: { plan: unknown }[] }[];
  };
  const plan = data.workspaces[0]!.projects.find((p) => p.plan)!.plan;
  return buildRoomsTable(buildPlanView(plan as Parameters<typeof buildPlanView>[0]));
}

async function pdfInfo(pdf: string): Promise<Record<string, string>> {
  const { execFile } = await import('node:child_process');
  const { promisify } = await import('node:util');
  const { stdout } = await promisify(execFile)('pdfinfo', ['-enc', 'UTF-8', pdf]);
  return Object.fromEntries(
    stdout
      .split('\n')
      .map((l) => /^([^:]+):\s*(.*)$/.exec(l))
      .filter((m): m is RegExpExecArray => m !== null)
      .map((m) => [m[1]!.trim(), m[2]!.trim()]),
  );
}
