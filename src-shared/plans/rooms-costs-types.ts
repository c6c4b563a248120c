/**
 * The estimate on the plan (issue 28): each room with its measures and the positions placed in it,
 * the positions not on the plan (and why), the rooms not priced, and the totals. Money is exact
 * decimal text with twelve fractional digits; `…Shown` figures are rounded to the currency's digits
 * so that the printed rows add up to the printed total (see src-main/plans/rooms-costs.ts).
 */
import type { ErrorValue } from '../errors/service-error';
import type { DecimalString } from '../money/amounts';
import type { Provenance } from '../offline/types';
import type { NotPlacedReason } from './room-matching';
import type { ColumnUnit, MeasureCell, TotalCell } from './types';

/** A room's measures, as the rooms table gives them. */
export interface RoomMeasures {
  area: MeasureCell;
  wallArea: MeasureCell;
  perimeter: MeasureCell;
  doors: number;
  windows: number;
}

export type RoomMeasureKey = 'area' | 'wallArea' | 'perimeter';

/** How the rooms' measures read as numbers, and what they add up to (the rooms table's rules). */
export interface MeasuresSummary {
  units: Record<RoomMeasureKey, ColumnUnit>;
  totals: Partial<Record<RoomMeasureKey | 'doors' | 'windows', TotalCell>>;
}

/** A plan's floors and rooms as the per-room model needs them (built from either plan shape). */
export interface PlanRooms {
  /** The plan the project names (the one the estimate's `plan_id` must name). */
  planId: string;
  name: string | null;
  modified: string | null;
  measures: MeasuresSummary;
  floors: {
    id: string | null;
    name: string | null;
    rooms: { id: string | null; name: string | null; measures: RoomMeasures }[];
  }[];
}

/** A plan read for placing positions: its rooms, or why there are none (then `plan` may be null). */
export interface PlanRoomsRead {
  plan: PlanRooms | null;
  problem: PlanProblem | null;
}

/** Why no position could be placed at all. */
export type PlanProblem =
  /** The plan could not be read (and no copy is kept). */
  | { kind: 'plan-failed'; error: ErrorValue }
  /** The project names no plan. */
  | { kind: 'no-project-plan' }
  /** The estimate names no plan. */
  | { kind: 'no-plan-id' }
  /** The estimate names another plan than the project's. */
  | { kind: 'other-plan'; planId: string }
  /** The plan carries no floors (its format lists no rooms). */
  | { kind: 'no-floors' };

/** The positions of one unit, summed: their quantity (null when none has one) and net amount. */
export interface UnitSum {
  /** The unit as the estimate writes it (common spellings joined: m2 → m²); null: positions without one. */
  unit: string | null;
  quantity: DecimalString | null;
  net: DecimalString;
  positions: number;
}

export type RoomNameProblem = 'unnamed' | 'hidden-characters';

export interface RoomCostRow {
  /** The room's place in the plan (floor by floor, in the service's order). */
  index: number;
  roomId: string | null;
  floorId: string | null;
  floor: string | null;
  name: string | null;
  /** Why no position can name this room (it can still be priced by nothing: "Not priced"). */
  nameProblem: RoomNameProblem | null;
  measures: RoomMeasures;
  positionIds: string[];
  byUnit: UnitSum[];
  net: DecimalString;
  /** The net rounded to the currency's digits, apportioned so the column adds up (minor units as text). */
  netShown: string;
}

/** Positions not on the plan for one reason and one text (a location, a group's name). */
export interface NotOnPlanGroup {
  reason: NotPlacedReason | 'plan-unavailable';
  /** The text that could not be placed, hidden characters made visible; null when there was none. */
  text: string | null;
  /** The floors of the rooms it could be (for 'ambiguous', 'not-on-floor'). */
  floors: string[];
  positionIds: string[];
  net: DecimalString;
  netShown: string;
}

export interface NotOnPlan {
  positionIds: string[];
  byUnit: UnitSum[];
  net: DecimalString;
  netShown: string;
  groups: NotOnPlanGroup[];
}

export interface RoomsCostsTotals {
  /** What the rooms add up to. */
  placedNet: DecimalString;
  /** The rooms' printed amounts added up (with "not on the plan" they make the printed total). */
  placedShown: string;
  notOnPlanNet: DecimalString;
  /** Every position's net amount added up: the estimate's net total. */
  totalNet: DecimalString;
  totalShown: string;
  /** The service's own `subtotal_without_tax`, when it sent one. */
  serviceNet: DecimalString | null;
  /** placedNet + notOnPlanNet = totalNet, exactly (checked, never assumed). */
  sumHolds: boolean;
}

export interface RoomsCosts {
  estimate: {
    id: string;
    name: string;
    uniqueIdentifier: string | null;
    planId: string | null;
    modified: string | null;
  };
  plan: { id: string; name: string | null; modified: string | null; measures: MeasuresSummary } | null;
  /** Set when nothing could be placed: every position is then "not on the plan" for this reason. */
  planProblem: PlanProblem | null;
  /** One estimate, one currency: nothing here is ever added across currencies. */
  currency: string | null;
  /** Fraction digits of the currency (the `…Shown` figures have these). */
  digits: number;
  /** Every unit the positions use, most used first. */
  units: (string | null)[];
  /** All positions summed by unit (rooms and "not on the plan" together). */
  unitTotals: UnitSum[];
  rooms: RoomCostRow[];
  notOnPlan: NotOnPlan;
  /** The rooms no position is placed in (indices into `rooms`). */
  notPriced: number[];
  totals: RoomsCostsTotals;
}

/** A room as the drift remembers it. */
export interface SeenRoom {
  id: string;
  name: string | null;
  floor: string | null;
  priced: boolean;
}

/** What the user saw last time (kept per estimate in the workspace's cache). */
export interface RoomsSeen {
  at: string;
  planId: string | null;
  planModified: string | null;
  estimateModified: string | null;
  /** The kept version of the estimate seen (its number), when versions are kept. */
  versionSeq: number | null;
  rooms: SeenRoom[];
  notOnPlan: number;
  notOnPlanNet: DecimalString;
}

export type RoomState = 'priced' | 'not-priced' | 'absent';

export interface DriftRoom {
  id: string;
  name: string | null;
  /** The name it had then, when it was renamed since. */
  nameBefore?: string | null;
  floor: string | null;
  before: RoomState;
  after: RoomState;
}

/** What moved between priced and not priced since the user last looked. */
export interface RoomsDrift {
  since: string;
  planChanged: boolean;
  estimateChanged: boolean;
  /** The kept versions of the estimate then and now, when both are known and differ. */
  versions: { from: number; to: number } | null;
  moved: DriftRoom[];
  notOnPlan: { before: number; after: number; beforeNet: DecimalString; afterNet: DecimalString };
}

export interface RoomsCostsEstimate {
  id: string;
  name: string;
  uniqueId: string | null;
  status: string | null;
  modified: string | null;
}

/** The plan view's costs: the project's estimates to pick from, the one shown, and its drift. */
export interface RoomsCostsResult extends Provenance {
  estimates: RoomsCostsEstimate[];
  /** The estimate changed last: the one shown unless the user picks another. */
  latestId: string | null;
  estimateId: string | null;
  costs: RoomsCosts | null;
  drift: RoomsDrift | null;
}
