import type { PlanRooms } from '../../src-shared/plans/rooms-costs-types';
import type { MeasureCell } from '../../src-shared/plans/types';

/** A measurement as the rooms table gives it: the number, its unit, the service's text. */
export function measureCell(value: number, unit: string): MeasureCell {
  return { text: `${value} ${unit}`, value, formatted: `${value} ${unit}`, unit };
}

/**
 * A plan's rooms as the per-room costs take them: floors with room names (null: a room without one),
 * room ids `f<floor>-r<room>`, every room with the same measures.
 */
export function planRooms(
  floors: { name: string; rooms: (string | null)[] }[],
  planId = 'plan-1',
): PlanRooms {
  return {
    planId,
    name: 'Haus',
    modified: '2026-05-01T10:00:00+00:00',
    measures: {
      units: {
        area: { mode: 'numeric-unit', unit: 'm²' },
        wallArea: { mode: 'numeric-unit', unit: 'm²' },
        perimeter: { mode: 'numeric-unit', unit: 'm' },
      },
      totals: {},
    },
    floors: floors.map((floor, f) => ({
      id: `f${f}`,
      name: floor.name,
      rooms: floor.rooms.map((name, r) => ({
        id: `f${f}-r${r}`,
        name,
        measures: {
          area: measureCell(10, 'm²'),
          wallArea: measureCell(30, 'm²'),
          perimeter: measureCell(13, 'm'),
          doors: 1,
          windows: 2,
        },
      })),
    })),
  };
}
