/**
 * One room of a plan: size, walls, doors, windows, furniture and affected areas, with statistics
 * in integer hundredths of the plan's unit so that floors and plans add up exactly.
 */
import {
  AFFECTED_AREAS,
  AFFECTED_COLORS,
  DOORS,
  FURNITURE,
  GROUND_COLORS,
  ROOM_NOTES,
  ROOM_SIZES,
  WALL_MATERIALS,
  WINDOWS,
  type ObjectSpec,
  type RoomType,
} from '../catalogues';
import { FEET_PER_METRE, h2n, round2 } from '../numbers';
import type { Prng } from '../prng';
import type { SimImageMap, SimObject, SimRoom, SimStatistics, SimWall, UnitSystem } from '../types';
import type { Gen } from './gen';

/** Hundredths of the plan's unit (of area, length, volume). */
export interface Stats {
  area: number;
  perimeter: number;
  volume: number;
  walls: number;
}

export function toStatistics(s: Stats): SimStatistics {
  return {
    area: h2n(s.area),
    perimeter: h2n(s.perimeter),
    volume: h2n(s.volume),
    walls_surface: h2n(s.walls),
    floor_surface: h2n(s.area),
    ceiling_surface: h2n(s.area),
  };
}

/** A rectangle for a room of w × l units, centred in the box, as [x1, y1, x2, y2] pixels. */
export function fitRect(
  w: number,
  l: number,
  x: number,
  y: number,
  boxW: number,
  boxH: number,
  margin: number,
): number[] {
  const scale = Math.min((boxW - 2 * margin) / w, (boxH - 2 * margin) / l);
  const rw = Math.round(w * scale);
  const rh = Math.round(l * scale);
  const x1 = Math.round(x + (boxW - rw) / 2);
  const y1 = Math.round(y + (boxH - rh) / 2);
  return [x1, y1, x1 + rw, y1 + rh];
}

function objectValues(
  spec: ObjectSpec,
  units: UnitSystem,
  rng: Prng,
): { width: number; height: number; depth: number } {
  const f = units === 'imperial' ? FEET_PER_METRE : 1;
  // ±10 % variation keeps furniture from all looking the same.
  const vary = (x: number): number => round2(x * f * (0.9 + rng.int(0, 20) / 100));
  return { width: vary(spec.w), height: vary(spec.h), depth: vary(spec.d) };
}

