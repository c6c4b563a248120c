/**
 * The upload outbox's records, in the workspace's cache database. Unlike the cached answers these
 * are the user's own data (files waiting to be sent), so:
 * - every write is synchronous to disk (`synchronous = FULL` for its transaction), so a power cut
 *   cannot take back a file the user was told is waiting, nor the note that a register call was sent;
 * - a failed write throws (the caller must tell the user), instead of being logged and skipped;
 * - clearing cached data never touches this table.
 */
import type { Db } from './cache-db';
import { describe } from './sqlite-errors';
import { ServiceError } from '../errors/service-error';

/**
 * - waiting: to be sent (maybe after `nextTryAt`);
 * - sending: asking for the URL or sending the bytes; nothing registered yet;
 * - registering: the register call was sent; whether it arrived is not known until the files list
 *   is checked (after a crash or a lost answer);
 * - held: the service refused it, or the project or key is not usable; kept until the user decides.
 */
export type OutboxState = 'waiting' | 'sending' | 'registering' | 'held';

export interface OutboxRow {
  id: number;
  projectId: string;
  projectName: string;
  fileName: string;
  size: number;
  /** The copy's folder, under the data folder's outbox/<workspace>/. */
  folder: string;
  addedAt: Date;
  state: OutboxState;
  /** When the last attempt asked for its upload URL: a registered file is at least this new. */
  attemptStartedAt: Date | null;
  attempts: number;
  /** Why it is held (a code the UI words), or the last passing problem while waiting. */
  problem: string | null;
  /** The service's own words about the problem, when it said something. */
  detail: string | null;
  nextTryAt: Date | null;
}

export type NewOutboxRow = Pick<OutboxRow, 'projectId' | 'projectName' | 'fileName' | 'size' | 'folder'> & {
  /** Set when an upload failed after its register call was sent: check the files list first. */
  registeringSince?: Date;
};

interface Row {
  id: number;
  project_id: string;
  project_name: string;
  file_name: string;
  size: number;
  folder: string;
  added_at: number;
  state: OutboxState;
  attempt_started_at: number | null;
  attempts: number;
  problem: string | null;
  detail: string | null;
  next_try_at: number | null;
}

export type OutboxChange = Partial<
  Pick<OutboxRow, 'state' | 'attemptStartedAt' | 'attempts' | 'problem' | 'detail' | 'nextTryAt'>
>;

const COLUMNS: Record<keyof OutboxChange, string> = {
  state: 'state',
  attemptStartedAt: 'attempt_started_at',
  attempts: 'attempts',
  problem: 'problem',
  detail: 'detail',
  nextTryAt: 'next_try_at',
};

export class OutboxTable {
  constructor(
    private readonly db: Db,
    private readonly where: string,
  ) {}

  /** In the order they were added: the order they are sent in. */
  list(): OutboxRow[] {
    return this.read(() => (this.db.prepare('SELECT * FROM outbox ORDER BY id').all() as Row[]).map(toRow));
  }

  get(id: number): OutboxRow | null {
    return this.read(() => {
      const row = this.db.prepare('SELECT * FROM outbox WHERE id = ?').get(id) as Row | undefined;
      return row ? toRow(row) : null;
    });
  }

  count(): number {
    return this.read(() => Number(this.db.prepare('SELECT count(*) AS n FROM outbox').pluck().get()));
  }

  /** All of them in one transaction: either every file is waiting or none is. */
  add(rows: readonly NewOutboxRow[], now: Date = new Date()): OutboxRow[] {
    const insert = this.db.prepare(
      `INSERT INTO outbox (project_id, project_name, file_name, size, folder, added_at, state, attempt_started_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
    );
    const ids = this.write('add uploads', () =>
      rows.map((r) =>
        Number(
          insert.run(
            r.projectId,
            r.projectName,
            r.fileName,
            r.size,
            r.folder,
            now.getTime(),
            r.registeringSince ? 'registering' : 'waiting',
            r.registeringSince?.getTime() ?? null,
          ).lastInsertRowid,
        ),
      ),
    );
    return ids.map((id) => this.get(id)).filter((r): r is OutboxRow => r !== null);
  }

  update(id: number, change: OutboxChange): void {
    const names = Object.keys(change) as (keyof OutboxChange)[];
    if (names.length === 0) return;
    const values = names.map((n) => {
      const v = change[n];
      return v instanceof Date ? v.getTime() : (v ?? null);
    });
    const sql = `UPDATE outbox SET ${names.map((n) => `${COLUMNS[n]} = ?`).join(', ')} WHERE id = ?`;
    this.write(`update upload ${id}`, () => this.db.prepare(sql).run(...values, id));
  }

  /** Many at once (every upload of a project that was deleted, say). */
  updateWhere(filter: { projectId?: string; state?: OutboxState }, change: OutboxChange): void {
    for (const row of this.list()) {
      if (filter.projectId !== undefined && row.projectId !== filter.projectId) continue;
      if (filter.state !== undefined && row.state !== filter.state) continue;
      this.update(row.id, change);
    }
  }

  remove(id: number): void {
    this.write(`remove upload ${id}`, () => this.db.prepare('DELETE FROM outbox WHERE id = ?').run(id));
  }

  private read<T>(fn: () => T): T {
    try {
      return fn();
    } catch (err) {
      throw new ServiceError(
        'config',
        `PlanDesk could not read its list of waiting uploads (${describe(err)}).`,
      );
    }
  }

  private write<T>(what: string, fn: () => T): T {
    try {
      this.db.pragma('synchronous = FULL');
      return this.db.transaction(fn).immediate();
    } catch (err) {
      throw new ServiceError(
        'config',
        `PlanDesk could not ${what} in ${this.where} (${describe(err)}). Check that the disk has space.`,
      );
    } finally {
      try {
        this.db.pragma('synchronous = NORMAL');
      } catch {
        // the connection is gone; nothing to restore
      }
    }
  }
}

function toRow(r: Row): OutboxRow {
  const date = (v: number | null) => (v === null ? null : new Date(v));
  return {
    id: r.id,
    projectId: r.project_id,
    projectName: r.project_name,
    fileName: r.file_name,
    size: r.size,
    folder: r.folder,
    addedAt: new Date(r.added_at),
    state: r.state,
    attemptStartedAt: date(r.attempt_started_at),
    attempts: r.attempts,
    problem: r.problem,
    detail: r.detail,
    nextTryAt: date(r.next_try_at),
  };
}
