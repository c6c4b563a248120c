/**
 * How much the cache holds, what of it is pinned ("make available offline"), and the two ways it
 * shrinks: "Clear cached data" (pinned projects kept unless asked) and the budget for data that is
 * not pinned (least recently used first). Waiting uploads are never touched: they are the user's.
 */
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import type { Db } from './db';
import { cacheKeys } from './keys';
import type { Logger } from '../log/logger';
import { describe } from './sqlite-errors';
import { emptyFolderSync } from '../local-files/data-folder';
import { clearVersions, versionsBytes } from './version-table';

export interface StorageFigures {
  /** The database file (with its write-ahead log) and the kept files, on disk. */
  diskBytes: number;
  /** Cached answers and images of pinned projects. */
  pinnedBytes: number;
  /** Everything else the cache holds: what was opened, evicted first when over the budget. */
  otherBytes: number;
  /** Project files kept with pinned projects. */
  keptFilesBytes: number;
  /** Estimate versions (issue 17): never evicted for the budget, kept per estimate up to a count. */
  versionsBytes: number;
}

interface SizedRow {
  store: 'entries' | 'blobs';
  kind: string;
  key: string;
  size: number;
  used: number;
}

/** Separates kind and key in one set key (neither holds a newline: keys are URI-encoded). */
const id = (kind: string, key: string) => `${kind}\n${key}`;

export class CacheStorage {
  constructor(
    private readonly db: Db,
    /** The database file; ':memory:' for none. */
    private readonly file: string,
    private readonly keptFilesDir: string | null,
    private readonly logger: Logger,
    /** Told after each write (cache/wal-checkpoints.ts). */
    private readonly written: () => void = () => undefined,
  ) {}

  figures(): StorageFigures {
    let pinnedBytes = 0;
    let otherBytes = 0;
    const pinned = this.pinned();
    for (const row of this.sizedRows()) {
      if (pinned.has(row)) pinnedBytes += row.size;
      else otherBytes += row.size;
    }
    const keptFilesBytes = this.safely(
      () => Number(this.db.prepare('SELECT COALESCE(SUM(size), 0) FROM kept_files').pluck().get()),
      0,
    );
    const versions = this.safely(() => versionsBytes(this.db), 0);
    let diskBytes = 0;
    if (this.file !== ':memory:') {
      for (const f of [this.file, `${this.file}-wal`]) diskBytes += sizeOf(f);
      if (this.keptFilesDir) diskBytes += folderSize(this.keptFilesDir);
    } else {
      diskBytes = pinnedBytes + otherBytes + versions;
    }
    return { diskBytes, pinnedBytes, otherBytes, keptFilesBytes, versionsBytes: versions };
  }

  /**
   * Drops the least recently used data that is not pinned until what is left of it fits in
   * `budgetBytes`. Returns the bytes dropped.
   */
  evict(budgetBytes: number): number {
    const pinned = this.pinned();
    const candidates = this.sizedRows().filter((r) => !pinned.has(r));
    let total = candidates.reduce((sum, r) => sum + r.size, 0);
    if (total <= budgetBytes) return 0;
    candidates.sort((a, b) => a.used - b.used);
    const drop: SizedRow[] = [];
    for (const row of candidates) {
      if (total <= budgetBytes) break;
      drop.push(row);
      total -= row.size;
    }
    const dropped = drop.reduce((sum, r) => sum + r.size, 0);
    const ok = this.write(() => this.deleteRows(drop));
    if (ok)
      this.logger.log('info', `offline cache: ${drop.length} unpinned entries evicted (${dropped} bytes)`);
    return ok ? dropped : 0;
  }

  /**
   * "Clear cached data": everything not pinned; with `includePinned`, the pinned projects (and their
   * kept files) too. The estimate versions the user pinned stay (version-table.ts `clearVersions`).
   * The file is then compacted, so the space really goes back to the disk.
   */
  clear(includePinned: boolean): boolean {
    const ok = this.write(() => {
      if (includePinned) {
        for (const table of ['entries', 'blobs', 'usage', 'offline_projects', 'offline_parts', 'kept_files'])
          this.db.prepare(`DELETE FROM ${table}`).run();
      } else {
        const pinned = this.pinned();
        this.deleteRows(this.sizedRows().filter((r) => !pinned.has(r)));
      }
      clearVersions(this.db);
    });
    if (ok && includePinned && this.keptFilesDir) emptyFolderSync(this.keptFilesDir);
    if (ok) this.compact();
    return ok;
  }

