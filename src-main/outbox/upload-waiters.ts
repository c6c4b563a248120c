/**
 * Uploads the user is waiting for (an upload started online: `OutboxService.send`): each entry's
 * fate as the drain settles it — registered, waiting, held or removed — and its progress. Keyed by
 * workspace and entry (the demo's records are numbered apart from the others).
 */
import type { EntryResult } from './outbox-attempt';

interface Waiter {
  settle: (r: EntryResult) => void;
  progress?: (sent: number) => void;
}

export class UploadWaiters {
  private readonly waiting = new Map<string, Waiter>();

  /**
   * Waits until each entry is settled — registered, waiting, held or removed — while `run` sends
   * them; never for the rest of the backlog. When `run` ends first (nothing more can be sent now:
   * another process drains, or it stopped), what it did not get to waits.
   */
  async wait(
    workspaceId: string,
    ids: readonly number[],
    run: () => Promise<void>,
    onProgress?: (id: number, sent: number) => void,
  ): Promise<Map<number, EntryResult>> {
    const results = new Map<number, EntryResult>();
    const settled = ids.map(
      (id) =>
        new Promise<void>((resolve) => {
          this.waiting.set(key(workspaceId, id), {
            settle: (r) => {
              results.set(id, r);
              this.waiting.delete(key(workspaceId, id));
              resolve();
            },
            ...(onProgress ? { progress: (sent: number) => onProgress(id, sent) } : {}),
          });
        }),
    );
    const settleRest = () => {
      for (const id of ids) this.settle(workspaceId, id, { kind: 'waiting' });
    };
    try {
      void run().then(settleRest, settleRest);
      await Promise.all(settled);
      return results;
    } finally {
      for (const id of ids) this.waiting.delete(key(workspaceId, id));
    }
  }

  settle(workspaceId: string, id: number, result: EntryResult): void {
    this.waiting.get(key(workspaceId, id))?.settle(result);
  }

  progress(workspaceId: string, id: number, sent: number): void {
    this.waiting.get(key(workspaceId, id))?.progress?.(sent);
  }
}

function key(workspaceId: string, id: number): string {
  return `${workspaceId}\u0000${id}`;
}
