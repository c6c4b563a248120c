/**
 * The worker tasks, typed by name. Each worker script registers its own tasks (`serveTasks` in
 * estimates/estimate-worker.ts, exports/export-worker.ts, …) and declares them to main's callers by
 * adding them to `WorkerTasks` (a `declare module` beside its `serveTasks`), so this folder knows no
 * feature. A task's name starts with its script's: `export-xlsx` runs in `export-worker`, so a task
 * needs no second table to be routed. The scripts are listed once, in worker-scripts.json: the pool,
 * the app's build (electron.vite.config.ts), the CLI's (scripts/build-cli.mjs) and the packaging
 * check read it. Built, a script sits next to main's bundle; from the sources it runs through tsx.
 */
import WORKER_SCRIPTS from './worker-scripts.json';

export { WORKER_SCRIPTS };

export type Progress = (done: number, total: number | null) => void;
export type Task<I = never, O = unknown> = (input: I, progress?: Progress) => Promise<O>;

/**
 * Every worker task by name: its function's type. Empty here; each worker script adds its tasks with
 * `declare module '../workers/tasks' { interface WorkerTasks extends ItsTasks {} }`.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface WorkerTasks {}

export type TaskName = keyof WorkerTasks & string;
/** What task `K` takes. */
export type In<K extends TaskName> = WorkerTasks[K] extends Task<infer I, unknown> ? I : never;
/** What task `K` gives back. */
export type Out<K extends TaskName> = WorkerTasks[K] extends Task<never, infer O> ? O : never;

export type WorkerScript = keyof typeof WORKER_SCRIPTS;

/** The names a script's tasks may have: its own name's first word, a dash, the task. */
export type TaskNameOf<S extends WorkerScript> = S extends `${infer P}-worker` ? `${P}-${string}` : never;

/** The script that runs `task`: the one its name starts with. */
export function scriptOf(task: string): WorkerScript {
  const script = `${task.slice(0, task.indexOf('-'))}-worker`;
  if (!Object.hasOwn(WORKER_SCRIPTS, script)) throw new Error(`no worker script runs the task ${task}`);
  return script as WorkerScript;
}
