/**
 * An outbox record: its states, its shape in this process and in the outbox's database (the schema
 * and its migrations are open-outbox-store.ts's), and the conversion between the two.
 */

/**
 * - waiting: to be sent (maybe after `nextTryAt`);
 * - sending: claimed by `owner`, asking for the URL or sending the bytes; nothing registered yet;
 * - registering: the register call was (maybe) sent; whether it arrived is known only once the files
 *   list is checked;
 * - registered: the service registered it (`fileId`); its copy may go, then the record;
 * - held: refused, or the project, key or copy is not usable; kept until the user decides (with
 *   `checkFirst` when its register call may have arrived: released, it is looked for first);
 * - removing: the user removed it, but its copy could not be marked removed yet (a folder in use):
 *   never sent, not shown; the removal is finished at the next chance.
 */
export type OutboxState = 'waiting' | 'sending' | 'registering' | 'registered' | 'held' | 'removing';

export interface OutboxRow {
  id: number;
  workspaceId: string;
  projectId: string;
  projectName: string;
  fileName: string;
  size: number;
  /** SHA-256 of the copy, taken while it was made; null for a copy an older PlanDesk made. */
  sha256: string | null;
  /** The copy's folder, under outbox/<workspace>/. */
  folder: string;
  addedAt: Date;
  state: OutboxState;
  /** The drain that claimed it (sending, registering); null when nobody has. */
  owner: string | null;
  /** When the last attempt asked for its upload URL: a registered file is at least this new. */
  attemptStartedAt: Date | null;
  attempts: number;
  /** Why it is held (a code the UI words), or the last passing problem while waiting. */
  problem: string | null;
  /** The service's own words about the problem, when it said something. */
  detail: string | null;
  nextTryAt: Date | null;
  /** The service's id of the registered file. */
  fileId: string | null;
  /**
   * Held while its register call may have arrived (it was `registering`): when it is released
   * (retry, a new key, the file chosen again) it goes back to `registering`, never `waiting`.
   */
  checkFirst: boolean;
}

export type NewOutboxRow = Pick<
  OutboxRow,
  'workspaceId' | 'projectId' | 'projectName' | 'fileName' | 'size' | 'sha256' | 'folder' | 'addedAt'
> &
  Partial<Pick<OutboxRow, 'state' | 'attemptStartedAt' | 'problem' | 'detail' | 'fileId' | 'checkFirst'>>;

export type OutboxChange = Partial<
  Pick<
    OutboxRow,
    | 'state'
    | 'owner'
    | 'attemptStartedAt'
    | 'attempts'
    | 'problem'
    | 'detail'
    | 'nextTryAt'
    | 'fileId'
    | 'sha256'
    | 'size'
    | 'fileName'
    | 'folder'
    | 'checkFirst'
  >
>;

export const COLUMNS: Record<keyof OutboxChange, string> = {
  state: 'state',
  owner: 'owner',
  attemptStartedAt: 'attempt_started_at',
  attempts: 'attempts',
  problem: 'problem',
  detail: 'detail',
  nextTryAt: 'next_try_at',
  fileId: 'file_id',
  sha256: 'sha256',
  size: 'size',
  fileName: 'file_name',
  folder: 'folder',
  checkFirst: 'check_first',
};

export interface Row {
  id: number;
  workspace_id: string;
  project_id: string;
  project_name: string;
  file_name: string;
  size: number;
  sha256: string | null;
  folder: string;
  added_at: number;
  state: OutboxState;
  owner: string | null;
  attempt_started_at: number | null;
  attempts: number;
  problem: string | null;
  detail: string | null;
  next_try_at: number | null;
  file_id: string | null;
  check_first: number;
}

export const OUTBOX_SCHEMA = `
  CREATE TABLE entries (
    id                 INTEGER PRIMARY KEY AUTOINCREMENT,
    workspace_id       TEXT    NOT NULL,
    project_id         TEXT    NOT NULL,
    project_name       TEXT    NOT NULL,
    file_name          TEXT    NOT NULL,
    size               INTEGER NOT NULL,
    sha256             TEXT,
    folder             TEXT    NOT NULL,
    added_at           INTEGER NOT NULL,
    state              TEXT    NOT NULL,
    owner              TEXT,
    attempt_started_at INTEGER,
    attempts           INTEGER NOT NULL DEFAULT 0,
    problem            TEXT,
    detail             TEXT,
    next_try_at        INTEGER,
    file_id            TEXT,
    UNIQUE (workspace_id, folder)
  );
  CREATE TABLE drain_lock (
    id      INTEGER PRIMARY KEY CHECK (id = 1),
    owner   TEXT    NOT NULL,
    host    TEXT    NOT NULL,
    pid     INTEGER NOT NULL,
    beat_at INTEGER NOT NULL
  );
`;

/** Schema 2 (with OUTBOX_REGISTERED_FILES): whether a held row's register call may have arrived. */
export const OUTBOX_CHECK_FIRST = 'ALTER TABLE entries ADD COLUMN check_first INTEGER NOT NULL DEFAULT 0';

/**
 * Schema 2: the files this outbox registered (kept a while after their records went), so a cut-off
 * register call is never taken to have arrived because of another entry's file of the same name and
 * size (registered-check.ts).
 */
export const OUTBOX_REGISTERED_FILES = `
  CREATE TABLE registered_files (
    workspace_id  TEXT    NOT NULL,
    project_id    TEXT    NOT NULL,
    file_id       TEXT    NOT NULL,
    registered_at INTEGER NOT NULL,
    PRIMARY KEY (workspace_id, project_id, file_id)
  );
`;

export function toOutboxRow(r: Row): OutboxRow {
  const date = (v: number | null) => (v === null ? null : new Date(v));
  return {
    id: r.id,
    workspaceId: r.workspace_id,
    projectId: r.project_id,
    projectName: r.project_name,
    fileName: r.file_name,
    size: r.size,
    sha256: r.sha256,
    folder: r.folder,
    addedAt: new Date(r.added_at),
    state: r.state,
    owner: r.owner,
    attemptStartedAt: date(r.attempt_started_at),
    attempts: r.attempts,
    problem: r.problem,
    detail: r.detail,
    nextTryAt: date(r.next_try_at),
    fileId: r.file_id,
    checkFirst: r.check_first === 1,
  };
}
