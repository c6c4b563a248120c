/**
 * A project's plan: one to a few floors of rooms, each floor with an image map that lays its rooms
 * out on a grid; statistics are the exact sums of the rooms'.
 */
import {
  FLOOR_NOTES,
  GROUND_FLOOR_TYPES,
  ROOM_NAMES,
  UPPER_FLOOR_TYPES,
  type Lang,
  type RoomType,
} from '../catalogues';
import { h2n } from '../numbers';
import { isoOffset } from '../time';
import type { SimFloor, SimPlan, SimRoom, UnitSystem } from '../types';
import type { Gen } from './gen';
import { buildRoom, fitRect, toStatistics, type Stats } from './rooms';

export interface PlanOptions {
  floors: [number, number];
  rooms: [number, number];
  /** Fewer objects per room (large data set). */
  sparse: boolean;
}

function floorName(lang: Lang, level: number): string {
  if (lang === 'de') {
    if (level < 0) return 'Keller';
    if (level === 0) return 'Erdgeschoss';
    return `${level}. Obergeschoss`;
  }
  if (level < 0) return 'Sous-sol';
  if (level === 0) return 'Rez-de-chaussée';
  return level === 1 ? '1er étage' : `${level}e étage`;
}

function addStats(to: Stats, from: Stats): void {
  to.area += from.area;
  to.perimeter += from.perimeter;
  to.volume += from.volume;
  to.walls += from.walls;
}

function range(from: number, to: number): number[] {
  const out: number[] = [];
  for (let n = from; n <= to; n++) out.push(n);
  return out;
}

export function buildPlan(
  g: Gen,
  name: string,
  units: UnitSystem,
  createdMs: number,
  modifiedMs: number,
  opts: PlanOptions,
): SimPlan {
  const { rng, ids, lang } = g;
  const planId = ids.uuid();
  const floorChoices = range(opts.floors[0], opts.floors[1]);
  // Mostly one or two floors.
  const floorCount = rng.weighted(
    floorChoices,
    floorChoices.map((n) => (n === 1 ? 6 : n === 2 ? 3 : 1)),
  );
  const startLevel = floorCount > 1 && rng.chance(0.2) ? -1 : 0;
  const floors: SimFloor[] = [];
  const planStats: Stats = { area: 0, perimeter: 0, volume: 0, walls: 0 };
  let doorCount = 0;
  let windowCount = 0;
  for (let f = 0; f < floorCount; f++) {
    const level = startLevel + f;
    const floorId = ids.uuid();
    const ceiling =
      units === 'imperial'
        ? rng.pick([800, 850, 900, 1000])
        : rng.pick([240, 250, 255, 260, 275, 280, 300, 320]);
    const roomChoices = range(opts.rooms[0], opts.rooms[1]);
    const roomCount = rng.weighted(
      roomChoices,
      roomChoices.map((n) => (n <= 3 ? 4 : n === 4 ? 2 : 1)),
    );
    const types = level === 0 ? GROUND_FLOOR_TYPES : UPPER_FLOOR_TYPES;
    const first = types[0] as RoomType;
    const chosen: RoomType[] = [first, ...rng.sample(types.slice(1), roomCount - 1)].slice(0, roomCount);
    const usedNames = new Map<string, number>();
    const floorStats: Stats = { area: 0, perimeter: 0, volume: 0, walls: 0 };
    const rooms: SimRoom[] = [];
    for (const type of chosen) {
      let roomName = rng.pick(ROOM_NAMES[type][lang]);
      const seen = usedNames.get(roomName) ?? 0;
      usedNames.set(roomName, seen + 1);
      if (seen > 0) roomName = `${roomName} ${seen + 1}`;
      const built = buildRoom(g, planId, type, roomName, units, ceiling, opts.sparse);
      rooms.push(built.room);
      addStats(floorStats, built.stats);
      doorCount += built.doors;
      windowCount += built.windows;
    }
    addStats(planStats, floorStats);

    // Floor image: the rooms laid out on a grid, one rectangle each.
    const cols = Math.min(3, rooms.length);
    const rows = Math.ceil(rooms.length / cols);
    const cellW = 1600 / cols;
    const cellH = 1000 / rows;
    const areas = rooms.map((room, i) => ({
      room_id: room.id,
      coords: fitRect(
        room.dimensions.width,
        room.dimensions.length,
        (i % cols) * cellW,
        Math.floor(i / cols) * cellH,
        cellW,
        cellH,
        20,
      ),
    }));
    floors.push({
      id: floorId,
      name: floorName(lang, level),
      level,
      statistics: toStatistics(floorStats),
      image_map: {
        url: `{base}/plans/${planId}/floors/${floorId}/image.png`,
        width: 1600,
        height: 1000,
        areas,
      },
      notes: opts.sparse ? [] : rng.sample(FLOOR_NOTES[lang], rng.weighted([0, 1, 2], [4, 3, 1])),
      values: {
        ceilingHeight: h2n(ceiling),
        notes: opts.sparse || rng.chance(0.5) ? '' : rng.pick(FLOOR_NOTES[lang]),
      },
      rooms,
    });
  }
  return {
    id: planId,
    name,
    unit_system: units,
    created: isoOffset(createdMs),
    modified: isoOffset(modifiedMs),
    statistics: toStatistics(planStats),
    door_count: doorCount,
    windows_count: windowCount,
    floors,
  };
}
