import type { PlanDeskApi, Result } from '../../src-shared/ipc/contract';

/**
 * The renderer's only door to main: `window.api` (built by the preload from the IPC contract).
 * `call` turns a rejected IPC promise or a malformed answer into an ordinary error value. A key the
 * service refused is not a caller's concern: main marks it and sends `event:workspaceAuthFailed`
 * once, and App asks for a new key.
 */

export function hasApi(): boolean {
  return typeof window !== 'undefined' && typeof window.api === 'object' && window.api !== null;
}

export function getApi(): PlanDeskApi {
  return window.api;
}

function firstLine(text: string): string {
  return (text.split(/\r?\n/)[0] ?? '').trim();
}

export async function call<T>(run: (api: PlanDeskApi) => Promise<Result<T>>): Promise<Result<T>> {
  let result: Result<T>;
  try {
    result = await run(getApi());
  } catch (err) {
    // An IPC failure (no handler, main restarting). Only the first line: never a stack.
    const message = err instanceof Error ? firstLine(err.message) : '';
    result = { ok: false, error: { kind: 'server', message } };
  }
  if (!result || typeof result !== 'object' || !('ok' in result)) {
    return { ok: false, error: { kind: 'invalid-response', message: '' } };
  }
  return result;
}

let operationCounter = 0;

/** A fresh id for a cancellable call; matches its progress events. */
export function newOperationId(prefix = 'op'): string {
  operationCounter += 1;
  return `${prefix}-${Date.now().toString(36)}-${operationCounter}-${Math.random().toString(36).slice(2, 8)}`;
}
