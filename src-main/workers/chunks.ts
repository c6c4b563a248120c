/**
 * A body handed to a worker chunk by chunk while it arrives (over a MessagePort), so the work on
 * it overlaps the download instead of following it.
 */
import type { MessagePort } from 'node:worker_threads';
import { cancelledError, cancelPoint, cancelSignal } from './cancel-point';

export type ChunkMessage = { type: 'begin' } | { type: 'chunk'; bytes: Uint8Array } | { type: 'end' };

/** What a worker reads a streamed body through. */
export interface ChunkReader {
  /** The transport started the body over (a retry): drop what came before. */
  restart(): void;
  push(bytes: Uint8Array): void;
}

/**
 * Feeds `reader` from `port` until the body ends; a cancel of the task (cancel-point.ts) ends it
 * between chunks, or while it waits for the next.
 */
export function readChunks(port: MessagePort, reader: ChunkReader): Promise<void> {
  return new Promise((resolve, reject) => {
    const signal = cancelSignal();
    const stop = (err: unknown): void => {
      signal?.removeEventListener('abort', cancelled);
      port.close();
      reject(err);
    };
    const cancelled = (): void => stop(cancelledError());
    if (signal?.aborted) return cancelled();
    signal?.addEventListener('abort', cancelled, { once: true });
    port.on('message', (m: ChunkMessage) => {
      // Thrown here, an error would be the thread's own (uncaught in a listener): it is the task's.
      try {
        cancelPoint();
        if (m.type === 'begin') reader.restart();
        else if (m.type === 'chunk') reader.push(m.bytes);
        else {
          signal?.removeEventListener('abort', cancelled);
          port.close();
          resolve();
        }
      } catch (err) {
        stop(err);
      }
    });
  });
}
