/**
 * The outbox's records: one small SQLite file of their own in the data folder
 * (`outbox/outbox.sqlite`, WAL, every write `synchronous = FULL`), apart from the workspaces' caches,
 * so a damaged or cleared cache never touches a waiting upload. Each record names its copy
 * (outbox-copies.ts), which also carries the record's first form beside it (`entry.json`): a store
 * that is lost or damaged is rebuilt from those (outbox-recovery.ts).
 *
 * Sending is claimed row by row: a row goes to `sending` only with an UPDATE that names its owner
 * (this process's drain) and the states it may come from, and only when exactly one row changed; every
 * later step of the attempt is written only while the row is still its owner's. The drain lock
 * (drain-lock.ts, in the same file) keeps a second process from draining at all.
 */
import type { Db } from '../cache/cache-db';
import { describe } from '../cache/sqlite-errors';
import { ServiceError } from '../errors/service-error';
import { diskFullError, isDiskFull } from '../local-files/write-atomically';

/**
 * - waiting: to be sent (maybe after `nextTryAt`);
 * - sending: claimed by `owner`, asking for the URL or sending the bytes; nothing registered yet;
 * - registering: the register call was (maybe) sent; whether it arrived is known only once the files
 *   list is checked;
 * - registered: the service registered it (`fileId`); its copy may go, then the record;
 * - held: refused, or the project, key or copy is not usable; kept until the user decides.
 */
export type OutboxState = 'waiting' | 'sending' | 'registering' | 'registered' | 'held';

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
}

export type NewOutboxRow = Pick<
  OutboxRow,
  'workspaceId' | 'projectId' | 'projectName' | 'fileName' | 'size' | 'sha256' | 'folder' | 'addedAt'
> &
  Partial<Pick<OutboxRow, 'state' | 'attemptStartedAt' | 'problem' | 'detail' | 'fileId'>>;

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
  >
>;

const COLUMNS: Record<keyof OutboxChange, string> = {
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
};

interface Row {
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
  };
}

export class OutboxStore {
  private lastDataVersion: number | null = null;

  constructor(
    readonly db: Db,
    /** The file, or `:memory:` (the demo's, or when the file cannot be used). */
    readonly path: string,
  ) {}

  get persistent(): boolean {
    return this.path !== ':memory:';
  }

  /** One workspace's, in the order they were added: the order they are sent in. */
  list(workspaceId: string): OutboxRow[] {
    return this.read(() =>
      (
        this.db.prepare('SELECT * FROM entries WHERE workspace_id = ? ORDER BY id').all(workspaceId) as Row[]
      ).map(toOutboxRow),
    );
  }

  /** Every workspace that has records. */
  workspaces(): string[] {
    return this.read(
      () => this.db.prepare('SELECT DISTINCT workspace_id FROM entries').pluck().all() as string[],
    );
  }

  get(id: number): OutboxRow | null {
    return this.read(() => {
      const row = this.db.prepare('SELECT * FROM entries WHERE id = ?').get(id) as Row | undefined;
      return row ? toOutboxRow(row) : null;
    });
  }

  /** All of them in one transaction: either every file is waiting or none is. */
  add(rows: readonly NewOutboxRow[]): OutboxRow[] {
    const insert = this.db.prepare(
      `INSERT INTO entries (workspace_id, project_id, project_name, file_name, size, sha256, folder,
         added_at, state, attempt_started_at, problem, detail, file_id)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    const ids = this.write('add uploads', () =>
      rows.map((r) =>
        Number(
          insert.run(
            r.workspaceId,
            r.projectId,
            r.projectName,
            r.fileName,
            r.size,
            r.sha256,
            r.folder,
            r.addedAt.getTime(),
            r.state ?? 'waiting',
            r.attemptStartedAt?.getTime() ?? null,
            r.problem ?? null,
            r.detail ?? null,
            r.fileId ?? null,
          ).lastInsertRowid,
        ),
      ),
    );
    return ids.map((id) => this.get(id)).filter((r): r is OutboxRow => r !== null);
  }

  /**
   * Changes a row; with `owner`, only while that drain still owns it. False when no row changed (it is
   * gone, or another drain took it over).
   */
  update(id: number, change: OutboxChange, owner?: string): boolean {
    const names = Object.keys(change) as (keyof OutboxChange)[];
    if (names.length === 0) return true;
    const values = names.map((n) => {
      const v = change[n];
      return v instanceof Date ? v.getTime() : (v ?? null);
    });
    const sql =
      `UPDATE entries SET ${names.map((n) => `${COLUMNS[n]} = ?`).join(', ')} WHERE id = ?` +
      (owner === undefined ? '' : ' AND owner = ?');
    const args = owner === undefined ? [...values, id] : [...values, id, owner];
    return this.write(`update upload ${id}`, () => this.db.prepare(sql).run(...args).changes === 1);
  }

  /**
   * Takes a waiting row for sending: one UPDATE that succeeds for one drain only (the changed-row
   * count says which). The attempt's start is written with it.
   */
  claim(id: number, owner: string, now: Date): boolean {
    return this.write(`claim upload ${id}`, () => {
      const r = this.db
        .prepare(
          `UPDATE entries SET state = 'sending', owner = ?, attempt_started_at = ?, attempts = attempts + 1,
             problem = NULL, detail = NULL, next_try_at = NULL
           WHERE id = ? AND state = 'waiting' AND (owner IS NULL OR owner = ?)`,
        )
        .run(owner, now.getTime(), id, owner);
      return r.changes === 1;
    });
  }

  /** Takes a row whose register call was cut off, to look for its file: one drain only. */
  claimCheck(id: number, owner: string): boolean {
    return this.write(`claim upload ${id}`, () => {
      const r = this.db
        .prepare(
          `UPDATE entries SET owner = ? WHERE id = ? AND state = 'registering' AND (owner IS NULL OR owner = ?)`,
        )
        .run(owner, id, owner);
      return r.changes === 1;
    });
  }

  remove(id: number): void {
    this.write(`remove upload ${id}`, () => this.db.prepare('DELETE FROM entries WHERE id = ?').run(id));
  }

  removeWorkspace(workspaceId: string): void {
    this.write('remove the workspace’s uploads', () =>
      this.db.prepare('DELETE FROM entries WHERE workspace_id = ?').run(workspaceId),
    );
  }

  /** Whether another connection (another process) committed a change since the last call. */
  changedElsewhere(): boolean {
    try {
      const now = Number(this.db.pragma('data_version', { simple: true }));
      const changed = this.lastDataVersion !== null && now !== this.lastDataVersion;
      this.lastDataVersion = now;
      return changed;
    } catch {
      return false;
    }
  }

  close(): void {
    if (this.db.open) this.db.close();
  }

  read<T>(fn: () => T): T {
    try {
      return fn();
    } catch (err) {
      throw new ServiceError(
        'config',
        `PlanDesk could not read its list of waiting uploads in ${this.path} (${describe(err)}).`,
      );
    }
  }

  /** A durable write transaction: on disk before it returns; a failure throws, in words. */
  write<T>(what: string, fn: () => T): T {
    try {
      return this.db.transaction(fn).immediate();
    } catch (err) {
      if (isDiskFull(err)) throw diskFullError(this.path);
      throw new ServiceError(
        'config',
        `PlanDesk could not ${what} in ${this.path} (${describe(err)}). Check that the disk has space.`,
      );
    }
  }
}
