/** Projects as the projects screen shows them. */
import type { Provenance } from '../offline/types';

/**
 * The orders of the projects list: the service's own (it pages on the server), or by a column (the
 * whole list is loaded and sorted).
 */
export const PROJECT_SORT_KEYS = [
  'service',
  'name',
  'client',
  'ref',
  'estimates',
  'total',
  'modified',
  'created',
  'status',
] as const;
export type ProjectSortKey = (typeof PROJECT_SORT_KEYS)[number];

export interface ProjectRow {
  id: string;
  name: string;
  externalReferenceId: string | null;
  /** ISO 8601 */
  created: string | null;
  modified: string | null;
  archived: boolean;
  archivedAt: string | null;
  assigneeEmail: string | null;
  /** Only when the service's list items name the team (they need not: see docs/service-shapes.md). */
  teamId?: string | null;
  teamName?: string | null;
  /** What PlanDesk knows of the project's estimates (the list items say nothing of them). */
  facts?: ProjectFacts;
}

/**
 * A project's estimates as far as PlanDesk knows them: from lists and estimates it fetched before
 * (or is fetching in the background for the projects shown), never guessed.
 */
export interface ProjectFacts {
  /** How many estimates the project has; null while its estimates were never listed. */
  estimates: number | null;
  /** What the estimates whose totals are known add up to, one sum per currency (exact decimals). */
  total: { currency: string; net: string; gross: string }[];
  /** How many estimates are in `total` (equal to `estimates` when it is the whole project's). */
  totalsKnown: number;
  /** The client named on the project's newest estimate that names one (company, else person). */
  client: string | null;
  /**
   * Main is still fetching the project's list or some of its estimates (its answer came at its time
   * limit): asking again waits for them.
   */
  fetching?: boolean;
}

export interface ProjectPage extends Partial<Provenance> {
  rows: ProjectRow[];
  page: number;
  pageSize: number;
  totalPages: number | null;
  totalCount: number | null;
  /** Whether the list items say which team each project belongs to (then they can be filtered by it). */
  teamsOnRows?: boolean;
  /**
   * Offline: the rows are a search over the projects kept on this computer (`kept` of them), not
   * the service's answer.
   */
  offlineSearch?: { kept: number };
  /**
   * Sorted by client, estimates or total: how many projects of the list sort last because their
   * estimates are not (all) known (offline, or past the requests a sort may make).
   */
  factsIncomplete?: number;
}

export interface ProjectDetailView extends ProjectRow, Partial<Provenance> {
  planId: string | null;
  teamName: string | null;
  address: {
    street: string | null;
    city: string | null;
    postalCode: string | null;
    country: string | null;
  } | null;
}

export interface CreatedProjectView {
  project: ProjectDetailView;
  /** From a 207 answer: the project exists, with these remarks from the service. */
  warnings: string[];
}
