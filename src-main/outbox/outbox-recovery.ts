/**
 * At start, the records and the copies are made to agree, and nothing the user gave PlanDesk to
 * upload is lost on the way:
 *
 * 1. the records a damaged outbox database still gave when it was moved aside are put back (a row
 *    being sent goes back to waiting);
 * 2. records an older PlanDesk kept in the workspace's cache database (also one moved aside as
 *    damaged) move over, the copy's SHA-256 taken now;
 *    — a record of 1. or 2. whose copy is gone is put back held as "file missing", so the user is
 *    asked for the file (never dropped without a word);
 * 3. a complete copy without a record names its own (its `.plandesk-entry.json`): it is added as
 *    "check whether it arrived first", so it is never sent twice; a copy that names nothing (an older
 *    PlanDesk's) is left where it is and reported; a copy that is too recent (this process or another
 *    one is still recording it) is left alone;
 * 4. a record whose copy is gone is held as "file missing" (the user is asked for the file again);
 *    a removal a crash interrupted (`removing`, or a copy marked removed) is finished.
 *
 * Whenever anything of this happened, the outbox's database was recovered, or a workspace's cache was
 * recovered while uploads wait, the report says, per workspace, which uploads wait and which need
 * their file again. Records and copies of a workspace no longer set up are reported too
 * (`unlistedLeftovers`).
 */
import path from 'node:path';
import { legacyOutboxRowsIn, type CacheDb, type LegacyOutboxRow } from '../cache/cache-db';
import type { Logger } from '../log/logger';
import { CLI_WORKSPACE_PREFIX } from '../local-files/data-folder';
import { NEEDS_FILE_AGAIN, type OutboxProblem } from '../../src-shared/outbox/types';
import { released } from './drain-outcomes';
import type { CopyManifest, OutboxCopies } from './outbox-copies';
import type { NewOutboxRow, OutboxRow, OutboxState } from './outbox-rows';
import type { OutboxStore } from './outbox-store';

