/**
 * The items table's page plan (src-main/exports/pdf/table-pages.ts) and the wrapping of its cells'
 * texts (table-measure.ts), with a font whose widths are known: every character half its size wide,
 * lines 1.2 times its size. The PDF itself is read back in tests/integration/export-pdf.test.ts.
 */
import { describe, expect, it } from 'vitest';
import type { TableRowModel, TableRowKind } from '../../src-main/exports/pdf/items-table';
import {
  HEADER_RULE,
  ROW_RULE,
  rowParts,
  measureRow,
  tableBox,
  wrapText,
  type MeasuringFont,
  type TableFonts,
} from '../../src-main/exports/pdf/table-measure';
import { planTablePages, type TablePlan, type TableSpace } from '../../src-main/exports/pdf/table-pages';

const font: MeasuringFont = {
  widthOfString: (text, size) => [...text].length * size * 0.5,
  lineHeight: (size) => size * 1.2,
};
const fonts: TableFonts = { face: () => font };
const SIZE = 10;
/** One line of the table's font, as the table sets it (1.15 line height), with the cell's padding. */
const LINE = SIZE * 1.2 * 1.15;
const ROW = LINE + 5;

const columns = [
  { key: 'code' as const, width: 40, numeric: false },
  { key: 'name' as const, width: '*' as const, numeric: false },
  { key: 'total' as const, width: 60, numeric: true },
];
const box = tableBox(columns, 40, 515);

function row(kind: TableRowKind, name: string): TableRowModel {
  const run = (text: string) => ({ text, size: SIZE, color: '#000', bold: false, italics: false });
  return {
    kind,
    fill: null,
    cells: [
      { column: 0, span: 1, runs: [run('1.1')], align: 'left', wrap: true, indent: 0 },
      { column: 1, span: 1, runs: [run(name)], align: 'left', wrap: true, indent: 0 },
      { column: 2, span: 1, runs: [run('12,00 €')], align: 'right', wrap: false, indent: 0 },
    ],
  };
}

const header = row('header', 'Bezeichnung');
const space: TableSpace = { firstTop: 300, pageTop: 40, bottom: 792 };
const end = { gap: 10, totalsHeight: 100, closingHeight: null };

/** Where each unit starts, as the plan lays them out (the same arithmetic as table-draw.ts). */
function layout(plan: TablePlan, s: TableSpace): { page: number; top: number; bottom: number }[] {
  const out: { page: number; top: number; bottom: number }[] = [];
  plan.pages.forEach((page, k) => {
    let y = (k === 0 && !plan.newPage ? s.firstTop : s.pageTop) + plan.headerHeight;
    for (let u = page.first; u < page.end; u++) {
      y += u === page.first ? HEADER_RULE : ROW_RULE;
      out.push({ page: k, top: y, bottom: y + plan.unitHeight[u]! });
      y += plan.unitHeight[u]!;
    }
    expect(y - (k === 0 && !plan.newPage ? s.firstTop : s.pageTop)).toBeCloseTo(page.height, 6);
  });
  return out;
}

describe('wrapping a cell', () => {
  it('breaks at spaces, hyphens and break hints, never wider than the cell, nothing lost', () => {
    const text = 'Fliesen verlegen, Fugen grau, Sockel-leisten Sonder\u200banfertigung';
    for (const width of [30, 60, 100, 400]) {
      const lines = wrapText(text, width, font, SIZE);
      for (const line of lines) expect(font.widthOfString(line, SIZE), line).toBeLessThanOrEqual(width);
      expect(lines.join('').replace(/\s/g, '')).toBe(text.replace(/[\s\u200b]/g, ''));
      expect(lines.every((l) => !l.includes('\u200b'))).toBe(true);
    }
    expect(wrapText('a b\nc', 400, font, SIZE)).toEqual(['a b', 'c']);
  });

  it('cuts a word wider than the cell, and keeps a figure on one line', () => {
    expect(wrapText('x'.repeat(25), 50, font, SIZE)).toEqual(['x'.repeat(10), 'x'.repeat(10), 'x'.repeat(5)]);
    expect(wrapText('1.234.567,89 €', 10, font, SIZE, false)).toEqual(['1.234.567,89 €']);
  });

  it('splits a row taller than a page between its lines, at most a page each', () => {
    const tall = measureRow(row('item', 'Wort '.repeat(4000)), box, fonts);
    const parts = rowParts(tall, LINE, 700);
    expect(parts.length).toBeGreaterThan(1);
    for (const part of parts) expect(part.height).toBeLessThanOrEqual(700);
    // Every line of the name is in exactly one part; the figure only in the first.
    const name = parts.map((p) => p.lines[1]!);
    expect(name[0]![0]).toBe(0);
    expect(name.at(-1)![1]).toBe(tall.cells[1]!.lines.length);
    for (let i = 1; i < name.length; i++) expect(name[i]![0]).toBe(name[i - 1]![1]);
    expect(parts.slice(1).every((p) => p.lines[2]![0] === p.lines[2]![1])).toBe(true);
  });
});

