/**
 * The older plan shape (`data.plan_detail.plan`, see the reference notes): plan-level figures with
 * `formatted{…}` strings and counts, and `floors[].rooms[]` with `dimensions`, numeric area,
 * perimeter, height, volume, wall and opening surfaces, `wall_items` and `furnitures` — turned into
 * the same view as the current shape (plan-view.ts).
 */
import { unitFor, unitSystemOf } from '../../src-shared/plans/units';
import {
  type FloorView,
  type ObjectView,
  type PlanView,
  type RoomView,
  type StatisticView,
  type ValueEntry,
} from '../../src-shared/plans/types';
import {
  type Rec,
  STATISTIC_ORDER,
  wallIndexOf,
  roomObjects,
  wallView,
  objectViewOf,
  imageMap,
  statistics,
  measure,
  plainNumber,
  flattenInto,
  scalar,
  notes,
  extraOf,
  isRec,
  rec,
  text,
  idText,
  num,
  count,
} from './plan-pieces';

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

export function legacyView(raw: unknown): PlanView {
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
  const objects = roomObjects([
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
    ...objects,
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
  return objectViewOf(o, category, symbolId, wallIndex, values, extra);
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
