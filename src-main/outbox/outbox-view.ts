/** An outbox record as the files screen shows it. */
import type { OutboxEntryView, OutboxProblem } from '../../src-shared/outbox/types';
import type { OutboxRow } from './outbox-rows';

/** `sent`: bytes sent so far, while this process sends it; a row another process sends shows as sending. */
export function toView(r: OutboxRow, sent: number | null): OutboxEntryView {
  const state: OutboxEntryView['state'] =
    sent !== null || r.state === 'sending'
      ? 'sending'
      : r.state === 'held'
        ? 'held'
        : r.state === 'registering'
          ? 'checking'
          : 'waiting';
  return {
    id: r.id,
    projectId: r.projectId,
    projectName: r.projectName,
    name: r.fileName,
    size: r.size,
    addedAt: r.addedAt.toISOString(),
    state,
    sent,
    problem: (r.problem as OutboxProblem | null) ?? null,
    detail: r.detail,
    nextTryAt: r.nextTryAt?.toISOString() ?? null,
  };
}
