import type { PlanDeskApi, Result } from '../../src-shared/ipc/contract';
import type { ErrorValue } from '../../src-shared/errors/service-error';

/**
 * The renderer's only door to main: `window.api` (built by the preload from the IPC contract).
 * `call` adds two things every caller wants: a rejected IPC promise becomes an ordinary error
 * value, and an `auth` error on a workspace call tells the workspaces feature to ask for a new key.
 */

export function hasApi(): boolean {
  return typeof window !== 'undefined' && typeof window.api === 'object' && window.api !== null;
}

export function getApi(): PlanDeskApi {
  return window.api;
}

type AuthListener = (error: ErrorValue) => void;
let authListener: AuthListener | null = null;

/** The workspaces store registers here; kept indirect so features do not import each other in circles. */
export function setAuthErrorListener(listener: AuthListener | null): void {
  authListener = listener;
}

export interface CallOptions {
  /**
   * The call uses the active workspace's stored key: an `auth` error means the key was revoked.
   * Off for calls that test credentials the user is typing (adding a workspace, replacing a key).
   */
  workspaceCall?: boolean;
}

function firstLine(text: string): string {
  return (text.split(/\r?\n/)[0] ?? '').trim();
}

export async function call<T>(
  run: (api: PlanDeskApi) => Promise<Result<T>>,
  options: CallOptions = {},
): Promise<Result<T>> {
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
  if (!result.ok && result.error.kind === 'auth' && options.workspaceCall) authListener?.(result.error);
  return result;
}

let operationCounter = 0;

/** A fresh id for a cancellable call; matches its progress events. */
export function newOperationId(prefix = 'op'): string {
  operationCounter += 1;
  return `${prefix}-${Date.now().toString(36)}-${operationCounter}-${Math.random().toString(36).slice(2, 8)}`;
}
