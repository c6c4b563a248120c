/**
 * A task over a body that is still arriving (a BodySink for the transport). The size the answer
 * declares decides where the work runs: a small body is collected and worked on right here, which
 * costs less than a round trip to a worker; a large one (or one of unknown size) goes to a worker
 * chunk by chunk while it downloads, so reading it overlaps the download and main never holds it.
 */
import { MessageChannel } from 'node:worker_threads';
import { ServiceError } from '../errors/service-error';
import type { ChunkMessage } from './chunks';
import type { Workers } from './pool';
import type { In, Out, TaskName, WorkerTasks } from './tasks';
import { ownedBytes } from './transferables';

/**
 * Where a body goes as it arrives (the transport's `BodySink`, api/body-sink.ts, has this shape; this
 * folder names no layer above it).
 */
export interface ChunkSink {
  begin(declaredBytes: number | null): void;
  push(chunk: Uint8Array): void;
  end(): void;
}

/** A body task's own input: what goes to it beside the bytes (`body` or `chunks`) and their origin. */
export type BodyTaskInput<K extends TaskName> = Omit<In<K>, 'body' | 'chunks' | 'origin'> & {
  origin: 'response' | 'cache';
};

export interface BodyJob<O> {
  readonly sink: ChunkSink;
  /** The task's output once the body has ended; rejects when the task fails or is aborted. */
  result(): Promise<O>;
  /** The body will not come (its request failed): ends what was started on it. */
  abort(): void;
}

export interface BodyJobOptions<K extends TaskName> {
  signal?: AbortSignal | undefined;
  /** Bodies that declare fewer bytes than this are worked on on the calling thread. */
  inlineBelow: number;
  /** The task's own function, run on the calling thread for such a body: the code a worker runs. */
  here: WorkerTasks[K];
}

/** Runs `task`'s function on this thread. */
function runHere<K extends TaskName>(options: BodyJobOptions<K>, input: object): Promise<Out<K>> {
  return (options.here as (input: unknown) => Promise<Out<K>>)(input);
}

export function bodyJob<K extends TaskName>(
  workers: Workers,
  task: K,
  input: BodyTaskInput<K>,
  options: BodyJobOptions<K>,
): BodyJob<Out<K>> {
  type O = Out<K>;
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
    running = workers.run(task, { ...input, chunks: port } as In<K>, { signal, transfer: [port] });
    // Settled by result(); an aborted job nobody waits for must not be an unhandled rejection.
    running.then(
      () => channel?.port1.close(),
      () => channel?.port1.close(),
    );
  };

  const sink: ChunkSink = {
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
      // A worker's run settles once its task has stopped, cancelled or not.
      if (mode === 'worker') return running!;
      if (signal.aborted) throw new ServiceError('cancelled', 'The operation was cancelled.');
      if (mode === 'inline' && ended) {
        const body = chunks.length === 1 ? chunks[0]! : new Uint8Array(Buffer.concat(chunks));
        chunks = [];
        return runHere(options, { ...input, body });
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
export async function runOnBody<K extends TaskName>(
  workers: Workers,
  task: K,
  input: BodyTaskInput<K>,
  body: Uint8Array,
  options: BodyJobOptions<K>,
): Promise<Out<K>> {
  if (options.signal?.aborted) throw new ServiceError('cancelled', 'The operation was cancelled.');
  if (body.byteLength < options.inlineBelow) return runHere(options, { ...input, body });
  const moved = ownedBytes(body);
  return workers.run(task, { ...input, body: moved } as In<K>, {
    signal: options.signal,
    transfer: [moved.buffer],
  });
}
