/**
 * A task over a body that is still arriving (a BodySink for the transport). The size the answer
 * declares decides where the work runs: a small body is collected and worked on right here, which
 * costs less than a round trip to a worker; a large one (or one of unknown size) goes to a worker
 * chunk by chunk while it downloads, so reading it overlaps the download and main never holds it.
 */
import { MessageChannel } from 'node:worker_threads';
import type { BodySink } from '../api/body-sink';
import { ServiceError } from '../errors/service-error';
import type { ChunkMessage } from './chunks';
import type { Workers } from './pool';
import { runHere, type InlineTaskName } from './tasks';
import { ownedBytes } from './transferables';

export interface BodyJob<O> {
  readonly sink: BodySink;
  /** The task's output once the body has ended; rejects when the task fails or is aborted. */
  result(): Promise<O>;
  /** The body will not come (its request failed): ends what was started on it. */
  abort(): void;
}

export interface BodyJobOptions {
  signal?: AbortSignal | undefined;
  /** Bodies that declare fewer bytes than this are worked on on the calling thread. */
  inlineBelow: number;
}

export function bodyJob<O>(
  workers: Workers,
  task: InlineTaskName,
  input: object,
  options: BodyJobOptions,
): BodyJob<O> {
  const stop = new AbortController();
  const signal = options.signal ? AbortSignal.any([options.signal, stop.signal]) : stop.signal;
  let mode: 'inline' | 'worker' | null = null;
  let chunks: Uint8Array[] = [];
  let ended = false;
  let channel: MessageChannel | null = null;
  let running: Promise<O> | null = null;

  const post = (m: ChunkMessage, transfer: ArrayBuffer[] = []): void =>
    channel?.port1.postMessage(m, transfer);

  const startWorker = (): void => {
    channel = new MessageChannel();
    const port = channel.port2;
    running = workers.run<O>(task, { ...input, chunks: port }, { signal, transfer: [port] });
    // Settled by result(); an aborted job nobody waits for must not be an unhandled rejection.
    running.then(
      () => channel?.port1.close(),
      () => channel?.port1.close(),
    );
  };

  const sink: BodySink = {
    begin(declaredBytes) {
      ended = false;
      mode ??= declaredBytes !== null && declaredBytes < options.inlineBelow ? 'inline' : 'worker';
      if (mode === 'inline') chunks = [];
      else if (!running) startWorker();
      else post({ type: 'begin' });
    },
    push(chunk) {
      if (mode === 'inline') chunks.push(chunk);
      else {
        const bytes = ownedBytes(chunk);
        post({ type: 'chunk', bytes }, [bytes.buffer]);
      }
    },
    end() {
      ended = true;
      if (mode === 'worker') post({ type: 'end' });
    },
  };

  return {
    sink,
    async result() {
      // A worker's run settles once its thread has ended, cancelled or not.
      if (mode === 'worker') return running!;
      if (signal.aborted) throw new ServiceError('cancelled', 'The operation was cancelled.');
      if (mode === 'inline' && ended) {
        const body = chunks.length === 1 ? chunks[0]! : new Uint8Array(Buffer.concat(chunks));
        chunks = [];
        return (await runHere(task, { ...input, body })) as O;
      }
      throw new ServiceError('invalid-response', 'The service’s answer ended before it was complete.');
    },
    abort() {
      stop.abort();
      chunks = [];
    },
  };
}

/**
 * A task over a body already here (the cache's copy): worked on on this thread when small, else
 * moved (not copied) to a worker.
 */
export async function runOnBody<O>(
  workers: Workers,
  task: InlineTaskName,
  input: object,
  body: Uint8Array,
  options: BodyJobOptions,
): Promise<O> {
  if (options.signal?.aborted) throw new ServiceError('cancelled', 'The operation was cancelled.');
  if (body.byteLength < options.inlineBelow) return (await runHere(task, { ...input, body })) as O;
  const moved = ownedBytes(body);
  return workers.run<O>(
    task,
    { ...input, body: moved },
    { signal: options.signal, transfer: [moved.buffer] },
  );
}
