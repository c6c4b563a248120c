/**
 * The cache's types, below every file of src-main/cache (cache-db.ts is the folder's public face and
 * re-exports them): the tables import only `db.ts`, so no file of the cache imports back up.
 */
import type { CacheStorage } from './cache-storage';
import type { KeptFilesTable } from './kept-files';
import type { LegacyOutboxTable } from './outbox-table';
import type { VersionTable } from './version-table';
import type { CheckpointRunner } from './wal-checkpoints';

/** What is cached. Keys: see `cacheKeys`. */
export type CacheKind =
  | 'projects-page'
  | 'project'
  | 'plan'
  | 'estimates-list'
  | 'estimate'
  | 'estimate-summary'
  /** The estimate screen's view of a large cached estimate, compressed (estimates/stored-view.ts). */
  | 'estimate-view'
  /** What the user last saw of an estimate on its plan (plans/rooms-costs-service.ts). */
  | 'rooms-costs-seen'
  | 'forms-list'
  | 'form'
  | 'workspace'
  | 'files-list';

/** Bytes kept as they came (floor images), not JSON. */
export type BlobKind = 'image';

export const CACHE_KINDS: readonly CacheKind[] = [
  'projects-page',
  'project',
  'plan',
  'estimates-list',
  'estimate',
  'estimate-summary',
  'estimate-view',
  'rooms-costs-seen',
  'forms-list',
  'form',
  'workspace',
  'files-list',
];

export interface CacheHit<T> {
  data: T;
  fetchedAt: Date;
}

/** An entry to write: `data`, or `bytes` already in the stored form (stored-json.ts). */
export interface CachePut {
  kind: CacheKind;
  key: string;
  data?: unknown;
  /** storedJsonBytes' output (a worker made it); used instead of `data`. */
  bytes?: Uint8Array | undefined;
  /** Default: now. */
  fetchedAt?: Date;
}

/** An entry's stored bytes (stored-json.ts), unparsed. */
export interface CacheBytes {
  bytes: Uint8Array;
  fetchedAt: Date;
}

export interface CacheRecovery {
  /** `corrupt`: not a database, damaged, or a schema PlanDesk does not know. */
  reason: 'corrupt' | 'newer-version';
  /** Full path of the moved-aside file; its -wal/-shm (if any) sit next to it with those suffixes. */
  movedTo: string;
}

export interface BlobHit {
  bytes: Buffer;
  contentType: string | null;
  fetchedAt: Date;
}

export interface BlobPut {
  kind: BlobKind;
  key: string;
  bytes: Uint8Array;
  contentType: string | null;
  /** Default: now. */
  fetchedAt?: Date;
}

/** A project made available offline: written with all its parts in one transaction. */
export interface OfflineProjectRecord {
  projectId: string;
  /** When the sync that wrote it started: every part is at least this fresh. */
  fetchedAt: Date;
  planId: string | null;
  estimates: number;
  /** Floor images kept with it. */
  images: number;
  /** Whether the user asked to keep the project's files too. */
  keepFiles: boolean;
}

export interface OfflineSnapshot {
  projectId: string;
  fetchedAt: Date;
  planId: string | null;
  /** The project, its plan, its estimates list, every estimate and its files list. */
  entries: CachePut[];
  /** Its floor images. */
  blobs?: BlobPut[];
  keepFiles?: boolean;
}

/** A write the cache could not make (logged, and told to whoever listens). */
export interface WriteFailure {
  /** The database file. */
  path: string;
  /** What could not be written, for the log. */
  what: string;
  /** The disk (or the cache's size cap) is full. */
  diskFull: boolean;
}

export interface CacheDb {
  /** The database file, or `:memory:` when the file could not be used. */
  readonly path: string;
  /** False when the cache could not use its file and lives in memory for this session. */
  readonly persistent: boolean;
  /** Set when the file was unreadable or from a newer version and was moved aside. */
  readonly recovered: CacheRecovery | null;
  /** Why the cache is not persistent, for the log and an optional notice. */
  readonly problem: string | null;
  /** False once closed. */
  readonly open: boolean;

  get<T = unknown>(kind: CacheKind, key: string): CacheHit<T> | null;
  /** An entry's bytes, unparsed (a large estimate is parsed by a worker, not here). */
  getBytes(kind: CacheKind, key: string): CacheBytes | null;
  /** Whether an entry exists, without reading its body. */
  has(kind: CacheKind, key: string): boolean;
  /** False when the write failed (logged); never throws. */
  put(kind: CacheKind, key: string, data: unknown, fetchedAt?: Date): boolean;
  /** All or nothing, in one transaction. False when the write failed (logged); never throws. */
  putMany(entries: readonly CachePut[]): boolean;
  /** False when the delete failed (logged); never throws. An estimate's kept view goes with it. */
  delete(kind: CacheKind, key: string): boolean;
  /**
   * Replaces a project's offline copy in one transaction: its estimates no longer listed are
   * dropped, the entries written, the record updated. False when the write failed; the previous copy
   * is then unchanged.
   */
  saveOfflineProject(snapshot: OfflineSnapshot): boolean;
  getOfflineProject(projectId: string): OfflineProjectRecord | null;
  /** Every project made available offline, oldest first. */
  listOfflineProjects(): OfflineProjectRecord[];
  /** No longer pinned: its data stays as ordinary cache (evicted when the budget asks), its kept files go. */
  removeOfflineProject(projectId: string): boolean;

  getBlob(kind: BlobKind, key: string): BlobHit | null;
  /** False when the write failed (logged); never throws. */
  putBlob(blob: BlobPut): boolean;
  /** Every cached answer of one kind (the offline project search reads the pages and details kept). */
  entriesOf<T = unknown>(kind: CacheKind): { key: string; data: T; fetchedAt: Date }[];
  /** Notes that an entry was used now (least-recently-used data is evicted first). */
  touch(kind: CacheKind | BlobKind, key: string): void;

  /** Sizes, clearing, and the budget for data not pinned. */
  readonly storage: CacheStorage;
  /** Project files kept with a pinned project (bytes in `keptFilesDir`). */
  readonly keptFiles: KeptFilesTable;
  /** Upload records an older PlanDesk kept here; the outbox moves them to its own at start. */
  readonly legacyOutbox: LegacyOutboxTable;
  /** `<cache>/<workspace>.files`: where kept project files are; null when the cache is in memory. */
  readonly keptFilesDir: string | null;
  /** Every version of every estimate fetched (issue 17): see version-table.ts. */
  readonly versions: VersionTable;
  /** The last write that failed, unless one succeeded since; null when none did. */
  readonly lastWriteFailure: WriteFailure | null;
  /** Told of every write that fails (the app says so when the disk is full). */
  onWriteFailure(listener: (failure: WriteFailure) => void): void;
  close(): void;
}

export interface OpenCacheOptions {
  /** How long a write waits for another connection's lock (blocking). Default 2000 ms. */
  busyTimeoutMs?: number;
  /** Open without writing anything (no migration, no recovery); every write reports false. */
  readonly?: boolean;
  /** Keep the cache in memory only, for this session (the demo workspace: its data is local anyway). */
  memory?: boolean;
  /**
   * A hard cap on the file's size (SQLite `max_page_count`); default none. Going over it is handled
   * like a full disk: the write is rolled back and logged, the data is just not cached.
   */
  maxSizeBytes?: number;
  /**
   * Where the file's checkpoints run instead of main's thread (the app: a worker thread, see
   * cache/wal-checkpoints.ts). Without it SQLite checkpoints inside main's commits.
   */
  checkpointIn?: CheckpointRunner;
}
