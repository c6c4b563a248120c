import type { StoreApi } from 'zustand';
import type { ErrorValue } from '../../../../src-shared/errors/service-error';
import type {
  CreatedProjectView,
  ProjectDetailView,
  ProjectPage,
  ProjectRow,
} from '../../../../src-shared/projects/types';
import type { TeamView } from '../../../../src-shared/teams/types';
import type { PageSize, ProjectQuery, SortKey } from './query';
import type { ProjectDraft } from './validation';

export interface CreatedNotice {
  name: string;
  warnings: string[];
}

export interface ProjectsState {
  query: ProjectQuery;
  /** What the search and filter boxes show; committed to `query` after a pause (or Enter). */
  searchText: string;
  refText: string;

  /** The last page that loaded, with the query it answers. Stays visible while the next loads. */
  page: ProjectPage | null;
  loadedQuery: ProjectQuery | null;
  loading: boolean;
  listError: ErrorValue | null;
  /** The user cancelled a load; the list shows the previous result. */
  cancelled: boolean;

  selectedId: string | null;
  detail: ProjectDetailView | null;
  detailLoading: boolean;
  detailError: ErrorValue | null;
  actionBusy: 'archive' | 'restore' | null;
  actionError: ErrorValue | null;

  created: CreatedNotice | null;
  warningsDismissed: boolean;
  /** Bumped by the 'find' menu command; the search box focuses itself when it changes. */
  focusSearchTick: number;
  /** The create-project form, kept while the app runs so closing the dialog loses nothing. */
  draft: ProjectDraft;
  /** The workspace's teams for the team filter; loaded once the list shows it can be filtered. */
  teams: TeamView[] | null;
  /** The estimates of the projects shown are being looked up in the background. */
  factsFetching: boolean;

  reset: () => void;
  /**
   * Shows the projects of workspace `activeId` (its `generation`: a new key makes a new one): another
   * workspace starts fresh, a new key fetches again keeping the rest, the same one fetches again only
   * a copy read offline. Called as the list shows, and once at start-up, before the shell renders.
   */
  followWorkspace: (activeId: string, generation: number) => void;
  load: () => Promise<void>;
  reload: () => Promise<void>;
  setSearchText: (text: string) => void;
  setRefText: (text: string) => void;
  commitFilters: () => void;
  clearFilters: () => void;
  setTeam: (teamId: string) => void;
  setPage: (page: number) => void;
  setPageSize: (size: PageSize) => void;
  setHideArchived: (hide: boolean) => void;
  toggleSort: (key: Exclude<SortKey, 'service'>) => void;
  /** Looks up the estimates of the projects shown that are not known yet: the rows on screen first. */
  loadFacts: () => Promise<void>;
  /** Stops that (the list is no longer shown). */
  stopFacts: () => void;
  serviceOrder: () => void;
  select: (id: string | null) => void;
  loadDetail: (id: string) => Promise<void>;
  archive: (id: string) => Promise<boolean>;
  restore: (id: string) => Promise<boolean>;
  projectCreated: (view: CreatedProjectView) => void;
  openExisting: (project: ProjectRow) => void;
  dismissCreated: () => void;
  dismissWarnings: () => void;
  dismissCancelled: () => void;
  focusSearch: () => void;
  updateDraft: (change: Partial<ProjectDraft>) => void;
  clearDraft: () => void;
}

export type Set = StoreApi<ProjectsState>['setState'];
export type Get = StoreApi<ProjectsState>['getState'];
