/**
 * The upload outbox: every upload is an entry here. One the user starts while online is sent at once
 * (`send` waits for it); one added offline, or cut off on the network, waits and is sent in the order
 * they were added once the service answers again.
 *
 * Records in the data folder's own outbox database (outbox-store.ts), copies beside it
 * (outbox-copies.ts), and one drain per data folder (drain-lock.ts). An entry leaves the outbox only
 * after the service registered its file, or when the user removes it. Sending is outbox-drain.ts;
 * this is the part the rest of the app talks to: adding, sending now, listing, removing, retrying,
 * choosing a file again, and when to send.
 */
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import type { ApiClient } from '../api/client';
import type { CacheDb } from '../cache/cache-db';
import { faultPoint } from '../faults/fault-points';
import { diskFullError } from '../local-files/write-atomically';
import type { Logger } from '../log/logger';
import { ServiceError } from '../errors/service-error';
import type { OutboxEntryView, OutboxUpdate } from '../../src-shared/outbox/types';
import { DrainLock, thisProcess } from './drain-lock';
import { memoryOutboxStore, openOutboxStore, type OpenedOutboxStore } from './open-outbox-store';
import type { EntryResult } from './outbox-attempt';
import { OutboxCopies } from './outbox-copies';
import { OutboxDrain, type DrainContext } from './outbox-drain';
import { reconcileOutbox, type OutboxRecovery } from './outbox-recovery';
import type { OutboxRow, OutboxStore } from './outbox-store';
import { LockKeeper } from './lock-keeper';
import { toView } from './outbox-view';
import { UploadWaiters } from './upload-waiters';

export interface OutboxOptions {
  /** `<user data>/outbox` */
  root: string;
  /** The workspace's cache (older upload records are moved from it; the files list is kept there). */
  cacheFor: (workspaceId: string) => CacheDb;
  clientFor: (workspaceId: string) => Promise<ApiClient>;
  /** Every workspace set up, the demo included. */
  workspaceIds: () => Promise<string[]>;
  /** Whether a workspace keeps its data in memory by design (the demo): its outbox records too. */
  inMemoryByDesign: (workspaceId: string) => boolean;
  emit: (update: OutboxUpdate) => void;
  /** What sending learnt about the service: a network error (offline) or null (it answered). */
  observe?: (workspaceId: string, err: unknown) => void;
  /** The service refused the workspace's key. */
  keyRejected?: (workspaceId: string) => void;
  /** Sending started (true) or ended (false) for a workspace. */
  onActivity?: (workspaceId: string, active: boolean) => void;
  /** At start, the records and copies were made to agree after a recovery: what waits, what needs a file. */
  onRecovered?: (report: OutboxRecovery) => void;
  logger: Logger;
  /** After a service failure the wait starts here and grows (default 30 s, at most 10 min, with jitter). */
  busyRetryMs?: number;
  /** Offline, how often the outbox tries again by itself (default 60 s; the connection events come sooner). */
  offlineRetryMs?: number;
  /** The drain lock: renewed this often, taken over after this long unrenewed, asked for again this often. */
  lock?: { renewMs?: number; staleMs?: number; retryMs?: number };
  now?: () => Date;
}

const PROGRESS_EVERY_MS = 200;

export class OutboxService {
  readonly copies: OutboxCopies;
  /** The records and the drain lock, opened when first needed (nothing is written before). */
  private records: { opened: OpenedOutboxStore; lock: LockKeeper } | null = null;
  private readonly demoStore = memoryOutboxStore();
  private readonly owner = thisProcess(randomUUID());
  private readonly drains = new Map<string, OutboxDrain>();
  private readonly lastProgressEmit = new Map<string, number>();
  private readonly waiters = new UploadWaiters();
  private closed = false;

  constructor(private readonly o: OutboxOptions) {
    this.copies = new OutboxCopies(o.root);
  }

  private get opened(): OpenedOutboxStore {
    return this.open().opened;
  }

  private get lock(): LockKeeper {
    return this.open().lock;
  }

