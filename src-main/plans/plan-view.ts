/**
 * A plan, in either shape the service sends (current: statistics on plan, floors and rooms; legacy:
 * `plan_detail.plan` with `formatted{…}` strings and counts), turned into one view model for the UI
 * and the CLI.
 *
 * Rules:
 * - Measurements are shown with the service's own formatted strings. A number without one takes the
 *   unit of the plan's own `unit_system`, and no unit when the plan names none: PlanDesk never guesses
 *   a unit (plans may be metric or imperial, and room figures have been seen in a different system
 *   than their plan, which is why a formatted string always wins).
 * - Both shapes give floors and rooms where they carry them (legacy: `plan_detail.plan.floors[]`
 *   with `rooms[]`, their `formatted{…}` strings, `wall_items` and `furnitures`).
 * - Whatever is missing or malformed becomes null (the UI says "not available"); nothing here throws
 *   on service data.
 * - Fields PlanDesk does not know are kept in `extra`, never dropped.
 */
import type { PlanDocument } from '../api/schemas';
import { isSummedColumn } from '../../src-shared/plans/rooms-columns';
import { unitFor, unitForKey, unitSystemOf, type UnitSystem } from '../../src-shared/plans/units';
import {
  MEASURE_COLUMNS,
  type ColumnUnit,
  type FloorView,
  type ImageMapView,
  type MeasureCell,
  type MeasureColumn,
  type ObjectKind,
  type ObjectView,
  type PlanView,
  type RoomView,
  type RoomsTable,
  type RoomsTableRow,
  type StatisticView,
  type TotalCell,
  type ValueEntry,
  type WallView,
} from '../../src-shared/plans/types';

export {
  MEASURE_COLUMNS,
  type ColumnUnit,
  type FloorView,
  type ImageMapView,
  type MeasureCell,
  type MeasureColumn,
  type ObjectKind,
  type ObjectView,
  type PlanView,
  type RoomView,
  type RoomsTable,
  type RoomsTableRow,
  type StatisticView,
  type ValueEntry,
  type WallView,
};

// ---- building it --------------------------------------------------------------------------------

type Rec = Record<string, unknown>;

/** Statistic keys in the order they are shown; others follow in the service's order. */
const STATISTIC_ORDER = ['area', 'perimeter', 'volume', 'walls_surface', 'floor_surface', 'ceiling_surface'];

const STATISTIC_LABELS: Record<string, string> = {
  area: 'Area',
  perimeter: 'Perimeter',
  volume: 'Volume',
  walls_surface: 'Wall surface',
  floor_surface: 'Floor surface',
  ceiling_surface: 'Ceiling surface',
  ceiling_height: 'Ceiling height',
  ceilingHeight: 'Ceiling height',
};

/** Legacy `plan_detail.plan` numbers that are measurements (the rest are counts or other fields). */
const LEGACY_MEASURES = new Set([...STATISTIC_ORDER, 'ceiling_height']);

/** Legacy floor and room numbers that are measurements; `height` is the room's ceiling height. */
const LEGACY_ROOM_MEASURES = new Set([
  ...STATISTIC_ORDER,
  'wall_surface',
  'openings_surface',
  'opening_surface',
  'windows_surface',
  'doors_surface',
]);

export function buildPlanView(doc: PlanDocument): PlanView {
  return doc.shape === 'legacy' ? legacyView(doc.plan) : currentView(doc.plan);
}

