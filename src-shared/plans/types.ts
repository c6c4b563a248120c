import type { Provenance } from '../offline/types';
import type { RoomsColumnKey } from './rooms-columns';

/**
 * A plan as the UI and the CLI show it: either shape the service sends turned into one view model
 * (built by src-main/plans/plan-view.ts). Measurements keep the service's formatted strings; PlanDesk
 * never invents a unit. Missing parts are null ("not available"); unknown fields are kept in `extra`.
 */

/** One measurement: the service's number and its formatted text, and what to show. */
export interface StatisticView {
  key: string;
  /** English label derived from the key; the UI may translate by `key`. */
  label: string;
  /** The service's number; null when it gave none (or not a number). */
  value: number | null;
  /** The service's formatted text (e.g. "63.6 m²"), verbatim; null when it gave none. */
  formatted: string | null;
  /** What to show: the formatted text, else the plain number (no unit), else null = not available. */
  display: string | null;
}

export interface ImageMapView {
  url: string | null;
  width: number | null;
  height: number | null;
  areas: { roomId: string | null; coords: number[] }[];
}

/** One entry of a `values` list or object, flattened: nested objects give dotted keys. */
export interface ValueEntry {
  key: string;
  value: string | number | boolean | null;
}

export interface WallView {
  uid: string | null;
  values: ValueEntry[];
  extra: Record<string, unknown>;
}

export type ObjectKind = 'door' | 'window' | 'furniture' | 'affected-area' | 'other';

export interface ObjectView {
  uid: string | null;
  kind: ObjectKind;
  name: string | null;
  category: string | null;
  symbolId: string | null;
  /** The wall this item sits in (doors, windows) or covers (affected areas); null when none. */
  wallUid: string | null;
  /** Index into the room's `walls` of the wall `wallUid` names; null when absent or not found. */
  wallIndex: number | null;
  values: ValueEntry[];
  extra: Record<string, unknown>;
}

export interface RoomView {
  id: string | null;
  name: string | null;
  roomType: string | null;
  statistics: StatisticView[];
  /** The service's text, e.g. "3.50 m × 4.20 m". */
  formattedDimensions: string | null;
  ceilingHeight: StatisticView | null;
  groundColor: string | null;
  notes: string[];
  imageMap: ImageMapView | null;
  walls: WallView[];
  doors: ObjectView[];
  windows: ObjectView[];
  furniture: ObjectView[];
  affectedAreas: ObjectView[];
  /** Objects of a category PlanDesk does not know. */
  otherObjects: ObjectView[];
  extra: Record<string, unknown>;
}

export interface FloorView {
  id: string | null;
  name: string | null;
  level: number | null;
  statistics: StatisticView[];
  ceilingHeight: StatisticView | null;
  notes: string[];
  imageMap: ImageMapView | null;
  rooms: RoomView[];
  extra: Record<string, unknown>;
}

export interface PlanView {
  shape: 'current' | 'legacy';
  id: string | null;
  name: string | null;
  projectId: string | null;
  unitSystem: string | null;
  created: string | null;
  modified: string | null;
  statistics: StatisticView[];
  doorCount: number | null;
  windowCount: number | null;
  floorCount: number | null;
  roomCount: number | null;
  wallCount: number | null;
  notes: string[];
  /** null when the shape carries no floors (legacy): "not available", not "none". */
  floors: FloorView[] | null;
  extra: Record<string, unknown>;
}

// ---- the rooms table ----------------------------------------------------------------------------

/** A measurement cell: the text to show and the number to sort by. */
export interface MeasureCell {
  /** The service's formatted text, else the plain number; null = not available. */
  text: string | null;
  value: number | null;
  /** The service's formatted text alone; null when it gave none. */
  formatted: string | null;
  /**
   * The unit: read off the formatted text ("m²"), else, for a plain number, the unit of the plan's
   * unit system; null when there is none or it is unreadable.
   */
  unit: string | null;
}

export interface RoomsTableRow {
  floorId: string | null;
  floor: string | null;
  roomId: string | null;
  name: string | null;
  type: string | null;
  area: MeasureCell;
  /** The room's wall surface (the service's `walls_surface`): what painters and drywallers price. */
  wallArea: MeasureCell;
  perimeter: MeasureCell;
  ceilingHeight: MeasureCell;
  volume: MeasureCell;
  doors: number;
  windows: number;
}

export const MEASURE_COLUMNS = ['area', 'wallArea', 'perimeter', 'ceilingHeight', 'volume'] as const;
export type MeasureColumn = (typeof MEASURE_COLUMNS)[number];

/**
 * How a measure column can be written as numbers:
 * - 'numeric-unit': every value has a formatted text and they all agree on one unit → numbers, the
 *   unit in the header;
 * - 'numeric': no value has a formatted text (plain numbers from the service) → numbers, no unit;
 * - 'text': otherwise (units disagree, some texts missing or without a readable unit) → the texts.
 */
export interface ColumnUnit {
  mode: 'numeric-unit' | 'numeric' | 'text';
  unit: string | null;
}

/** A figure of the totals row: the sum, and the unit it is in (null: a count, or no unit). */
export interface TotalCell {
  value: number;
  unit: string | null;
}

export interface RoomsTable {
  planName: string | null;
  /** False when the plan carries no floors at all: the table is "not available". */
  available: boolean;
  rows: RoomsTableRow[];
  units: Record<MeasureColumn, ColumnUnit>;
  /**
   * The totals row, for the columns that add up (see rooms-columns.ts): absent for a column whose
   * figures cannot honestly be added (units differ, texts only) or that has no figure at all.
   */
  totals: Partial<Record<RoomsColumnKey, TotalCell>>;
}

export interface PlanResult extends Provenance {
  view: PlanView;
  rooms: RoomsTable;
}
