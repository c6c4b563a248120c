import { encode } from 'fast-png';
import { describe, expect, it } from 'vitest';
import type { TDocumentDefinitions } from 'pdfmake/interfaces';
import { pdfDocumentParts, type PdfDocumentParts } from '../../src-main/exports/pdf/document';
import type { TableRowModel } from '../../src-main/exports/pdf/items-table';
import { checkImage } from '../../src-main/exports/images';
import {
  largeDocument,
  makeDocument,
  sampleDocument,
  SECRET_NOTE,
  SECRET_NOTE_2,
} from '../helpers/export-fixture';

/** The document as pdfmake gets it (the items table aside): its base, header, totals and closing. */
function buildPdfDefinition(...args: Parameters<typeof pdfDocumentParts>): TDocumentDefinitions {
  const parts = pdfDocumentParts(...args);
  return {
    ...parts.base,
    content: [...parts.header(), parts.totals(), ...(parts.closing ? [parts.closing()] : [])],
  };
}

/** The items table's rows: its header row first. */
function itemsTable(parts: PdfDocumentParts): TableRowModel[] {
  return parts.table ? [parts.table.header, ...parts.table.rows()] : [];
}

/** Every text of a table row. */
const textsOf = (rows: TableRowModel[]): string =>
  rows.flatMap((r) => r.cells.flatMap((c) => c.runs.map((x) => x.text))).join('\n');

