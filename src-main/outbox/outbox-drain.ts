/**
 * Sending one workspace's outbox, one file at a time in the order they were added:
 *
 * 1. the project is checked once per run (deleted, archived, or the key refused: its uploads are
 *    held with that reason, the files kept);
 * 2. an entry whose register call was cut off is looked for in the files list first
 *    (registered-check.ts); found, it is done, and nothing is sent again;
 * 3. otherwise it is sent from its copy: URL, bytes, register. The step "register" is written to
 *    the database, durably, before its request goes out, so after a crash the check in 2 runs.
 *
 * Only after the service registered the file is the entry removed. No connection: the run stops and
 * waits for the service (the connection events, or a timer). A service failure: that entry waits a
 * little longer each time.
 */
import type { ApiClient } from '../api/client';
import type { ProjectFile } from '../api/schemas';
import type { CacheDb, OutboxRow } from '../cache/cache-db';
import { updateCachedFilesList } from '../cache/files-list';
import type { Logger } from '../log/logger';
import { ServiceError } from '../errors/service-error';
import { uploadFile } from '../files/files-service';
import { isAllowedUploadName } from '../files/file-types';
import type { OutboxCopies } from './outbox-copies';
import { findRegistered } from './registered-check';
import { outcomeOf, type AttemptOutcome, type AttemptStage } from './upload-outcome';

export interface DrainContext {
  copies: OutboxCopies;
  cacheFor: (workspaceId: string) => CacheDb;
  clientFor: (workspaceId: string) => Promise<ApiClient>;
  logger: Logger;
  busyRetryMs: number;
  offlineRetryMs: number;
  now: () => Date;
  changed: (workspaceId: string) => void;
  progressed: (workspaceId: string) => void;
  observe: (workspaceId: string, err: unknown) => void;
  keyRejected: (workspaceId: string) => void;
  activity: (workspaceId: string, active: boolean) => void;
}

/** The longest wait after service failures. */
const MAX_BUSY_WAIT_MS = 10 * 60_000;
/** How long closing waits for a register call on its way to be answered. */
const CLOSE_WAIT_MS = 5000;
/** Fresh upload links asked for in a row after the storage refused an expired one. */
const MAX_EXPIRED_RETRIES = 2;

type Next = 'continue' | 'stop';

export class OutboxDrain {
  private running: Promise<void> | null = null;
  private again = false;
  private timer: NodeJS.Timeout | null = null;
  private closed = false;
  /** Whether this run told the app it is sending (it does once it has something to send). */
  private announced = false;
  private forgotten = false;
  private readonly inFlight = new Map<
    number,
    { controller: AbortController; sent: number; stage: AttemptStage }
  >();

  constructor(
    private readonly ws: string,
    private readonly c: DrainContext,
  ) {}

  get active(): boolean {
    return this.running !== null && this.announced;
  }

  /** Bytes of the entry sent so far while it is being sent; else null. */
  sentBytes(id: number): number | null {
    return this.inFlight.get(id)?.sent ?? null;
  }

  /** Stops the entry being sent; false when it is not being sent. */
  stop(id: number): boolean {
    const flight = this.inFlight.get(id);
    if (!flight) return false;
    flight.controller.abort();
    return true;
  }

  run(): Promise<void> {
    if (this.closed) return Promise.resolve();
    if (this.running) {
      this.again = true;
      return this.running;
    }
    this.clearTimer();
    this.announced = false;
    this.running = (async () => {
      try {
        do {
          this.again = false;
          await this.pass();
        } while (this.again && !this.closed);
      } catch (err) {
        if (!this.forgotten) {
          this.c.logger.log('error', `outbox of ${this.ws}: ${(err as Error)?.stack ?? String(err)}`);
          this.schedule(this.c.busyRetryMs);
        }
      } finally {
        this.running = null;
        if (this.announced) this.c.activity(this.ws, false);
      }
    })();
    return this.running;
  }

  /**
   * `shutdown`: PlanDesk is closing: a transfer on its way is stopped (the entry waits for the next
   * start), a register call on its way is let finish, so its answer is recorded. `forget`: the
   * workspace is removed: everything stops and its database is no longer touched. Resolves when the
   * run has ended.
   */
  async close(mode: 'shutdown' | 'forget' = 'shutdown'): Promise<void> {
    this.closed = true;
    this.forgotten = mode === 'forget';
    this.clearTimer();
    for (const flight of this.inFlight.values()) {
      if (this.forgotten || flight.stage !== 'register') flight.controller.abort();
    }
    const running = this.running;
    if (!running) return;
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([running, new Promise<void>((r) => (timer = setTimeout(r, CLOSE_WAIT_MS)))]);
    clearTimeout(timer);
    // Whatever is still on its way no longer touches the database (it is closed next): the entry
    // stays `registering`, and the next start looks for the file before sending it again.
    this.forgotten = true;
  }