function currentView(raw: unknown): PlanView {
  const plan = rec(raw);
  const floorsRaw = plan.floors;
  const floors = Array.isArray(floorsRaw) ? floorsRaw.map(floorView) : null;
  return {
    shape: 'current',
    id: idText(plan.id),
    name: text(plan.name),
    projectId: idText(plan.project_id),
    unitSystem: text(plan.unit_system),
    created: text(plan.created),
    modified: text(plan.modified),
    statistics: statistics(plan.statistics, plan.statistics_formatted),
    doorCount: count(plan.door_count ?? plan.doors_count),
    windowCount: count(plan.windows_count ?? plan.window_count),
    floorCount: floors ? floors.length : null,
    roomCount: floors ? floors.reduce((n, f) => n + f.rooms.length, 0) : null,
    wallCount: floors
      ? floors.reduce((n, f) => n + f.rooms.reduce((m, r) => m + r.walls.length, 0), 0)
      : null,
    notes: notes(plan.notes),
    floors,
    extra: extraOf(plan, [
      'id',
      'name',
      'project_id',
      'unit_system',
      'created',
      'modified',
      'statistics',
      'statistics_formatted',
      'door_count',
      'doors_count',
      'windows_count',
      'window_count',
      'notes',
      'floors',
    ]),
  };
}

function legacyView(raw: unknown): PlanView {
  const outer = rec(raw);
  const head = rec(outer.plan);
  const detailWrap = rec(outer.plan_detail);
  const detail = rec(detailWrap.plan);
  const formatted = rec(detail.formatted);
  // Numbers at the top of plan_detail.plan that are measurements (area, perimeter, …) pair with
  // `formatted`; counts are read separately.
  const numbers: Rec = {};
  for (const [k, v] of Object.entries(detail)) if (LEGACY_MEASURES.has(k)) numbers[k] = v;
  const extra: Rec = {};
  for (const [k, v] of Object.entries(extraOf(outer, ['plan', 'plan_detail']))) extra[k] = v;
  for (const [k, v] of Object.entries(extraOf(head, ['id', 'name']))) extra[`plan.${k}`] = v;
  for (const [k, v] of Object.entries(extraOf(detailWrap, ['plan']))) extra[`plan_detail.${k}`] = v;
  const knownDetail = [
    'uid',
    'id',
    'name',
    'notes',
    'formatted',
    'wall_count',
    'door_count',
    'window_count',
    'windows_count',
    'floor_count',
    'room_count',
    ...LEGACY_MEASURES,
  ];
  for (const [k, v] of Object.entries(extraOf(detail, [...knownDetail, 'floors'])))
    extra[`plan_detail.plan.${k}`] = v;
  const unitSystem = text(head.unit_system) ?? text(detail.unit_system);
  const floors = Array.isArray(detail.floors)
    ? detail.floors.map((f) => legacyFloorView(f, unitSystem))
    : null;
  const rooms = floors?.flatMap((f) => f.rooms) ?? null;
  return {
    shape: 'legacy',
    id: idText(head.id) ?? idText(detail.uid) ?? idText(detail.id),
    name: text(detail.name) ?? text(head.name),
    projectId: idText(head.project_id),
    unitSystem,
    created: text(head.created),
    modified: text(head.modified),
    statistics: statistics(numbers, formatted),
    doorCount: count(detail.door_count) ?? (rooms ? rooms.reduce((n, r) => n + r.doors.length, 0) : null),
    windowCount:
      count(detail.window_count ?? detail.windows_count) ??
      (rooms ? rooms.reduce((n, r) => n + r.windows.length, 0) : null),
    floorCount: count(detail.floor_count) ?? floors?.length ?? null,
    roomCount: count(detail.room_count) ?? rooms?.length ?? null,
    wallCount: count(detail.wall_count),
    notes: notes(detail.notes),
    floors,
    extra,
  };
}

/** The numbers among a legacy record's fields that are measurements, keyed as the statistics are. */
function legacyMeasures(o: Rec): Rec {
  const numbers: Rec = {};
  for (const [k, v] of Object.entries(o)) if (LEGACY_ROOM_MEASURES.has(k)) numbers[k] = v;
  return numbers;
}

/** The formatted strings of a legacy record's statistics (height and dimensions are shown apart). */
function legacyFormattedStatistics(formatted: Rec): Rec {
  return extraOf(formatted, ['height', 'ceiling_height', 'dimensions']);
}

