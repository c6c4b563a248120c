/**
 * What a built worker thread loads first (the app's and the CLI's; from the sources, tsx loads each
 * script itself): parts of the libraries that a document rarely needs are set to load when first
 * used (deferred-libraries.ts); when the pool keeps the threads' compiled code (code-cache.ts, the
 * CLI's pools), the cache is put in place; then each task's script (beside this one, as built) is
 * loaded, so the libraries those scripts load come from the cache. piscina loads this file as it
 * loads any worker script, with a plain require. With workerData.script, that script is loaded as
 * the thread starts (the export thread's, ahead of its first task).
 */
import { createRequire } from 'node:module';
import { extname, join } from 'node:path';
import { workerData } from 'node:worker_threads';
import { installThreadCodeCache } from './code-cache';
import { deferLibraries } from './deferred-libraries';
import type { TaskMessage } from './protocol';
import { scriptOf, type WorkerScript } from './tasks';

type Handler = (message: TaskMessage) => Promise<unknown>;

const given = (workerData ?? {}) as { codeCache?: unknown; script?: unknown };
const cache =
  typeof given.codeCache === 'string' && given.codeCache !== ''
    ? installThreadCodeCache(given.codeCache)
    : null;

// Before any script loads its libraries (deferred-libraries.ts).
deferLibraries();
const load = createRequire(__filename);
const handlers = new Map<WorkerScript, Handler>();

function handlerOf(script: WorkerScript): Handler {
  let handler = handlers.get(script);
  if (!handler) {
    const loaded = load(join(__dirname, script + extname(__filename))) as { default?: Handler } | Handler;
    handler = typeof loaded === 'function' ? loaded : loaded.default!;
    handlers.set(script, handler);
  }
  return handler;
}

if (typeof given.script === 'string') handlerOf(given.script as WorkerScript);

export default async function runTask(message: TaskMessage): Promise<unknown> {
  // A script's handler answers every task (serve.ts turns failures into answers): it never throws.
  const answer = await handlerOf(scriptOf(message.task))(message);
  // Before the answer: the CLI's threads end as soon as its document is written (never throws).
  cache?.save();
  return answer;
}
