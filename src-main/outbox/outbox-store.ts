/**
 * The outbox's records: one small SQLite file of their own in the data folder
 * (`outbox/outbox.sqlite`, WAL, writes `synchronous = FULL` unless safe to lose), apart from the workspaces' caches,
 * so a damaged or cleared cache never touches a waiting upload. Each record names its copy
 * (outbox-copies.ts), which also carries the record's first form beside it (its manifest): a store
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
import {
  COLUMNS,
  toOutboxRow,
  type NewOutboxRow,
  type OutboxChange,
  type OutboxRow,
  type Row,
} from './outbox-rows';

/** How long the files this outbox registered are remembered (registered-check.ts). */
const KEEP_REGISTERED_MS = 90 * 24 * 60 * 60_000;

/** A value of an `OutboxChange` as its column holds it. */
function toColumn(v: OutboxChange[keyof OutboxChange]): string | number | null {
  if (typeof v === 'boolean') return v ? 1 : 0;
  return v instanceof Date ? v.getTime() : (v ?? null);
}

/** The records could not be read or written (a full disk, a file that cannot be written): no decision about an upload. */
export class RecordsError extends ServiceError {}

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

  /** Every workspace that has records (those of a workspace no longer set up are reported at start). */
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
         added_at, state, attempt_started_at, problem, detail, file_id, check_first)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
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
            r.checkFirst ? 1 : 0,
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
    const values = names.map((n) => toColumn(change[n]));
    const sql =
      `UPDATE entries SET ${names.map((n) => `${COLUMNS[n]} = ?`).join(', ')} WHERE id = ?` +
      (owner === undefined ? '' : ' AND owner = ?');
    const args = owner === undefined ? [...values, id] : [...values, id, owner];
    return this.write(`update upload ${id}`, () => this.db.prepare(sql).run(...args).changes === 1);
  }

  /**
   * Changes a held row (the user, or a new key, released it): false when it is no longer held (sent
   * meanwhile, or removed), and nothing changed.
   */
  updateHeld(id: number, change: OutboxChange): boolean {
    const names = Object.keys(change) as (keyof OutboxChange)[];
    return this.write(
      `update upload ${id}`,
      () =>
        this.db
          .prepare(
            `UPDATE entries SET ${names.map((n) => `${COLUMNS[n]} = ?`).join(', ')} WHERE id = ? AND state = 'held'`,
          )
          .run(...names.map((n) => toColumn(change[n])), id).changes === 1,
    );
  }

  /**
   * The service registered the row's file: the row says so (while it is still `owner`'s), and the
   * file is noted as this outbox's, in one transaction. False when another drain has the row now.
   */
  markRegistered(
    row: Pick<OutboxRow, 'id' | 'workspaceId' | 'projectId'>,
    fileId: string,
    owner: string,
    at: Date,
  ): boolean {
    return this.write(`update upload ${row.id}`, () => {
      const changed = this.db
        .prepare(`UPDATE entries SET state = 'registered', file_id = ? WHERE id = ? AND owner = ?`)
        .run(fileId, row.id, owner).changes;
      if (changed !== 1) return false;
      this.noteFile(row.workspaceId, row.projectId, fileId, at);
      return true;
    });
  }

  /**
   * A file of the project that is an entry's (registered by this outbox, or one a cut-off register
   * call turned out to have made): never taken for another entry's.
   */
  noteRegisteredFile(workspaceId: string, projectId: string, fileId: string, at: Date): void {
    this.write('note a registered file', () => this.noteFile(workspaceId, projectId, fileId, at));
  }

  /** The project's files that are already an entry's (registered-check.ts leaves them out). */
  registeredFiles(workspaceId: string, projectId: string): Set<string> {
    return this.read(
      () =>
        new Set(
          this.db
            .prepare('SELECT file_id FROM registered_files WHERE workspace_id = ? AND project_id = ?')
            .pluck()
            .all(workspaceId, projectId) as string[],
        ),
    );
  }

  /**
   * Takes a waiting row for sending: one UPDATE that succeeds for one drain only (the changed-row
   * count says which). The attempt's start is written with it.
   */
  claim(id: number, owner: string, now: Date): boolean {
    // Safe to lose to a power cut: the row is then waiting again, and nothing was registered.
    return this.write(
      `claim upload ${id}`,
      () => {
        const r = this.db
          .prepare(
            `UPDATE entries SET state = 'sending', owner = ?, attempt_started_at = ?, attempts = attempts + 1,
             problem = NULL, detail = NULL, next_try_at = NULL
           WHERE id = ? AND state = 'waiting' AND (owner IS NULL OR owner = ?)`,
          )
          .run(owner, now.getTime(), id, owner);
        return r.changes === 1;
      },
      false,
    );
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

  /**
   * What this process's drain of the workspace still holds while it sends nothing (its run ended on an
   * error): `sending` goes back to `waiting` (nothing was registered), `registering` is let go as it
   * is (looked for first).
   */
  releaseStuck(workspaceId: string, owner: string): void {
    this.write('release uploads', () =>
      this.db
        .prepare(
          `UPDATE entries SET owner = NULL, state = CASE WHEN state = 'sending' THEN 'waiting' ELSE state END
           WHERE workspace_id = ? AND owner = ?`,
        )
        .run(workspaceId, owner),
    );
  }

  private noteFile(workspaceId: string, projectId: string, fileId: string, at: Date): void {
    this.db
      .prepare(
        `INSERT INTO registered_files (workspace_id, project_id, file_id, registered_at) VALUES (?, ?, ?, ?)
         ON CONFLICT DO UPDATE SET registered_at = excluded.registered_at`,
      )
      .run(workspaceId, projectId, fileId, at.getTime());
    // Kept well beyond the time a cut-off upload can wait to be looked for (offline for weeks).
    this.db
      .prepare('DELETE FROM registered_files WHERE registered_at < ?')
      .run(at.getTime() - KEEP_REGISTERED_MS);
  }

  /**
   * The record goes. `durable` false for a registered entry whose copy is gone already: a power cut
   * that takes the removal back leaves a registered record without a copy, which the start removes.
   */
  remove(id: number, durable = true): void {
    this.write(
      `remove upload ${id}`,
      () => this.db.prepare('DELETE FROM entries WHERE id = ?').run(id),
      durable,
    );
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
      throw new RecordsError(
        'config',
        `PlanDesk could not read its list of waiting uploads in ${this.path} (${describe(err)}).`,
        undefined,
        undefined,
        undefined,
        this.path,
      );
    }
  }

  /**
   * A write transaction, durable (on disk before it returns) unless `durable` is false: then it is
   * on disk with the next durable one (the WAL is written in order), and a power cut before may take
   * it back — only for a change that is safe to lose. A failure throws, in words.
   */
  write<T>(what: string, fn: () => T, durable = true): T {
    if (!durable) this.db.pragma('synchronous = NORMAL');
    try {
      return this.db.transaction(fn).immediate();
    } catch (err) {
      if (isDiskFull(err)) {
        const full = diskFullError(this.path);
        throw new RecordsError('disk-full', full.message, undefined, undefined, undefined, this.path);
      }
      throw new RecordsError(
        'config',
        `PlanDesk could not ${what} in ${this.path} (${describe(err)}). Check that the disk has space.`,
        undefined,
        undefined,
        undefined,
        this.path,
      );
    } finally {
      if (!durable) this.db.pragma('synchronous = FULL');
    }
  }
}
