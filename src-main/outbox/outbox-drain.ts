/**
 * Sending one workspace's outbox, one file at a time in the order they were added, while this process
 * holds the drain lock (drain-lock.ts):
 *
 * 1. the project is checked once per run (deleted, archived, or the key refused: its uploads are
 *    held with that reason, the files kept);
 * 2. an entry whose register call was cut off is looked for in the files list first
 *    (registered-check.ts); found, it is done, and nothing is sent again;
 * 3. otherwise it is claimed (outbox-store.ts) and sent from its copy (outbox-attempt.ts): URL, bytes
 *    checked against their checksum as they go, register. "registering" is on disk before the
 *    register request goes out, "registered" before the copy is removed.
 *
 * No connection: the run stops and waits for the service (the connection events, or a timer). A
 * service failure: that entry waits, longer each time (the API client's backoff, with jitter).
 */
import type { ApiClient } from '../api/client';
import { backoffDelay, type RetryPolicy } from '../api/backoff';
import type { ProjectFile } from '../api/schemas';
import type { CacheDb } from '../cache/cache-db';
import type { Logger } from '../log/logger';
import { ServiceError } from '../errors/service-error';
import type { OutboxCopies } from './outbox-copies';
import type { OutboxRow, OutboxStore } from './outbox-store';
import { OutboxAttempt, type EntryResult } from './outbox-attempt';
import { outcomeOf, type AttemptOutcome } from './upload-outcome';

export interface DrainContext {
  copies: OutboxCopies;
  /** The records this workspace's entries are in. */
  store: (workspaceId: string) => OutboxStore;
  /** This process's name on the rows it claims. */
  owner: string;
  /** Whether this process may send (it holds the drain lock, or just took it). */
  mayDrain: (workspaceId: string) => boolean;
  cacheFor: (workspaceId: string) => CacheDb;
  clientFor: (workspaceId: string) => Promise<ApiClient>;
  logger: Logger;
  busyRetryMs: number;
  offlineRetryMs: number;
  now: () => Date;
  changed: (workspaceId: string) => void;
  progressed: (workspaceId: string, id: number, sent: number) => void;
  /** What became of an entry for now (an upload the user is waiting for learns it here). */
  settled: (workspaceId: string, id: number, result: EntryResult) => void;
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
  private readonly attempt: OutboxAttempt;

  constructor(
    private readonly ws: string,
    private readonly c: DrainContext,
  ) {
    this.attempt = new OutboxAttempt(ws, c, () => this.store);
  }

  get active(): boolean {
    return this.running !== null && this.announced;
  }

  /** Bytes of the entry sent so far while it is being sent; else null. */
  sentBytes(id: number): number | null {
    return this.attempt.sentBytes(id);
  }

