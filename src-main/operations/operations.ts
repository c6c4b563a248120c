import type { OperationPhase, ProgressEvent } from '../../src-shared/operations/types';

export interface Operation {
  signal: AbortSignal;
  /** How far it got; `phase` names a step before its main work (none: the main work). */
  progress(done: number, total: number | null, phase?: OperationPhase): void;
  finish(): void;
}

/**
 * The reason an operation is cancelled with when PlanDesk closes (`Operations.close`), not by the
 * user: an abort error like any other to the code it stops, but work meant to outlive the process
 * (an upload in the outbox) tells it apart with `isClosing` and keeps what it holds for the next
 * start.
 */
const CLOSING = new DOMException('PlanDesk is closing.', 'AbortError');

/** Whether a signal was aborted because PlanDesk is closing (see CLOSING). */
export function isClosing(signal: AbortSignal | undefined): boolean {
  return signal?.aborted === true && signal.reason === CLOSING;
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
    if (this.closed) controller.abort(CLOSING);
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
   * starts, with the reason CLOSING (an upload stays in the outbox for the next start).
   */
  close(): void {
    this.closed = true;
    for (const controller of this.underWay) controller.abort(CLOSING);
    this.underWay.clear();
    this.running.clear();
  }
}
