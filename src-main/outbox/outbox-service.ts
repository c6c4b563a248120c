/**
 * The upload outbox: files added while offline, or whose upload was cut off on the network, wait
 * here and are sent in the order they were added once the service answers again.
 *
 * Each workspace has its own: records in its cache database (outbox-table.ts: durable writes),
 * copies in the data folder (outbox-copies.ts). An entry leaves the outbox only after the service
 * registered its file, or when the user removes it. Sending is outbox-drain.ts; this is the part the
 * rest of the app talks to: adding, listing, removing, retrying, and when to send.
 */
import path from 'node:path';
import type { ApiClient } from '../api/client';
import type { CacheDb, OutboxRow } from '../cache/cache-db';
import type { Logger } from '../log/logger';
import { ServiceError } from '../errors/service-error';
import type { OutboxEntryView, OutboxProblem, OutboxUpdate } from '../../src-shared/outbox/types';
import { OutboxCopies } from './outbox-copies';
import { OutboxDrain, type DrainContext } from './outbox-drain';

export interface OutboxOptions {
  /** `<user data>/outbox` */
  root: string;
  /** The workspace's cache (the demo workspace's lives in memory). */
  cacheFor: (workspaceId: string) => CacheDb;
  clientFor: (workspaceId: string) => Promise<ApiClient>;
  /** Every workspace set up, the demo included. */
  workspaceIds: () => Promise<string[]>;
  /** Whether a workspace keeps its data in memory by design (the demo): its outbox may too. */
  inMemoryByDesign: (workspaceId: string) => boolean;
  emit: (update: OutboxUpdate) => void;
  /** What sending learnt about the service: a network error (offline) or null (it answered). */
  observe?: (workspaceId: string, err: unknown) => void;
  /** The service refused the workspace's key. */
  keyRejected?: (workspaceId: string) => void;
  /** Sending started (true) or ended (false) for a workspace. */
  onActivity?: (workspaceId: string, active: boolean) => void;
  logger: Logger;
  /** After a service failure the wait starts here and doubles (default 30 s, at most 10 min). */
  busyRetryMs?: number;
  /** Offline, how often the outbox tries again by itself (default 60 s; the connection events come sooner). */
  offlineRetryMs?: number;
  now?: () => Date;
}

export interface QueuedFile {
  /** A file PlanDesk was given to upload (the caller checked the upload grant). */
  path: string;
  /** Its upload was cut off after the register call was sent at this time: check before resending. */
  registeringSince?: Date;
}

const PROGRESS_EVERY_MS = 200;

export class OutboxService {
  private readonly copies: OutboxCopies;
  private readonly drains = new Map<string, OutboxDrain>();
  private readonly lastProgressEmit = new Map<string, number>();
  private closed = false;

  constructor(private readonly o: OutboxOptions) {
    this.copies = new OutboxCopies(o.root);
  }

  /** At start: copies without a record are removed, and what waits is sent. */
  async start(): Promise<void> {
    for (const id of await this.o.workspaceIds()) {
      const cache = this.o.cacheFor(id);
      const rows = this.rows(cache);
      const gone = await this.copies.sweep(id, new Set(rows.map((r) => r.folder)));
      if (gone.length > 0)
        this.o.logger.log('info', `outbox of ${id}: ${gone.length} unfinished copies removed`);
      if (rows.length > 0) void this.drain(id);
    }
  }

  /**
   * Copies the files into the outbox and records them, all or none; then tries to send them. The
   * caller has checked that each path is one the user gave PlanDesk (upload-grants.ts).
   */
  async enqueue(
    workspaceId: string,
    projectId: string,
    projectName: string,
    files: readonly QueuedFile[],
  ): Promise<OutboxRow[]> {
    const cache = this.o.cacheFor(workspaceId);
    if (!cache.persistent && !this.o.inMemoryByDesign(workspaceId)) {
      throw new ServiceError(
        'config',
        `PlanDesk cannot keep files for a later upload on this computer${cache.problem ? ` (${cache.problem})` : ''}. Check that the disk has space and that PlanDesk's data folder can be written.`,
      );
    }
    const made: string[] = [];
    try {
      const rows = [];
      for (const f of files) {
        const copy = await this.copies.add(workspaceId, f.path);
        made.push(copy.folder);
        rows.push({
          projectId,
          projectName,
          fileName: path.basename(f.path),
          size: copy.size,
          folder: copy.folder,
          ...(f.registeringSince ? { registeringSince: f.registeringSince } : {}),
        });
      }
      const added = cache.outbox.add(rows, this.now());
      this.o.logger.log(
        'info',
        `outbox of ${workspaceId}: ${added.length} file(s) waiting for project ${projectId}`,
      );
      this.changed(workspaceId);
      void this.drain(workspaceId);
      return added;
    } catch (err) {
      await Promise.all(made.map((folder) => this.copies.remove(workspaceId, folder)));
      throw err;
    }
  }

