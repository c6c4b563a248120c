import type { ProjectSortKey } from '../../../../src-shared/projects/types';
import { storedSwitch } from '../../lib/stored-switch';

/** What the projects list shows: page, search and filters, order. */
export type SortKey = ProjectSortKey;
export type SortDirection = 'asc' | 'desc';
export const PAGE_SIZES = [10, 25, 50] as const;
export type PageSize = (typeof PAGE_SIZES)[number];
export const DEFAULT_PAGE_SIZE: PageSize = 25;

export interface ProjectQuery {
  page: number;
  pageSize: PageSize;
  /** Name search (applied after a short pause in typing). */
  name: string;
  /** Exact external reference filter. */
  ref: string;
  /** Only this team's projects ('' for all); offered only when the list items name their team. */
  team: string;
  sort: SortKey;
  direction: SortDirection;
  /** Leave archived projects out; remembered on this computer. */
  hideArchived: boolean;
}

export const HIDE_ARCHIVED_KEY = 'plandesk.hideArchivedProjects';

export const storedHideArchived = (): boolean => storedSwitch(HIDE_ARCHIVED_KEY, false);

export const INITIAL_QUERY: ProjectQuery = {
  page: 1,
  pageSize: DEFAULT_PAGE_SIZE,
  name: '',
  ref: '',
  team: '',
  sort: 'service',
  direction: 'asc',
  hideArchived: false,
};

/** Whether two queries choose different projects (not just another page or order of them). */
export function filtersDiffer(a: ProjectQuery, b: ProjectQuery): boolean {
  return a.name !== b.name || a.ref !== b.ref || a.team !== b.team || a.hideArchived !== b.hideArchived;
}
