/**
 * SQLite's checkpoints (copying what the -wal holds into the database file) off main's thread.
 *
 * Left to itself, SQLite checkpoints inside the commit that takes the -wal past a thousand pages: the
 * commit that keeps an opened 20,000-item estimate as a version then also copies megabytes and syncs
 * the file, on main, and the window stalls. Given a runner (a worker thread with a connection of its
 * own to the same file), main's connection stops checkpointing as it commits: a write that leaves
 * the -wal past `threadBytes` asks the thread for one, and past `mainBytes` (the thread is behind, or
 * every checkpoint it tried was blocked) main checkpoints itself, so the -wal never grows without
 * bound. A thread that fails (or misses its deadline, which counts its wait in the queue) several
 * times in a row hands checkpoints back to SQLite for the rest of the session: the stall returns,
 * nothing else changes. Closing the cache cancels a checkpoint that has not run yet.
 */
import { statSync } from 'node:fs';
import type { Db } from './db';
import type { Logger } from '../log/logger';
import { describe } from './sqlite-errors';
import { deadlineSignal } from '../../src-shared/async/deadline';

/** What `PRAGMA wal_checkpoint` answers: whether it was blocked, the frames in the -wal, those copied. */
export interface CheckpointOutcome {
  busy: number;
  log: number;
  checkpointed: number;
}

/** Runs a PASSIVE checkpoint of `file` on another thread, giving up when `signal` aborts. */
export type CheckpointRunner = (file: string, signal: AbortSignal) => Promise<CheckpointOutcome>;

export interface CheckpointLimits {
  /** A -wal this large after a write gets a checkpoint in the thread. */
  threadBytes: number;
  /** A -wal this large after a write gets one on main at once. */
  mainBytes: number;
  /** How long the thread has for one checkpoint, from the request, before it counts as failed. */
  deadlineMs: number;
  /** Failures in a row after which SQLite checkpoints on main again. */
  failuresToHandBack: number;
}

export const DEFAULT_CHECKPOINT_LIMITS: CheckpointLimits = {
  // SQLite's own trigger: a thousand pages of 4 KiB.
  threadBytes: 4 * 1024 * 1024,
  mainBytes: 64 * 1024 * 1024,
  // The versions thread may be busy with a comparison or an offline copy's versions first.
  deadlineMs: 120_000,
  failuresToHandBack: 3,
};

/** SQLite's default trigger (pages), restored when the thread fails. */
const SQLITE_AUTOCHECKPOINT_PAGES = 1000;
/** What the -wal shrinks back to after a checkpoint when SQLite checkpoints on main. */
export const JOURNAL_SIZE_LIMIT_BYTES = 8 * 1024 * 1024;

export class WalCheckpoints {
  private running = false;
  /** A write came while the thread was checkpointing: once it answers, the -wal is looked at again. */
  private again = false;
  private handedBack = false;
  private failures = 0;
  private readonly closing = new AbortController();
  private inFlight: Promise<void> | null = null;
  private readonly wal: string;

  constructor(
    private readonly db: Db,
    private readonly file: string,
    private readonly run: CheckpointRunner,
    private readonly logger: Logger,
    private readonly limits: CheckpointLimits = DEFAULT_CHECKPOINT_LIMITS,
  ) {
    this.wal = `${file}-wal`;
    // The -wal is cut to nothing when it starts over after a checkpoint, so its size on disk is
    // what was written since: the one figure looked at here (SQLite gives it only to a C hook).
    db.pragma('journal_size_limit = 0');
    // Last: if anything above failed, SQLite still checkpoints as it commits.
    db.pragma('wal_autocheckpoint = 0');
  }

  /** Whether main's connection checkpoints for itself again (the thread failed). */
  get onMain(): boolean {
    return this.handedBack;
  }

  /**
   * Told after the writes that can be large (the cache's entries, versions, eviction); the small
   * ones in between are checkpointed with the next large one.
   */
  afterWrite(): void {
    if (this.closing.signal.aborted || this.handedBack) return;
    const size = this.walBytes();
    if (size >= this.limits.mainBytes) {
      this.checkpointOnMain();
    } else if (size >= this.limits.threadBytes) {
      if (this.running) this.again = true;
      else this.inFlight = this.inThread();
    }
  }

  /**
   * No further checkpoints are asked for (the connection is closing) and one not yet run is
   * cancelled; the promise settles once the thread has let go of the file.
   */
  close(): Promise<void> {
    this.closing.abort();
    return this.inFlight ?? Promise.resolve();
  }

  private async inThread(): Promise<void> {
    this.running = true;
    this.again = false;
    const deadline = deadlineSignal(this.limits.deadlineMs);
    const signal = AbortSignal.any([this.closing.signal, deadline.signal]);
    try {
      await this.run(this.file, signal);
      this.failures = 0;
    } catch (err) {
      if (!this.closing.signal.aborted && ++this.failures >= this.limits.failuresToHandBack) {
        this.handBack(err);
      }
    } finally {
      deadline.clear();
      this.running = false;
      this.inFlight = null;
    }
    if (this.again) this.afterWrite();
  }

  private checkpointOnMain(): void {
    try {
      this.db.pragma('wal_checkpoint(PASSIVE)');
    } catch (err) {
      this.logger.log('warn', `offline cache ${this.file}: checkpoint failed (${describe(err)})`);
    }
  }

  private handBack(err: unknown): void {
    if (this.handedBack) return;
    this.handedBack = true;
    this.logger.log(
      'warn',
      `offline cache ${this.file}: checkpoints in a worker thread failed ${this.failures} time${this.failures === 1 ? '' : 's'} in a row (last: ${describe(err)}); SQLite checkpoints on main again`,
    );
    try {
      this.db.pragma(`journal_size_limit = ${JOURNAL_SIZE_LIMIT_BYTES}`);
      this.db.pragma(`wal_autocheckpoint = ${SQLITE_AUTOCHECKPOINT_PAGES}`);
    } catch (again) {
      this.logger.log('warn', `offline cache ${this.file}: ${describe(again)}`);
    }
  }

  private walBytes(): number {
    try {
      return statSync(this.wal).size;
    } catch {
      return 0;
    }
  }
}
