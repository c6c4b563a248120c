/**
 * The SQL of the cache's estimate versions (version-table.ts): the rows as stored, the statements,
 * and what "Clear cached data" and the storage view do with them.
 */
import { createHash } from 'node:crypto';
import type { Statement } from 'better-sqlite3';
import type { Db } from './db';

/** What the timeline shows of a version without reading its body. */
export interface VersionSummary {
  /** The estimate's name and number in this version. */
  name: string;
  uniqueIdentifier: string | null;
  items: number;
  currency: string | null;
  net: string;
  tax: string;
  gross: string;
}

export interface StoredVersion {
  id: number;
  projectId: string;
  estimateId: string;
  seq: number;
  hash: string;
  fetchedAt: Date;
  lastFetchedAt: Date;
  modified: string | null;
  /** The version this one's body is the changes from; null: the body is a whole copy. */
  baseId: number | null;
  /** Bytes of the stored body. */
  bytes: number;
  /** Bytes of the version's JSON when whole. */
  rawSize: number;
  summary: VersionSummary;
  name: string | null;
  pinned: boolean;
  /** Found damaged when it was read (its body, or the body of one it is stored as changes from). */
  damaged: boolean;
}

export interface VersionRow {
  id: number;
  project_id: string;
  estimate_id: string;
  seq: number;
  content_hash: string;
  fetched_at: number;
  last_fetched_at: number;
  modified: string | null;
  base_id: number | null;
  bytes: number;
  raw_size: number;
  summary: string;
  name: string | null;
  pinned: number;
  damaged: number;
}

const COLUMNS = `id, project_id, estimate_id, seq, content_hash, fetched_at, last_fetched_at, modified, base_id,
  length(body) AS bytes, raw_size, summary, name, pinned, damaged`;

/** Deeper than this a chain cannot be (a guard against a damaged file looping). */
const MAX_CHAIN = 10_000;

export function toVersion(r: VersionRow): StoredVersion {
  return {
    id: r.id,
    projectId: r.project_id,
    estimateId: r.estimate_id,
    seq: r.seq,
    hash: r.content_hash,
    fetchedAt: new Date(r.fetched_at),
    lastFetchedAt: new Date(r.last_fetched_at),
    modified: r.modified,
    baseId: r.base_id,
    bytes: r.bytes,
    rawSize: r.raw_size,
    summary: JSON.parse(r.summary) as VersionSummary,
    name: r.name,
    pinned: r.pinned !== 0,
    damaged: r.damaged !== 0,
  };
}

export function sha256Of(body: Uint8Array): string {
  return createHash('sha256').update(body).digest('hex');
}

export function blob(body: Uint8Array): Buffer {
  return Buffer.from(body.buffer, body.byteOffset, body.byteLength);
}

/** The statements, prepared once per cache. */
type VersionStatement =
  | 'list'
  | 'get'
  | 'byHash'
  | 'dependents'
  | 'chain'
  | 'nextSeq'
  | 'insert'
  | 'touch'
  | 'label'
  | 'rebase'
  | 'rebaseIf'
  | 'damaged'
  | 'repair'
  | 'undamaged'
  | 'checksum'
  | 'remove'
  | 'opened'
  | 'markOpened';

