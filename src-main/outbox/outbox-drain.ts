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
 * service failure: that entry waits, longer each time (the API client's backoff, with jitter). This
 * computer failing (the records cannot be written, a full disk): the run stops, what it had claimed is
 * let go, and it tries again later. What each failure means is drain-outcomes.ts.
 */
import type { ApiClient } from '../api/client';
import type { ProjectFile } from '../api/schemas';
import { ServiceError } from '../errors/service-error';
import type { OutboxRow } from './outbox-rows';
import type { OutboxStore } from './outbox-store';
import { OutboxAttempt } from './outbox-attempt';
import type { DrainContext } from './drain-context';
import { outcomeOf, type AttemptOutcome } from './upload-outcome';
import { applyOutcome, type Next } from './drain-outcomes';

export type { DrainContext } from './drain-context';

/** How long closing waits for a register call on its way to be answered. */
const CLOSE_WAIT_MS = 5000;
/** Fresh upload links asked for in a row after the storage refused an expired one. */
const MAX_EXPIRED_RETRIES = 2;

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
        // Nothing of this workspace is being sent by this process now: what a run that ended on an
        // error still held (`sending`) waits again.
        this.releaseStuck();
        do {
          this.again = false;
          await this.pass();
        } while (this.again && !this.closed);
      } catch (err) {
        if (!this.forgotten) {
          this.c.logger.log('error', `outbox of ${this.ws}: ${(err as Error)?.stack ?? String(err)}`);
          const outcome = outcomeOf(err, 'prepare');
          if (outcome.kind === 'local' && outcome.diskFull)
            this.c.diskFull(outcome.path ?? this.c.copies.root);
          this.releaseStuck();
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

  /** Best effort: when the records cannot be written, the next run (or start) lets them go. */
  private releaseStuck(): void {
    try {
      this.store.releaseStuck(this.ws, this.c.owner);
    } catch (err) {
      this.c.logger.log('warn', `outbox of ${this.ws}: ${(err as Error).message}`);
    }
  }

  private async pass(): Promise<void> {
    const projectsChecked = new Set<string>();
    /** Registered or removed entries whose copy could not be removed yet (a folder in use). */
    const untidy = new Set<number>();
    let expiredRetries = 0;
    for (;;) {
      if (this.closed || !this.c.mayDrain(this.ws)) return;
      const rows = this.store.list(this.ws);
      const leftover = rows.find(
        (r) => (r.state === 'registered' || r.state === 'removing') && !untidy.has(r.id),
      );
      if (leftover) {
        // Registered before a crash, or removed by the user, its copy not yet gone: only tidying is left.
        if (!(await this.tidy(leftover))) untidy.add(leftover.id);
        continue;
      }
      const now = this.c.now().getTime();
      const row = rows.find(
        (r) =>
          (r.state === 'waiting' || r.state === 'registering') &&
          (r.owner === null || r.owner === this.c.owner) &&
          (!r.nextTryAt || r.nextTryAt.getTime() <= now),
      );
      if (!row) {
        if (untidy.size > 0) this.schedule(this.c.busyRetryMs);
        return this.scheduleNextTry(rows);
      }
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

  /** A registered or removed entry: its copy goes, then its record. False when the copy could not go yet. */
  private async tidy(row: OutboxRow): Promise<boolean> {
    if (row.state === 'registered') return this.attempt.finish(row);
    if (!(await this.c.copies.remove(this.ws, row.folder))) return false;
    this.store.remove(row.id);
    this.c.changed(this.ws);
    return true;
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
      this.store.update(
        row.id,
        { state: 'waiting', owner: null, attemptStartedAt: null, checkFirst: false },
        this.c.owner,
      );
      this.c.changed(this.ws);
    }
    return 'continue';
  }

  /** What a failed step means for the entry (and its peers): drain-outcomes.ts. */
  private apply(row: OutboxRow, outcome: AttemptOutcome, err: unknown): Promise<Next> {
    return applyOutcome(
      {
        ws: this.ws,
        c: this.c,
        store: () => this.store,
        closing: () => this.closed,
        schedule: (ms) => this.schedule(ms),
      },
      row,
      outcome,
      err,
    );
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
