/**
 * This process's side of the drain lock (drain-lock.ts): taken when there is something to send,
 * renewed while the process lives, released when it closes. While another process holds it, asked
 * for again now and then; while this one holds it, records another process added are noticed at each
 * renewal and sent.
 */
import type { Logger } from '../log/logger';
import type { DrainLock } from './drain-lock';

export interface LockKeeperOptions {
  renewMs: number;
  retryMs: number;
  logger: Logger;
  /** Whether another connection committed to the records since the last look. */
  changedElsewhere: () => boolean;
  onChangedElsewhere: () => void;
  /** The lock may be free now: try again. */
  retry: () => void;
}

export class LockKeeper {
  private holding = false;
  private renewTimer: NodeJS.Timeout | null = null;
  private retryTimer: NodeJS.Timeout | null = null;
  private closed = false;

  constructor(
    private readonly lock: DrainLock,
    private readonly o: LockKeeperOptions,
  ) {}

  /**
   * Whether this process may drain: it holds the lock (asked of the records each time: another
   * process may have taken it over since the last renewal), or has just taken it.
   */
  hold(): boolean {
    if (this.closed) return false;
    if (this.holding) {
      if (this.stillHeld()) return true;
      this.lost();
    }
    let taken = false;
    try {
      taken = this.lock.take();
    } catch (err) {
      this.o.logger.log('warn', `outbox: ${(err as Error).message}`);
    }
    if (taken) {
      this.holding = true;
      this.startRenewing();
    } else {
      this.scheduleRetry();
    }
    return taken;
  }

  close(): void {
    this.closed = true;
    if (this.renewTimer) clearInterval(this.renewTimer);
    if (this.retryTimer) clearTimeout(this.retryTimer);
    if (!this.holding) return;
    this.holding = false;
    try {
      this.lock.release();
    } catch (err) {
      // Left to be taken over (this process is gone next).
      this.o.logger.log('warn', `outbox: ${(err as Error).message}`);
    }
  }

  private startRenewing(): void {
    if (this.renewTimer) return;
    this.renewTimer = setInterval(() => {
      let still = false;
      try {
        still = this.lock.renew();
      } catch (err) {
        this.o.logger.log('warn', `outbox: ${(err as Error).message}`);
        return;
      }
      if (!still) {
        this.lost();
        this.scheduleRetry();
        return;
      }
      if (this.o.changedElsewhere()) this.o.onChangedElsewhere();
    }, this.o.renewMs);
    this.renewTimer.unref();
  }

  private stillHeld(): boolean {
    try {
      return this.lock.held();
    } catch (err) {
      // The records cannot be read: nothing is sent until they can.
      this.o.logger.log('warn', `outbox: ${(err as Error).message}`);
      return false;
    }
  }

  /** Another process took the lock over: this one stops renewing it (and asks for it again later). */
  private lost(): void {
    this.o.logger.log('warn', 'outbox: another PlanDesk took over sending the uploads');
    this.holding = false;
    if (this.renewTimer) clearInterval(this.renewTimer);
    this.renewTimer = null;
  }

  private scheduleRetry(): void {
    if (this.retryTimer || this.closed) return;
    this.retryTimer = setTimeout(() => {
      this.retryTimer = null;
      this.o.retry();
    }, this.o.retryMs);
    this.retryTimer.unref();
  }
}