describe('planning the pages of the items table', () => {
  it('keeps every row on one page, in order, within the page, the header row on each', () => {
    const rows = Array.from({ length: 500 }, (_, i) =>
      row('item', i % 7 === 0 ? 'lang '.repeat(40) : `Zeile ${i}`),
    );
    const plan = planTablePages(header, rows, box, fonts, SIZE, space, end);
    expect(plan.headerHeight).toBeCloseTo(ROW, 6);
    expect(plan.pages[0]!.first).toBe(0);
    expect(plan.pages.at(-1)!.end).toBe(500);
    for (let k = 1; k < plan.pages.length; k++) expect(plan.pages[k]!.first).toBe(plan.pages[k - 1]!.end);
    for (const unit of layout(plan, space)) expect(unit.bottom).toBeLessThanOrEqual(space.bottom);
    expect(plan.unitRow).toEqual(rows.map((_, i) => i));
  });

  it('never ends a page with a group heading: it goes over with the row after it', () => {
    // Headings at every fifth row, chains of two headings at every 23rd: some land at a page's end.
    const rows: TableRowModel[] = [];
    for (let i = 0; i < 600; i++) {
      if (i % 23 === 0) rows.push(row('heading', `Gruppe ${i}`));
      rows.push(row(i % 5 === 0 ? 'heading' : 'item', `Zeile ${i}`));
    }
    const plan = planTablePages(header, rows, box, fonts, SIZE, space, end);
    expect(plan.pages.length).toBeGreaterThan(5);
    for (const page of plan.pages.slice(0, -1)) {
      expect(rows[plan.unitRow[page.end - 1]!]!.kind, `page ending at ${page.end}`).not.toBe('heading');
    }
    for (const unit of layout(plan, space)) expect(unit.bottom).toBeLessThanOrEqual(space.bottom);
  });

  it('moves the last row with the totals when the totals do not fit under it', () => {
    // As many rows as fill the first page exactly: the totals cannot follow on it.
    const room = space.bottom - space.firstTop - ROW - HEADER_RULE;
    const fit = 1 + Math.floor((room - ROW) / (ROW + ROW_RULE));
    const rows = Array.from({ length: fit }, (_, i) => row('item', `Zeile ${i}`));
    const plan = planTablePages(header, rows, box, fonts, SIZE, space, end);
    expect(plan.pages).toHaveLength(2);
    expect(plan.pages[1]).toMatchObject({ first: fit - 1, end: fit });
    // With room for the totals, all rows stay on the first page.
    const roomy = planTablePages(header, rows, box, fonts, SIZE, space, { ...end, totalsHeight: 0, gap: 0 });
    expect(roomy.pages).toHaveLength(1);
  });

  it('starts the table on a new page when not even its first row fits under the header', () => {
    const plan = planTablePages(
      header,
      [row('item', 'Zeile')],
      box,
      fonts,
      SIZE,
      { ...space, firstTop: 780 },
      end,
    );
    expect(plan.newPage).toBe(true);
    const units = layout(plan, { ...space, firstTop: 780 });
    expect(units[0]!.top).toBeLessThan(100);
  });

  it('prints a row taller than a page in parts, one per page', () => {
    const rows = [row('item', 'kurz'), row('item', 'Wort '.repeat(6000)), row('item', 'danach')];
    const plan = planTablePages(header, rows, box, fonts, SIZE, space, end);
    const parts = plan.unitRow.filter((r) => r === 1).length;
    expect(parts).toBeGreaterThan(2);
    for (const unit of layout(plan, space)) expect(unit.bottom).toBeLessThanOrEqual(space.bottom);
    expect(plan.unitRow.at(-1)).toBe(2);
  });
});