  private open(): { opened: OpenedOutboxStore; lock: LockKeeper } {
    if (this.records) return this.records;
    const o = this.o;
    const opened = openOutboxStore(o.root, o.logger);
    const lock = new LockKeeper(
      new DrainLock(opened.store, this.owner, o.lock?.staleMs ?? 30_000, () => this.now()),
      {
        renewMs: o.lock?.renewMs ?? 5000,
        retryMs: o.lock?.retryMs ?? 5000,
        logger: o.logger,
        // Another process added or changed records: what it added is sent from here.
        onChangedElsewhere: () => void this.drainAll(),
        changedElsewhere: () => opened.store.changedElsewhere(),
        retry: () => void this.drainAll(),
      },
    );
    this.records = { opened, lock };
    return this.records;
  }

  /** Where the records are; false when they live in memory for this session (and why). */
  get persistence(): { persistent: boolean; problem: string | null } {
    return { persistent: this.opened.store.persistent, problem: this.opened.problem };
  }

  /** At start: the records and copies made to agree (outbox-recovery.ts), and what waits is sent. */
  async start(): Promise<void> {
    await this.copies.sweepRemovedWorkspaces();
    const movedAside = this.opened.recovered?.rows ?? null;
    for (const id of await this.o.workspaceIds()) {
      if (this.o.inMemoryByDesign(id)) {
        // The demo's records lived in memory: its copies went with them (its data is local anyway).
        await this.copies.removeWorkspace(id);
        continue;
      }
      const report = await reconcileOutbox({
        workspaceId: id,
        store: this.opened.store,
        copies: this.copies,
        cache: this.cacheOrNull(id),
        movedAsideRows: movedAside,
        logger: this.o.logger,
      }).catch((err: unknown) => {
        this.o.logger.log('error', `outbox of ${id}: could not be checked at start (${String(err)})`);
        return null;
      });
      if (report) this.o.onRecovered?.(report);
      if (this.rows(id).length > 0) void this.drain(id);
    }
  }

