/**
 * A signal that aborts after `ms`, held by its own timer until `clear()`.
 *
 * Not `AbortSignal.timeout(ms)` inside `AbortSignal.any([...])`: Node keeps a timeout signal only
 * weakly, and a composite signal does not hold its sources, so a garbage collection in between
 * loses the timeout and the composite never aborts (nodejs/node#57736). Here the timer holds the
 * controller; the timer does not keep the process alive.
 */
export interface Deadline {
  signal: AbortSignal;
  /** Stops the timer (the work is over); the signal stays as it is. */
  clear(): void;
}

export function deadlineSignal(ms: number): Deadline {
  const controller = new AbortController();
  const timer = setTimeout(
    () => controller.abort(new DOMException(`timed out after ${ms} ms`, 'TimeoutError')),
    ms,
  );
  (timer as { unref?: () => void }).unref?.();
  return { signal: controller.signal, clear: () => clearTimeout(timer) };
}
