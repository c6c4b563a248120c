/**
 * The tasks a worker can run, by name, and the worker script that holds each: a script per group
 * of tasks, so a worker loads only what its tasks need (the export writers are not loaded to read an
 * estimate). Scripts are built next to main's bundle (electron.vite.config.ts, scripts/build-cli.mjs);
 * from the sources they run through tsx.
 */
export type Progress = (done: number, total: number | null) => void;
export type Task = (input: never, progress?: Progress) => Promise<unknown>;

export const WORKER_SCRIPTS = {
  'estimate-worker': '../estimates/estimate-worker.ts',
  'export-worker': '../exports/export-worker.ts',
} as const;

export type WorkerScript = keyof typeof WORKER_SCRIPTS;

interface TaskEntry {
  script: WorkerScript;
  /** The task itself, for a run on the calling thread (input too small for a worker). */
  load(): Promise<Task>;
}

export const TASKS = {
  'estimate-view': {
    script: 'estimate-worker',
    load: async () => (await import('../estimates/estimate-tasks')).estimateViewTask,
  },
  'estimate-read': {
    script: 'estimate-worker',
    load: async () => (await import('../estimates/estimate-tasks')).estimateReadTask,
  },
  'export-xlsx': {
    script: 'export-worker',
    load: async () => (await import('../exports/export-tasks')).xlsxTask,
  },
  'export-pdf': {
    script: 'export-worker',
    load: async () => (await import('../exports/export-tasks')).pdfTask,
  },
} satisfies Record<string, TaskEntry>;

export type TaskName = keyof typeof TASKS;

/** Runs a task on the calling thread: the same code a worker runs. */
export async function runHere(name: TaskName, input: unknown): Promise<unknown> {
  const task = await TASKS[name].load();
  return task(input as never);
}
