/**
 * At start, the records and the copies are made to agree, and nothing the user gave PlanDesk to
 * upload is lost on the way:
 *
 * 1. the records a damaged outbox database still gave when it was moved aside are put back (a row
 *    being sent goes back to waiting);
 * 2. records an older PlanDesk kept in the workspace's cache database (also one moved aside as
 *    damaged) move over, the copy's SHA-256 taken now;
 * 3. a complete copy without a record names its own (its `.plandesk-entry.json`): it is added as
 *    "check whether it arrived first", so it is never sent twice; a copy that names nothing (an older
 *    PlanDesk's) is left where it is and reported;
 * 4. a record whose copy is gone is held as "file missing" (the user is asked for the file again).
 *
 * Whenever anything of this happened, the outbox's database was recovered, or a workspace's cache was
 * recovered while uploads wait, the report says, per workspace, which uploads wait and which need
 * their file again.
 */
import path from 'node:path';
import { legacyOutboxRowsIn, type CacheDb, type LegacyOutboxRow } from '../cache/cache-db';
import type { Logger } from '../log/logger';
import { NEEDS_FILE_AGAIN, type OutboxProblem } from '../../src-shared/outbox/types';
import type { OutboxCopies } from './outbox-copies';
import type { NewOutboxRow, OutboxRow, OutboxState, OutboxStore } from './outbox-store';

export interface OutboxRecovery {
  workspaceId: string;
  /** Names of the files that wait to be uploaded. */
  waiting: string[];
  /** Names of the files PlanDesk cannot send without the user choosing them again. */
  needFile: string[];
  /** Copies no record names (left by an older PlanDesk): where they are. */
  kept: string[];
}

export interface RecoveryInput {
  workspaceId: string;
  store: OutboxStore;
  copies: OutboxCopies;
  /** The workspace's cache (older records), or null when it is kept in memory by design. */
  cache: CacheDb | null;
  /** What a damaged outbox database still gave (every workspace's), or null when it was fine. */
  movedAsideRows: readonly OutboxRow[] | null;
  logger: Logger;
}

export async function reconcileOutbox(input: RecoveryInput): Promise<OutboxRecovery | null> {
  const { workspaceId: ws, store, copies, logger } = input;
  const folders = new Set(await copies.sweep(ws));
  const recorded = new Set(store.list(ws).map((r) => r.folder));
  // The outbox's own records were recovered: always said (also that nothing waits).
  let tell = input.movedAsideRows !== null;
  const add = (row: NewOutboxRow) => {
    store.add([row]);
    recorded.add(row.folder);
    tell = true;
  };

  for (const r of input.movedAsideRows ?? []) {
    if (r.workspaceId !== ws || recorded.has(r.folder) || !folders.has(r.folder)) continue;
    add({ ...r, state: r.state === 'sending' ? 'waiting' : r.state });
  }

  const legacy = legacyRows(input.cache, logger);
  for (const l of legacy.rows) {
    if (recorded.has(l.folder) || !folders.has(l.folder)) continue;
    add(await fromLegacy(ws, l, copies));
  }
  if (legacy.inTable.length > 0) input.cache?.legacyOutbox.clear(legacy.inTable);

  const kept: string[] = [];
  for (const folder of folders) {
    if (recorded.has(folder)) continue;
    const m = await copies.manifest(ws, folder);
    if (!m) {
      kept.push(copies.folderOf(ws, folder));
      tell = true;
      continue;
    }
    const addedAt = new Date(m.addedAt);
    add({
      workspaceId: ws,
      projectId: m.projectId,
      projectName: m.projectName,
      fileName: m.fileName,
      size: m.size,
      sha256: m.sha256,
      folder,
      addedAt,
      // Its record never made it (a crash) or was lost: whether it arrived is looked up first.
      state: 'registering',
      attemptStartedAt: addedAt,
    });
  }

  for (const r of store.list(ws)) {
    if (folders.has(r.folder)) continue;
    if (r.state === 'registered') store.remove(r.id);
    else if (r.problem !== 'file-missing') {
      store.update(r.id, { state: 'held', owner: null, problem: 'file-missing', detail: null });
      tell = true;
    }
  }
  if (kept.length > 0) {
    logger.log('warn', `outbox of ${ws}: ${kept.length} copies without a record kept: ${kept.join(', ')}`);
  }
  const rows = store.list(ws).filter((r) => r.state !== 'registered');
  // A recovered cache: what waits is said (it is untouched), beside the cache's own notice.
  if (input.cache?.recovered && rows.length > 0) tell = true;
  if (!tell) return null;
  const needsFile = (r: OutboxRow) => NEEDS_FILE_AGAIN.includes(r.problem as OutboxProblem);
  return {
    workspaceId: ws,
    waiting: rows.filter((r) => r.state !== 'held').map((r) => r.fileName),
    needFile: rows.filter(needsFile).map((r) => r.fileName),
    kept,
  };
}

function legacyRows(cache: CacheDb | null, logger: Logger): { rows: LegacyOutboxRow[]; inTable: number[] } {
  if (!cache) return { rows: [], inTable: [] };
  const inTable = cache.legacyOutbox.list();
  const movedAside = cache.recovered ? legacyOutboxRowsIn(cache.recovered.movedTo, logger) : [];
  return { rows: [...inTable, ...movedAside], inTable: inTable.map((r) => r.id) };
}

/** An older PlanDesk's record; its copy is hashed now (what it holds from here on is checked). */
async function fromLegacy(ws: string, l: LegacyOutboxRow, copies: OutboxCopies): Promise<NewOutboxRow> {
  const file = copies.pathOf(ws, l.folder, path.basename(l.fileName));
  const intact = await copies.intact(ws, l.folder, path.basename(l.fileName), l.size);
  const state: OutboxState = !intact
    ? 'held'
    : l.state === 'held' || l.state === 'registering'
      ? l.state
      : 'waiting';
  return {
    workspaceId: ws,
    projectId: l.projectId,
    projectName: l.projectName,
    fileName: path.basename(l.fileName),
    size: l.size,
    sha256: intact ? await copies.hashOf(file) : null,
    folder: l.folder,
    addedAt: l.addedAt,
    state,
    attemptStartedAt: l.state === 'registering' ? (l.attemptStartedAt ?? l.addedAt) : null,
    problem: intact ? l.problem : 'file-missing',
    detail: intact ? l.detail : null,
  };
}