export function prepareVersionStatements(db: Db): Record<VersionStatement, Statement> {
  return {
    list: db.prepare(
      `SELECT ${COLUMNS} FROM estimate_versions WHERE project_id = ? AND estimate_id = ? ORDER BY seq`,
    ),
    get: db.prepare(`SELECT ${COLUMNS} FROM estimate_versions WHERE id = ?`),
    byHash: db.prepare(
      `SELECT ${COLUMNS} FROM estimate_versions WHERE project_id = ? AND estimate_id = ? AND content_hash = ?`,
    ),
    dependents: db.prepare(`SELECT ${COLUMNS} FROM estimate_versions WHERE base_id = ? ORDER BY seq`),
    chain: db.prepare(
      `WITH RECURSIVE chain(id, base_id, depth) AS (
         SELECT id, base_id, 0 FROM estimate_versions WHERE id = ?
         UNION ALL
         SELECT v.id, v.base_id, chain.depth + 1 FROM estimate_versions v JOIN chain ON v.id = chain.base_id
         WHERE chain.depth < ${MAX_CHAIN}
       )
       SELECT chain.id AS id, chain.base_id AS base_id, v.body AS body, v.body_sha256 AS sha256
       FROM chain JOIN estimate_versions v ON v.id = chain.id
       ORDER BY chain.depth DESC`,
    ),
    nextSeq: db.prepare(
      'SELECT coalesce(max(seq), 0) + 1 FROM estimate_versions WHERE project_id = ? AND estimate_id = ?',
    ),
    insert: db.prepare(
      `INSERT INTO estimate_versions (project_id, estimate_id, seq, content_hash, fetched_at, last_fetched_at,
         modified, base_id, body, body_sha256, raw_size, summary)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
    ),
    touch: db.prepare('UPDATE estimate_versions SET last_fetched_at = max(last_fetched_at, ?) WHERE id = ?'),
    label: db.prepare('UPDATE estimate_versions SET name = ?, pinned = ? WHERE id = ?'),
    rebase: db.prepare('UPDATE estimate_versions SET base_id = ?, body = ?, body_sha256 = ? WHERE id = ?'),
    rebaseIf: db.prepare(
      'UPDATE estimate_versions SET base_id = ?, body = ?, body_sha256 = ? WHERE id = ? AND body_sha256 IS ?',
    ),
    damaged: db.prepare(
      `WITH RECURSIVE below(id) AS (
         SELECT ?
         UNION
         SELECT v.id FROM estimate_versions v JOIN below ON v.base_id = below.id
       )
       UPDATE estimate_versions SET damaged = 1 WHERE id IN (SELECT id FROM below)`,
    ),
    repair: db.prepare(
      `UPDATE estimate_versions SET base_id = NULL, body = ?, body_sha256 = ?, raw_size = ?, damaged = 0,
         last_fetched_at = max(last_fetched_at, ?)
       WHERE id = ?`,
    ),
    undamaged: db.prepare('UPDATE estimate_versions SET damaged = 0 WHERE id = ?'),
    checksum: db.prepare('UPDATE estimate_versions SET body_sha256 = ? WHERE id = ? AND body_sha256 IS NULL'),
    remove: db.prepare('DELETE FROM estimate_versions WHERE id = ?'),
    opened: db.prepare(
      'SELECT version_id, opened_at FROM estimate_opened WHERE project_id = ? AND estimate_id = ?',
    ),
    markOpened: db.prepare(
      `INSERT INTO estimate_opened (project_id, estimate_id, version_id, opened_at) VALUES (?, ?, ?, ?)
       ON CONFLICT (project_id, estimate_id) DO UPDATE SET version_id = excluded.version_id,
         opened_at = excluded.opened_at`,
    ),
  };
}

/**
 * "Clear cached data" of estimate versions (cache-storage.ts), in the caller's transaction, after
 * the entries went. A version the user pinned is the one record of what a client was sent (the
 * service keeps only the current estimate): it stays, whatever is cleared, until the user unpins
 * it. The versions of projects still made available offline stay too (a clear that includes the
 * pinned projects has removed them first), and so do the versions these are stored as changes from;
 * the rest of the history goes.
 */
export function clearVersions(db: Db): void {
  db.exec(`
    WITH RECURSIVE kept(id, base_id) AS (
      SELECT id, base_id FROM estimate_versions
        WHERE pinned = 1 OR project_id IN (SELECT project_id FROM offline_projects)
      UNION
      SELECT v.id, v.base_id FROM estimate_versions v JOIN kept ON v.id = kept.base_id
    )
    DELETE FROM estimate_versions WHERE id NOT IN (SELECT id FROM kept);
    DELETE FROM estimate_opened WHERE version_id NOT IN (SELECT id FROM estimate_versions);
  `);
}

/** Bytes of every version body (the storage view's figure). */
export function versionsBytes(db: Db): number {
  return Number(db.prepare('SELECT coalesce(sum(length(body)), 0) FROM estimate_versions').pluck().get());
}
