/** Projects as the projects screen shows them. */
import type { Provenance } from '../offline/types';

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
}

export interface ProjectDetailView extends ProjectRow {
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
