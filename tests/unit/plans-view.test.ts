import { describe, expect, it } from 'vitest';
import type { PlanDocument } from '../../src-main/api/schemas';
import type { PlanView } from '../../src-shared/plans/types';
import { labelOf, plainNumber } from '../../src-main/plans/plan-pieces';
import { buildPlanView } from '../../src-main/plans/plan-view';
import { buildRoomsTable, unitOf } from '../../src-main/plans/rooms-table';
import { cellValue, roomsColumns, roomsCsv } from '../../src-main/exports/rooms';

function current(plan: Record<string, unknown>): PlanDocument {
  return { shape: 'current', plan } as PlanDocument;
}
function legacy(plan: Record<string, unknown>): PlanDocument {
  return { shape: 'legacy', plan } as PlanDocument;
}

const room = (over: Record<string, unknown> = {}) => ({
  id: 'r1',
  name: 'Küche',
  statistics: { area: 14.7, perimeter: 15.4, volume: 36.75 },
  statistics_formatted: { area: '14.7 m²', perimeter: '15.4 m', volume: '36.8 m³' },
  image_map: { url: 'https://svc/plans/p/rooms/r1/image.png', width: 200, height: 150, areas: [] },
  notes: ['Tiles to be replaced'],
  formatted_dimensions: '3.50 m × 4.20 m',
  walls: [
    {
      uid: 'w1',
      values: [
        { key: 'length', value: 3.5 },
        { key: 'material', value: 'brick' },
      ],
    },
    { uid: 'w2', values: [{ key: 'length', value: 4.2 }], colour: 'white' },
  ],
  values: { ceilingHeight: 2.5, roomType: 'kitchen', ground: { color: '#cccccc' }, notes: 'Also: gas' },
  objects: [
    {
      uid: 'o1',
      symbol_id: 'door_single',
      name: 'Door',
      category: 'door',
      wall_uid: 'w1',
      values: { width: 0.9 },
    },
    {
      uid: 'o2',
      symbol_id: 'win',
      name: 'Window',
      category: 'window',
      wall_uid: 'w2',
      values: { width: 1.2 },
    },
    {
      uid: 'o3',
      symbol_id: 'table',
      name: 'Table',
      category: 'furniture',
      wall_uid: null,
      values: { height: 0.75 },
    },
    {
      uid: 'o4',
      symbol_id: 'area',
      name: 'Tiles',
      category: 'affected_area',
      wall_uid: 'w9',
      values: { color: '#ff0000', dimensions: { width: 1, height: 2 } },
    },
    { uid: 'o5', symbol_id: 'lamp', name: 'Lamp', category: 'lighting', wall_uid: null, values: {} },
  ],
  ...over,
});

const fullPlan = () => ({
  id: 'p1',
  name: 'Haus',
  project_id: 'proj',
  unit_system: 'metric',
  statistics: { area: 63.6, perimeter: 33.2, volume: 159, walls_surface: 83, custom_thing: 4 },
  statistics_formatted: {
    area: '63.6 m²',
    perimeter: '33.2 m',
    volume: '159.0 m³',
    walls_surface: '83.0 m²',
  },
  door_count: 2,
  windows_count: 1,
  future_field: { a: 1 },
  floors: [
    {
      id: 'f1',
      name: 'EG',
      level: 0,
      statistics: { area: 63.6 },
      statistics_formatted: { area: '63.6 m²' },
      image_map: {
        url: 'https://svc/plans/p/floors/f1/image.png',
        width: 400,
        height: 300,
        areas: [{ room_id: 'r1', coords: [1, 2, 3, 4] }],
      },
      notes: ['Check the stairs'],
      values: { ceilingHeight: 2.5, notes: '', heating: 'floor' },
      rooms: [room()],
      floor_extra: true,
    },
  ],
});

