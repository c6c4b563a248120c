/**
 * The upload records an older PlanDesk kept in the workspace's cache database (schema 2's `outbox`
 * table). The outbox now keeps its records in a database of its own (src-main/outbox/outbox-store.ts)
 * so a damaged cache cannot take them along; at start it moves what is still here over and then
 * clears it. Also read from a cache file that was moved aside as damaged, as far as it can be read.
 */
import type { Db } from './db';
import { readRowsBack } from './sqlite-file';
import { describe } from './sqlite-errors';
import type { Logger } from '../log/logger';

export interface LegacyOutboxRow {
  id: number;
  projectId: string;
  projectName: string;
  fileName: string;
  size: number;
  folder: string;
  addedAt: Date;
  /** waiting, sending, registering or held. */
  state: string;
  attemptStartedAt: Date | null;
  problem: string | null;
  detail: string | null;
}

interface Row {
  id: number;
  project_id: string;
  project_name: string;
  file_name: string;
  size: number;
  folder: string;
  added_at: number;
  state: string;
  attempt_started_at: number | null;
  problem: string | null;
  detail: string | null;
}

function toRow(r: Row): LegacyOutboxRow {
  return {
    id: r.id,
    projectId: r.project_id,
    projectName: r.project_name,
    fileName: r.file_name,
    size: r.size,
    folder: r.folder,
    addedAt: new Date(r.added_at),
    state: r.state,
    attemptStartedAt: r.attempt_started_at === null ? null : new Date(r.attempt_started_at),
    problem: r.problem,
    detail: r.detail,
  };
}

const READ_ALL = 'SELECT * FROM outbox ORDER BY id';

function readRows(db: Db): LegacyOutboxRow[] {
  return (db.prepare(READ_ALL).all() as Row[]).map(toRow);
}

export class LegacyOutboxTable {
  constructor(
    private readonly db: Db,
    private readonly logger: Logger,
  ) {}

  /** What is still recorded here; empty when nothing is, or it cannot be read (logged). */
  list(): LegacyOutboxRow[] {
    try {
      return readRows(this.db);
    } catch (err) {
      this.logger.log('warn', `outbox: the cache's old upload records could not be read (${describe(err)})`);
      return [];
    }
  }

  /** Once they are in the outbox's own records. */
  clear(ids: readonly number[]): void {
    const remove = this.db.prepare('DELETE FROM outbox WHERE id = ?');
    this.db.transaction(() => ids.forEach((id) => remove.run(id))).immediate();
  }
}

/** The upload records a damaged cache file that was moved aside still gives, as far as SQLite reads it. */
export function legacyOutboxRowsIn(file: string, logger: Logger): LegacyOutboxRow[] {
  return readRowsBack(file, READ_ALL, toRow, logger, 'outbox: older upload records');
}