  private get table() {
    return this.cache().outbox;
  }

  /** The workspace's cache; none once the workspace is being removed (it would be made again). */
  private cache(): CacheDb {
    if (this.forgotten) throw new ServiceError('cancelled', 'The workspace is being removed.');
    return this.c.cacheFor(this.ws);
  }

  private async pass(): Promise<void> {
    const projectsChecked = new Set<string>();
    let expiredRetries = 0;
    for (;;) {
      if (this.closed) return;
      const now = this.c.now().getTime();
      const rows = this.table.list();
      const row = rows.find((r) => r.state !== 'held' && (!r.nextTryAt || r.nextTryAt.getTime() <= now));
      if (!row) return this.scheduleNextTry(rows);
      if (!this.announced) {
        this.announced = true;
        this.c.activity(this.ws, true);
      }

      let client: ApiClient;
      try {
        client = await this.c.clientFor(this.ws);
      } catch (err) {
        if ((await this.apply(row, outcomeOf(err, 'prepare'), err)) === 'stop') return;
        continue;
      }

      if (!projectsChecked.has(row.projectId)) {
        const next = await this.checkProject(client, row);
        if (next === 'stop') return;
        projectsChecked.add(row.projectId);
        if (this.table.get(row.id)?.state === 'held') continue;
      }

      if (row.state === 'registering' && row.attemptStartedAt) {
        const next = await this.lookFor(client, row, row.attemptStartedAt);
        if (next === 'stop') return;
        if (!this.table.get(row.id) || this.table.get(row.id)?.state !== 'waiting') continue;
      }

      const failed = await this.send(client, row);
      if (failed === null) continue;
      if (failed.outcome.kind === 'expired' && expiredRetries < MAX_EXPIRED_RETRIES) {
        expiredRetries++;
        continue;
      }
      if ((await this.apply(row, failed.outcome, failed.err)) === 'stop') return;
    }
  }

  /** Deleted, archived, or the key refused: the project's uploads are held, saying why. */
  private async checkProject(client: ApiClient, row: OutboxRow): Promise<Next> {
    let archived: boolean;
    try {
      archived = Boolean((await client.getProject(row.projectId)).archived_at);
      this.c.observe(this.ws, null);
    } catch (err) {
      return this.apply(row, outcomeOf(err, 'prepare'), err);
    }
    if (archived) return this.apply(row, { kind: 'hold', problem: 'project-archived', detail: null }, null);
    return 'continue';
  }

  /**
   * The entry's register call was cut off: is its file in the project? Found, the entry is done;
   * not found, it waits to be sent again.
   */
  private async lookFor(client: ApiClient, row: OutboxRow, since: Date): Promise<Next> {
    let files: ProjectFile[];
    try {
      files = await client.listAllProjectFiles(row.projectId);
      this.c.observe(this.ws, null);
    } catch (err) {
      const outcome = outcomeOf(err, 'prepare');
      return this.apply(row, outcome, err);
    }
    const found = findRegistered(files, { fileName: row.fileName, size: row.size, attemptStartedAt: since });
    if (found) {
      this.c.logger.log(
        'info',
        `outbox of ${this.ws}: upload ${row.id} had arrived (${found.id}); not sent again`,
      );
      await this.done(row, found);
    } else {
      this.table.update(row.id, { state: 'waiting', attemptStartedAt: null });
      this.c.changed(this.ws);
    }
    return 'continue';
  }

  /** One attempt; null when the file was registered (the entry is done). */
  private async send(
    client: ApiClient,
    row: OutboxRow,
  ): Promise<{ outcome: AttemptOutcome; err: unknown } | null> {
    const copy = this.c.copies.pathOf(this.ws, row.folder, row.fileName);
    if (!(await this.c.copies.intact(this.ws, row.folder, row.fileName, row.size))) {
      return { outcome: { kind: 'hold', problem: 'file-missing', detail: null }, err: null };
    }
    if (!isAllowedUploadName(row.fileName)) {
      return { outcome: { kind: 'hold', problem: 'type-refused', detail: null }, err: null };
    }

    const controller = new AbortController();
    const flight = { controller, sent: 0, stage: 'prepare' as AttemptStage };
    this.inFlight.set(row.id, flight);
    this.table.update(row.id, {
      state: 'sending',
      attemptStartedAt: this.c.now(),
      attempts: row.attempts + 1,
      problem: null,
      detail: null,
      nextTryAt: null,
    });
    this.c.changed(this.ws);
    let stage: AttemptStage = 'prepare';
    try {
      const file = await uploadFile(client, row.projectId, copy, {
        signal: controller.signal,
        onStage: (s) => {
          stage = s;
          flight.stage = s;
          // Durable before the register request leaves: a crash after it means "check first".
          if (s === 'register') this.table.update(row.id, { state: 'registering' });
        },
        onProgress: (bytes) => {
          flight.sent = bytes;
          this.c.progressed(this.ws);
        },
      });
      this.c.observe(this.ws, null);
      this.inFlight.delete(row.id);
      await this.done(row, file);
      return null;
    } catch (err) {
      this.inFlight.delete(row.id);
      const outcome = outcomeOf(err, stage);
      if (err instanceof ServiceError && err.status !== undefined) this.c.observe(this.ws, null);
      if (outcome.kind !== 'cancelled' && outcome.kind !== 'offline') {
        this.c.logger.log(
          'warn',
          `outbox of ${this.ws}: upload ${row.id} failed at ${stage}: ${(err as Error).message}`,
        );
      }
      return { outcome, err };
    }
  }