/** Every string a view shows for a measurement. */
function displays(view: PlanView): string[] {
  const out: string[] = [];
  const add = (s: { display: string | null } | null) => s?.display && out.push(s.display);
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

describe('plan view: current shape', () => {
  it('summary, statistics with the service’s strings, counts, extras', () => {
    const v = buildPlanView(current(fullPlan()));
    expect(v).toMatchObject({
      shape: 'current',
      id: 'p1',
      name: 'Haus',
      projectId: 'proj',
      unitSystem: 'metric',
      doorCount: 2,
      windowCount: 1,
      floorCount: 1,
      roomCount: 1,
      wallCount: 2,
    });
    expect(v.statistics.map((s) => [s.key, s.label, s.display])).toEqual([
      ['area', 'Area', '63.6 m²'],
      ['perimeter', 'Perimeter', '33.2 m'],
      ['volume', 'Volume', '159.0 m³'],
      ['walls_surface', 'Wall surface', '83.0 m²'],
      // No formatted string: the plain number, no unit.
      ['custom_thing', 'Custom thing', '4'],
    ]);
    expect(v.extra).toEqual({ future_field: { a: 1 } });
  });

  it('floors and rooms: statistics, dimensions, values, notes, walls, objects linked to walls', () => {
    const v = buildPlanView(current(fullPlan()));
    const f = v.floors![0]!;
    expect(f).toMatchObject({ id: 'f1', name: 'EG', level: 0, notes: ['Check the stairs'] });
    expect(f.ceilingHeight).toMatchObject({ value: 2.5, formatted: null, display: '2.5' });
    expect(f.imageMap).toEqual({
      url: 'https://svc/plans/p/floors/f1/image.png',
      width: 400,
      height: 300,
      areas: [{ roomId: 'r1', coords: [1, 2, 3, 4] }],
    });
    expect(f.extra).toEqual({ floor_extra: true, 'values.heating': 'floor' });

    const r = f.rooms[0]!;
    expect(r).toMatchObject({
      name: 'Küche',
      roomType: 'kitchen',
      formattedDimensions: '3.50 m × 4.20 m',
      groundColor: '#cccccc',
      notes: ['Tiles to be replaced', 'Also: gas'],
    });
    expect(r.ceilingHeight?.display).toBe('2.5');
    expect(r.walls.map((w) => w.uid)).toEqual(['w1', 'w2']);
    expect(r.walls[0]!.values).toEqual([
      { key: 'length', value: 3.5 },
      { key: 'material', value: 'brick' },
    ]);
    expect(r.walls[1]!.extra).toEqual({ colour: 'white' });
    expect(r.doors.map((d) => [d.uid, d.wallUid, d.wallIndex])).toEqual([['o1', 'w1', 0]]);
    expect(r.windows.map((d) => [d.uid, d.wallUid, d.wallIndex])).toEqual([['o2', 'w2', 1]]);
    expect(r.furniture.map((d) => [d.uid, d.wallUid, d.wallIndex])).toEqual([['o3', null, null]]);
    // An affected area naming a wall the room does not have: the link is kept, the index is null.
    expect(r.affectedAreas.map((d) => [d.uid, d.wallUid, d.wallIndex])).toEqual([['o4', 'w9', null]]);
    expect(r.affectedAreas[0]!.values).toEqual([
      { key: 'color', value: '#ff0000' },
      { key: 'dimensions.width', value: 1 },
      { key: 'dimensions.height', value: 2 },
    ]);
    expect(r.otherObjects.map((o) => o.category)).toEqual(['lighting']);
  });

  it('never invents a unit: every display is a service string or a plain number', () => {
    const plan = fullPlan();
    const v = buildPlanView(current(plan));
    const serviceStrings = new Set<string>();
    const walk = (x: unknown) => {
      if (typeof x === 'string') serviceStrings.add(x);
      else if (x && typeof x === 'object') Object.values(x).forEach(walk);
    };
    walk(plan);
    for (const d of displays(v)) {
      expect(serviceStrings.has(d) || /^-?\d+(\.\d+)?$/.test(d), d).toBe(true);
    }
  });

  it('an empty or malformed plan gives nulls, never a crash', () => {
    for (const plan of [
      {},
      { floors: null, statistics: [], statistics_formatted: 'x', door_count: 'many' },
      { floors: [null, 3, { rooms: [null, { walls: 'no', objects: [null, 1, {}] }] }] },
      { floors: [{ rooms: [{ values: null, statistics: { area: 'NaN' }, image_map: 'url' }] }] },
    ]) {
      const v = buildPlanView(current(plan));
      expect(v.shape).toBe('current');
      expect(v.name).toBeNull();
      expect(v.doorCount).toBeNull();
      const table = buildRoomsTable(v);
      expect(() => roomsCsv(table)).not.toThrow();
    }
    const none = buildPlanView(current({}));
    expect(none.floors).toBeNull();
    expect(none.statistics).toEqual([]);
    expect(buildRoomsTable(none).available).toBe(false);

    const odd = buildPlanView(
      current({ floors: [{ rooms: [{ values: null, statistics: { area: 'NaN', label: 'big' } }] }] }),
    );
    const r = odd.floors![0]!.rooms[0]!;
    expect(r.ceilingHeight).toBeNull();
    expect(r.roomType).toBeNull();
    expect(r.groundColor).toBeNull();
    expect(r.imageMap).toBeNull();
    expect(r.statistics).toEqual([
      { key: 'area', label: 'Area', value: null, formatted: null, display: 'NaN' },
      { key: 'label', label: 'Label', value: null, formatted: null, display: 'big' },
    ]);
  });

  it('accepts the service’s spelling variants (window_count, symbolId, numeric text)', () => {
    const v = buildPlanView(
      current({
        window_count: '3',
        door_count: 1,
        statistics: { area: '12.5' },
        floors: [{ rooms: [{ objects: [{ symbolId: 'window_double' }, { symbol_id: 'door_x' }] }] }],
      }),
    );
    expect(v.windowCount).toBe(3);
    expect(v.statistics[0]).toMatchObject({ value: 12.5, display: '12.5' });
    const r = v.floors![0]!.rooms[0]!;
    expect(r.windows).toHaveLength(1);
    expect(r.doors).toHaveLength(1);
  });
});

describe('plan view: legacy shape', () => {
  const legacyPlan = () => ({
    plan: { id: 'p1', name: 'Haus', address: { city: 'Köln' }, created_by: { email: 'a@b' } },
    plan_detail: {
      plan: {
        uid: 'p1',
        name: 'Haus (detail)',
        notes: 'Line 1',
        formatted: { area: '63.6 m²', perimeter: '33.2 m', volume: '159.0 m³', walls_surface: '83.0 m²' },
        area: 63.6,
        perimeter: 33.2,
        wall_count: 12,
        door_count: 2,
        window_count: 1,
        floor_count: 1,
        room_count: 4,
        oddity: 'kept',
      },
    },
    xml: '<plan/>',
  });

  it('summary from plan_detail.plan; floors not available', () => {
    const v = buildPlanView(legacy(legacyPlan()));
    expect(v).toMatchObject({
      shape: 'legacy',
      id: 'p1',
      name: 'Haus (detail)',
      doorCount: 2,
      windowCount: 1,
      floorCount: 1,
      roomCount: 4,
      wallCount: 12,
      notes: ['Line 1'],
      floors: null,
    });
    expect(v.statistics.map((s) => [s.key, s.value, s.display])).toEqual([
      ['area', 63.6, '63.6 m²'],
      ['perimeter', 33.2, '33.2 m'],
      ['volume', null, '159.0 m³'],
      ['walls_surface', null, '83.0 m²'],
    ]);
    expect(v.extra).toEqual({
      xml: '<plan/>',
      'plan.address': { city: 'Köln' },
      'plan.created_by': { email: 'a@b' },
      'plan_detail.plan.oddity': 'kept',
    });
    const table = buildRoomsTable(v);
    expect(table.available).toBe(false);
    expect(table.rows).toEqual([]);
  });

  it('floors and rooms of the older shape: figures, formatted strings, wall items and furniture', () => {
    const plan = legacyPlan();
    plan.plan_detail.plan = {
      ...plan.plan_detail.plan,
      unit_system: 'metric',
      floors: [
        {
          uid: 'f1',
          name: 'EG',
          level: 0,
          area: 40.5,
          formatted: { area: '40,5 m²' },
          rooms: [
            {
              uid: 'r1',
              name: 'Küche',
              room_type: 'kitchen',
              dimensions: { width: 3.5, length: 4.2 },
              area: 14.7,
              perimeter: 15.4,
              height: 2.5,
              volume: 36.75,
              walls_surface: 38.5,
              openings_surface: 3.2,
              formatted: { area: '14,7 m²', walls_surface: '38,5 m²', height: '2,50 m' },
              wall_items: [
                {
                  uid: 'd1',
                  symbol_id: 'door_single',
                  name: 'Tür',
                  type: 'door',
                  width: 0.885,
                  formatted: { width: '0,89 m' },
                },
                { uid: 'w1', symbol_id: 'window_double', type: 'window', width: 1.35, height: 1.35 },
              ],
              furnitures: [{ uid: 'k1', symbol_id: 'fridge', name: 'Kühlschrank', height: 1.85 }],
              colour_scheme: 'kept',
            },
          ],
        },
      ],
    } as typeof plan.plan_detail.plan;
    const v = buildPlanView(legacy(plan));
    expect(v.floors).toHaveLength(1);
    const floor = v.floors![0]!;
    expect(floor).toMatchObject({ id: 'f1', name: 'EG', level: 0 });
    expect(floor.statistics.map((st) => [st.key, st.display])).toEqual([['area', '40,5 m²']]);
    const r = floor.rooms[0]!;
    expect(r).toMatchObject({
      id: 'r1',
      name: 'Küche',
      roomType: 'kitchen',
      formattedDimensions: '3.5 m × 4.2 m',
    });
    expect(r.ceilingHeight).toMatchObject({ value: 2.5, display: '2,50 m' });
    expect(r.statistics.map((st) => [st.key, st.display])).toEqual([
      ['area', '14,7 m²'],
      ['perimeter', '15.4'],
      ['volume', '36.75'],
      ['walls_surface', '38,5 m²'],
      ['openings_surface', '3.2'],
    ]);
    expect(r.doors.map((d) => [d.symbolId, d.name, d.values])).toEqual([
      ['door_single', 'Tür', [{ key: 'width', value: '0,89 m' }]],
    ]);
    expect(r.windows[0]!.values).toEqual([
      { key: 'width', value: 1.35 },
      { key: 'height', value: 1.35 },
    ]);
    expect(r.furniture.map((f) => f.name)).toEqual(['Kühlschrank']);
    expect(r.extra).toEqual({ colour_scheme: 'kept' });
    // Counts the service gave win over what the floors add up to.
    expect(v.roomCount).toBe(4);

    const table = buildRoomsTable(v);
    expect(table.available).toBe(true);
    expect(table.rows[0]).toMatchObject({
      floor: 'EG',
      name: 'Küche',
      type: 'kitchen',
      area: { text: '14,7 m²', value: 14.7 },
      wallArea: { text: '38,5 m²', value: 38.5, unit: 'm²' },
      perimeter: { text: '15.4 m', value: 15.4, unit: 'm' },
      ceilingHeight: { text: '2,50 m', value: 2.5 },
      doors: 1,
      windows: 1,
    });
    const csv = roomsCsv(table);
    expect(csv).toContain('Kitchen,14.7,38.5,15.4,2.5,36.75,1,1');
  });

  it('a legacy plan with parts missing does not crash', () => {
    for (const plan of [
      { plan_detail: { plan: {} } },
      { plan: null, plan_detail: { plan: { formatted: 'x' } } },
    ]) {
      const v = buildPlanView(legacy(plan));
      expect(v.name).toBeNull();
      expect(v.statistics).toEqual([]);
      expect(v.doorCount).toBeNull();
    }
  });
});

describe('rooms table and its export', () => {
  it('rows carry the formatted text and the number; units agreed → numeric columns with the unit', () => {
    const t = buildRoomsTable(buildPlanView(current(fullPlan())));
    expect(t.rows).toHaveLength(1);
    expect(t.rows[0]).toMatchObject({
      floor: 'EG',
      name: 'Küche',
      type: 'kitchen',
      area: { text: '14.7 m²', value: 14.7, unit: 'm²' },
      wallArea: { text: null, value: null },
      perimeter: { text: '15.4 m', value: 15.4 },
      // A plain number from the service takes the unit of the plan's own unit system.
      ceilingHeight: { text: '2.5 m', value: 2.5, formatted: null, unit: 'm' },
      volume: { text: '36.8 m³', value: 36.75 },
      doors: 1,
      windows: 1,
    });
    expect(t.units).toEqual({
      area: { mode: 'numeric-unit', unit: 'm²' },
      wallArea: { mode: 'numeric', unit: null },
      perimeter: { mode: 'numeric-unit', unit: 'm' },
      ceilingHeight: { mode: 'numeric-unit', unit: 'm' },
      volume: { mode: 'numeric-unit', unit: 'm³' },
    });
    expect(roomsColumns(t).map((c) => c.header)).toEqual([
      'Floor',
      'Room',
      'Type',
      'Area (m²)',
      'Wall area',
      'Perimeter (m)',
      'Ceiling height (m)',
      'Volume (m³)',
      'Doors',
      'Windows',
    ]);
    // Totals: what adds up (not the ceiling height); a column with no figure has none.
    expect(t.totals).toEqual({
      area: { value: 14.7, unit: 'm²' },
      perimeter: { value: 15.4, unit: 'm' },
      volume: { value: 36.75, unit: 'm³' },
      doors: { value: 1, unit: null },
      windows: { value: 1, unit: null },
    });
  });

  it('a plan that names no unit system: plain numbers stay without a unit', () => {
    const plan: Record<string, unknown> = fullPlan();
    delete plan.unit_system;
    const t = buildRoomsTable(buildPlanView(current(plan)));
    expect(t.rows[0]!.ceilingHeight).toEqual({ text: '2.5', value: 2.5, formatted: null, unit: null });
    expect(t.units.ceilingHeight).toEqual({ mode: 'numeric', unit: null });
    expect(roomsColumns(t).find((c) => c.key === 'ceilingHeight')!.header).toBe('Ceiling height');
  });

  it('units that disagree (or a missing formatted string) make the column text', () => {
    const plan = fullPlan();
    const floor = plan.floors[0]!;
    floor.rooms = [
      room(),
      room({
        id: 'r2',
        name: 'Bad',
        statistics: { area: 100, perimeter: 40, volume: 10 },
        statistics_formatted: { area: '100.0 ft²', perimeter: '40.0 m' },
      }),
    ];
    const t = buildRoomsTable(buildPlanView(current(plan)));
    expect(t.units.area).toEqual({ mode: 'text', unit: null });
    expect(t.units.perimeter).toEqual({ mode: 'numeric-unit', unit: 'm' });
    // One volume has no formatted string: the plan is metric, so it is 10 m³ beside "36.8 m³".
    expect(t.units.volume).toEqual({ mode: 'numeric-unit', unit: 'm³' });
    const cols = roomsColumns(t);
    const area = cols.find((c) => c.key === 'area')!;
    expect(area).toEqual({ key: 'area', header: 'Area', kind: 'text' });
    expect(t.rows.map((r) => cellValue(r, area))).toEqual(['14.7 m²', '100.0 ft²']);
    // Areas in two units are not added up; the rest are.
    expect(t.totals.area).toBeUndefined();
    expect(t.totals.volume).toEqual({ value: 46.75, unit: 'm³' });

    // Without a unit system, "10" beside "36.8 m³" would be a number of unknown unit: text.
    const unnamed: Record<string, unknown> = { ...plan };
    delete unnamed.unit_system;
    const u = buildRoomsTable(buildPlanView(current(unnamed)));
    expect(u.units.volume).toEqual({ mode: 'text', unit: null });
    const volume = roomsColumns(u).find((c) => c.key === 'volume')!;
    expect(u.rows.map((r) => cellValue(r, volume))).toEqual(['36.8 m³', '10']);
    expect(u.totals.volume).toBeUndefined();
  });

  it('CSV: BOM, CRLF, RFC 4180 quoting, formulas neutralised, empty for not available', () => {
    const plan = fullPlan();
    plan.floors[0]!.rooms = [
      room({ name: 'Küche "Süd", EG' }),
      room({ name: '=HYPERLINK("x")', statistics: {}, statistics_formatted: {}, values: {} }),
    ];
    const csv = roomsCsv(buildRoomsTable(buildPlanView(current(plan))));
    expect(csv.startsWith('\uFEFF')).toBe(true);
    const lines = csv.slice(1).split('\r\n');
    expect(lines).toEqual([
      'Floor,Room,Type,Area (m²),Wall area,Perimeter (m),Ceiling height (m),Volume (m³),Doors,Windows',
      'EG,"Küche ""Süd"", EG",Kitchen,14.7,,15.4,2.5,36.75,1,1',
      `EG,"'=HYPERLINK(""x"")",,,,,,,1,1`,
      'Total,,,14.7,,15.4,,36.75,2,2',
      '',
    ]);
  });

  it('labels are in the chosen language; the unit is still appended', () => {
    const t = buildRoomsTable(buildPlanView(current(fullPlan())));
    const cols = roomsColumns(t, { language: 'de-DE' });
    expect(cols.map((c) => c.header).slice(0, 5)).toEqual([
      'Etage',
      'Raum',
      'Art',
      'Fläche (m²)',
      'Wandfläche',
    ]);
    const type = cols.find((c) => c.key === 'type')!;
    expect(cellValue(t.rows[0]!, type)).toBe('Küche');
  });
});

describe('helpers', () => {
  it('unitOf reads the unit after the number; compound or bare values have none', () => {
    expect(unitOf('63.6 m²')).toBe('m²');
    expect(unitOf('1.234,5 m²')).toBe('m²');
    expect(unitOf('1\u202f234,5 ft²')).toBe('ft²');
    expect(unitOf('36,8 m³')).toBe('m³');
    expect(unitOf('14 m2')).toBe('m2');
    expect(unitOf('63.6')).toBeNull();
    expect(unitOf(`12' 3"`)).toBeNull();
    expect(unitOf('12 ft 3 in')).toBeNull();
    expect(unitOf('n/a')).toBeNull();
  });

  it('plainNumber and labelOf', () => {
    expect(plainNumber(0.1 + 0.2)).toBe('0.3');
    expect(plainNumber(36.75)).toBe('36.75');
    expect(plainNumber(1e21)).toBe('1e+21');
    expect(labelOf('walls_surface')).toBe('Wall surface');
    expect(labelOf('ceilingHeight')).toBe('Ceiling height');
    expect(labelOf('net_floorArea')).toBe('Net floor area');
  });
});
