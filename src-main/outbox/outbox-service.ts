/**
 * The upload outbox: every upload is an entry here. One the user starts while online is sent at once
 * (`send` waits for it); one added offline, or cut off on the network, waits and is sent in the order
 * they were added once the service answers again.
 *
 * Records in the data folder's own outbox database (outbox-store.ts, outbox-records.ts), copies beside
 * it (outbox-copies.ts), and one drain per data folder (drain-lock.ts). An entry leaves the outbox only
 * after the service registered its file, or when the user removes it. Sending is outbox-drain.ts;
 * this is the part the rest of the app talks to: adding, sending now, listing, removing, retrying,
 * choosing a file again, and when to send.
 *
 * The start (`start`) makes records and copies agree (outbox-recovery.ts); until it has, no upload is
 * recorded and nothing is sent, so it never meets a copy that is being added.
 */
import { randomUUID } from 'node:crypto';
import type { CacheDb } from '../cache/cache-db';
import { faultPoint } from '../faults/fault-points';
import { ServiceError } from '../errors/service-error';
import type { OutboxEntryView } from '../../src-shared/outbox/types';
import { thisProcess } from './drain-lock';
import { released } from './drain-outcomes';
import type { EntryResult } from './outbox-attempt';
import { OutboxCopies } from './outbox-copies';
import { OutboxDrain, type DrainContext } from './outbox-drain';
import { OutboxRecords } from './outbox-records';
import { recoverAtStart } from './outbox-recovery';
import type { OutboxRow } from './outbox-rows';
import { toView } from './outbox-view';
import { checkUploadName, type EnqueueOptions, type OutboxOptions } from './outbox-options';
import { UploadWaiters } from './upload-waiters';
import { isClosing } from '../operations/operations';

const PROGRESS_EVERY_MS = 200;

export class OutboxService {
  readonly copies: OutboxCopies;
  /** The records and the drain lock, opened when first needed (nothing is written before). */
  private readonly records: OutboxRecords;
  private readonly owner = thisProcess(randomUUID());
  private readonly drains = new Map<string, OutboxDrain>();
  private readonly lastProgressEmit = new Map<string, number>();
  private readonly waiters = new UploadWaiters();
  /** The start's recovery, once asked for: recording and sending wait for it. */
  private started: Promise<void> | null = null;
  private closed = false;

  constructor(private readonly o: OutboxOptions) {
    this.copies = new OutboxCopies(o.root);
    this.records = new OutboxRecords(
      {
        root: o.root,
        logger: o.logger,
        inMemoryByDesign: o.inMemoryByDesign,
        ...(o.lock ? { lock: o.lock } : {}),
        now: () => this.now(),
        drainAll: () => void this.drainAll(),
      },
      this.owner,
    );
  }

  /**
   * At start: the records and copies made to agree (outbox-recovery.ts), and what waits is sent.
   * A later call checks again, after the one before (what a damaged database or cache gave back is
   * put back the first time only); nothing this or another process is still making is touched.
   */
  start(): Promise<void> {
    const first = this.started === null;
    this.started = (this.started ?? Promise.resolve()).catch(() => undefined).then(() => this.recover(first));
    return this.started;
  }

  private async recover(first: boolean): Promise<void> {
    // A first start (or one after every upload went): no records to check, and none made for it.
    if (!this.records.anything) return;
    const { store, recovered } = this.records.opened;
    const withRecords = await recoverAtStart({
      listed: await this.o.workspaceIds(),
      store,
      copies: this.copies,
      movedAsideRows: first ? (recovered?.rows ?? null) : null,
      cacheFor: (id) => (first ? this.cacheOrNull(id) : null),
      inMemoryByDesign: this.o.inMemoryByDesign,
      logger: this.o.logger,
      onRecovered: (report) => this.o.onRecovered?.(report),
    });
    for (const id of withRecords) void this.drainNow(id);
  }

  /** Until the start's recovery is done (when it was asked for), nothing is recorded or sent. */
  private async ready(): Promise<void> {
    await this.started?.catch(() => undefined);
  }

  /**
   * Copies the files into the outbox (each with its SHA-256) and records them, all or none; then
   * sends them (unless `drain` is false: the caller sends them with `send`, which waits for them).
   * The caller has checked that each path is one the user gave PlanDesk (upload-grants.ts). `signal`
   * stops the copying (nothing is kept); `onProgress` counts the bytes copied over all files.
   */
  async enqueue(
    workspaceId: string,
    projectId: string,
    projectName: string,
    paths: readonly string[],
    options: EnqueueOptions = {},
  ): Promise<OutboxRow[]> {
    if (options.name !== undefined) checkUploadName(options.name, paths);
    const store = this.records.keepingStore(workspaceId);
    const addedAt = this.now();
    const copies = await this.copies.addAll(paths, { workspaceId, projectId, projectName }, addedAt, options);
    try {
      await faultPoint('outbox:copied');
      await this.ready();
      if (options.signal?.aborted) throw new ServiceError('cancelled', 'The upload was cancelled.');
      const added = store.add(copies.map((c) => ({ workspaceId, projectId, projectName, addedAt, ...c })));
      for (const c of copies) this.copies.recorded(workspaceId, c.folder);
      this.o.logger.log(
        'info',
        `outbox of ${workspaceId}: ${added.length} file(s) added for project ${projectId}`,
      );
      this.changed(workspaceId);
      if (options.drain !== false) void this.drain(workspaceId);
      return added;
    } catch (err) {
      await Promise.all(copies.map((c) => this.copies.remove(workspaceId, c.folder)));
      throw err;
    }
  }

