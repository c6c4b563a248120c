import { beforeAll, describe, expect, it } from 'vitest';
import type { MeasureCell, RoomsTableRow } from '../../src-shared/plans/types';

/* Loaded at run time for the reason given in renderer-i18n.test.ts (tsconfig.node.json does not include src-renderer). */
type RoomsColumn =
  | 'floor'
  | 'name'
  | 'type'
  | 'area'
  | 'wallArea'
  | 'perimeter'
  | 'ceilingHeight'
  | 'volume'
  | 'doors'
  | 'windows';
interface RoomsSort {
  column: RoomsColumn | null;
  direction: 'asc' | 'desc';
}
interface SortModule {
  ROOMS_COLUMNS: readonly RoomsColumn[];
  isNumericColumn: (column: RoomsColumn) => boolean;
  sortRooms: (rows: readonly RoomsTableRow[], sort: RoomsSort, lang: string) => RoomsTableRow[];
  nextSort: (current: RoomsSort, column: RoomsColumn) => RoomsSort;
}
interface PlanTextModule {
  statisticText: (
    stat: {
      key: string;
      label: string;
      value: number | null;
      formatted: string | null;
      display: string | null;
    } | null,
    lang: string,
  ) => string | null;
  measureText: (cell: MeasureCell, lang: string) => string | null;
  looseValueText: (value: unknown, lang: string) => string;
  extraEntries: (extra: Record<string, unknown>, lang: string) => { key: string; text: string }[];
  safeColour: (value: unknown) => string | null;
}

const RENDERER = '../../src-renderer/src';
async function load<T>(path: string): Promise<T> {
  const specifier = `${RENDERER}/${path}`;
  return (await import(/* @vite-ignore */ specifier)) as T;
}

let m: SortModule;
let text: PlanTextModule;
beforeAll(async () => {
  [m, text] = await Promise.all([
    load<SortModule>('features/plans/rooms-sort.ts'),
    load<PlanTextModule>('features/plans/plan-text.ts'),
  ]);
});

function cell(value: number | null, formatted: string | null = null): MeasureCell {
  return { value, formatted, text: formatted ?? (value === null ? null : String(value)), unit: null };
}

function row(
  roomId: string,
  name: string | null,
  area: number | null,
  extra: Partial<RoomsTableRow> = {},
): RoomsTableRow {
  return {
    floorId: 'f1',
    floor: 'Ground floor',
    roomId,
    name,
    type: null,
    area: cell(area, area === null ? null : `${area} m²`),
    wallArea: cell(null),
    perimeter: cell(null),
    ceilingHeight: cell(null),
    volume: cell(null),
    doors: 0,
    windows: 0,
    ...extra,
  };
}

const ids = (rows: RoomsTableRow[]) => rows.map((r) => r.roomId);

