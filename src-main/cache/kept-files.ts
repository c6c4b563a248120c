/**
 * Project files kept with a pinned project ("also keep files"): a record per file here, the bytes
 * in the workspace's `<id>.files/` folder next to the cache file (removed with the workspace).
 */
import type { Db } from './db';
import type { Logger } from '../log/logger';
import { describe } from './sqlite-errors';

export interface KeptFile {
  projectId: string;
  fileId: string;
  name: string;
  size: number;
  /** The file's name inside the kept-files folder. */
  storedAs: string;
  fetchedAt: Date;
}

interface Row {
  project_id: string;
  file_id: string;
  name: string;
  size: number;
  stored_as: string;
  fetched_at: number;
}

export class KeptFilesTable {
  constructor(
    private readonly db: Db,
    private readonly logger: Logger,
  ) {}

  /** The project's kept files; all of them when no project is named. */
  list(projectId?: string): KeptFile[] {
    try {
      const rows = (
        projectId === undefined
          ? this.db.prepare('SELECT * FROM kept_files').all()
          : this.db.prepare('SELECT * FROM kept_files WHERE project_id = ?').all(projectId)
      ) as Row[];
      return rows.map(toKept);
    } catch (err) {
      this.logger.log('warn', `kept files: read failed (${describe(err)})`);
      return [];
    }
  }

  get(projectId: string, fileId: string): KeptFile | null {
    return this.list(projectId).find((f) => f.fileId === fileId) ?? null;
  }

  put(f: KeptFile): boolean {
    return this.write(() =>
      this.db
        .prepare(
          `INSERT INTO kept_files (project_id, file_id, name, size, stored_as, fetched_at) VALUES (?, ?, ?, ?, ?, ?)
           ON CONFLICT (project_id, file_id) DO UPDATE SET
             name = excluded.name, size = excluded.size, stored_as = excluded.stored_as, fetched_at = excluded.fetched_at`,
        )
        .run(f.projectId, f.fileId, f.name, f.size, f.storedAs, f.fetchedAt.getTime()),
    );
  }

  remove(projectId: string, fileId?: string): boolean {
    return this.write(() =>
      fileId === undefined
        ? this.db.prepare('DELETE FROM kept_files WHERE project_id = ?').run(projectId)
        : this.db
            .prepare('DELETE FROM kept_files WHERE project_id = ? AND file_id = ?')
            .run(projectId, fileId),
    );
  }

  private write(fn: () => unknown): boolean {
    try {
      this.db.transaction(fn).immediate();
      return true;
    } catch (err) {
      this.logger.log('warn', `kept files: write failed (${describe(err)})`);
      return false;
    }
  }
}

function toKept(r: Row): KeptFile {
  return {
    projectId: r.project_id,
    fileId: r.file_id,
    name: r.name,
    size: r.size,
    storedAs: r.stored_as,
    fetchedAt: new Date(r.fetched_at),
  };
}
