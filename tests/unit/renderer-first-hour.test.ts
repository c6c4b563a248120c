import { beforeAll, describe, expect, it } from 'vitest';
import type { MeasureCell, RoomsTableRow } from '../../src-shared/plans/types';
import { tableDecimals } from '../../src-shared/plans/units';
import { opensWithSystem } from '../../src-shared/files/upload-types';

/*
 * Pure parts of issue 26 in the renderer (loaded at run time, as renderer-i18n.test.ts explains):
 * the rooms table's decimals and totals, and the estimate tree's columns giving way in a narrow
 * window while the name keeps its room.
 */
type TreeColumnKey = string;
interface FiguresModule {
  columnDecimals: (column: string, system: 'metric' | 'imperial' | null) => number;
  figureText: (cell: MeasureCell, decimals: number, lang: string) => string | null;
  totalText: (cells: readonly MeasureCell[], unit: string | null, decimals: number, lang: string) => string;
}
interface ColumnsModule {
  DEFAULT_TREE_COLUMNS: readonly TreeColumnKey[];
  fitColumns: (
    columns: readonly TreeColumnKey[],
    width: number | null,
    headers?: Record<string, number>,
  ) => { shown: TreeColumnKey[]; hidden: TreeColumnKey[] };
  gridTemplate: (columns: readonly TreeColumnKey[], headers?: Record<string, number>) => { minWidth: number };
}

const RENDERER = '../../src-renderer/src';
async function load<T>(path: string): Promise<T> {
  return (await import(/* @vite-ignore */ `${RENDERER}/${path}`)) as T;
}

let figures: FiguresModule;
let columns: ColumnsModule;
beforeAll(async () => {
  [figures, columns] = await Promise.all([
    load<FiguresModule>('features/plans/rooms-figures.ts'),
    load<ColumnsModule>('features/estimates/columns.ts'),
  ]);
});

const cell = (value: number | null, formatted: string | null, unit: string | null): MeasureCell => ({
  value,
  formatted,
  unit,
  text: formatted ?? (value === null ? null : String(value)),
});
const row = (area: MeasureCell): RoomsTableRow =>
  ({ area, wallArea: area, perimeter: area, ceilingHeight: area, volume: area }) as unknown as RoomsTableRow;

describe('rooms table: one number of decimals per column, totals included', () => {
  it('the decimals come from the plan’s unit system', () => {
    expect(figures.columnDecimals('area', 'metric')).toBe(2);
    expect(figures.columnDecimals('perimeter', 'metric')).toBe(2);
    expect(figures.columnDecimals('area', 'imperial')).toBe(tableDecimals('area', 'imperial'));
    expect(figures.columnDecimals('volume', null)).toBe(2);
  });

  it('rows and the total have the same decimals, and the total adds up the rows as shown', () => {
    // The service wrote one decimal ("12,1 m²", "17,9 m²"); the figures are 12.08 and 17.86.
    const rows = [row(cell(12.08, '12,1 m²', 'm²')), row(cell(17.864, '17,9 m²', 'm²'))];
    const shown = rows.map((r) => figures.figureText(r.area, 2, 'de-DE'));
    expect(shown).toEqual(['12,08\u00a0m²', '17,86\u00a0m²']);
    // 12,08 + 17,86 = 29,94 on a calculator (the unrounded sum would print 29,94 too, but 0,004 off).
    expect(
      figures.totalText(
        rows.map((r) => r.area),
        'm²',
        2,
        'de-DE',
      ),
    ).toBe('29,94\u00a0m²');
    const many = Array.from({ length: 3 }, () => row(cell(1.005, null, 'm')));
    // Each shows 1,01 (half up on the shown figure): three of them make 3,03, not 3,02.
    expect(figures.figureText(many[0]!.area, 2, 'de-DE')).toBe('1,01\u00a0m');
    expect(
      figures.totalText(
        many.map((r) => r.area),
        'm',
        2,
        'de-DE',
      ),
    ).toBe('3,03\u00a0m');
    expect(figures.figureText(cell(2.4, '2,40 m', 'm'), 2, 'en-US')).toBe('2.40\u00a0m');
  });

  it('a text the service gave without a number, or with a unit PlanDesk cannot read, is shown as sent', () => {
    expect(figures.figureText(cell(null, 'n/a', null), 2, 'en-US')).toBe('n/a');
    expect(figures.figureText(cell(3.2, '3,2 Ruten', null), 2, 'de-DE')).toBe('3,2 Ruten');
    expect(figures.figureText(cell(3.2, null, null), 2, 'de-DE')).toBe('3,20');
  });
});

describe('estimate tree in a narrow window', () => {
  it('the chosen columns all stay when there is room; with less, the least read give way, the name and total never', () => {
    const chosen = columns.DEFAULT_TREE_COLUMNS;
    const all = columns.gridTemplate(chosen).minWidth;
    expect(columns.fitColumns(chosen, all).hidden).toEqual([]);
    expect(columns.fitColumns(chosen, null).hidden).toEqual([]);
    const narrow = columns.fitColumns(chosen, 990);
    expect(narrow.hidden.length).toBeGreaterThan(0);
    expect(narrow.shown).toContain('name');
    expect(narrow.shown).toContain('total');
    expect(narrow.hidden).toEqual(chosen.filter((c) => narrow.hidden.includes(c)));
    // What stays fits, the name at its least (a typical name two levels deep).
    expect(columns.gridTemplate(narrow.shown).minWidth).toBeLessThanOrEqual(990);
    // Costs and markup go before the client's figures.
    expect(narrow.hidden).toContain('total_cost');
    expect(narrow.shown).toContain('quantity');
    // A header that needs more room than its column makes the column wider, and more give way.
    const wideHeaders = columns.fitColumns(chosen, 990, { tax: 200 });
    expect(wideHeaders.hidden.length).toBeGreaterThanOrEqual(narrow.hidden.length);
    // However narrow, the name and the total stay.
    expect(columns.fitColumns(chosen, 10).shown).toEqual(['name', 'total']);
  });
});

describe('exported files open only when PlanDesk opens their type itself', () => {
  it('as for project files', () => {
    expect(opensWithSystem('pdf')).toBe(true);
    expect(opensWithSystem('XLSX')).toBe(true);
    expect(opensWithSystem('csv')).toBe(true);
    expect(opensWithSystem('json')).toBe(false);
    expect(opensWithSystem('exe')).toBe(false);
    expect(opensWithSystem('')).toBe(false);
  });
});