  /** The workspace's waiting uploads (one project's, when named), in the order they are sent. */
  list(workspaceId: string, projectId?: string): OutboxEntryView[] {
    const drain = this.drains.get(workspaceId);
    return this.rows(this.o.cacheFor(workspaceId))
      .filter((r) => projectId === undefined || r.projectId === projectId)
      .map((r) => toView(r, drain?.sentBytes(r.id) ?? null));
  }

  count(workspaceId: string): { entries: number; bytes: number } {
    const rows = this.rows(this.o.cacheFor(workspaceId));
    return { entries: rows.length, bytes: rows.reduce((sum, r) => sum + r.size, 0) };
  }

  /** Removes it (stopping it first if it is being sent): the file is not uploaded. */
  async remove(workspaceId: string, id: number): Promise<void> {
    const cache = this.o.cacheFor(workspaceId);
    const row = cache.outbox.get(id);
    if (!row) return;
    if (this.drains.get(workspaceId)?.stop(id)) return; // the drain removes it once stopped
    cache.outbox.remove(id);
    await this.copies.remove(workspaceId, row.folder);
    this.changed(workspaceId);
  }

  /** Sends it now: a held upload is tried again, a waiting one without waiting for its time. */
  retry(workspaceId: string, id: number): void {
    const cache = this.o.cacheFor(workspaceId);
    const row = cache.outbox.get(id);
    if (!row) throw new ServiceError('not-found', 'That upload is no longer waiting.');
    cache.outbox.update(
      id,
      row.state === 'held'
        ? { state: 'waiting', problem: null, detail: null, nextTryAt: null }
        : { nextTryAt: null },
    );
    this.changed(workspaceId);
    void this.drain(workspaceId);
  }

  /** After a new key: uploads held for the old one are sent. */
  releaseKeyHolds(workspaceId: string): void {
    const cache = this.o.cacheFor(workspaceId);
    const held = this.rows(cache).filter((r) => r.state === 'held' && r.problem === 'key-revoked');
    if (held.length === 0) return;
    for (const r of held) cache.outbox.update(r.id, { state: 'waiting', problem: null, detail: null });
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

  /** Every workspace's ("Sync now", and when the app starts). */
  async drainAll(): Promise<void> {
    const ids = await this.o.workspaceIds();
    await Promise.all(ids.filter((id) => this.count(id).entries > 0).map((id) => this.drain(id)));
  }

  /** Whether uploads are being sent for the workspace right now. */
  sending(workspaceId: string): boolean {
    return this.drains.get(workspaceId)?.active ?? false;
  }

  /** The workspace is removed (its cache database, with the records, goes with it). */
  async forgetWorkspace(workspaceId: string): Promise<void> {
    const drain = this.drains.get(workspaceId);
    this.drains.delete(workspaceId);
    await drain?.close('forget');
    await this.copies.removeWorkspace(workspaceId);
  }

  /** Stops sending (what is on its way is recorded first); before the caches close. */
  async close(): Promise<void> {
    this.closed = true;
    const drains = [...this.drains.values()];
    this.drains.clear();
    await Promise.all(drains.map((d) => d.close()));
  }

  private context(): DrainContext {
    return {
      copies: this.copies,
      cacheFor: this.o.cacheFor,
      clientFor: this.o.clientFor,
      logger: this.o.logger,
      busyRetryMs: this.o.busyRetryMs ?? 30_000,
      offlineRetryMs: this.o.offlineRetryMs ?? 60_000,
      now: () => this.now(),
      changed: (ws) => this.changed(ws),
      progressed: (ws) => this.progressed(ws),
      observe: (ws, err) => this.o.observe?.(ws, err),
      keyRejected: (ws) => this.o.keyRejected?.(ws),
      activity: (ws, active) => this.o.onActivity?.(ws, active),
    };
  }

  private rows(cache: CacheDb): OutboxRow[] {
    try {
      return cache.outbox.list();
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

function toView(r: OutboxRow, sent: number | null): OutboxEntryView {
  const state: OutboxEntryView['state'] =
    sent !== null
      ? 'sending'
      : r.state === 'held'
        ? 'held'
        : r.state === 'registering'
          ? 'checking'
          : 'waiting';
  return {
    id: r.id,
    projectId: r.projectId,
    projectName: r.projectName,
    name: r.fileName,
    size: r.size,
    addedAt: r.addedAt.toISOString(),
    state,
    sent,
    problem: (r.problem as OutboxProblem | null) ?? null,
    detail: r.detail,
    nextTryAt: r.nextTryAt?.toISOString() ?? null,
  };
}
