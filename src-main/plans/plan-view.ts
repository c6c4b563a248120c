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
import { legacyView } from './plan-legacy-view';
import {
  count,
  extraOf,
  roomObjects,
  idText,
  imageMap,
  isRec,
  objectViewOf,
  measure,
  notes,
  num,
  prefixed,
  rec,
  statistics,
  text,
  valueEntries,
  wallIndexOf,
  wallView,
  type Rec,
} from './plan-pieces';
import {
  type FloorView,
  type ObjectView,
  type PlanView,
  type RoomView,
  type StatisticView,
} from '../../src-shared/plans/types';

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
  const objects = roomObjects(
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
    ...objects,
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

function objectView(raw: unknown, wallIndex: Map<string, number>): ObjectView {
  const o = rec(raw);
  const category = text(o.category);
  const symbolId = text(o.symbol_id) ?? text(o.symbolId);
  return objectViewOf(
    o,
    category,
    symbolId,
    wallIndex,
    valueEntries(o.values),
    extraOf(o, ['uid', 'id', 'name', 'category', 'symbol_id', 'symbolId', 'wall_uid', 'values']),
  );
}

function ceilingHeightOf(values: Rec, stats: unknown, formatted: unknown): StatisticView | null {
  const f = rec(formatted);
  const s = rec(stats);
  const formattedText = text(f.ceiling_height) ?? text(f.ceilingHeight);
  const value = num(values.ceilingHeight) ?? num(s.ceiling_height) ?? num(s.ceilingHeight);
  if (value === null && formattedText === null) return null;
  return measure('ceiling_height', value, formattedText);
}
