import path from 'node:path';
import Database from 'better-sqlite3';

/**
 * Damages a kept estimate version as a failing disk would: one byte in the middle of its stored body
 * flipped, written through a connection of its own while the app has the cache open.
 */
export function flipVersionByte(userData: string, workspaceId: string, versionId: number): void {
  const db = new Database(path.join(userData, 'cache', `${workspaceId}.sqlite`));
  try {
    const body = db
      .prepare('SELECT body FROM estimate_versions WHERE id = ?')
      .pluck()
      .get(versionId) as Buffer;
    const at = Math.floor(body.length / 2);
    body[at] = body[at]! ^ 0xff;
    db.prepare('UPDATE estimate_versions SET body = ? WHERE id = ?').run(body, versionId);
  } finally {
    db.close();
  }
}
