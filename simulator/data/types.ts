/**
 * The simulator's stored data set: what `resources/demo/dataset.json` holds and what the large
 * benchmark set is generated as. Shapes follow the spec and `shared/reference/real-world-notes.md`.
 *
 * Conventions:
 * - Money, rates and quantities are strings with exactly twelve fractional digits
 *   ("1234.500000000000"); the server writes them to the wire as raw JSON numbers (or strings, when
 *   the money-as-strings variant is on).
 * - Measurements (areas, lengths, heights) are plain numbers in the plan's unit system
 *   (metres or feet); the server derives `statistics_formatted` and `formatted_dimensions` per
 *   request language.
 * - `{base}` inside a URL is replaced by the server with its own `/api/v2` base URL.
 */
import type { EstimateTotals, ItemAmounts } from '../../src-shared/estimates/types';

export type DecimalString = string;
export type UnitSystem = 'metric' | 'imperial';

export interface SimDataset {
  version: 1;
  seed: number;
  workspaces: SimWorkspace[];
}

export interface SimUser {
  id: string;
  email: string;
  firstname: string;
  lastname: string;
  role: 'admin' | 'member';
}

export interface SimTeam {
  id: string;
  name: string;
  member_ids: string[];
}

export interface SimWorkspace {
  id: string;
  name: string;
  customer: string;
  key: string;
  owner_id: string;
  users: SimUser[];
  teams: SimTeam[];
  webhook_url: string | null;
  formats: string[];
  logo: string | null;
  forms: SimForm[];
  projects: SimProject[];
}

export interface SimAddress {
  street: string;
  city: string;
  country: string;
  postal_code: string;
  latitude: number | null;
  longitude: number | null;
}

export interface SimProject {
  id: string;
  name: string;
  external_reference_id: string | null;
  thumbnail_url: string | null;
  assignee_id: string;
  creator_id: string;
  team_id: string | null;
  /** ISO 8601 with microseconds and offset, e.g. 2025-06-01T09:30:12.123456+00:00 */
  user_created: string;
  user_modified: string;
  archived_at: string | null;
  address: SimAddress;
  plan: SimPlan;
  estimates: SimEstimate[];
  files: SimFile[];
}

export interface SimStatistics {
  area: number;
  perimeter: number;
  volume: number;
  walls_surface: number;
  floor_surface: number;
  ceiling_surface: number;
  [key: string]: number;
}

export interface SimImageMap {
  /** `{base}/plans/{planId}/floors/{floorId}/image.png` — on the service's own host, needs headers */
  url: string;
  width: number;
  height: number;
  areas: { room_id: string; coords: number[] }[];
}

export interface SimPlan {
  id: string;
  name: string;
  unit_system: UnitSystem;
  created: string;
  modified: string;
  statistics: SimStatistics;
  door_count: number;
  windows_count: number;
  floors: SimFloor[];
}

export interface SimFloor {
  id: string;
  name: string;
  level: number;
  statistics: SimStatistics;
  image_map: SimImageMap;
  notes: string[];
  values: { ceilingHeight: number; notes: string; [key: string]: unknown };
  rooms: SimRoom[];
}

export interface SimRoom {
  id: string;
  name: string;
  statistics: SimStatistics;
  image_map: SimImageMap;
  notes: string[];
  /** Width and length of the room's bounding rectangle; the server formats them per language. */
  dimensions: { width: number; length: number };
  walls: SimWall[];
  values: {
    ceilingHeight: number;
    roomType: string;
    ground: { color: string };
    notes: string;
    [key: string]: unknown;
  };
  objects: SimObject[];
}

export interface SimWall {
  uid: string;
  values: { key: string; value: number | string }[];
}

export type SimObject =
  | {
      uid: string;
      symbol_id: string;
      name: string;
      category: 'door' | 'window';
      wall_uid: string;
      values: { width: number; height: number; depth: number };
    }
  | {
      uid: string;
      symbol_id: string;
      name: string;
      category: 'furniture';
      wall_uid: string | null;
      values: { width: number; height: number; depth: number };
    }
  | {
      uid: string;
      symbol_id: string;
      name: string;
      category: 'affected_area';
      wall_uid: string;
      values: { color: string; dimensions: { width: number; height: number } };
    };

/** An item: its amounts are PlanDesk's one list of them (a group has none but its total). */
export interface SimEstimateItem extends ItemAmounts {
  id: string;
  parent_id: string | null;
  type: 'group' | 'position';
  code: string;
  name: string;
  description: string;
  category: string;
  location: string;
  internal_notes: string;
  unit: string | null;
  sort: number;
  /** rate as a fraction, e.g. "0.190000000000" */
  tax: DecimalString | null;
  total: DecimalString;
  /** YYYY-MM-DD HH:MM:SS */
  modified: string;
  created: string;
}

/** An estimate's totals: every one of PlanDesk's total fields, always sent. */
export type SimEstimateTotals = EstimateTotals;

/** The company block of an estimate: the workspace's company as its estimates show it. */
export interface SimCompany {
  id: string;
  logo_url: string | null;
  watermark_url: string | null;
  company: string;
  email: string;
  phone: string;
  fax: string;
  website: string;
  street: string;
  city: string;
  postal_code: string;
  country: string;
  province: string;
}

/** The estimate detail exactly as the service serves it (timestamps `YYYY-MM-DD HH:MM:SS`, UTC). */
export interface SimEstimate {
  id: string;
  plan_id: string;
  name: string;
  unique_identifier: string;
  creator: string;
  last_modifier: string;
  status: 'draft' | 'final';
  currency: string;
  date_issue: string;
  date_valid_until: string;
  created: string;
  modified: string;
  opening_statement: string;
  closing_statement: string;
  customer: {
    id: string;
    firstname: string;
    lastname: string;
    company: string;
    email: string;
    phone: string;
    fax: string;
    tax_id: string;
    address: string;
    city: string;
    zip: string;
    area: string;
    country: string;
  };
  project: {
    id: string;
    name: string;
    description: string;
    address: { id: string } & SimAddress;
  };
  company: SimCompany;
  items: SimEstimateItem[];
  estimate_totals: SimEstimateTotals;
}

export interface SimFile {
  id: string;
  name: string;
  /** extension without dot: pdf, jpg, png, svg, dxf, xml, csv, … */
  file_type: string;
  content_type: string;
  size: number;
  /** ISO 8601 with offset */
  created: string;
  /** 'upload' for user files, 'export' for files made by Custom Export */
  origin: 'upload' | 'export';
  /** How the storage host produces the bytes: generated deterministically from this seed text. */
  content_seed: string;
}

/**
 * A form as stored; `children` are nested sections and questions.
 * Contexts allowed by the spec: plan, floor, room, objectsTree.
 */
export interface SimForm {
  id: string;
  name: string;
  /** The four targets; with the planned context options on, also their custom values. */
  context: string[];
  children: SimFormElement[];
  created: string;
  modified: string;
  /** Set by the planned publish/unpublish endpoints (variant `plannedFormEndpoints`). */
  published?: boolean;
  /** Fields the simulator does not check are kept as sent: the live schema is not shown. */
  [extra: string]: unknown;
}

export interface SimFormElement {
  id: string;
  type: 'section' | 'question';
  label: string;
  input?: 'text' | 'number' | 'choice' | 'checkbox' | 'date' | 'photo';
  options?: string[];
  required?: boolean;
  children?: SimFormElement[];
  /** Fields the simulator does not check are kept as sent. */
  [extra: string]: unknown;
}
