/**
 * A body handed to a worker chunk by chunk while it arrives (over a MessagePort), so the work on
 * it overlaps the download instead of following it.
 */
import type { MessagePort } from 'node:worker_threads';

export type ChunkMessage = { type: 'begin' } | { type: 'chunk'; bytes: Uint8Array } | { type: 'end' };

/** What a worker reads a streamed body through. */
export interface ChunkReader {
  /** The transport started the body over (a retry): drop what came before. */
  restart(): void;
  push(bytes: Uint8Array): void;
}

/** Feeds `reader` from `port` until the body ends. */
export function readChunks(port: MessagePort, reader: ChunkReader): Promise<void> {
  return new Promise((resolve) => {
    port.on('message', (m: ChunkMessage) => {
      if (m.type === 'begin') reader.restart();
      else if (m.type === 'chunk') reader.push(m.bytes);
      else {
        port.close();
        resolve();
      }
    });
  });
}
