/**
 * The generator's fixed catalogues, typed: what rooms, objects, trades, cities and file types exist,
 * and the two demo workspaces and the benchmark workspace. The data lives in the JSON files beside
 * this one; the generated data sets depend on their order, so entries are appended, not sorted.
 */
import estimateTexts from './estimate-texts.json';
import fileTypes from './file-types.json';
import large from './large.json';
import lumiere from './lumiere.json';
import nordlicht from './nordlicht.json';
import places from './places.json';
import planObjects from './plan-objects.json';
import rooms from './rooms.json';
import trades from './trades.json';
import type {
  City,
  Country,
  Lang,
  LargeWorkspaceSpec,
  Localized,
  ObjectSpec,
  RoomType,
  Trade,
  WorkspaceSpec,
} from './types';

export type * from './types';

export const ROOM_NAMES = rooms.roomNames as Record<RoomType, Record<Lang, string[]>>;
/** Room bounding box ranges in centimetres: [minW, maxW, minL, maxL]. */
export const ROOM_SIZES = rooms.roomSizes as Record<RoomType, [number, number, number, number]>;
export const ROOM_NOTES: Record<Lang, string[]> = rooms.roomNotes;
export const FLOOR_NOTES: Record<Lang, string[]> = rooms.floorNotes;
/** The first type of each list is always there; the others are drawn from the rest. */
export const GROUND_FLOOR_TYPES = rooms.groundFloorTypes as RoomType[];
export const UPPER_FLOOR_TYPES = rooms.upperFloorTypes as RoomType[];

export const DOORS: ObjectSpec[] = planObjects.doors;
export const WINDOWS: ObjectSpec[] = planObjects.windows;
export const FURNITURE: Record<RoomType, ObjectSpec[]> = planObjects.furniture;
export const AFFECTED_AREAS: Localized[] = planObjects.affectedAreas;
export const WALL_MATERIALS: string[] = planObjects.wallMaterials;
export const GROUND_COLORS: string[] = planObjects.groundColors;
export const AFFECTED_COLORS: string[] = planObjects.affectedColors;

export const TRADES = trades as Trade[];
/** Group names below trade and room: building element, then phase. */
export const ELEMENT_GROUPS: Localized[] = estimateTexts.elementGroups;
export const PHASE_GROUPS: Localized[] = estimateTexts.phaseGroups;
/** Numbered group names for estimates bigger than the real names allow, one per depth. */
export const FALLBACK_GROUP: Localized[] = estimateTexts.fallbackGroup;
export const INTERNAL_NOTES: Localized[] = estimateTexts.internalNotes;
export const OPENING: Record<Lang, string[]> = estimateTexts.opening;
export const CLOSING: Record<Lang, string[]> = estimateTexts.closing;
export const PROJECT_DESCRIPTIONS: Record<Lang, string[]> = estimateTexts.projectDescriptions;

export const CITIES = places.cities as City[];
export const TAX_RATE: Record<Country, string> = places.taxRate;
export const PHONE_PREFIX: Record<Country, string> = places.phonePrefix;

export const CONTENT_TYPES: Record<string, string> = fileTypes.contentTypes;
/** Size ranges in bytes by extension. */
export const FILE_SIZES: Record<string, [number, number]> = fileTypes.fileSizes as Record<
  keyof typeof fileTypes.fileSizes,
  [number, number]
>;

export const NORDLICHT = nordlicht as WorkspaceSpec;
export const LUMIERE = lumiere as WorkspaceSpec;
export const LARGE = large as LargeWorkspaceSpec;

export function citiesOf(country: Country): City[] {
  return CITIES.filter((c) => c.country === country);
}
