/**
 * What a failed step means for an outbox entry (and, for a refused key or a gone project, for its
 * peers), written to its record: the decisions of upload-outcome.ts carried out for one drain.
 */
import { backoffDelay, type RetryPolicy } from '../api/backoff';
import type { DrainContext } from './drain-context';
import type { OutboxRow, OutboxState } from './outbox-rows';
import type { OutboxStore } from './outbox-store';
import type { AttemptOutcome } from './upload-outcome';

/** The longest wait after service failures. */
const MAX_BUSY_WAIT_MS = 10 * 60_000;

export type Next = 'continue' | 'stop';

export interface OutcomeTarget {
  ws: string;
  c: DrainContext;
  store: () => OutboxStore;
  /** PlanDesk is closing (a stop is not the user's). */
  closing: () => boolean;
  /** Runs the drain again after this long. */
  schedule: (delayMs: number) => void;
}

/**
 * A held row released (by the user, a new key, the file chosen again): waiting, or looked for first
 * when its register call may have arrived.
 */
export function released(row: Pick<OutboxRow, 'checkFirst'>) {
  return {
    state: (row.checkFirst ? 'registering' : 'waiting') as OutboxState,
    checkFirst: false,
    problem: null,
    detail: null,
    nextTryAt: null,
  };
}

export async function applyOutcome(
  t: OutcomeTarget,
  row: OutboxRow,
  outcome: AttemptOutcome,
  err: unknown,
): Promise<Next> {
  const { ws, c } = t;
  const store = t.store();
  const current = store.get(row.id);
  if (!current) return 'continue';
  const still = current.state === 'registering' ? 'registering' : 'waiting';
  const me = c.owner;
  const mine = current.owner === null || current.owner === me;
  const settleWaiting = () => {
    c.changed(ws);
    c.settled(ws, row.id, { kind: 'waiting' });
  };
  switch (outcome.kind) {
    case 'lost':
      // Removed meanwhile, or taken over with the drain lock: the next row is sent only while this
      // process still holds the lock (the drain asks before each).
      c.logger.log('warn', `outbox of ${ws}: upload ${row.id} was removed or taken over meanwhile`);
      return 'continue';
    case 'local':
      // Nothing is decided about the entry: it is as its record says (`sending` back to waiting if
      // that can be written at all), and tried again later.
      try {
        if (current.state === 'sending') store.update(row.id, { state: 'waiting', owner: null }, me);
      } catch {
        // the run's end lets it go, or the next start
      }
      if (outcome.diskFull) c.diskFull(outcome.path ?? c.copies.root);
      settleWaiting();
      t.schedule(c.busyRetryMs);
      return 'stop';
    case 'cancelled':
      if (t.closing()) {
        // Stopped because PlanDesk closes, not by the user: it waits for the next start.
        store.update(row.id, { state: still, owner: null }, me);
        return 'stop';
      }
      if (await c.copies.remove(ws, row.folder)) store.remove(row.id);
      else store.update(row.id, { state: 'removing', owner: null });
      c.changed(ws);
      c.settled(ws, row.id, { kind: 'removed' });
      return 'continue';
    case 'offline':
      c.observe(ws, err);
      if (mine) store.update(row.id, { state: still, owner: null, problem: 'offline', detail: null });
      settleWaiting();
      t.schedule(c.offlineRetryMs);
      return 'stop';
    case 'uncertain':
      // Checked against the files list next: at once when the service answered, else once back.
      if (mine) {
        store.update(row.id, {
          state: 'registering',
          owner: null,
          problem: outcome.network ? 'offline' : null,
        });
      }
      c.changed(ws);
      if (outcome.network) {
        c.observe(ws, err);
        settleWaiting();
        t.schedule(c.offlineRetryMs);
        return 'stop';
      }
      return 'continue';
    case 'busy':
    case 'expired': {
      const wait = backoffDelay(Math.max(0, current.attempts - 1), backoff(c.busyRetryMs));
      if (mine) {
        store.update(row.id, {
          state: still,
          owner: null,
          problem: 'service-busy',
          detail: outcome.kind === 'busy' ? outcome.detail : null,
          nextTryAt: new Date(c.now().getTime() + wait),
        });
      }
      settleWaiting();
      return 'continue';
    }
    case 'hold':
      return hold(t, store, current, outcome, err);
  }
}

/** Held with the reason: this entry, the project's (deleted, archived) or the workspace's (the key). */
function hold(
  t: OutcomeTarget,
  store: OutboxStore,
  current: OutboxRow,
  outcome: Extract<AttemptOutcome, { kind: 'hold' }>,
  err: unknown,
): Next {
  const { ws, c } = t;
  const peers =
    outcome.problem === 'key-revoked'
      ? store.list(ws)
      : outcome.problem === 'project-deleted' || outcome.problem === 'project-archived'
        ? store.list(ws).filter((r) => r.projectId === current.projectId)
        : [current];
  for (const r of peers) {
    if (r.state === 'registered' || r.state === 'removing') continue;
    if (r.state === 'held' && r.id !== current.id) continue;
    if (r.owner !== null && r.owner !== c.owner) continue;
    store.update(r.id, {
      state: 'held',
      owner: null,
      problem: outcome.problem,
      detail: outcome.detail,
      nextTryAt: null,
      // Its register call may have arrived: released, it is looked for before it is sent again.
      checkFirst: r.checkFirst || r.state === 'registering',
    });
    c.settled(ws, r.id, { kind: 'held', problem: outcome.problem, error: err });
  }
  c.changed(ws);
  if (outcome.problem === 'key-revoked') {
    c.keyRejected(ws);
    return 'stop';
  }
  return 'continue';
}

/** The API client's backoff, with jitter, on the outbox's own scale (from busyRetryMs to 10 min). */
function backoff(busyRetryMs: number): RetryPolicy {
  return {
    maxAttemptsRateLimited: Infinity,
    maxAttemptsTransient: Infinity,
    baseDelayMs: busyRetryMs,
    maxDelayMs: MAX_BUSY_WAIT_MS,
  };
}
