import { availableParallelism } from 'node:os';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { MessageChannel, type Transferable } from 'node:worker_threads';
import { Piscina } from 'piscina';
import { ServiceError } from '../errors/service-error';
import type { Logger } from '../log/logger';
import type { ChunkMessage } from './chunks';
import type { ProgressMessage, TaskMessage, TaskOutcome } from './protocol';
import { sourceWorkerBundle } from './source-worker';

export interface RunOptions {
  signal?: AbortSignal;
  /** Buffers handed to the worker without a copy (they are unusable here afterwards). */
  transfer?: Transferable[];
  onProgress?: (done: number, total: number | null) => void;
}

/** Where a body goes as it arrives: handed to a worker chunk by chunk. */
export interface BodySink {
  /** A new attempt at the body starts (the transport retries): what came before is dropped. */
  begin(): void;
  push(chunk: Uint8Array): void;
  end(): void;
}

/** Heavy work off the main thread: a named task (see workers/tasks.ts) run in a worker. */
export interface Workers {
  run<O>(task: string, input: unknown, options?: RunOptions): Promise<O>;
  /**
   * Starts `task` with a body that is still arriving: the task gets `chunks` (a port) in its input
   * and reads the body while the rest of it downloads.
   */
  streaming<O>(task: string, input: object, options?: RunOptions): { sink: BodySink; result: Promise<O> };
  close(): Promise<void>;
}

/** A chunk as its own ArrayBuffer (a view into a larger one cannot be moved to another thread). */
function own(chunk: Uint8Array): Uint8Array {
  return chunk.byteOffset === 0 && chunk.byteLength === chunk.buffer.byteLength ? chunk : chunk.slice();
}

/**
 * Where the worker script is: next to the bundle when built (out/main/worker.js for the app,
 * out/cli/worker.cjs for the CLI), else bundled from the TypeScript sources (tests, benchmarks,
 * development; see source-worker.ts).
 */
function workerScript(): { filename: string; execArgv: string[] } {
  for (const name of ['worker.js', 'worker.cjs']) {
    const built = join(__dirname, name);
    if (existsSync(built)) return { filename: built, execArgv: [] };
  }
  return { filename: sourceWorkerBundle(join(__dirname, 'worker-entry.ts')), execArgv: [] };
}

/**
 * A pool of worker threads (piscina), sized for the machine: one per core but one, at least one,
 * at most four — the work is a few large tasks at a time, and each worker costs memory. Idle workers
 * end after a while, so an app left open holds none.
 */
export function createWorkers(
  logger: Logger,
  size = Math.max(1, Math.min(4, availableParallelism() - 1)),
): Workers {
  // Made on the first task: a process that never needs a worker never looks for the script.
  let started: Piscina | null = null;
  const pool = (): Piscina => {
    if (started) return started;
    const { filename, execArgv } = workerScript();
    started = new Piscina({
      filename,
      execArgv,
      minThreads: 0,
      maxThreads: size,
      idleTimeout: 30_000,
      // A worker that dies (out of memory, killed) fails its task; the pool starts a new one.
      resourceLimits: { maxOldGenerationSizeMb: 1024 },
    });
    return started;
  };
  const workers: Workers = {
    async run<O>(task: string, input: unknown, options: RunOptions = {}): Promise<O> {
      if (options.signal?.aborted) throw cancelled();
      let channel: MessageChannel | null = null;
      const message: TaskMessage = { task, input };
      const transfer: Transferable[] = [...(options.transfer ?? [])];
      if (options.onProgress) {
        channel = new MessageChannel();
        const report = options.onProgress;
        channel.port1.on('message', (m: ProgressMessage) => report(m.done, m.total));
        message.progress = channel.port2;
        transfer.push(channel.port2);
      }
      try {
        const outcome = (await pool().run(message, {
          transferList: transfer as never,
          ...(options.signal ? { signal: options.signal } : {}),
        })) as TaskOutcome<O>;
        if (outcome.ok) return outcome.value;
        if (outcome.detail) logger.log('error', `worker task ${task} failed: ${outcome.detail}`);
        throw new ServiceError(
          outcome.error.kind,
          outcome.error.message,
          outcome.error.status,
          outcome.error.fieldErrors,
          outcome.error.serviceMessage,
        );
      } catch (err) {
        // piscina aborts by ending the worker that ran the task: nothing of it goes on.
        if (options.signal?.aborted || (err as Error)?.name === 'AbortError') throw cancelled();
        if (err instanceof ServiceError) throw err;
        logger.log('error', `worker task ${task} failed: ${(err as Error)?.stack ?? String(err)}`);
        throw new ServiceError('server', 'Something went wrong inside PlanDesk. Details are in the log.');
      } finally {
        channel?.port1.close();
      }
    },
    streaming<O>(task: string, input: object, options: RunOptions = {}) {
      const channel = new MessageChannel();
      const post = (m: ChunkMessage, transfer: Transferable[] = []): void =>
        channel.port1.postMessage(m, transfer as never);
      const result = workers
        .run<O>(
          task,
          { ...input, chunks: channel.port2 },
          { ...options, transfer: [...(options.transfer ?? []), channel.port2] },
        )
        .finally(() => channel.port1.close());
      const sink: BodySink = {
        begin: () => post({ type: 'begin' }),
        push: (chunk) => {
          const bytes = own(chunk);
          post({ type: 'chunk', bytes }, [bytes.buffer as ArrayBuffer]);
        },
        end: () => post({ type: 'end' }),
      };
      return { sink, result };
    },
    close: async () => {
      await started?.destroy();
    },
  };
  return workers;
}

function cancelled(): ServiceError {
  return new ServiceError('cancelled', 'The operation was cancelled.');
}