  /** Gives the space of deleted rows back to the disk (VACUUM), and empties the write-ahead log. */
  compact(): void {
    this.safely(() => {
      this.db.pragma('wal_checkpoint(TRUNCATE)');
      this.db.exec('VACUUM');
      this.db.pragma('wal_checkpoint(TRUNCATE)');
    }, undefined);
  }

  /** What pinned projects hold: their project, plan, lists, estimates, and the parts they name. */
  private pinned(): { has: (r: Pick<SizedRow, 'kind' | 'key'>) => boolean } {
    const exact = new Set<string>();
    const projectPrefixes: string[] = [];
    const projects = this.safely(
      () =>
        this.db.prepare('SELECT project_id, plan_id FROM offline_projects').all() as {
          project_id: string;
          plan_id: string | null;
        }[],
      [],
    );
    for (const p of projects) {
      exact.add(id('project', cacheKeys.project(p.project_id)));
      exact.add(id('estimates-list', cacheKeys.estimatesList(p.project_id)));
      exact.add(id('files-list', cacheKeys.filesList(p.project_id)));
      if (p.plan_id) exact.add(id('plan', cacheKeys.plan(p.plan_id)));
      projectPrefixes.push(`${cacheKeys.project(p.project_id)}/`);
    }
    const parts = this.safely(
      () => this.db.prepare('SELECT kind, key FROM offline_parts').all() as { kind: string; key: string }[],
      [],
    );
    for (const part of parts) exact.add(id(part.kind, part.key));
    // Whatever is keyed under the project (`<project>/<estimate>`: the estimates, and any kind kept
    // per estimate beside them) belongs to it; no other kind's key holds an unencoded '/'.
    return {
      has: (r) => exact.has(id(r.kind, r.key)) || projectPrefixes.some((prefix) => r.key.startsWith(prefix)),
    };
  }

  /** Every cached answer and image with its size and when it was last used. */
  private sizedRows(): SizedRow[] {
    return this.safely(
      () =>
        this.db
          .prepare(
            `SELECT 'entries' AS store, e.kind, e.key, length(e.body) AS size, COALESCE(u.used_at, e.fetched_at) AS used
               FROM entries e LEFT JOIN usage u ON u.kind = e.kind AND u.key = e.key
             UNION ALL
             SELECT 'blobs' AS store, b.kind, b.key, length(b.bytes) AS size, COALESCE(u.used_at, b.fetched_at) AS used
               FROM blobs b LEFT JOIN usage u ON u.kind = b.kind AND u.key = b.key`,
          )
          .all() as SizedRow[],
      [],
    );
  }

  private deleteRows(rows: readonly SizedRow[]): void {
    const fromEntries = this.db.prepare('DELETE FROM entries WHERE kind = ? AND key = ?');
    const fromBlobs = this.db.prepare('DELETE FROM blobs WHERE kind = ? AND key = ?');
    const fromUsage = this.db.prepare('DELETE FROM usage WHERE kind = ? AND key = ?');
    for (const r of rows) {
      (r.store === 'entries' ? fromEntries : fromBlobs).run(r.kind, r.key);
      fromUsage.run(r.kind, r.key);
    }
  }

  private write(fn: () => void): boolean {
    try {
      this.db.transaction(fn).immediate();
      this.written();
      return true;
    } catch (err) {
      this.logger.log('warn', `offline cache ${this.file}: could not free space (${describe(err)})`);
      return false;
    }
  }

  private safely<T>(fn: () => T, fallback: T): T {
    try {
      return fn();
    } catch (err) {
      this.logger.log('warn', `offline cache ${this.file}: ${describe(err)}`);
      return fallback;
    }
  }
}

function sizeOf(file: string): number {
  try {
    return statSync(file).size;
  } catch {
    return 0;
  }
}

function folderSize(dir: string): number {
  let total = 0;
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return 0;
  }
  for (const name of names) total += sizeOf(path.join(dir, name));
  return total;
}
