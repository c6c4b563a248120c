/**
 * The PDF export read back by poppler (pdftotext -layout, one text per page) and rendered to PNG
 * (pdftoppm) into test-results/pdf-pages/ for people to look at.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deflateSync, crc32 } from 'node:zlib';
import { encode } from 'fast-png';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { INTERNAL_COLUMNS } from '../../src-shared/estimates/columns';
import type { EstimateDocument, EstimateNode } from '../../src-shared/estimates/types';
import { translate, translator } from '../../src-shared/i18n/catalogue';
import { exportWarningText, type ExportWarning } from '../../src-shared/exports/warnings';
import { Decimal } from '../../src-shared/money/decimal';
import { writeEstimatePdf } from '../../src-main/exports/pdf';
import {
  allNodes,
  largeDocument,
  makeDocument,
  netOf,
  position,
  sampleDocument,
  SECRET_NOTE,
  SECRET_NOTE_2,
} from '../helpers/export-fixture';
import { pdfPages, pdfWords, renderPages } from '../helpers/export-readers';
import { describeWithTools, pdftoppm, pdftotext } from '../helpers/external-tools';
import { withDemoEstimate } from '../helpers/demo-estimates';

const PAGES_DIR = join(__dirname, '../../test-results/pdf-pages');
const TIMEOUT = 120_000;

/** A document's warning as the CLI prints it in English. */
const inEnglish = (w: ExportWarning): string => exportWarningText(w, translator('en-US'), 'en-US');

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'plandesk-pdf-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

/** A 2-colour logo: a navy square and an orange bar (palette PNG). */
function logoPng(): Buffer {
  const w = 240;
  const h = 72;
  const px = new Uint8Array(w * h);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) px[y * w + x] = x < 72 ? 1 : y > 26 && y < 46 ? 2 : 0;
  }
  const palette = [
    [255, 255, 255],
    [30, 58, 95],
    [200, 80, 40],
  ];
  return Buffer.from(encode({ width: w, height: h, data: px, channels: 1, palette }));
}

