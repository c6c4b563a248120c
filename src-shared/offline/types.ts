/** Where shown data came from, what a project has kept for offline use, and the storage it takes. */

/**
 * Where shown data came from. `cache`: the service could not be reached, so this is the offline copy
 * fetched at `fetchedAt` (ISO 8601) — the UI says "offline — data from <time>".
 */
export interface Provenance {
  source: 'network' | 'cache';
  fetchedAt: string;
}

export interface OfflineStatus {
  available: boolean;
  /** ISO 8601: when the offline copy was made. */
  fetchedAt: string | null;
  estimates: number;
  /** Floor images in the copy. */
  images: number;
  /** Whether the files list is in the copy. */
  filesList: boolean;
  /** Whether the user asked to keep the files themselves too. */
  keepFiles: boolean;
  /** Files kept on this computer, and their bytes. */
  keptFiles: number;
  keptBytes: number;
}

/** Asked before "make available offline": what keeping the files too would take. */
export interface OfflinePreview {
  files: number;
  /** The sum of the sizes the service lists. */
  bytes: number;
  /** Files the service lists without a size (not in `bytes`). */
  unknownSizes: number;
}

export interface PinnedProjectView {
  projectId: string;
  /** From the copy; '' when it has none. */
  name: string;
  fetchedAt: string;
  estimates: number;
  images: number;
  keepFiles: boolean;
  keptFiles: number;
  keptBytes: number;
}

/** One workspace's offline data on this computer. */
export interface WorkspaceStorage {
  workspaceId: string;
  name: string;
  demo: boolean;
  /** False: this session's cache is in memory only (nothing is kept on disk). */
  persistent: boolean;
  /** The database and the kept files, on disk. */
  diskBytes: number;
  /** Cached data of pinned projects (not their kept files). */
  pinnedBytes: number;
  /** Cached data that is not pinned: what the budget applies to. */
  otherBytes: number;
  keptFilesBytes: number;
  /** Estimate versions kept (issue 17), outside the budget. */
  versionsBytes: number;
  /** Uploads waiting in the outbox, and their bytes (never cleared with the cache). */
  waitingUploads: number;
  waitingBytes: number;
  pinned: PinnedProjectView[];
}

export interface StorageReport {
  /** The most megabytes of data that is not pinned kept per workspace. */
  budgetMb: number;
  workspaces: WorkspaceStorage[];
}

/**
 * The app-wide connection indicator: the active workspace's service reachable, not reachable since
 * a time, or reachable and sending what waited (uploads, offline copies).
 */
export interface ConnectionStatus {
  state: 'online' | 'offline' | 'syncing';
  /** ISO 8601, while offline. */
  offlineSince: string | null;
  /** ISO 8601: the end of the last "Sync now" that reached the service. */
  lastSync: string | null;
  /** Uploads waiting in the active workspace's outbox. */
  waitingUploads: number;
}