function legacyFloorView(raw: unknown, unitSystem: string | null): FloorView {
  const floor = rec(raw);
  const formatted = rec(floor.formatted);
  return {
    id: idText(floor.uid) ?? idText(floor.id),
    name: text(floor.name),
    level: num(floor.level),
    statistics: statistics(legacyMeasures(floor), legacyFormattedStatistics(formatted)),
    ceilingHeight: legacyHeight(floor, formatted),
    notes: notes(floor.notes),
    imageMap: imageMap(floor.image_map),
    rooms: Array.isArray(floor.rooms) ? floor.rooms.map((r) => legacyRoomView(r, unitSystem)) : [],
    extra: extraOf(floor, [
      'uid',
      'id',
      'name',
      'level',
      'formatted',
      'notes',
      'image_map',
      'rooms',
      'height',
      'ceiling_height',
      ...LEGACY_ROOM_MEASURES,
    ]),
  };
}

function legacyHeight(o: Rec, formatted: Rec): StatisticView | null {
  const value = num(o.height) ?? num(o.ceiling_height);
  const f = text(formatted.height) ?? text(formatted.ceiling_height);
  return value === null && f === null ? null : measure('ceiling_height', value, f);
}

function legacyRoomView(raw: unknown, unitSystem: string | null): RoomView {
  const room = rec(raw);
  const formatted = rec(room.formatted);
  const walls = Array.isArray(room.walls) ? room.walls.map(wallView) : [];
  const wallIndex = wallIndexOf(walls);
  const groups = groupObjects([
    ...(Array.isArray(room.wall_items)
      ? room.wall_items.map((o) => legacyObjectView(o, null, wallIndex))
      : []),
    ...(Array.isArray(room.furnitures)
      ? room.furnitures.map((o) => legacyObjectView(o, 'furniture', wallIndex))
      : []),
  ]);
  return {
    id: idText(room.uid) ?? idText(room.id),
    name: text(room.name),
    roomType: text(room.room_type) ?? text(room.roomType) ?? text(room.type),
    statistics: statistics(legacyMeasures(room), legacyFormattedStatistics(formatted)),
    formattedDimensions: text(formatted.dimensions) ?? dimensionsText(room.dimensions, unitSystem),
    ceilingHeight: legacyHeight(room, formatted),
    groundColor: text(room.floor_color) ?? text(room.ground_color),
    notes: notes(room.notes),
    imageMap: imageMap(room.image_map),
    walls,
    doors: groups.door,
    windows: groups.window,
    furniture: groups.furniture,
    affectedAreas: groups['affected-area'],
    otherObjects: groups.other,
    extra: extraOf(room, [
      'uid',
      'id',
      'name',
      'room_type',
      'roomType',
      'type',
      'formatted',
      'dimensions',
      'height',
      'ceiling_height',
      'floor_color',
      'ground_color',
      'notes',
      'image_map',
      'walls',
      'wall_items',
      'furnitures',
      ...LEGACY_ROOM_MEASURES,
    ]),
  };
}

/**
 * A legacy wall item or furniture: its figures are plain fields (`width`, `height`, …) with their
 * `formatted` strings beside them; the string is the value shown where the service gave one.
 */
function legacyObjectView(
  raw: unknown,
  kind: 'furniture' | null,
  wallIndex: Map<string, number>,
): ObjectView {
  const o = rec(raw);
  const formatted = rec(o.formatted);
  const category = text(o.category) ?? text(o.type) ?? kind;
  const symbolId = text(o.symbol_id) ?? text(o.symbolId) ?? text(o.symbol);
  const wallUid = idText(o.wall_uid);
  const known = ['uid', 'id', 'name', 'category', 'type', 'symbol_id', 'symbolId', 'symbol', 'wall_uid'];
  const values: ValueEntry[] = [];
  const extra: Rec = {};
  for (const [k, v] of Object.entries(o)) {
    if (known.includes(k) || k === 'formatted') continue;
    if (isRec(v)) flattenInto(values, k, v);
    else if (Array.isArray(v)) extra[k] = v;
    else values.push({ key: k, value: text(formatted[k]) ?? scalar(v) });
  }
  for (const [k, v] of Object.entries(formatted)) {
    if (!(k in o) && text(v) !== null) values.push({ key: k, value: text(v) });
  }
  return {
    uid: idText(o.uid) ?? idText(o.id),
    kind: kindOf(category, symbolId),
    name: text(o.name),
    category,
    symbolId,
    wallUid,
    wallIndex: wallUid === null ? null : (wallIndex.get(wallUid) ?? null),
    values,
    extra,
  };
}