/** An RGBA PNG (pdfkit decodes these itself to split off the alpha channel). */
function rgbaPng(w: number, h: number): Buffer {
  const chunk = (type: string, data: Buffer): Buffer => {
    const head = Buffer.alloc(8);
    head.writeUInt32BE(data.length, 0);
    head.write(type, 4, 'latin1');
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])) >>> 0, 0);
    return Buffer.concat([head, data, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(w, 0);
  ihdr.writeUInt32BE(h, 4);
  ihdr[8] = 8;
  ihdr[9] = 6;
  const raw = Buffer.alloc((w * 4 + 1) * h);
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const o = y * (w * 4 + 1) + 1 + x * 4;
      raw[o] = 30;
      raw[o + 1] = 58;
      raw[o + 2] = 95;
      raw[o + 3] = (x + y) % 40 < 20 ? 255 : 0;
    }
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

async function writeAndRead(
  doc: EstimateDocument,
  options: Parameters<typeof writeEstimatePdf>[1],
  name: string,
) {
  const file = join(dir, `${name}.pdf`);
  await writeEstimatePdf(doc, options, file);
  const pages = await pdfPages(file);
  return { file, pages, text: pages.join('\n') };
}

describeWithTools('PDF export read back by pdftotext', [pdftotext, pdftoppm], () => {
  it(
    'prints company, customer, accents, group headings, German totals and page numbers',
    async () => {
      const notices: string[] = [];
      const { file, pages, text } = await writeAndRead(
        sampleDocument(),
        {
          language: 'de-DE',
          preset: 'internal',
          columns: [
            'code',
            'name',
            'description',
            'quantity',
            'unit',
            'material_unit_price',
            'discount',
            'tax',
            'total',
          ],
          images: { logo: logoPng(), watermark: rgbaPng(120, 120) },
          onWarning: (w) => notices.push(inEnglish(w)),
        },
        'quote-de',
      );
      expect(notices).toEqual([]);
      for (const s of [
        'Bäckström & Søn Ausbau GmbH',
        'Große Straße 12',
        'François Muñoz-Weiß',
        'Façonnerie Ørsted S.L.',
        'Sanierung Haus Ødegaard',
        'Angebot',
        'A-2025-0042',
        '03.11.2025',
        '03.12.2025',
        'Endgültig',
        'Sehr geehrter Herr Muñoz-Weiß,',
        'Mit freundlichen Grüßen',
      ]) {
        expect(text, s).toContain(s);
      }
      // Every accented character survives (embedded Roboto has the glyphs, the text layer maps them).
      for (const ch of ['ä', 'ß', 'é', 'ø', 'ñ', 'ç', 'Ø', 'ü', 'ö']) expect(text, ch).toContain(ch);
      // Group headings and subtotals.
      for (const s of [
        'Rohbau & Maßnahmen – Außenbereich',
        'Küche (Erdgeschoß)',
        'Wände & Decken',
        'Ausbau: Fußböden',
        'Summe Wände & Decken',
        'Summe Rohbau & Maßnahmen – Außenbereich',
      ]) {
        expect(text, s).toContain(s);
      }
      expect(text).toMatch(/Summe Wände & Decken\s+25,00 €\s+853,18 €/);
      // A group without a discount sums none (no "0,00 €" in the discount column).
      expect(text).toMatch(/Summe Ausbau: Fußböden\s+4\.122,19 €/);
      // Totals, hand-checked against the positions (see export-fixture.ts), in German format: the
      // VAT line is 19 % of its base as a calculator gives it (989,17 €); the service rounded per
      // item (989,19 €), so a rounding line of 0,02 € brings the block to the service's total.
      expect(text).toMatch(/Rabatt\s+-25,00 €/);
      expect(text).toMatch(/Zwischensumme \(netto\)\s+5\.206,16 €/);
      expect(text).toMatch(/MwSt\. 19 % auf 5\.206,16 €\s+989,17 €/);
      expect(text).toMatch(/Rundungsdifferenz\s+0,02 €/);
      expect(text).toMatch(/Gesamtbetrag \(brutto\)\s+6\.195,35 €/);
      expect(text).toContain('Parkett Eiche geölt, Garçon-Muster');
      expect(text).toMatch(/38,6\s+m²\s+54,95 €/);
      expect(pages[0]).toContain(`Seite 1 von ${pages.length}`);
      expect(pages[pages.length - 1]).toContain(`Seite ${pages.length} von ${pages.length}`);
      // An internal document, but these columns were not chosen: no costs, no notes.
      expect(text).not.toContain(SECRET_NOTE);
      expect(text).not.toContain('Lohnkosten');
      const pngs = await renderPages(file, PAGES_DIR);
      expect(pngs.length).toBe(pages.length);
    },
    TIMEOUT,
  );

  it(
    'repeats the table header on every page of a long quote',
    async () => {
      const doc = largeDocument(400, 7);
      const { file, pages } = await writeAndRead(doc, { language: 'de-DE' }, 'long-de');
      expect(pages.length).toBeGreaterThan(3);
      pages.forEach((page, i) => {
        // The quote's header row: code, name, quantity, unit, unit price, discount, rate, amount.
        expect(page, `page ${i + 1}`).toMatch(
          /Nr\.\s+Bezeichnung\s+Menge\s+Einheit\s+Einzelpreis\s+Rabatt\s+MwSt\.-?\s*\S*\s+Gesamtpreis/,
        );
        expect(page).toContain(`Seite ${i + 1} von ${pages.length}`);
      });
      const text = pages.join('\n');
      expect(text).toMatch(
        new RegExp(`Gesamtbetrag \\(brutto\\)\\s+${deMoney(doc.service_totals.total as string)}`),
      );
      checkPrintedTotals(text, doc, 'de-DE');
      // No page starts with a group heading's subtotal or ends with a heading alone: a heading is
      // always followed by a row on its page.
      for (const [i, page] of pages.entries()) {
        const lines = page.split('\n').filter((l) => l.trim() !== '' && !/Seite \d+ von/.test(l));
        const last = lines[lines.length - 1] ?? '';
        const headings = allNodes(doc)
          .filter((n) => n.type === 'group')
          .map((n) => `${n.code}`);
        expect(
          headings.some(
            (code) => new RegExp(`^\\s*${code.replace(/\./g, '\\.')}\\s+\\S`).test(last) && !/€/.test(last),
          ),
          `page ${i + 1} ends with a heading: ${last}`,
        ).toBe(false);
      }
      await renderPages(file, PAGES_DIR, { first: 1, last: 2 });
    },
    TIMEOUT,
  );

  it(
    'the client quote (the default) has no internal note, unit cost, cost or markup figure',
    async () => {
      const doc = sampleDocument();
      const internal = await writeAndRead(doc, { language: 'de-DE', preset: 'internal' }, 'internal-de');
      // The internal worksheet has them (so the search below can find them).
      expect(internal.text.replace(/\s+/g, ' ')).toContain('Intern: INTERN: Einkauf bei Ødegaard');
      // Its headings may wrap (and a long one break) in its narrow columns: the words are there.
      for (const word of ['EP', 'Lohn', 'Zuschlag']) expect(internal.text).toContain(word);
      expect(internal.text).toContain('Endgültig');

      const client = await writeAndRead(doc, { language: 'de-DE' }, 'client-de');
      const flat = client.text.replace(/\s+/g, ' ');
      for (const secret of [SECRET_NOTE, SECRET_NOTE_2, 'INTERN', 'Restposten', 'Intern:'])
        expect(flat).not.toContain(secret);
      for (const header of ['EP Lohn', 'EP Material', 'Lohnkosten', 'Kosten gesamt', 'Zuschlag'])
        expect(flat).not.toContain(header);
      // The service's status word is internal.
      expect(flat).not.toContain('Endgültig');
      // No internal figure of any position: its unit costs, costs and markup (unless a client
      // figure happens to be the same amount).
      const clientFigures = new Set<string>();
      for (const node of allNodes(doc)) {
        const unitPrice = node.quantity ? netOf(node).divRound(Decimal.parse(node.quantity), 2) : null;
        for (const v of [node.total, node.discount, netOf(node), unitPrice])
          if (v !== null) clientFigures.add(deMoney(v, false));
      }

      for (const node of allNodes(doc).filter((n) => n.type === 'position')) {
        for (const field of INTERNAL_COLUMNS) {
          const v = node[field as keyof EstimateNode];
          const amount = typeof v === 'string' ? Decimal.tryParse(v) : null;
          if (amount === null || amount.isZero()) continue;
          const printed = deMoney(amount, false);
          if (clientFigures.has(printed)) continue;
          expect(flat, `${node.name} ${field}`).not.toContain(printed);
        }
      }
      checkPrintedTotals(client.text, doc, 'de-DE');
      expect(flat).toMatch(/Gesamtbetrag \(brutto\) 6\.195,35 €/);
      await renderPages(client.file, PAGES_DIR);

      // A draft says so, visibly, instead of the status word.
      const draft = await writeAndRead(
        sampleDocument({ status: 'draft' }),
        { language: 'de-DE' },
        'draft-de',
      );
      expect(draft.pages[0]).toContain('ENTWURF');
      expect(draft.text).not.toContain('Entwurf');
    },
    TIMEOUT,
  );

  it(
    'writes labels, money and page numbers in each UI language',
    async () => {
      const cases = [
        {
          language: 'en-US',
          total: /Total \(gross\)\s+€6,195\.35/,
          page: 'Page 1 of',
          title: 'Quote',
          date: '11/03/2025',
          unit: 'pcs',
        },
        {
          language: 'fr-FR',
          total: /Total TTC\s+6 195,35 €/,
          page: 'Page 1 sur',
          title: 'Devis',
          date: '03/11/2025',
          unit: 'pièce',
        },
        {
          language: 'pt-PT',
          total: /Total \(c\/ IVA\)\s+6195,35 €/,
          page: 'Página 1 de',
          title: 'Orçamento',
          date: '03/11/2025',
          unit: 'un.',
        },
        {
          language: 'es-ES',
          total: /Total \(IVA incluido\)\s+6195,35 €/,
          page: 'Página 1 de',
          title: 'Presupuesto',
          date: '03/11/2025',
          unit: 'ud.',
        },
      ];
      for (const c of cases) {
        const { file, text } = await writeAndRead(
          sampleDocument(),
          { language: c.language },
          `quote-${c.language}`,
        );
        expect(text, c.language).toMatch(c.total);
        expect(text, c.language).toContain(c.page);
        expect(text, c.language).toContain(c.title);
        expect(text, c.language).toContain(c.date);
        // "pcs" in the language of the document.
        expect(text, c.language).toMatch(new RegExp(`\\s1\\s+${c.unit.replace('.', '\\.')}\\s`));
        if (c.language === 'en-US') {
          checkPrintedTotals(text, sampleDocument(), 'en-US');
          expect(await pageSize(file)).toBe('612 x 792');
        } else expect(await pageSize(file)).toBe('595.28 x 841.89');
      }
      // USD in en-US.
      const usd = await writeAndRead(sampleDocument({ currency: 'USD' }), { language: 'en-US' }, 'quote-usd');
      expect(usd.text).toMatch(/Total \(gross\)\s+\$6,195\.35/);
    },
    TIMEOUT,
  );

  it(
    'never crashes on odd input: empty tree, nulls, no currency, very long names, bad images',
    async () => {
      const notices: string[] = [];
      const empty = makeDocument({
        items: [],
        header: { currency: null, customer: null, company: null, project: null },
      });
      empty.service_totals = {};
      const r1 = await writeAndRead(
        empty,
        { language: 'de-DE', images: { logo: Buffer.from('not an image') } },
        'odd-empty',
      );
      expect(r1.pages.length).toBe(1);
      expect(r1.text).toMatch(/Gesamtbetrag \(brutto\)\s+0,00(?! €)/);

      // No currency: plain numbers, no code.
      const noCurrency = await writeAndRead(
        sampleDocument({ currency: null }),
        { language: 'de-DE' },
        'odd-no-currency',
      );
      expect(noCurrency.text).toMatch(/Gesamtbetrag \(brutto\)\s+6\.195,35\s*$/m);
      expect(noCurrency.text).not.toContain('€');

      const longWord = 'Sonderanfertigung' + 'ü'.repeat(150);
      const longName = `${'Sehr lange Bezeichnung mit Überlänge '.repeat(12)}${longWord}`;
      const odd = makeDocument({
        items: [
          position(null, '1', 'h', { labor: '10' }),
          { kind: 'group', name: null, children: [] },
          { kind: 'group', name: longName, children: [position(longName, '3', 'm', { labor: '1.5' })] },
        ],
        header: {
          name: longName,
          status: null,
          date_issue: 'kein Datum',
          unique_identifier: null,
          opening_statement: null,
        },
      });
      const truncatedPng = logoPng().subarray(0, 60);
      const r2 = await writeAndRead(
        odd,
        {
          language: 'fr-FR',
          images: { logo: truncatedPng, watermark: Buffer.alloc(0) },
          onWarning: (w) => notices.push(inEnglish(w)),
        },
        'odd-long',
      );
      expect(notices).toHaveLength(2);
      expect(notices[0]).toMatch(/logo/);
      expect(notices[1]).toMatch(/watermark/);
      // The long name wraps inside its column: all of it is there, and no word runs into the right
      // margin (40 pt) or off the page.
      const flat = r2.text.replace(/[\s\u200b]+/g, '');
      expect(flat).toContain(longWord);
      const { pages, words } = await pdfWords(r2.file);
      expect(words.length).toBeGreaterThan(100);
      for (const w of words) {
        const page = pages[w.page - 1] as { width: number; height: number };
        expect(w.xMax, w.text).toBeLessThanOrEqual(page.width - 39);
        expect(w.yMax, w.text).toBeLessThanOrEqual(page.height);
      }
      await renderPages(r2.file, PAGES_DIR, { first: 1, last: 1 });
    },
    TIMEOUT,
  );

  it(
    'makes a 2,000-item quote',
    async () => {
      const doc = largeDocument(2_000, 3);
      // Its speed is measured by npm run bench (bench/exports.ts), not here.
      const { pages, text } = await writeAndRead(doc, { language: 'fr-FR' }, 'items-2000');
      expect(pages.length).toBeGreaterThan(30);
      expect(text).toMatch(new RegExp(`Total TTC\\s+${frMoney(doc.service_totals.total as string)}`));
    },
    TIMEOUT,
  );
});

/** German money text ("1.234,50 €"); as a regular expression unless `regex` is false. */
function deMoney(value: string | Decimal, regex = true): string {
  const [int, frac] = Decimal.of(value).toFixed(2).split('.') as [string, string];
  return `${int.replace(/\B(?=(\d{3})+(?!\d))/g, regex ? '\\.' : '.')},${frac} €`;
}

/** Money read back from de-DE or en-US text. */
function readMoney(text: string, lang: 'de-DE' | 'en-US'): Decimal {
  const digits = text.replace(/[€$\s]/g, '');
  return Decimal.parse(
    lang === 'de-DE' ? digits.replace(/\./g, '').replace(',', '.') : digits.replace(/,/g, ''),
  );
}

/**
 * The totals block as pdftotext reads it: every VAT line is its printed base × its rate (a reader's
 * calculator agrees), the bases add up to the net subtotal, net + VAT lines + rounding is the gross
 * total, and net and gross are the service's to the cent.
 */
function checkPrintedTotals(text: string, doc: EstimateDocument, lang: 'de-DE' | 'en-US'): void {
  const money = lang === 'de-DE' ? '(-?[\\d.]+,\\d\\d €)' : '(-?€[\\d,]+\\.\\d\\d)';
  const label = (key: Parameters<typeof translate>[1]) => translate(lang, key).replace(/[()]/g, '\\$&');
  const one = (key: Parameters<typeof translate>[1]): Decimal | null => {
    const m = new RegExp(`${label(key)}\\s+${money}`).exec(text);
    return m ? readMoney(m[1] as string, lang) : null;
  };
  const net = one('doc.netSubtotal');
  const gross = one('doc.grossTotal');
  expect(net?.toFixed(2)).toBe(Decimal.parse(doc.service_totals.subtotal_without_tax as string).toFixed(2));
  expect(gross?.toFixed(2)).toBe(Decimal.parse(doc.service_totals.total as string).toFixed(2));
  const vatWord = lang === 'de-DE' ? 'MwSt\\.' : 'VAT';
  const on = lang === 'de-DE' ? 'auf' : 'on';
  const lines = [
    ...text.matchAll(new RegExp(`${vatWord} (\\d+(?:[.,]\\d+)?) ?% ${on} ${money}\\s+${money}`, 'g')),
  ];
  expect(lines.length).toBeGreaterThan(0);
  let sum = net as Decimal;
  let bases = Decimal.ZERO;
  for (const m of lines) {
    const rate = Decimal.parse((m[1] as string).replace(',', '.')).mul(Decimal.parse('0.01'));
    const base = readMoney(m[2] as string, lang);
    const amount = readMoney(m[3] as string, lang);
    expect(amount.toFixed(2), m[0]).toBe(base.mul(rate).toFixed(2));
    bases = bases.add(base);
    sum = sum.add(amount);
  }
  const rounding = one('doc.rounding');
  if (rounding) sum = sum.add(rounding);
  expect(bases.toFixed(2)).toBe((net as Decimal).toFixed(2));
  expect(sum.toFixed(2)).toBe((gross as Decimal).toFixed(2));
}

async function pageSize(pdf: string): Promise<string> {
  const { stdout } = await promisify(execFile)('pdfinfo', [pdf]);
  return /Page size:\s+([\d.]+ x [\d.]+)/.exec(stdout)?.[1] ?? '';
}

function frMoney(value: string): string {
  const [int, frac] = Decimal.parse(value).toFixed(2).split('.') as [string, string];
  return `${int.replace(/\B(?=(\d{3})+(?!\d))/g, ' ')},${frac} €`;
}

/** A real estimate: the demo simulator's, read through the API client as the app reads it. */
describeWithTools('PDF export of a simulator estimate', [pdftotext, pdftoppm], () => {
  it(
    'prints the service total with the logo and watermark fetched from the service',
    async () => {
      await withDemoEstimate(
        (d) => Boolean(d.estimate.company?.logo_url && d.estimate.company?.watermark_url),
        async (doc, w) => {
          expect(doc).not.toBeNull();
          const company = (doc as EstimateDocument).estimate.company as {
            logo_url: string;
            watermark_url: string;
          };
          const fetchBytes = async (url: string): Promise<Buffer> => {
            const res = await fetch(url, { headers: { customer: w.customer, key: w.key } });
            expect(res.status).toBe(200);
            return Buffer.from(await res.arrayBuffer());
          };
          const notices: string[] = [];
          const { file, text, pages } = await writeAndRead(
            doc as EstimateDocument,
            {
              language: 'de-DE',
              images: {
                logo: await fetchBytes(company.logo_url),
                watermark: await fetchBytes(company.watermark_url),
              },
              onWarning: (w) => notices.push(inEnglish(w)),
            },
            'simulator-de',
          );
          expect(notices).toEqual([]);
          expect(text).toMatch(
            new RegExp(
              `Gesamtbetrag \\(brutto\\)\\s+${deMoney((doc as EstimateDocument).service_totals.total as string)}`,
            ),
          );
          checkPrintedTotals(text, doc as EstimateDocument, 'de-DE');
          expect(text).toContain((doc as EstimateDocument).estimate.unique_identifier as string);
          for (const node of allNodes(doc as EstimateDocument).filter((n) => n.type === 'group')) {
            expect(text.replace(/\s+/g, ' ')).toContain((node.name as string).replace(/\s+/g, ' '));
          }
          expect(pages[0]).toContain(`Seite 1 von ${pages.length}`);
          await renderPages(file, PAGES_DIR, { first: 1, last: 1 });
        },
      );
    },
    TIMEOUT,
  );
});
