/** What the files feature asks of the upload outbox (src-main/outbox implements it). */
import type { ProjectFile } from '../api/schemas';
import type { OutboxProblem } from '../../src-shared/outbox/types';

/** What became of a file given to the upload queue, for now. */
export type UploadFate =
  | { kind: 'registered'; file: ProjectFile | null }
  /** It waits in the outbox (no connection, the service failed): sent when the service answers. */
  | { kind: 'waiting' }
  /** The service refused it, or the project, key or copy is not usable: `error` says why. */
  | { kind: 'held'; problem: OutboxProblem; error: unknown }
  | { kind: 'removed' };

/** The upload outbox (src-main/outbox): every upload is an entry there, sent at once when online. */
export interface UploadQueue {
  enqueue(
    workspaceId: string,
    projectId: string,
    projectName: string,
    paths: readonly string[],
    options: {
      signal?: AbortSignal;
      onProgress?: (copied: number, total: number) => void;
      drain?: boolean;
    },
  ): Promise<{ id: number; size: number }[]>;
  /** Sends what waits, when it can (resolves when nothing more can be sent now). */
  drain(workspaceId: string): Promise<void>;
  send(
    workspaceId: string,
    ids: readonly number[],
    options: { signal?: AbortSignal; onProgress?: (id: number, sent: number) => void },
  ): Promise<Map<number, UploadFate>>;
  remove(workspaceId: string, id: number): Promise<void>;
  /** A new copy of `source` takes the place of an entry's copy that is gone or damaged. */
  replaceCopy(workspaceId: string, id: number, source: string): Promise<void>;
}
