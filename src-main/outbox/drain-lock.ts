/**
 * One drain per data folder. The app allows one instance of itself, but the CLI, the tests and any
 * second process started on the same folder (PLANDESK_DATA_DIR) share its outbox: only the process
 * holding this lock sends anything. The lock is a row in the outbox's own database, taken in one
 * write transaction, so two processes can never both take it:
 *
 * - free, or held by this process: taken;
 * - held by a process that is gone (same computer, its pid no longer runs) or that has not renewed it
 *   for `staleMs` (frozen, or on another computer sharing the folder): taken over, and the rows that
 *   process had claimed are released (`sending` back to `waiting`: nothing was registered yet, and
 *   its later writes name it as owner, so it registers nothing; `registering` stays, so the files list
 *   is checked before anything is sent again). A holder that was only silent may still be alive with
 *   its register call on the way: its `registering` rows are looked for only after `settleMs` (the
 *   API's request deadline), so a call that arrives late is found rather than sent a second time;
 * - otherwise: not taken; the caller tries again later.
 *
 * The holder renews it while it lives and releases it when it closes; a crash leaves it to be taken
 * over, never to block the outbox.
 */
import os from 'node:os';
import { REQUEST_DEADLINE_MS } from '../api/limits';
import type { OutboxStore } from './outbox-store';

export interface LockOwner {
  /** Unique per process start (pid alone can be reused). */
  owner: string;
  host: string;
  pid: number;
}

interface LockRow {
  owner: string;
  host: string;
  pid: number;
  beat_at: number;
}

export function thisProcess(id: string): LockOwner {
  return { owner: `${os.hostname()}:${process.pid}:${id}`, host: os.hostname(), pid: process.pid };
}

/** Whether a process of this computer runs with that pid. */
export function processRuns(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

const RELEASE_ROWS = `UPDATE entries SET owner = NULL,
  state = CASE WHEN state = 'sending' THEN 'waiting' ELSE state END`;

export class DrainLock {
  constructor(
    private readonly store: OutboxStore,
    private readonly me: LockOwner,
    private readonly staleMs: number,
    private readonly now: () => Date = () => new Date(),
    private readonly runs: (pid: number) => boolean = processRuns,
    /** How long a silent holder's register call may still be on its way. */
    private readonly settleMs: number = REQUEST_DEADLINE_MS,
  ) {}

  /** Takes (or keeps) the lock; false while another live process holds it. */
  take(): boolean {
    const db = this.store.db;
    return this.store.write('take the upload lock', () => {
      const held = db.prepare('SELECT owner, host, pid, beat_at FROM drain_lock WHERE id = 1').get() as
        LockRow | undefined;
      const now = this.now().getTime();
      const other = held && held.owner !== this.me.owner ? held : null;
      if (other && !this.gone(other, now)) return false;
      db.prepare(
        `INSERT INTO drain_lock (id, owner, host, pid, beat_at) VALUES (1, ?, ?, ?, ?)
         ON CONFLICT (id) DO UPDATE SET owner = excluded.owner, host = excluded.host, pid = excluded.pid,
           beat_at = excluded.beat_at`,
      ).run(this.me.owner, this.me.host, this.me.pid, now);
      // Whatever another drain had claimed is free again (it is gone, or silent: then its register
      // calls are given time to arrive before they are looked for).
      if (other && !this.dead(other)) {
        db.prepare(
          `UPDATE entries SET next_try_at = max(coalesce(next_try_at, 0), ?)
           WHERE state = 'registering' AND owner IS NOT NULL AND owner != ?`,
        ).run(now + this.settleMs, this.me.owner);
      }
      db.prepare(`${RELEASE_ROWS} WHERE owner IS NOT NULL AND owner != ?`).run(this.me.owner);
      return true;
    });
  }

  /**
   * Renews it; false when another process has taken it over meanwhile. Not synced to disk on its own
   * (a renewal lost to a power cut only lets the lock go stale sooner): every few seconds, a disk
   * flush would keep a laptop's disk awake for nothing.
   */
  renew(): boolean {
    return this.store.write(
      'renew the upload lock',
      () =>
        this.store.db
          .prepare('UPDATE drain_lock SET beat_at = ? WHERE id = 1 AND owner = ?')
          .run(this.now().getTime(), this.me.owner).changes === 1,
      false,
    );
  }

  /** Whether this process holds it now (another may have taken it over since the last renewal). */
  held(): boolean {
    return this.store.read(
      () =>
        this.store.db.prepare('SELECT owner FROM drain_lock WHERE id = 1').pluck().get() === this.me.owner,
    );
  }

  /** Lets it go, with every row this process had claimed. */
  release(): void {
    this.store.write('release the upload lock', () => {
      this.store.db.prepare('DELETE FROM drain_lock WHERE owner = ?').run(this.me.owner);
      this.store.db.prepare(`${RELEASE_ROWS} WHERE owner = ?`).run(this.me.owner);
    });
  }

  private gone(held: LockRow, now: number): boolean {
    return now - held.beat_at > this.staleMs || this.dead(held);
  }

  /** Known to be gone: a process of this computer whose pid no longer runs. */
  private dead(held: LockRow): boolean {
    return held.host === this.me.host && held.pid !== this.me.pid && !this.runs(held.pid);
  }
}