  /**
   * Copies the files into the outbox (each with its SHA-256) and records them, all or none; then
   * sends them. The caller has checked that each path is one the user gave PlanDesk (upload-grants.ts).
   */
  async enqueue(
    workspaceId: string,
    projectId: string,
    projectName: string,
    paths: readonly string[],
  ): Promise<OutboxRow[]> {
    const store = this.keepingStore(workspaceId);
    const made: string[] = [];
    const addedAt = this.now();
    try {
      const rows = [];
      for (const p of paths) {
        const copy = await this.copies.add(p, { workspaceId, projectId, projectName }, addedAt);
        made.push(copy.folder);
        rows.push({ workspaceId, projectId, projectName, fileName: path.basename(p), addedAt, ...copy });
      }
      await faultPoint('outbox:copied');
      const added = store.add(rows);
      this.o.logger.log(
        'info',
        `outbox of ${workspaceId}: ${added.length} file(s) added for project ${projectId}`,
      );
      this.changed(workspaceId);
      void this.drain(workspaceId);
      return added;
    } catch (err) {
      await Promise.all(made.map((folder) => this.copies.remove(workspaceId, folder)));
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
    const onAbort = () => ids.forEach((id) => void this.remove(workspaceId, id).catch(() => undefined));
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
      .filter((r) => r.state !== 'registered' && (projectId === undefined || r.projectId === projectId))
      .map((r) => toView(r, drain?.sentBytes(r.id) ?? null));
  }

  count(workspaceId: string): { entries: number; bytes: number } {
    const rows = this.rows(workspaceId).filter((r) => r.state !== 'registered');
    return { entries: rows.length, bytes: rows.reduce((sum, r) => sum + r.size, 0) };
  }

  /** Removes it (stopping it first if it is being sent): the file is not uploaded. */
  async remove(workspaceId: string, id: number): Promise<void> {
    const store = this.storeFor(workspaceId);
    const row = store.get(id);
    if (!row || row.workspaceId !== workspaceId || row.state === 'registered') return;
    if (this.drains.get(workspaceId)?.stop(id)) return; // the drain removes it once stopped
    await this.copies.remove(workspaceId, row.folder);
    store.remove(id);
    this.changed(workspaceId);
    this.waiters.settle(workspaceId, id, { kind: 'removed' });
  }

  /** Sends it now: a held upload is tried again, a waiting one without waiting for its time. */
  retry(workspaceId: string, id: number): void {
    const row = this.entry(workspaceId, id);
    this.storeFor(workspaceId).update(
      id,
      row.state === 'held'
        ? { state: 'waiting', problem: null, detail: null, nextTryAt: null }
        : { nextTryAt: null },
    );
    this.changed(workspaceId);
    void this.drain(workspaceId);
  }

  /**
   * The user chose the file again for an upload whose copy is gone or damaged: a new copy (and
   * checksum) takes the old one's place, and it is sent.
   */
  async replaceCopy(workspaceId: string, id: number, source: string): Promise<void> {
    const row = this.entry(workspaceId, id);
    if (row.state !== 'held')
      throw new ServiceError('validation', 'That upload does not need its file again.');
    const copy = await this.copies.add(
      source,
      { workspaceId, projectId: row.projectId, projectName: row.projectName },
      row.addedAt,
    );
    this.storeFor(workspaceId).update(id, {
      ...copy,
      fileName: path.basename(source),
      state: 'waiting',
      problem: null,
      detail: null,
      nextTryAt: null,
    });
    await this.copies.remove(workspaceId, row.folder);
    this.changed(workspaceId);
    void this.drain(workspaceId);
  }

  /** After a new key: uploads held for the old one are sent. */
  releaseKeyHolds(workspaceId: string): void {
    const held = this.rows(workspaceId).filter((r) => r.state === 'held' && r.problem === 'key-revoked');
    if (held.length === 0) return;
    const store = this.storeFor(workspaceId);
    for (const r of held) store.update(r.id, { state: 'waiting', problem: null, detail: null });
    this.changed(workspaceId);
    void this.drain(workspaceId);
  }

  /** Sends what waits in one workspace; resolves when nothing more can be sent now. */
  drain(workspaceId: string): Promise<void> {
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
    await Promise.all(ids.filter((id) => this.count(id).entries > 0).map((id) => this.drain(id)));
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
      this.storeFor(workspaceId).removeWorkspace(workspaceId);
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
    this.records?.lock.close();
    this.records?.opened.store.close();
    this.demoStore.close();
  }

  private entry(workspaceId: string, id: number): OutboxRow {
    const row = this.storeFor(workspaceId).get(id);
    if (!row || row.workspaceId !== workspaceId || row.state === 'registered') {
      throw new ServiceError('not-found', 'That upload is no longer waiting.');
    }
    return row;
  }

  /**
   * The records new uploads go to. When they could only live in memory (the data folder could not be
   * written, the disk was full), the file is tried again first: the user may have made room.
   */
  private keepingStore(workspaceId: string): OutboxStore {
    if (this.o.inMemoryByDesign(workspaceId)) return this.demoStore;
    if (this.records && !this.records.opened.store.persistent) {
      this.records.lock.close();
      this.records.opened.store.close();
      this.records = null;
    }
    const { store, problem, diskFull } = this.opened;
    if (store.persistent) return store;
    if (diskFull) throw diskFullError(this.o.root);
    throw new ServiceError(
      'config',
      `PlanDesk cannot keep files to upload on this computer (${problem ?? 'no place for its records'}). Check that PlanDesk's data folder can be written.`,
    );
  }

  private storeFor(workspaceId: string): OutboxStore {
    return this.o.inMemoryByDesign(workspaceId) ? this.demoStore : this.opened.store;
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
      store: (ws) => this.storeFor(ws),
      owner: this.owner.owner,
      mayDrain: (ws) => this.o.inMemoryByDesign(ws) || this.lock.hold(),
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
    };
  }

  private rows(workspaceId: string): OutboxRow[] {
    try {
      return this.storeFor(workspaceId).list(workspaceId);
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
