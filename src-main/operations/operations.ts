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

  constructor(private readonly onProgress: (e: ProgressEvent) => void) {}

  start(id: string | undefined): Operation {
    const controller = new AbortController();
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
}
