/**
 * The tasks a worker can run, by name, and the worker script that holds each: a script per group
 * of tasks, so a worker loads only what its tasks need (the export writers are not loaded to read an
 * estimate). Scripts are built next to main's bundle (electron.vite.config.ts, scripts/build-cli.mjs);
 * from the sources they run through tsx.
 */
import { estimateReadTask, estimateViewTask } from '../estimates/estimate-tasks';
import { roomsCostsTask } from '../plans/rooms-costs-task';

export type Progress = (done: number, total: number | null) => void;
export type Task = (input: never, progress?: Progress) => Promise<unknown>;

export const WORKER_SCRIPTS = {
  'estimate-worker': '../estimates/estimate-worker.ts',
  'export-worker': '../exports/export-worker.ts',
  'versions-worker': '../versions/versions-worker.ts',
} as const;

export type WorkerScript = keyof typeof WORKER_SCRIPTS;

export const TASKS = {
  'estimate-view': { script: 'estimate-worker' },
  'estimate-read': { script: 'estimate-worker' },
  // An estimate placed on its plan's rooms (issue 28).
  'rooms-costs': { script: 'estimate-worker' },
  // Read in the thread that writes: the document is kept there for the writer (exports/prepared-documents.ts).
  'export-read': { script: 'export-worker' },
  'export-xlsx': { script: 'export-worker' },
  'export-pdf': { script: 'export-worker' },
  // A PDF's page count before it is written (a large one is not written without asking).
  'export-pdf-pages': { script: 'export-worker' },
  // Started when an estimate opens: the export thread loads, parses its fonts and lays out once.
  'export-warm': { script: 'export-worker' },
  // Estimate versions (issue 17): keeping and comparing versions in their own script; a change order
  // is a document, written by the export script with the other writers.
  'versions-encode': { script: 'versions-worker' },
  'versions-rebase': { script: 'versions-worker' },
  'versions-compare': { script: 'versions-worker' },
  'change-order-pdf': { script: 'export-worker' },
  'change-order-xlsx': { script: 'export-worker' },
} satisfies Record<string, { script: WorkerScript }>;

export type TaskName = keyof typeof TASKS;

/**
 * The tasks main may also run itself, for input too small to be worth a worker: the same functions
 * the estimate worker runs (imported here statically: main loads the estimate code anyway, never the
 * export writers).
 */
const HERE = {
  'estimate-view': estimateViewTask,
  'estimate-read': estimateReadTask,
  // A small estimate an export reads here: nothing is kept, the writer reads its bytes.
  'export-read': estimateReadTask,
  'rooms-costs': roomsCostsTask,
} satisfies Partial<Record<TaskName, Task>>;

export type InlineTaskName = keyof typeof HERE;

/** Runs a task on the calling thread: the same code a worker runs. */
export function runHere(name: InlineTaskName, input: unknown): Promise<unknown> {
  return HERE[name](input as never);
}