export function buildRoom(
  g: Gen,
  planId: string,
  type: RoomType,
  name: string,
  units: UnitSystem,
  floorCeiling: number,
  sparse: boolean,
): { room: SimRoom; stats: Stats; doors: number; windows: number } {
  const { rng, ids, lang } = g;
  const roomId = ids.uuid();
  const [minW, maxW, minL, maxL] = ROOM_SIZES[type];
  // Dimensions in hundredths of the plan's unit.
  const toUnit = (cm: number): number => (units === 'imperial' ? Math.round(cm * FEET_PER_METRE) : cm);
  const wH = toUnit(rng.int(minW, maxW));
  const lH = toUnit(rng.int(minL, maxL));
  const ceilH = rng.chance(0.2)
    ? floorCeiling + (units === 'imperial' ? rng.int(-50, 50) : rng.int(-15, 15))
    : floorCeiling;

  const area = Math.round((wH * lH) / 100);
  const perimeter = 2 * (wH + lH);
  const volume = Math.round((area * ceilH) / 100);
  const walls = Math.round((perimeter * ceilH) / 100);
  const stats: Stats = { area, perimeter, volume, walls };

  // Walls: the four sides, one or two of them split in two (L-shapes keep the bounding perimeter).
  const sides = [wH, lH, wH, lH];
  const wallCount = sparse ? 4 : rng.weighted([4, 5, 6], [10, 2, 1]);
  const lengths: number[] = [];
  sides.forEach((len, i) => {
    const split = (wallCount >= 5 && i === 1) || (wallCount === 6 && i === 2);
    if (split) {
      const a = rng.int(Math.round(len * 0.3), Math.round(len * 0.7));
      lengths.push(a, len - a);
    } else {
      lengths.push(len);
    }
  });
  const thicknessChoices =
    units === 'imperial' ? [0.33, 0.5, 0.75, 1] : [0.1, 0.115, 0.175, 0.24, 0.3, 0.365];
  const wallList: SimWall[] = lengths.map((len) => ({
    uid: ids.uuid(),
    values: [
      { key: 'length', value: h2n(len) },
      { key: 'height', value: h2n(ceilH) },
      { key: 'thickness', value: rng.pick(thicknessChoices) },
      { key: 'material', value: rng.pick(WALL_MATERIALS) },
    ],
  }));
  const wallLen = (i: number): number => h2n(lengths[i] ?? 0);
  const wallFor = (width: number): string => {
    const candidates = wallList.filter((_, i) => wallLen(i) >= width + 0.2);
    return rng.pick(candidates.length > 0 ? candidates : wallList).uid;
  };

  const objects: SimObject[] = [];
  const place = (spec: ObjectSpec, category: 'door' | 'window' | 'furniture'): void => {
    const values = objectValues(spec, units, rng);
    const common = { uid: ids.uuid(), symbol_id: spec.symbol, name: spec.name[lang] };
    objects.push(
      category === 'furniture'
        ? { ...common, category, wall_uid: spec.onWall ? wallFor(values.width) : null, values }
        : { ...common, category, wall_uid: wallFor(values.width), values },
    );
  };
  const doors = sparse ? 1 : type === 'hallway' ? rng.int(2, 3) : type === 'living' ? rng.int(1, 2) : 1;
  for (let i = 0; i < doors; i++) place(rng.weighted(DOORS, [6, 1, 2]), 'door');
  const windows = sparse
    ? rng.int(0, 1)
    : type === 'hallway' || type === 'bathroom'
      ? rng.int(0, 1)
      : rng.int(1, type === 'living' ? 3 : 2);
  for (let i = 0; i < windows; i++) place(rng.pick(WINDOWS), 'window');
  const furnitureCount = sparse ? rng.int(0, 1) : rng.weighted([0, 1, 2], [4, 4, 2]);
  for (const spec of rng.sample(FURNITURE[type], furnitureCount)) place(spec, 'furniture');
  if (!sparse && rng.chance(0.3)) {
    const wallIndex = rng.int(0, wallList.length - 1);
    const maxWidth = Math.max(30, Math.min(lengths[wallIndex] ?? 0, units === 'imperial' ? 1000 : 300));
    objects.push({
      uid: ids.uuid(),
      symbol_id: 'partial_area',
      name: rng.pick(AFFECTED_AREAS)[lang],
      category: 'affected_area',
      wall_uid: (wallList[wallIndex] as SimWall).uid,
      values: {
        color: rng.pick(AFFECTED_COLORS),
        dimensions: {
          width: h2n(rng.int(Math.min(30, maxWidth), maxWidth)),
          height: h2n(rng.int(Math.min(30, ceilH), ceilH)),
        },
      },
    });
  }

  const roomImage: SimImageMap = {
    url: `{base}/plans/${planId}/rooms/${roomId}/image.png`,
    width: 800,
    height: 600,
    areas: [{ room_id: roomId, coords: fitRect(wH, lH, 0, 0, 800, 600, 40) }],
  };

  const room: SimRoom = {
    id: roomId,
    name,
    statistics: toStatistics(stats),
    image_map: roomImage,
    notes: sparse ? [] : rng.sample(ROOM_NOTES[lang], rng.weighted([0, 1, 2], [5, 3, 1])),
    dimensions: { width: h2n(wH), length: h2n(lH) },
    walls: wallList,
    values: {
      ceilingHeight: h2n(ceilH),
      roomType: type,
      ground: { color: rng.pick(GROUND_COLORS) },
      notes: sparse || rng.chance(0.6) ? '' : rng.pick(ROOM_NOTES[lang]),
    },
    objects,
  };
  return { room, stats, doors, windows };
}
