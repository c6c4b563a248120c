/**
 * SQLite's checkpoints (copying what the -wal holds into the database file) off main's thread.
 *
 * Left to itself, SQLite checkpoints inside the commit that takes the -wal past a thousand pages: the
 * commit that keeps an opened 20,000-item estimate as a version then also copies megabytes and syncs
 * the file, on main, and the window stalls. Given a runner (a worker thread with a connection of its
 * own to the same file), main's connection never checkpoints: a write that leaves the -wal past
 * `threadBytes` asks the thread for one, and past `mainBytes` (the thread is behind, or every
 * checkpoint it tried was blocked) main checkpoints itself, so the -wal never grows without bound.
 * A thread that fails or does not answer in time hands checkpoints back to SQLite for the rest of the
 * session: the stall returns, nothing else changes.
 */
import { statSync } from 'node:fs';
import type { Db } from './db';
import type { Logger } from '../log/logger';
import { describe } from './sqlite-errors';

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
  /** How long the thread has for one checkpoint before it counts as failed. */
  deadlineMs: number;
}

export const DEFAULT_CHECKPOINT_LIMITS: CheckpointLimits = {
  // SQLite's own trigger: a thousand pages of 4 KiB.
  threadBytes: 4 * 1024 * 1024,
  mainBytes: 64 * 1024 * 1024,
  deadlineMs: 30_000,
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
  private closed = false;
  private readonly wal: string;

  constructor(
    private readonly db: Db,
    private readonly file: string,
    private readonly run: CheckpointRunner,
    private readonly logger: Logger,
    private readonly limits: CheckpointLimits = DEFAULT_CHECKPOINT_LIMITS,
  ) {
    this.wal = `${file}-wal`;
    db.pragma('wal_autocheckpoint = 0');
    // The -wal is cut to nothing when it starts over after a checkpoint, so its size on disk is
    // what was written since: the one figure looked at here (SQLite gives it only to a C hook).
    db.pragma('journal_size_limit = 0');
  }

  /** Whether main's connection checkpoints for itself again (the thread failed). */
  get onMain(): boolean {
    return this.handedBack;
  }

  /** Told after each committed write on main's connection. */
  afterWrite(): void {
    if (this.closed || this.handedBack) return;
    const size = this.walBytes();
    if (size >= this.limits.mainBytes) {
      this.checkpointOnMain();
    } else if (size >= this.limits.threadBytes) {
      if (this.running) this.again = true;
      else void this.inThread();
    }
  }

  /** No further checkpoints are asked for (the connection is closing). */
  close(): void {
    this.closed = true;
  }

  private async inThread(): Promise<void> {
    this.running = true;
    this.again = false;
    try {
      await this.run(this.file, AbortSignal.timeout(this.limits.deadlineMs));
    } catch (err) {
      this.handBack(err);
      return;
    } finally {
      this.running = false;
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
    if (this.closed || this.handedBack) return;
    this.handedBack = true;
    this.logger.log(
      'warn',
      `offline cache ${this.file}: checkpoints in a worker thread failed (${describe(err)}); SQLite checkpoints on main again`,
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
