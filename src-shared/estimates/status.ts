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