/** A legacy room's `dimensions` as text: the service's own string, else its numbers. */
function dimensionsText(raw: unknown, unitSystem: string | null): string | null {
  if (typeof raw === 'string') return text(raw);
  const d = rec(raw);
  const w = num(d.width);
  const l = num(d.length) ?? num(d.depth);
  if (w === null || l === null) return null;
  const unit = unitFor('length', unitSystemOf(unitSystem));
  const part = (n: number) => (unit ? `${plainNumber(n)} ${unit}` : plainNumber(n));
  return `${part(w)} × ${part(l)}`;
}

function floorView(raw: unknown): FloorView {
  const floor = rec(raw);
  const values = rec(floor.values);
  const stats = statistics(floor.statistics, floor.statistics_formatted);
  return {
    id: idText(floor.id),
    name: text(floor.name),
    level: num(floor.level),
    statistics: stats,
    ceilingHeight: ceilingHeightOf(values, floor.statistics, floor.statistics_formatted),
    notes: notes(floor.notes, values.notes),
    imageMap: imageMap(floor.image_map),
    rooms: Array.isArray(floor.rooms) ? floor.rooms.map(roomView) : [],
    extra: {
      ...extraOf(floor, [
        'id',
        'name',
        'level',
        'statistics',
        'statistics_formatted',
        'image_map',
        'notes',
        'values',
        'rooms',
      ]),
      ...prefixed('values', extraOf(values, ['ceilingHeight', 'notes'])),
    },
  };
}

function roomView(raw: unknown): RoomView {
  const room = rec(raw);
  const values = rec(room.values);
  const walls = Array.isArray(room.walls) ? room.walls.map(wallView) : [];
  const wallIndex = wallIndexOf(walls);
  const groups = groupObjects(
    Array.isArray(room.objects) ? room.objects.map((o) => objectView(o, wallIndex)) : [],
  );
  const ground = values.ground;
  return {
    id: idText(room.id),
    name: text(room.name),
    roomType: text(values.roomType) ?? text(room.roomType) ?? text(room.room_type),
    statistics: statistics(room.statistics, room.statistics_formatted),
    formattedDimensions: text(room.formatted_dimensions),
    ceilingHeight: ceilingHeightOf(values, room.statistics, room.statistics_formatted),
    groundColor: isRec(ground) ? text(ground.color) : null,
    notes: notes(room.notes, values.notes),
    imageMap: imageMap(room.image_map),
    walls,
    doors: groups.door,
    windows: groups.window,
    furniture: groups.furniture,
    affectedAreas: groups['affected-area'],
    otherObjects: groups.other,
    extra: {
      ...extraOf(room, [
        'id',
        'name',
        'statistics',
        'statistics_formatted',
        'image_map',
        'notes',
        'formatted_dimensions',
        'walls',
        'values',
        'objects',
      ]),
      ...prefixed('values', extraOf(values, ['ceilingHeight', 'roomType', 'ground', 'notes'])),
      ...(isRec(ground) ? prefixed('values.ground', extraOf(ground, ['color'])) : {}),
    },
  };
}

/** Each wall's position by its uid (the first, where a uid repeats). */
function wallIndexOf(walls: WallView[]): Map<string, number> {
  const index = new Map<string, number>();
  walls.forEach((w, i) => {
    if (w.uid !== null && !index.has(w.uid)) index.set(w.uid, i);
  });
  return index;
}

