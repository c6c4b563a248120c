import type { OperationPhase, ProgressEvent } from '../../src-shared/operations/types';

export interface Operation {
  signal: AbortSignal;
  /** How far it got; `phase` names a step before its main work (none: the main work). */
  progress(done: number, total: number | null, phase?: OperationPhase): void;
  finish(): void;
}

/**
 * Long operations the renderer can watch and cancel. The renderer picks the id, so it can match
 * progress events and cancel before the call even returns.
 */
export class Operations {
  private readonly running = new Map<string, AbortController>();
  /** Every operation under way, with an id or without (a list's background fill has none). */
  private readonly underWay = new Set<AbortController>();
  private closed = false;

  constructor(private readonly onProgress: (e: ProgressEvent) => void) {}

  start(id: string | undefined): Operation {
    const controller = new AbortController();
    // Once PlanDesk is closing, nothing new starts: what runs on a cancelled signal stops at once.
    if (this.closed) controller.abort();
    else this.underWay.add(controller);
    if (id) {
      this.running.get(id)?.abort();
      this.running.set(id, controller);
    }
    return {
      signal: controller.signal,
      progress: (done, total, phase) => {
        if (id && !controller.signal.aborted) {
          this.onProgress({ operationId: id, done, total, ...(phase ? { phase } : {}) });
        }
      },
      finish: () => {
        this.underWay.delete(controller);
        if (id && this.running.get(id) === controller) this.running.delete(id);
      },
    };
  }

  cancel(id: string): boolean {
    const c = this.running.get(id);
    if (!c) return false;
    c.abort();
    this.running.delete(id);
    return true;
  }

  /**
   * PlanDesk is closing: every operation under way is cancelled (a background fill that would
   * otherwise write to a cache already closed, say), and any started from now on is cancelled as it
   * starts.
   */
  close(): void {
    this.closed = true;
    for (const controller of this.underWay) controller.abort();
    this.underWay.clear();
    this.running.clear();
  }
}