  /** Stops the entry being sent; false when it is not being sent. */
  stop(id: number): boolean {
    return this.attempt.stop(id);
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
   * workspace is removed: everything stops and its records are no longer touched. Resolves when the
   * run has ended.
   */
  async close(mode: 'shutdown' | 'forget' = 'shutdown'): Promise<void> {
    this.closed = true;
    this.forgotten = mode === 'forget';
    this.clearTimer();
    this.attempt.stopAll(this.forgotten);
    const running = this.running;
    if (!running) return;
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([running, new Promise<void>((r) => (timer = setTimeout(r, CLOSE_WAIT_MS)))]);
    clearTimeout(timer);
    // Whatever is still on its way no longer touches the records (they are closed next): the entry
    // stays `registering`, and the next start looks for the file before sending it again.
    this.forgotten = true;
  }

  /** The records; none once the workspace is being removed. */
  private get store(): OutboxStore {
    if (this.forgotten) throw new ServiceError('cancelled', 'The workspace is being removed.');
    return this.c.store(this.ws);
  }

  private async pass(): Promise<void> {
    const projectsChecked = new Set<string>();
    let expiredRetries = 0;
    for (;;) {
      if (this.closed || !this.c.mayDrain(this.ws)) return;
      const rows = this.store.list(this.ws);
      const registered = rows.find((r) => r.state === 'registered');
      if (registered) {
        // Registered before a crash, its copy not yet removed: only the tidying is left.
        await this.attempt.finish(registered, null);
        continue;
      }
      const now = this.c.now().getTime();
      const row = rows.find(
        (r) =>
          (r.state === 'waiting' || r.state === 'registering') &&
          (r.owner === null || r.owner === this.c.owner) &&
          (!r.nextTryAt || r.nextTryAt.getTime() <= now),
      );
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
        if (this.store.get(row.id)?.state === 'held') continue;
      }

      if (row.state === 'registering') {
        const next = await this.lookFor(client, row);
        if (next === 'stop') return;
        continue;
      }

      const failed = await this.attempt.send(client, row);
      if (failed === null) continue;
      if (failed.outcome.kind === 'expired' && expiredRetries < MAX_EXPIRED_RETRIES) {
        expiredRetries++;
        this.store.update(row.id, { state: 'waiting', owner: null }, this.c.owner);
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
   * The entry's register call was (maybe) cut off: is its file in the project? Found, the entry is
   * done; not found, it waits to be sent again.
   */
  private async lookFor(client: ApiClient, row: OutboxRow): Promise<Next> {
    if (!this.store.claimCheck(row.id, this.c.owner)) return 'continue';
    let files: ProjectFile[];
    try {
      files = await client.listAllProjectFiles(row.projectId);
      this.c.observe(this.ws, null);
    } catch (err) {
      return this.apply(row, outcomeOf(err, 'prepare'), err);
    }
    const found = this.attempt.findSent(files, row);
    if (found) {
      this.c.logger.log(
        'info',
        `outbox of ${this.ws}: upload ${row.id} had arrived (${found.id}); not sent again`,
      );
      await this.attempt.done(row, found);
    } else {
      this.store.update(row.id, { state: 'waiting', owner: null, attemptStartedAt: null }, this.c.owner);
      this.c.changed(this.ws);
    }
    return 'continue';
  }

  /** What a failed step means for the entry (and, for a refused key or a gone project, its peers). */
  private async apply(row: OutboxRow, outcome: AttemptOutcome, err: unknown): Promise<Next> {
    const store = this.store;
    const current = store.get(row.id);
    if (!current) return 'continue';
    const still = current.state === 'registering' ? 'registering' : 'waiting';
    const me = this.c.owner;
    const mine = current.owner === null || current.owner === me;
    switch (outcome.kind) {
      case 'lost':
        this.c.logger.log(
          'warn',
          `outbox of ${this.ws}: upload ${row.id} was taken over by another PlanDesk`,
        );
        return 'stop';
      case 'cancelled':
        if (this.closed) {
          // Stopped because PlanDesk closes, not by the user: it waits for the next start.
          store.update(row.id, { state: still, owner: null }, me);
          return 'stop';
        }
        await this.c.copies.remove(this.ws, row.folder);
        store.remove(row.id);
        this.c.changed(this.ws);
        this.c.settled(this.ws, row.id, { kind: 'removed' });
        return 'continue';
      case 'offline':
        this.c.observe(this.ws, err);
        if (mine) store.update(row.id, { state: still, owner: null, problem: 'offline', detail: null });
        this.settleWaiting(row.id);
        this.schedule(this.c.offlineRetryMs);
        return 'stop';
      case 'uncertain':
        // Checked against the files list next: at once when the service answered, else once back.
        if (mine) {
          store.update(row.id, {
            state: 'registering',
            owner: null,
            problem: outcome.network ? 'offline' : null,
          });
        }
        this.c.changed(this.ws);
        if (outcome.network) {
          this.c.observe(this.ws, err);
          this.settleWaiting(row.id);
          this.schedule(this.c.offlineRetryMs);
          return 'stop';
        }
        return 'continue';
      case 'busy':
      case 'expired': {
        const wait = backoffDelay(Math.max(0, current.attempts - 1), this.backoff());
        if (mine) {
          store.update(row.id, {
            state: still,
            owner: null,
            problem: 'service-busy',
            detail: outcome.kind === 'busy' ? outcome.detail : null,
            nextTryAt: new Date(this.c.now().getTime() + wait),
          });
        }
        this.settleWaiting(row.id);
        return 'continue';
      }
      case 'hold': {
        const peers =
          outcome.problem === 'key-revoked'
            ? store.list(this.ws)
            : outcome.problem === 'project-deleted' || outcome.problem === 'project-archived'
              ? store.list(this.ws).filter((r) => r.projectId === row.projectId)
              : [current];
        for (const r of peers) {
          if ((r.state === 'held' && r.id !== row.id) || r.state === 'registered') continue;
          if (r.owner !== null && r.owner !== me) continue;
          store.update(r.id, {
            state: 'held',
            owner: null,
            problem: outcome.problem,
            detail: outcome.detail,
            nextTryAt: null,
          });
          this.c.settled(this.ws, r.id, { kind: 'held', problem: outcome.problem, error: err });
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

  private settleWaiting(id: number): void {
    this.c.changed(this.ws);
    this.c.settled(this.ws, id, { kind: 'waiting' });
  }

  /** The API client's backoff, with jitter, on the outbox's own scale (from busyRetryMs to 10 min). */
  private backoff(): RetryPolicy {
    return {
      maxAttemptsRateLimited: Infinity,
      maxAttemptsTransient: Infinity,
      baseDelayMs: this.c.busyRetryMs,
      maxDelayMs: MAX_BUSY_WAIT_MS,
    };
  }

  /** The next try: the earliest time a waiting entry asked for, or later while offline. */
  private scheduleNextTry(rows: readonly OutboxRow[]): void {
    const times = rows
      .filter((r) => (r.state === 'waiting' || r.state === 'registering') && r.nextTryAt)
      .map((r) => r.nextTryAt!.getTime());
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