/** A room's objects by kind, each kind in the service's order. */
function groupObjects(objects: ObjectView[]): Record<ObjectKind, ObjectView[]> {
  const groups: Record<ObjectKind, ObjectView[]> = {
    door: [],
    window: [],
    furniture: [],
    'affected-area': [],
    other: [],
  };
  for (const view of objects) groups[view.kind].push(view);
  return groups;
}

function wallView(raw: unknown): WallView {
  const wall = rec(raw);
  return {
    uid: idText(wall.uid) ?? idText(wall.id),
    values: valueEntries(wall.values),
    extra: extraOf(wall, ['uid', 'values']),
  };
}

function objectView(raw: unknown, wallIndex: Map<string, number>): ObjectView {
  const o = rec(raw);
  const category = text(o.category);
  const symbolId = text(o.symbol_id) ?? text(o.symbolId);
  const wallUid = idText(o.wall_uid);
  return {
    uid: idText(o.uid) ?? idText(o.id),
    kind: kindOf(category, symbolId),
    name: text(o.name),
    category,
    symbolId,
    wallUid,
    wallIndex: wallUid === null ? null : (wallIndex.get(wallUid) ?? null),
    values: valueEntries(o.values),
    extra: extraOf(o, ['uid', 'id', 'name', 'category', 'symbol_id', 'symbolId', 'wall_uid', 'values']),
  };
}

/** By category; without one, by a symbol id that says door or window. Unknown → 'other'. */
function kindOf(category: string | null, symbolId: string | null): ObjectKind {
  const c = (category ?? '').toLowerCase().replace(/[\s_-]+/g, '');
  if (c === 'door' || c === 'doors') return 'door';
  if (c === 'window' || c === 'windows') return 'window';
  if (c === 'furniture') return 'furniture';
  if (c === 'affectedarea' || c === 'affectedareas' || c === 'partialarea' || c === 'partialareas')
    return 'affected-area';
  if (c === '') {
    const s = (symbolId ?? '').toLowerCase();
    if (s.startsWith('door')) return 'door';
    if (s.startsWith('window')) return 'window';
  }
  return 'other';
}

function ceilingHeightOf(values: Rec, stats: unknown, formatted: unknown): StatisticView | null {
  const f = rec(formatted);
  const s = rec(stats);
  const formattedText = text(f.ceiling_height) ?? text(f.ceilingHeight);
  const value = num(values.ceilingHeight) ?? num(s.ceiling_height) ?? num(s.ceilingHeight);
  if (value === null && formattedText === null) return null;
  return measure('ceiling_height', value, formattedText);
}

function imageMap(raw: unknown): ImageMapView | null {
  if (!isRec(raw)) return null;
  const areas = Array.isArray(raw.areas)
    ? raw.areas.filter(isRec).map((a) => ({
        roomId: idText(a.room_id),
        coords: Array.isArray(a.coords) ? a.coords.map(num).filter((n): n is number => n !== null) : [],
      }))
    : [];
  return { url: text(raw.url), width: num(raw.width), height: num(raw.height), areas };
}

/** The numbers and formatted strings of a `statistics` pair, matched by key. */
function statistics(numbersRaw: unknown, formattedRaw: unknown): StatisticView[] {
  const numbers = rec(numbersRaw);
  const formatted = rec(formattedRaw);
  const keys = [...new Set([...Object.keys(numbers), ...Object.keys(formatted)])];
  keys.sort((a, b) => orderOf(a) - orderOf(b));
  const out: StatisticView[] = [];
  for (const key of keys) {
    const value = num(numbers[key]);
    const f = text(formatted[key]);
    if (value === null && f === null) {
      // A non-numeric statistic without text: kept verbatim rather than dropped.
      const other = numbers[key];
      if (other === undefined || other === null) continue;
      out.push({
        key,
        label: labelOf(key),
        value: null,
        formatted: null,
        display: typeof other === 'object' ? JSON.stringify(other) : String(other),
      });
      continue;
    }
    out.push(measure(key, value, f));
  }
  return out;
}

