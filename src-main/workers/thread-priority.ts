/**
 * Worker threads yield to main's thread when cores are scarce. Main answers the window (every IPC
 * call, every event); the threads do work that takes a second or more anyway. On a machine with two
 * cores, a reading thread parsing an estimate as its bytes arrive took the core from main in the
 * middle of its work, and the window stalled for up to a tenth of a second.
 *
 * On Linux a thread's nice value is its own: `os.setPriority` (setpriority(2) for "this process")
 * changes only the thread that calls it, so each worker thread lowers itself a little below main:
 * under full load it still gets a third of what main's thread gets. Elsewhere the same
 * call changes the whole process, main included, so it is not made there.
 */
import { getPriority, setPriority } from 'node:os';
import { isMainThread } from 'node:worker_threads';

/** How much lower a worker thread runs than the thread that started it (nice values: 19 is lowest). */
export const WORKER_THREAD_NICE_STEP = 5;
const LOWEST = 19;

let lowered = false;

/** Lowers the calling worker thread's priority once (Linux only); never throws. */
export function lowerThreadPriority(): void {
  if (lowered || isMainThread || process.platform !== 'linux') return;
  lowered = true;
  try {
    // A new thread starts with its creator's nice value: main's, which may be above 0 already.
    setPriority(Math.min(LOWEST, getPriority() + WORKER_THREAD_NICE_STEP));
  } catch {
    // Not allowed (a sandbox, say): the thread keeps the normal priority.
  }
}