  /** What a failed step means for the entry (and, for a refused key or a gone project, its peers). */
  private async apply(row: OutboxRow, outcome: AttemptOutcome, err: unknown): Promise<Next> {
    const table = this.table;
    switch (outcome.kind) {
      case 'cancelled':
        if (this.closed) {
          // Stopped because PlanDesk closes, not by the user: it waits for the next start.
          table.update(row.id, { state: 'waiting' });
          return 'stop';
        }
        table.remove(row.id);
        await this.c.copies.remove(this.ws, row.folder);
        this.c.changed(this.ws);
        return 'continue';
      case 'offline':
        this.c.observe(this.ws, err);
        table.update(row.id, {
          state: table.get(row.id)?.state === 'registering' ? 'registering' : 'waiting',
          problem: 'offline',
          detail: null,
        });
        this.c.changed(this.ws);
        this.schedule(this.c.offlineRetryMs);
        return 'stop';
      case 'uncertain':
        // Checked against the files list next: at once when the service answered, else once back.
        table.update(row.id, { state: 'registering', problem: outcome.network ? 'offline' : null });
        this.c.changed(this.ws);
        if (outcome.network) {
          this.c.observe(this.ws, err);
          this.schedule(this.c.offlineRetryMs);
          return 'stop';
        }
        return 'continue';
      case 'busy':
      case 'expired': {
        const current = table.get(row.id) ?? row;
        const wait = Math.min(MAX_BUSY_WAIT_MS, this.c.busyRetryMs * 2 ** Math.max(0, current.attempts - 1));
        table.update(row.id, {
          state: current.state === 'registering' ? 'registering' : 'waiting',
          problem: 'service-busy',
          detail: outcome.kind === 'busy' ? outcome.detail : null,
          nextTryAt: new Date(this.c.now().getTime() + wait),
        });
        this.c.changed(this.ws);
        return 'continue';
      }
      case 'hold': {
        const peers =
          outcome.problem === 'key-revoked'
            ? table.list()
            : outcome.problem === 'project-deleted' || outcome.problem === 'project-archived'
              ? table.list().filter((r) => r.projectId === row.projectId)
              : [row];
        for (const r of peers) {
          if (r.state === 'held' && r.id !== row.id) continue;
          table.update(r.id, {
            state: 'held',
            problem: outcome.problem,
            detail: outcome.detail,
            nextTryAt: null,
          });
        }
        this.c.changed(this.ws);
        if (outcome.problem === 'key-revoked') {
          this.c.keyRejected(this.ws);
          return 'stop';
        }
        return 'continue';
      }
    }
  }

  /** Registered: the entry and its copy go, and the kept files list shows the file at once. */
  private async done(row: OutboxRow, file: ProjectFile): Promise<void> {
    const cache = this.cache();
    cache.outbox.remove(row.id);
    await this.c.copies.remove(this.ws, row.folder);
    updateCachedFilesList(cache, row.projectId, (files) => [...files.filter((f) => f.id !== file.id), file]);
    this.c.logger.log('info', `outbox of ${this.ws}: upload ${row.id} registered as ${file.id}`);
    this.c.changed(this.ws);
  }

  /** The next try: the earliest time a waiting entry asked for, or later while offline. */
  private scheduleNextTry(rows: readonly OutboxRow[]): void {
    const times = rows.filter((r) => r.state !== 'held' && r.nextTryAt).map((r) => r.nextTryAt!.getTime());
    if (times.length > 0) this.schedule(Math.max(0, Math.min(...times) - this.c.now().getTime()));
  }

  private schedule(delayMs: number): void {
    if (this.closed) return;
    this.clearTimer();
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.run();
    }, delayMs);
    this.timer.unref();
  }

  private clearTimer(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }
}