export interface OutboxRecovery {
  workspaceId: string;
  /** Names of the files that wait to be uploaded. */
  waiting: string[];
  /** Names of the files PlanDesk cannot send without the user choosing them again. */
  needFile: string[];
  /** Copies no record names (left by an older PlanDesk): where they are. */
  kept: string[];
  /** Copies of a workspace no longer set up (nothing sends them): where they are. */
  unlisted?: string[];
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

/** A record that was put back: nothing was sent for it by this process yet. */
const GONE: readonly OutboxState[] = ['registered', 'removing'];

export async function reconcileOutbox(input: RecoveryInput): Promise<OutboxRecovery | null> {
  const { workspaceId: ws, store, copies, logger } = input;
  const swept = await copies.sweep(ws);
  const folders = new Set(swept.complete);
  const recorded = new Set(store.list(ws).map((r) => r.folder));
  // The outbox's own records were recovered: always said (also that nothing waits).
  let tell = input.movedAsideRows !== null;
  const add = (row: NewOutboxRow) => {
    store.add([row]);
    recorded.add(row.folder);
    tell = true;
  };

  for (const r of input.movedAsideRows ?? []) {
    if (r.workspaceId !== ws || recorded.has(r.folder)) continue;
    const state = r.state === 'sending' ? 'waiting' : r.state;
    // Registered or removed: back only while its copy is there, to be tidied away (never adopted).
    if (GONE.includes(state)) {
      if (folders.has(r.folder)) add({ ...r, state });
    } else add(folders.has(r.folder) ? { ...r, state } : missing({ ...r, state }));
  }

  const legacy = legacyRows(input.cache, logger);
  for (const l of legacy.rows) {
    if (recorded.has(l.folder)) continue;
    add(await fromLegacy(ws, l, copies, folders.has(l.folder)));
  }
  if (legacy.inTable.length > 0) input.cache?.legacyOutbox.clear(legacy.inTable);

  const kept: string[] = [];
  for (const folder of folders) {
    if (recorded.has(folder) || swept.recent.has(folder)) continue;
    const m = await copies.manifest(ws, folder);
    if (!m) {
      kept.push(copies.folderOf(ws, folder));
      tell = true;
      continue;
    }
    if (m.replaces !== undefined && (await replaceHeldCopy(store, copies, ws, folder, m))) {
      recorded.add(folder);
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
    if (r.state === 'removing' && (await copies.remove(ws, r.folder))) store.remove(r.id);
    if (folders.has(r.folder) || r.state === 'removing') continue;
    if (r.state === 'registered') store.remove(r.id);
    else if (r.problem !== 'file-missing') {
      store.update(r.id, { ...heldMissing(r), owner: null });
      tell = true;
    }
  }
  if (kept.length > 0) {
    logger.log('warn', `outbox of ${ws}: ${kept.length} copies without a record kept: ${kept.join(', ')}`);
  }
  const rows = store.list(ws).filter((r) => !GONE.includes(r.state));
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

export interface StartInput {
  /** Every workspace set up. */
  listed: readonly string[];
  store: OutboxStore;
  copies: OutboxCopies;
  /** What a damaged outbox database still gave, or null when it was fine. */
  movedAsideRows: readonly OutboxRow[] | null;
  cacheFor: (workspaceId: string) => CacheDb | null;
  inMemoryByDesign: (workspaceId: string) => boolean;
  logger: Logger;
  onRecovered: (report: OutboxRecovery) => void;
}

/** The whole start: every workspace's records and copies made to agree; returns those with records. */
export async function recoverAtStart(input: StartInput): Promise<string[]> {
  const { store, copies, logger } = input;
  await copies.sweepRemovedWorkspaces();
  const withRecords: string[] = [];
  for (const id of input.listed) {
    if (input.inMemoryByDesign(id)) {
      // The demo's records lived in memory: its copies went with them (its data is local anyway).
      await copies.removeWorkspace(id);
      continue;
    }
    const report = await reconcileOutbox({
      workspaceId: id,
      store,
      copies,
      cache: input.cacheFor(id),
      movedAsideRows: input.movedAsideRows,
      logger,
    }).catch((err: unknown) => {
      logger.log('error', `outbox of ${id}: could not be checked at start (${String(err)})`);
      return null;
    });
    if (report) input.onRecovered(report);
    if (store.list(id).length > 0) withRecords.push(id);
  }
  const unlisted = await unlistedLeftovers(input.listed, store, copies, logger).catch((err: unknown) => {
    logger.log('error', `outbox: leftovers of removed workspaces not checked (${String(err)})`);
    return [];
  });
  for (const report of unlisted) input.onRecovered(report);
  return withRecords;
}

/**
 * Records and copies of workspaces no longer set up (a crash while one was removed, or settings that
 * were lost; not the CLI's own workspaces): interrupted removals are finished, records without a copy go (there is nothing left to
 * send, nor anywhere to send it), and the copies that remain are kept where they are and reported.
 */
export async function unlistedLeftovers(
  listed: readonly string[],
  store: OutboxStore,
  copies: OutboxCopies,
  logger: Logger,
): Promise<OutboxRecovery[]> {
  const ids = new Set([...store.workspaces(), ...(await copies.workspaceFolders())]);
  const reports: OutboxRecovery[] = [];
  for (const ws of ids) {
    // The CLI's own workspaces: it sends their entries itself (`plandesk upload`).
    if (listed.includes(ws) || ws.startsWith(CLI_WORKSPACE_PREFIX)) continue;
    const swept = await copies.sweep(ws);
    const folders = new Set(swept.complete);
    for (const r of store.list(ws)) {
      if (folders.has(r.folder)) continue;
      logger.log('warn', `outbox: record of "${r.fileName}" (workspace ${ws}, no longer set up) had no copy`);
      store.remove(r.id);
    }
    const unlisted = swept.complete.filter((f) => !swept.recent.has(f)).map((f) => copies.folderOf(ws, f));
    if (unlisted.length === 0) continue;
    logger.log('warn', `outbox: copies of workspace ${ws}, no longer set up, kept: ${unlisted.join(', ')}`);
    reports.push({ workspaceId: ws, waiting: [], needFile: [], kept: [], unlisted });
  }
  return reports;
}

/**
 * The user chose the file again and PlanDesk stopped before the record named the new copy: the
 * record still held moves over to it (its old copy goes). False when no held record is waiting for it.
 */
async function replaceHeldCopy(
  store: OutboxStore,
  copies: OutboxCopies,
  ws: string,
  folder: string,
  m: CopyManifest,
): Promise<boolean> {
  const old = store.list(ws).find((r) => r.folder === m.replaces && r.state === 'held');
  if (!old) return false;
  const change = { folder, fileName: m.fileName, size: m.size, sha256: m.sha256, ...released(old) };
  if (!store.updateHeld(old.id, change)) return false;
  await copies.remove(ws, old.folder);
  return true;
}

/** Held as "file missing" (its register call may have arrived: looked for first once released). */
function heldMissing(r: Pick<OutboxRow, 'state' | 'checkFirst'>) {
  return {
    state: 'held' as const,
    problem: 'file-missing',
    detail: null,
    nextTryAt: null,
    checkFirst: r.checkFirst || r.state === 'registering',
  };
}

/** A record put back whose copy is gone: the user is asked for the file. */
function missing(r: OutboxRow): NewOutboxRow {
  return { ...r, ...heldMissing(r) };
}

function legacyRows(cache: CacheDb | null, logger: Logger): { rows: LegacyOutboxRow[]; inTable: number[] } {
  if (!cache) return { rows: [], inTable: [] };
  const inTable = cache.legacyOutbox.list();
  const movedAside = cache.recovered ? legacyOutboxRowsIn(cache.recovered.movedTo, logger) : [];
  return { rows: [...inTable, ...movedAside], inTable: inTable.map((r) => r.id) };
}

/** An older PlanDesk's record; its copy is hashed now (what it holds from here on is checked). */
async function fromLegacy(
  ws: string,
  l: LegacyOutboxRow,
  copies: OutboxCopies,
  hasFolder: boolean,
): Promise<NewOutboxRow> {
  const fileName = path.basename(l.fileName);
  const file = copies.pathOf(ws, l.folder, fileName);
  const intact = hasFolder && (await copies.intact(ws, l.folder, fileName, l.size));
  const registering = l.state === 'registering';
  const state: OutboxState = !intact
    ? 'held'
    : l.state === 'held' || registering
      ? (l.state as OutboxState)
      : 'waiting';
  return {
    workspaceId: ws,
    projectId: l.projectId,
    projectName: l.projectName,
    fileName,
    size: l.size,
    sha256: intact ? await copies.hashOf(file) : null,
    folder: l.folder,
    addedAt: l.addedAt,
    state,
    attemptStartedAt: registering ? (l.attemptStartedAt ?? l.addedAt) : null,
    problem: intact ? l.problem : 'file-missing',
    detail: intact ? l.detail : null,
    checkFirst: !intact && registering,
  };
}
