/**
 * The worker script of the cache's tasks (see workers/tasks.ts): a checkpoint of a cache file, made
 * with this thread's own connection so that main's thread never copies the -wal itself
 * (cache/wal-checkpoints.ts).
 */
import Database from 'better-sqlite3';
import { serveTasks } from '../workers/serve';
import type { CheckpointOutcome } from './wal-checkpoints';

export interface CheckpointInput {
  file: string;
}

/**
 * A PASSIVE checkpoint: it copies what no reader still needs and never waits for a lock, so main's
 * writes go on meanwhile. The connection is closed at once; main's stays open, so closing this one
 * neither checkpoints again nor removes the -wal.
 */
export async function checkpointTask(input: CheckpointInput): Promise<CheckpointOutcome> {
  if (typeof input?.file !== 'string' || input.file === '') throw new Error('no cache file to checkpoint');
  const db = new Database(input.file, { fileMustExist: true });
  try {
    const rows = db.pragma('wal_checkpoint(PASSIVE)') as CheckpointOutcome[];
    const row = rows[0];
    if (!row) throw new Error('SQLite gave no checkpoint figures');
    return { busy: row.busy, log: row.log, checkpointed: row.checkpointed };
  } finally {
    db.close();
  }
}

const tasks = { 'cache-checkpoint': checkpointTask };

export default serveTasks('cache-worker', tasks);

type CacheTasks = typeof tasks;
declare module '../workers/tasks' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface WorkerTasks extends CacheTasks {}
}