function measure(key: string, value: number | null, formatted: string | null): StatisticView {
  return {
    key,
    label: labelOf(key),
    value,
    formatted,
    display: formatted ?? (value === null ? null : plainNumber(value)),
  };
}

function orderOf(key: string): number {
  const i = STATISTIC_ORDER.indexOf(key);
  return i === -1 ? STATISTIC_ORDER.length : i;
}

/** "walls_surface" → "Walls surface"; known keys get their own label. */
export function labelOf(key: string): string {
  const known = STATISTIC_LABELS[key];
  if (known) return known;
  const words = key
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .trim()
    .toLowerCase();
  return words ? words[0]!.toUpperCase() + words.slice(1) : key;
}

/** A number as plain text: no grouping, no unit, at most 6 decimals, no float noise. */
export function plainNumber(n: number): string {
  if (!Number.isFinite(n)) return String(n);
  return String(Number.parseFloat(n.toFixed(6)));
}

/** `values` as `[{key, value}]` (walls) or as an object (objects); nested objects get dotted keys. */
function valueEntries(raw: unknown): ValueEntry[] {
  const out: ValueEntry[] = [];
  if (Array.isArray(raw)) {
    raw.forEach((item, i) => {
      if (isRec(item) && 'key' in item) {
        flattenInto(out, String(item.key), item.value);
      } else {
        flattenInto(out, String(i), item);
      }
    });
  } else if (isRec(raw)) {
    for (const [k, v] of Object.entries(raw)) flattenInto(out, k, v);
  }
  return out;
}

function flattenInto(out: ValueEntry[], key: string, value: unknown, depth = 0): void {
  if (isRec(value) && depth < 4) {
    const entries = Object.entries(value);
    if (entries.length === 0) out.push({ key, value: null });
    for (const [k, v] of entries) flattenInto(out, `${key}.${k}`, v, depth + 1);
    return;
  }
  out.push({ key, value: scalar(value) });
}

function scalar(v: unknown): string | number | boolean | null {
  if (v === null || v === undefined) return null;
  if (typeof v === 'number' || typeof v === 'string' || typeof v === 'boolean') return v;
  return JSON.stringify(v);
}

/** Notes may be an array of values or a string; empty ones are left out, repeats once. */
function notes(...sources: unknown[]): string[] {
  const out: string[] = [];
  const add = (v: unknown) => {
    if (v === null || v === undefined) return;
    const t = (typeof v === 'object' ? JSON.stringify(v) : String(v)).trim();
    if (t && !out.includes(t)) out.push(t);
  };
  for (const s of sources) {
    if (Array.isArray(s)) s.forEach(add);
    else add(s);
  }
  return out;
}

function extraOf(o: Rec, known: readonly string[]): Rec {
  const out: Rec = {};
  for (const [k, v] of Object.entries(o)) if (!known.includes(k)) out[k] = v;
  return out;
}

function prefixed(prefix: string, o: Rec): Rec {
  const out: Rec = {};
  for (const [k, v] of Object.entries(o)) out[`${prefix}.${k}`] = v;
  return out;
}