  /**
   * Sends the entries now and waits until each is registered, waits (no connection, the service
   * failed), is held, or was removed. `signal` removes those not yet registered.
   */
  async send(
    workspaceId: string,
    ids: readonly number[],
    options: { signal?: AbortSignal; onProgress?: (id: number, sent: number) => void } = {},
  ): Promise<Map<number, EntryResult>> {
    const onAbort = () => {
      // Cancelled by the user: not uploaded. PlanDesk closing: they wait for the next start.
      if (isClosing(options.signal)) return;
      ids.forEach((id) => void this.remove(workspaceId, id).catch(() => undefined));
    };
    options.signal?.addEventListener('abort', onAbort, { once: true });
    try {
      return await this.waiters.wait(workspaceId, ids, () => this.drain(workspaceId), options.onProgress);
    } finally {
      options.signal?.removeEventListener('abort', onAbort);
    }
  }

  /** The workspace's waiting uploads (one project's, when named), in the order they are sent. */
  list(workspaceId: string, projectId?: string): OutboxEntryView[] {
    const drain = this.drains.get(workspaceId);
    return this.rows(workspaceId)
      .filter((r) => projectId === undefined || r.projectId === projectId)
      .map((r) => toView(r, drain?.sentBytes(r.id) ?? null));
  }

  count(workspaceId: string): { entries: number; bytes: number } {
    const rows = this.rows(workspaceId);
    return { entries: rows.length, bytes: rows.reduce((sum, r) => sum + r.size, 0) };
  }

  /**
   * Removes it (stopping it first if it is being sent): the file is not uploaded. When its copy
   * cannot be marked removed yet (a folder in use), the record says `removing` and the drain
   * finishes it; it is never sent.
   */
  async remove(workspaceId: string, id: number): Promise<void> {
    const store = this.records.storeFor(workspaceId);
    const row = store.get(id);
    if (!row || row.workspaceId !== workspaceId || !shown(row)) return;
    if (this.drains.get(workspaceId)?.stop(id)) return; // the drain removes it once stopped
    if (await this.copies.remove(workspaceId, row.folder)) store.remove(id);
    else store.update(id, { state: 'removing', owner: null });
    this.changed(workspaceId);
    this.waiters.settle(workspaceId, id, { kind: 'removed' });
  }

  /**
   * Sends it now: a held upload is tried again (looked for first, when its register call may have
   * arrived), a waiting one without waiting for its time.
   */
  retry(workspaceId: string, id: number): void {
    const row = this.entry(workspaceId, id);
    const store = this.records.storeFor(workspaceId);
    if (row.state === 'held') store.updateHeld(id, released(row));
    else store.update(id, { nextTryAt: null });
    this.changed(workspaceId);
    void this.drain(workspaceId);
  }

  /**
   * The user chose the file again for an upload whose copy is gone or damaged: a new copy (and
   * checksum) takes the old one's place, and it is sent (looked for first, when the register call of
   * an earlier attempt may have arrived).
   */
  async replaceCopy(workspaceId: string, id: number, source: string): Promise<void> {
    const row = this.entry(workspaceId, id);
    if (row.state !== 'held')
      throw new ServiceError('validation', 'That upload does not need its file again.');
    const copy = await this.copies.add(
      source,
      { workspaceId, projectId: row.projectId, projectName: row.projectName, replaces: row.folder },
      row.addedAt,
    );
    const replaced = this.records.storeFor(workspaceId).updateHeld(id, { ...copy, ...released(row) });
    this.copies.recorded(workspaceId, copy.folder);
    if (!replaced) {
      // Released meanwhile (Retry, a new key) or removed: the old copy stays the entry's.
      await this.copies.remove(workspaceId, copy.folder);
      throw new ServiceError('validation', 'That upload does not need its file again.');
    }
    await this.copies.remove(workspaceId, row.folder);
    this.changed(workspaceId);
    void this.drain(workspaceId);
  }

