import { create } from 'zustand';
import type { MessageKey } from '../../i18n/messages';
import { call } from '../../api';
import type { ProgressEvent } from '../../../../src-shared/operations/types';

/**
 * Long operations main runs for us (matched by operationId): what the progress bar shows and what
 * its Cancel button cancels. Short ones only appear after `showAfterMs`, so quick loads don't flicker.
 */
export interface Operation {
  id: string;
  label: MessageKey;
  done: number;
  total: number | null;
  visible: boolean;
  cancelling: boolean;
}

interface OperationsState {
  operations: Operation[];
  start: (id: string, label: MessageKey, options?: { showAfterMs?: number }) => void;
  progress: (event: ProgressEvent) => void;
  finish: (id: string) => void;
  cancel: (id: string) => Promise<void>;
}

const timers = new Map<string, ReturnType<typeof setTimeout>>();

function patch(list: Operation[], id: string, change: Partial<Operation>): Operation[] {
  return list.map((op) => (op.id === id ? { ...op, ...change } : op));
}

export const useOperations = create<OperationsState>()((set, get) => ({
  operations: [],

  start: (id, label, options = {}) => {
    const showAfterMs = options.showAfterMs ?? 0;
    const op: Operation = { id, label, done: 0, total: null, visible: showAfterMs <= 0, cancelling: false };
    set((s) => ({ operations: [...s.operations.filter((o) => o.id !== id), op] }));
    if (showAfterMs > 0) {
      timers.set(
        id,
        setTimeout(() => {
          timers.delete(id);
          set((s) => ({ operations: patch(s.operations, id, { visible: true }) }));
        }, showAfterMs),
      );
    }
  },

  progress: (event) => {
    if (!event || typeof event.operationId !== 'string') return;
    if (!get().operations.some((op) => op.id === event.operationId)) return;
    const done = Number.isFinite(event.done) ? Math.max(0, event.done) : 0;
    const total = typeof event.total === 'number' && Number.isFinite(event.total) ? event.total : null;
    set((s) => ({ operations: patch(s.operations, event.operationId, { done, total, visible: true }) }));
  },

  finish: (id) => {
    const timer = timers.get(id);
    if (timer) clearTimeout(timer);
    timers.delete(id);
    set((s) => ({ operations: s.operations.filter((op) => op.id !== id) }));
  },

  cancel: async (id) => {
    if (!get().operations.some((op) => op.id === id)) return;
    set((s) => ({ operations: patch(s.operations, id, { cancelling: true }) }));
    // The cancelled call itself ends with a `cancelled` error, which finishes the operation.
    await call((api) => api.cancelOperation(id));
  },
}));

/** The operation the progress bar shows: the most recent visible one. */
export function selectCurrentOperation(state: OperationsState): Operation | null {
  for (let i = state.operations.length - 1; i >= 0; i -= 1) {
    const op = state.operations[i];
    if (op?.visible) return op;
  }
  return null;
}