describe('rooms table sorting', () => {
  const rows = [
    row('a', 'Küche', 12.5),
    row('b', 'bad', 4.25),
    row('c', 'Arbeitszimmer 10', null),
    row('d', 'Arbeitszimmer 9', 100),
    row('e', null, 12.5),
  ];

  it('keeps the plan’s order without a sort column, and never changes its input', () => {
    const before = ids(rows);
    expect(ids(m.sortRooms(rows, { column: null, direction: 'asc' }, 'de-DE'))).toEqual(before);
    m.sortRooms(rows, { column: 'area', direction: 'desc' }, 'de-DE');
    expect(ids(rows)).toEqual(before);
  });

  it('sorts measures by the service’s number, not by the text', () => {
    // As text "100 m²" < "12.5 m²" < "4.25 m²"; as numbers the other way round.
    expect(ids(m.sortRooms(rows, { column: 'area', direction: 'asc' }, 'en-US'))).toEqual([
      'b',
      'a',
      'e',
      'd',
      'c',
    ]);
  });

  it('puts missing values last in both directions, and keeps ties in plan order', () => {
    expect(ids(m.sortRooms(rows, { column: 'area', direction: 'desc' }, 'en-US'))).toEqual([
      'd',
      'a',
      'e',
      'b',
      'c',
    ]);
    expect(ids(m.sortRooms(rows, { column: 'name', direction: 'desc' }, 'de-DE')).at(-1)).toBe('e');
  });

  it('sorts text with the UI language’s collation: case-insensitive, numbers as numbers, umlauts in place', () => {
    expect(ids(m.sortRooms(rows, { column: 'name', direction: 'asc' }, 'de-DE'))).toEqual([
      'd', // Arbeitszimmer 9
      'c', // Arbeitszimmer 10
      'b', // bad
      'a', // Küche
      'e', // no name
    ]);
  });

  it('sorts the count columns as numbers', () => {
    const counted = [
      row('x', 'X', 1, { doors: 10 }),
      row('y', 'Y', 1, { doors: 2 }),
      row('z', 'Z', 1, { doors: 0 }),
    ];
    expect(ids(m.sortRooms(counted, { column: 'doors', direction: 'asc' }, 'en-US'))).toEqual([
      'z',
      'y',
      'x',
    ]);
    expect(ids(m.sortRooms(counted, { column: 'doors', direction: 'desc' }, 'en-US'))).toEqual([
      'x',
      'y',
      'z',
    ]);
  });

  it('sorts by floor and type as text', () => {
    const floors = [
      row('1', 'A', 1, { floor: 'Obergeschoss', type: 'office' }),
      row('2', 'B', 1, { floor: 'Erdgeschoss', type: 'bathroom' }),
      row('3', 'C', 1, { floor: null, type: 'Living' }),
    ];
    expect(ids(m.sortRooms(floors, { column: 'floor', direction: 'asc' }, 'de-DE'))).toEqual(['2', '1', '3']);
    expect(ids(m.sortRooms(floors, { column: 'type', direction: 'asc' }, 'en-US'))).toEqual(['2', '3', '1']);
  });

  it('knows which columns are numeric', () => {
    expect(m.ROOMS_COLUMNS.filter(m.isNumericColumn)).toEqual([
      'area',
      'wallArea',
      'perimeter',
      'ceilingHeight',
      'volume',
      'doors',
      'windows',
    ]);
  });

  it('flips the direction on the same column and starts ascending on a new one', () => {
    const first = m.nextSort({ column: null, direction: 'asc' }, 'area');
    expect(first).toEqual({ column: 'area', direction: 'asc' });
    const second = m.nextSort(first, 'area');
    expect(second).toEqual({ column: 'area', direction: 'desc' });
    expect(m.nextSort(second, 'name')).toEqual({ column: 'name', direction: 'asc' });
  });
});

describe('plan texts', () => {
  const stat = (value: number | null, formatted: string | null, display: string | null = null) => ({
    key: 'area',
    label: 'Area',
    value,
    formatted,
    display,
  });

  it('shows the service’s formatted text verbatim, else the plain number without a unit', () => {
    expect(text.statisticText(stat(63.6, '63,6 m²'), 'en-US')).toBe('63,6 m²');
    expect(text.statisticText(stat(1234.5, null), 'en-US')).toBe('1,234.5');
    expect(text.statisticText(stat(2.5, null), 'de-DE')).toBe('2,5');
    expect(text.statisticText(stat(null, null, 'irregular'), 'en-US')).toBe('irregular');
    expect(text.statisticText(stat(null, null), 'en-US')).toBeNull();
    expect(text.statisticText(null, 'en-US')).toBeNull();
    expect(text.measureText(cell(3.25), 'fr-FR')).toBe('3,25');
    expect(text.measureText(cell(null), 'fr-FR')).toBeNull();
  });

  it('lists unknown fields as text, objects as JSON', () => {
    expect(text.extraEntries({ a: 'x', b: 2, c: { d: [1, 2] }, e: null, f: true }, 'en-US')).toEqual([
      { key: 'a', text: 'x' },
      { key: 'b', text: '2' },
      { key: 'c', text: '{"d":[1,2]}' },
      { key: 'e', text: '—' },
      { key: 'f', text: 'true' },
    ]);
  });

  it('paints only real hex colours', () => {
    expect(text.safeColour('#A1B2C3')).toBe('#A1B2C3');
    expect(text.safeColour(' #abc ')).toBe('#abc');
    expect(text.safeColour('red; background: url(x)')).toBeNull();
    expect(text.safeColour('#12345')).toBeNull();
    expect(text.safeColour(42)).toBeNull();
  });
});
