/**
 * Resolves on a later turn of the event loop, after the timers that are due and the I/O that is
 * waiting (a setImmediate or a promise would still run before those timers). Work that follows
 * other synchronous work on a busy thread, and that no one waits for at once, starts here: the two
 * make two short stalls instead of one long one.
 */
export function nextTurn(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}
