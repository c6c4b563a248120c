/**
 * Resolves on a later turn of the event loop, after the timers that are due and the I/O that is
 * waiting (a setImmediate or a promise would still run before those timers). Work that would
 * otherwise follow other synchronous work in one go on a busy thread starts here, at the cost of a
 * millisecond or so: the two make two short stalls instead of one long one.
 */
export function nextTurn(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}