  /** After a new key: uploads held for the old one are sent. */
  releaseKeyHolds(workspaceId: string): void {
    const held = this.rows(workspaceId).filter((r) => r.state === 'held' && r.problem === 'key-revoked');
    if (held.length === 0) return;
    const store = this.records.storeFor(workspaceId);
    for (const r of held) store.updateHeld(r.id, released(r));
    this.changed(workspaceId);
    void this.drain(workspaceId);
  }

  /** Sends what waits in one workspace; resolves when nothing more can be sent now. */
  async drain(workspaceId: string): Promise<void> {
    await this.ready();
    return this.drainNow(workspaceId);
  }

  private drainNow(workspaceId: string): Promise<void> {
    if (this.closed) return Promise.resolve();
    let drain = this.drains.get(workspaceId);
    if (!drain) {
      drain = new OutboxDrain(workspaceId, this.context());
      this.drains.set(workspaceId, drain);
    }
    return drain.run();
  }

  /** Every workspace's ("Sync now", when the app starts, when another process added some). */
  async drainAll(): Promise<void> {
    if (this.closed) return;
    const ids = await this.o.workspaceIds();
    // Also those with only tidying left (registered, removed).
    await Promise.all(
      ids.filter((id) => this.records.storeFor(id).list(id).length > 0).map((id) => this.drain(id)),
    );
  }

  /** Whether uploads are being sent for the workspace right now. */
  sending(workspaceId: string): boolean {
    return this.drains.get(workspaceId)?.active ?? false;
  }

  /** The workspace is removed: its waiting uploads go with it (the remove dialog says how many). */
  async forgetWorkspace(workspaceId: string): Promise<void> {
    const drain = this.drains.get(workspaceId);
    this.drains.delete(workspaceId);
    await drain?.close('forget');
    // The copies first (renamed away at once): a crash then leaves records that are held as missing,
    // never copies that would be sent for a workspace the user removed.
    await this.copies.removeWorkspace(workspaceId);
    try {
      this.records.storeFor(workspaceId).removeWorkspace(workspaceId);
    } catch (err) {
      this.o.logger.log('warn', `outbox of ${workspaceId}: ${(err as Error).message}`);
    }
  }

  /** Stops sending (what is on its way is recorded first) and lets the drain lock go. */
  async close(): Promise<void> {
    this.closed = true;
    const drains = [...this.drains.values()];
    this.drains.clear();
    await Promise.all(drains.map((d) => d.close()));
    this.records.close();
  }

  private entry(workspaceId: string, id: number): OutboxRow {
    const row = this.records.storeFor(workspaceId).get(id);
    if (!row || row.workspaceId !== workspaceId || !shown(row)) {
      throw new ServiceError('not-found', 'That upload is no longer waiting.');
    }
    return row;
  }

  private cacheOrNull(workspaceId: string): CacheDb | null {
    try {
      return this.o.cacheFor(workspaceId);
    } catch {
      return null;
    }
  }

  private context(): DrainContext {
    return {
      copies: this.copies,
      store: (ws) => this.records.storeFor(ws),
      owner: this.owner.owner,
      mayDrain: (ws) => this.records.mayDrain(ws),
      cacheFor: this.o.cacheFor,
      clientFor: this.o.clientFor,
      logger: this.o.logger,
      busyRetryMs: this.o.busyRetryMs ?? 30_000,
      offlineRetryMs: this.o.offlineRetryMs ?? 60_000,
      now: () => this.now(),
      changed: (ws) => this.changed(ws),
      progressed: (ws, id, sent) => {
        this.waiters.progress(ws, id, sent);
        this.progressed(ws);
      },
      settled: (ws, id, result) => this.waiters.settle(ws, id, result),
      observe: (ws, err) => this.o.observe?.(ws, err),
      keyRejected: (ws) => this.o.keyRejected?.(ws),
      activity: (ws, active) => this.o.onActivity?.(ws, active),
      diskFull: (where) => this.o.onDiskFull?.(where),
    };
  }

  /** The workspace's entries the user sees: not those registered or removed (only tidying is left). */
  private rows(workspaceId: string): OutboxRow[] {
    try {
      return this.records.storeFor(workspaceId).list(workspaceId).filter(shown);
    } catch (err) {
      this.o.logger.log('warn', `outbox: ${(err as Error).message}`);
      return [];
    }
  }

  private changed(workspaceId: string): void {
    if (this.closed) return;
    this.lastProgressEmit.set(workspaceId, Date.now());
    this.o.emit({ workspaceId, entries: this.list(workspaceId) });
  }

  private progressed(workspaceId: string): void {
    const last = this.lastProgressEmit.get(workspaceId) ?? 0;
    if (Date.now() - last >= PROGRESS_EVERY_MS) this.changed(workspaceId);
  }

  private now(): Date {
    return this.o.now?.() ?? new Date();
  }
}

/** An entry the user still has: not registered, not removed (only their tidying is left). */
function shown(row: OutboxRow): boolean {
  return row.state !== 'registered' && row.state !== 'removing';
}
