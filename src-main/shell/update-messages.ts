/** What the "Check for Updates…" dialog says about a check's outcome, in the user's language. */
import type { Translate } from '../../src-shared/i18n/catalogue';
import { UNAVAILABLE_MESSAGES } from '../../src-shared/updates/types';
import type { CheckOutcome } from '../updates/update-controller';

export interface UpdateMessage {
  type: 'info' | 'warning';
  message: string;
  /** A downloaded update: the dialog offers to restart now. */
  offerRestart: boolean;
}

export function updateMessage(outcome: CheckOutcome, t: Translate, currentVersion: string): UpdateMessage {
  switch (outcome.kind) {
    case 'unavailable':
      return { type: 'info', message: t(UNAVAILABLE_MESSAGES[outcome.reason]), offerRestart: false };
    case 'up-to-date':
      return {
        type: 'info',
        message: t('updates.upToDate', { version: currentVersion }),
        offerRestart: false,
      };
    case 'downloading':
      return {
        type: 'info',
        message: t('updates.downloading', { version: outcome.version }),
        offerRestart: false,
      };
    case 'ready':
      return { type: 'info', message: t('updates.ready', { version: outcome.version }), offerRestart: true };
    case 'failed':
      return {
        type: 'warning',
        message: t('updates.checkFailed', { message: outcome.message }),
        offerRestart: false,
      };
  }
}
