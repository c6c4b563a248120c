import { encode } from 'fast-png';
import { describe, expect, it } from 'vitest';
import type { ContentTable, TDocumentDefinitions } from 'pdfmake/interfaces';
import { buildPdfDefinition } from '../../src-main/exports/pdf';
import { checkImage } from '../../src-main/exports/images';
import {
  largeDocument,
  makeDocument,
  sampleDocument,
  SECRET_NOTE,
  SECRET_NOTE_2,
} from '../helpers/export-fixture';

function itemsTable(def: TDocumentDefinitions): ContentTable {
  const content = def.content as unknown[];
  const table = content.find(
    (c) => typeof c === 'object' && c !== null && 'table' in c && (c as ContentTable).table.headerRows === 1,
  );
  return table as ContentTable;
}

describe('PDF document definition', () => {
  it('repeats a header row, keeps rows whole, and has one heading and one subtotal per group', () => {
    const def = buildPdfDefinition(sampleDocument(), { language: 'de-DE', clientCopy: true });
    const table = itemsTable(def);
    expect(table.table.headerRows).toBe(1);
    expect(table.table.dontBreakRows).toBe(true);
    // 1 header + 12 items + 5 group subtotals.
    expect(table.table.body).toHaveLength(18);
    const text = JSON.stringify(table.table.body);
    expect(text.match(/Summe /g)).toHaveLength(5);
    expect(def.pageSize).toBe('A4');
    expect(def.pageOrientation).toBe('portrait');
    expect(def.language).toBe('de-DE');
    expect(def.info?.title).toBe('Angebot – A-2025-0042 – Angebot Komplettsanierung Küche & Bad');
  });

  it('puts internal notes only into internal copies', () => {
    const internal = JSON.stringify(buildPdfDefinition(sampleDocument(), {}).content);
    expect(internal).toContain(SECRET_NOTE);
    const client = JSON.stringify(
      buildPdfDefinition(sampleDocument(), { clientCopy: true, columns: ['name', 'internal_notes'] }),
    );
    expect(client).not.toContain(SECRET_NOTE);
    expect(client).not.toContain(SECRET_NOTE_2);
  });

  it('turns to landscape or A3 when the chosen columns need the width', () => {
    expect(buildPdfDefinition(sampleDocument(), { clientCopy: true }).pageOrientation).toBe('portrait');
    const wide = buildPdfDefinition(sampleDocument(), {
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
    const all = buildPdfDefinition(sampleDocument(), {});
    expect([all.pageSize, all.pageOrientation]).toEqual(['A3', 'landscape']);
  });

  it('uses the images it is given: logo in the header, watermark behind every page', () => {
    const img = checkImage(
      encode({ width: 10, height: 10, data: new Uint8Array(100), channels: 1, palette: [[0, 0, 0]] }),
    );
    const def = buildPdfDefinition(sampleDocument(), {}, { logo: img, watermark: img });
    expect(Object.keys(def.images ?? {})).toEqual(['logo', 'watermark']);
    expect(JSON.stringify(def.content)).toContain('"image":"logo"');
    const bg = (
      def.background as unknown as (
        p: number,
        s: { width: number; height: number },
      ) => { width: number; opacity: number }
    )(1, {
      width: 595,
      height: 842,
    });
    expect(bg.opacity).toBeLessThan(0.2);
    expect(bg.width).toBeCloseTo(357, 0);
    expect(buildPdfDefinition(sampleDocument(), {}).background).toBeUndefined();
  });

  it('copes with an empty tree and missing parties', () => {
    const doc = makeDocument({
      items: [],
      header: { customer: null, company: null, project: null, currency: null },
    });
    const def = buildPdfDefinition(doc, { language: 'es-ES' });
    expect(itemsTable(def)).toBeUndefined();
    const footer = (def.footer as (c: number, n: number) => unknown)(1, 1);
    expect(JSON.stringify(footer)).toContain('Página 1 de 1');
  });

  it('builds 2,000 items quickly', () => {
    const doc = largeDocument(2_000);
    const t = performance.now();
    const def = buildPdfDefinition(doc, { clientCopy: true });
    expect(performance.now() - t).toBeLessThan(2_000);
    expect(itemsTable(def).table.body.length).toBeGreaterThan(2_000);
  });
});

describe('PDF tables with few columns', () => {
  it('keeps every row as wide as the header, whatever columns are chosen', () => {
    const choices = [
      ['total'],
      ['code', 'total'],
      ['name'],
      ['code'],
      ['tax', 'total'],
      ['description', 'discount', 'total'],
    ];
    for (const columns of choices) {
      const table = itemsTable(buildPdfDefinition(sampleDocument(), { columns }));
      const width = table.table.body[0]?.length;
      for (const row of table.table.body) expect(row.length, JSON.stringify(columns)).toBe(width);
    }
    // With only an amount column, the subtotal rows still carry the figures.
    const onlyTotal = JSON.stringify(
      itemsTable(buildPdfDefinition(sampleDocument(), { columns: ['total'] })).table.body,
    );
    expect(onlyTotal).toContain('€1,798.27');
    expect(onlyTotal).toContain('€853.18');
  });
});