describe('PDF document definition', () => {
  it('has a header row, and one heading and one subtotal per group', () => {
    const def = buildPdfDefinition(sampleDocument(), { language: 'de-DE' });
    const table = itemsTable(pdfDocumentParts(sampleDocument(), { language: 'de-DE' }));
    expect(table[0]!.kind).toBe('header');
    // 1 header + 12 items + 5 group subtotals.
    expect(table).toHaveLength(18);
    expect(table.filter((r) => r.kind === 'heading')).toHaveLength(5);
    expect(table.filter((r) => r.kind === 'subtotal')).toHaveLength(5);
    expect(textsOf(table).match(/Summe /g)).toHaveLength(5);
    expect(def.pageSize).toBe('A4');
    expect(def.pageOrientation).toBe('portrait');
    expect(def.language).toBe('de-DE');
    // The same title as the workbook's (titles.ts).
    expect(def.info?.title).toBe('Angebot A-2025-0042 – Angebot Komplettsanierung Küche & Bad');
  });

  it('puts internal notes only into internal copies', () => {
    const internal = textsOf(itemsTable(pdfDocumentParts(sampleDocument(), { preset: 'internal' })));
    expect(internal).toContain(SECRET_NOTE);
    const client =
      JSON.stringify(buildPdfDefinition(sampleDocument(), { columns: ['name', 'internal_notes'] })) +
      textsOf(itemsTable(pdfDocumentParts(sampleDocument(), { columns: ['name', 'internal_notes'] })));
    expect(client).not.toContain(SECRET_NOTE);
    expect(client).not.toContain(SECRET_NOTE_2);
  });

  it("keeps the document's paper: portrait, else landscape when the chosen columns need the width; never A3", () => {
    const quote = buildPdfDefinition(sampleDocument(), { language: 'de-DE' });
    expect([quote.pageSize, quote.pageOrientation]).toEqual(['A4', 'portrait']);
    // US English documents are on US Letter.
    expect(buildPdfDefinition(sampleDocument(), { language: 'en-US' }).pageSize).toBe('LETTER');
    const wide = buildPdfDefinition(sampleDocument(), {
      preset: 'internal',
      language: 'de-DE',
      columns: [
        'code',
        'name',
        'quantity',
        'unit',
        'labor_unit_price',
        'material_unit_price',
        'labor_cost',
        'material_cost',
        'total_cost',
        'tax',
        'total',
      ],
    });
    expect([wide.pageSize, wide.pageOrientation]).toEqual(['A4', 'landscape']);
    // The internal worksheet, every column: A4 landscape (a smaller font first), every column within it.
    for (const [paper, size, width] of [
      ['A4', 'A4', 761],
      ['Letter', 'LETTER', 712],
    ] as const) {
      const parts = pdfDocumentParts(sampleDocument(), { preset: 'internal', language: 'de-DE', paper });
      expect([parts.base.pageSize, parts.base.pageOrientation]).toEqual([size, 'landscape']);
      const fixed = parts.table!.columns.reduce<number>(
        (a, c) => a + (typeof c.width === 'number' ? c.width : 0),
        0,
      );
      expect(fixed).toBeLessThanOrEqual(width - 90);
    }
  });

  it('uses the images it is given, never above their own size at 150 dpi, their aspect kept', () => {
    const png = (width: number, height: number) =>
      checkImage(
        encode({ width, height, data: new Uint8Array(width * height), channels: 1, palette: [[0, 0, 0]] }),
      )!;
    type Background = (
      p: number,
      s: { width: number; height: number },
    ) => {
      width: number;
      height: number;
      opacity: number;
      absolutePosition: { x: number; y: number };
    };
    const small = png(40, 20);
    const def = buildPdfDefinition(sampleDocument(), {}, { logo: small, watermark: small });
    expect(Object.keys(def.images ?? {})).toEqual(['logo', 'watermark']);
    // A small logo: at most 40 px × 72/150 = 19.2 pt wide (it would look blocky any larger).
    const logo = JSON.stringify(def.content).match(/"image":"logo","fit":\[([\d.]+),([\d.]+)\]/);
    expect(logo?.slice(1).map(Number)).toEqual([19.2, 9.6]);
    const page = { width: 595, height: 842 };
    const bg = (def.background as unknown as Background)(1, page);
    expect(bg.opacity).toBeLessThan(0.1);
    expect([bg.width, bg.height]).toEqual([19.2, 9.6]);
    // Centred behind the content.
    expect(bg.absolutePosition.x + bg.width / 2).toBeCloseTo(page.width / 2, 5);
    expect(bg.absolutePosition.y + bg.height / 2).toBeCloseTo(page.height / 2, 5);
    // A large watermark: at most 60 % of the page, the aspect ratio kept.
    const large = png(3000, 1500);
    const big = (
      buildPdfDefinition(sampleDocument(), {}, { watermark: large }).background as unknown as Background
    )(1, page);
    expect(big.width).toBeCloseTo(357, 0);
    expect(big.width / big.height).toBeCloseTo(2, 5);
    expect(buildPdfDefinition(sampleDocument(), {}).background).toBeUndefined();
  });

  it('copes with an empty tree and missing parties', () => {
    const doc = makeDocument({
      items: [],
      header: { customer: null, company: null, project: null, currency: null },
    });
    const def = buildPdfDefinition(doc, { language: 'es-ES' });
    expect(pdfDocumentParts(doc, { language: 'es-ES' }).table).toBeNull();
    const footer = (def.footer as (c: number, n: number) => unknown)(1, 1);
    expect(JSON.stringify(footer)).toContain('Página 1 de 1');
  });

  it('builds 2,000 items (its speed is measured by npm run bench)', () => {
    const parts = pdfDocumentParts(largeDocument(2_000), {});
    expect(itemsTable(parts).length).toBeGreaterThan(2_000);
    // A large quote stays a quote: portrait, at the table's full size (its amount column is as wide as
    // its own widest figure, not every money column as wide as the grand total).
    expect(parts.base.pageOrientation).toBe('portrait');
    expect(parts.table!.fontSize).toBe(8);
  });
});

describe('PDF tables with few columns', () => {
  it('keeps every row within the columns of the header row, each column in one cell at most', () => {
    const choices = [
      ['total'],
      ['code', 'total'],
      ['name'],
      ['code'],
      ['tax', 'total'],
      ['description', 'discount', 'total'],
    ];
    for (const columns of choices) {
      const table = itemsTable(pdfDocumentParts(sampleDocument(), { columns }));
      const width = table[0]!.cells.length;
      for (const row of table) {
        const covered = row.cells.flatMap((c) => Array.from({ length: c.span }, (_, i) => c.column + i));
        expect(new Set(covered).size, JSON.stringify(columns)).toBe(covered.length);
        for (const column of covered) expect(column, JSON.stringify(columns)).toBeLessThan(width);
      }
    }
    // With only an amount column, the subtotal rows still carry the figures.
    const onlyTotal = textsOf(itemsTable(pdfDocumentParts(sampleDocument(), { columns: ['total'] })));
    expect(onlyTotal).toContain('€1,798.27');
    expect(onlyTotal).toContain('€853.18');
  });
});
