import type { MessageKey } from '../i18n/catalogue';

/** The statuses the service is known to send, with their label; any other status is shown as sent. */
const STATUS_LABELS: Readonly<Record<string, MessageKey>> = {
  draft: 'estimates.statusDraft',
  final: 'estimates.statusFinal',
};

export function statusLabelKey(status: string | null | undefined): MessageKey | null {
  if (typeof status !== 'string') return null;
  const known = status.trim().toLowerCase();
  return Object.hasOwn(STATUS_LABELS, known) ? STATUS_LABELS[known]! : null;
}

/** A draft: its documents carry a visible "Draft" mark instead of the service's status word. */
export function isDraft(status: string | null | undefined): boolean {
  return statusLabelKey(status) === 'estimates.statusDraft';
}