function isRec(v: unknown): v is Rec {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function rec(v: unknown): Rec {
  return isRec(v) ? v : {};
}

function text(v: unknown): string | null {
  if (typeof v === 'string') return v.trim() === '' ? null : v;
  if (typeof v === 'number' && Number.isFinite(v)) return String(v);
  return null;
}

function idText(v: unknown): string | null {
  return text(v);
}

/** A finite number, from a number or numeric text; else null. */
function num(v: unknown): number | null {
  if (typeof v === 'number') return Number.isFinite(v) ? v : null;
  if (typeof v === 'string' && v.trim() !== '') {
    const n = Number(v);
    return Number.isFinite(n) ? n : null;
  }
  return null;
}

function count(v: unknown): number | null {
  const n = num(v);
  return n !== null && Number.isInteger(n) && n >= 0 ? n : null;
}

// ---- the rooms table ----------------------------------------------------------------------------

export function buildRoomsTable(view: PlanView): RoomsTable {
  const system = unitSystemOf(view.unitSystem);
  const rows: RoomsTableRow[] = [];
  for (const floor of view.floors ?? []) {
    for (const room of floor.rooms) {
      const stat = (key: string) => room.statistics.find((s) => s.key === key) ?? null;
      rows.push({
        floorId: floor.id,
        floor: floor.name,
        roomId: room.id,
        name: room.name,
        type: room.roomType,
        area: cell(stat('area'), system),
        wallArea: cell(stat('walls_surface') ?? stat('wall_surface'), system),
        perimeter: cell(stat('perimeter'), system),
        ceilingHeight: cell(room.ceilingHeight, system),
        volume: cell(stat('volume'), system),
        doors: room.doors.length,
        windows: room.windows.length,
      });
    }
  }
  const units = {} as Record<MeasureColumn, ColumnUnit>;
  for (const c of MEASURE_COLUMNS) units[c] = columnUnit(rows.map((r) => r[c]));
  return {
    planName: view.name,
    available: view.floors !== null,
    rows,
    units,
    totals: totalsOf(rows, units),
  };
}

/** A measurement as a table cell: a plain number gets the unit of the plan's system (if it names one). */
function cell(s: StatisticView | null, system: UnitSystem | null): MeasureCell {
  if (!s) return { text: null, value: null, formatted: null, unit: null };
  if (s.formatted !== null) {
    return { text: s.formatted, value: s.value, formatted: s.formatted, unit: unitOf(s.formatted) };
  }
  const unit = s.value === null ? null : unitForKey(s.key, system);
  return {
    text: s.value === null ? s.display : unit ? `${plainNumber(s.value)} ${unit}` : plainNumber(s.value),
    value: s.value,
    formatted: null,
    unit,
  };
}

function columnUnit(cells: MeasureCell[]): ColumnUnit {
  const present = cells.filter((c) => c.value !== null || c.text !== null);
  const numbersOnly = present.every((c) => c.value !== null);
  const units = new Set(present.map((c) => c.unit));
  const [unit] = [...units];
  if (numbersOnly && units.size === 1 && unit) return { mode: 'numeric-unit', unit };
  if (numbersOnly && present.every((c) => c.formatted === null && c.unit === null)) {
    return { mode: 'numeric', unit: null };
  }
  return { mode: 'text', unit: null };
}

/**
 * The totals row: counts always; a measure column only when its figures are numbers in one unit (or
 * all without one), and at least one room has a figure.
 */
function totalsOf(rows: RoomsTableRow[], units: Record<MeasureColumn, ColumnUnit>): RoomsTable['totals'] {
  const totals: RoomsTable['totals'] = {};
  const sum = (values: number[]) => Number.parseFloat(values.reduce((a, b) => a + b, 0).toFixed(6));
  for (const c of MEASURE_COLUMNS) {
    if (!isSummedColumn(c) || units[c].mode === 'text') continue;
    const values = rows.map((r) => r[c].value).filter((v): v is number => v !== null);
    if (values.length > 0) totals[c] = { value: sum(values), unit: units[c].unit } satisfies TotalCell;
  }
  if (rows.length > 0) {
    totals.doors = { value: sum(rows.map((r) => r.doors)), unit: null };
    totals.windows = { value: sum(rows.map((r) => r.windows)), unit: null };
  }
  return totals;
}

/**
 * The unit of a formatted measurement: what follows the number ("63.6 m²" → "m²", "1.234,5 ft²" →
 * "ft²"). Null when the text is not a number followed by a unit (e.g. "12' 3\"", "n/a", "63.6").
 */
export function unitOf(formatted: string): string | null {
  const m =
    /^\s*[-+\u2212]?\d[\d\s\u00a0\u202f.,]*?\s*([^\d\s.,'"\u2032\u2033][^\d'"\u2032\u2033]*?[23]?)\s*$/u.exec(
      formatted,
    );
  return m?.[1] ? m[1].trim() || null : null;
}
