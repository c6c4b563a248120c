/** What the "Check for Updates…" dialog says about a check's outcome, in the user's language. */
import type { Translate } from '../../src-shared/i18n/catalogue';
import { READY_MESSAGES, UNAVAILABLE_MESSAGES, type UpdateInstall } from '../../src-shared/updates/types';
import type { CheckOutcome } from '../updates/update-controller';

export interface UpdateMessage {
  type: 'info' | 'warning';
  message: string;
  /** A downloaded update: the dialog offers to install it now, with this button (else null). */
  installLabel: string | null;
}

export function updateMessage(
  outcome: CheckOutcome,
  t: Translate,
  currentVersion: string,
  install: UpdateInstall = 'restart',
): UpdateMessage {
  switch (outcome.kind) {
    case 'unavailable':
      return { type: 'info', message: t(UNAVAILABLE_MESSAGES[outcome.reason]), installLabel: null };
    case 'up-to-date':
      return {
        type: 'info',
        message: t('updates.upToDate', { version: currentVersion }),
        installLabel: null,
      };
    case 'downloading':
      return {
        type: 'info',
        message: t('updates.downloading', { version: outcome.version }),
        installLabel: null,
      };
    case 'ready':
      return {
        type: 'info',
        message: t(READY_MESSAGES[install].message, { version: outcome.version }),
        installLabel: t(READY_MESSAGES[install].action),
      };
    case 'failed':
      return {
        type: 'warning',
        message: t('updates.checkFailed', { message: outcome.message }),
        installLabel: null,
      };
  }
}
