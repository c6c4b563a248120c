/**
 * What the Electron entry gives main's update state machine: whether and how this copy updates
 * itself (updates/availability.ts), electron-updater set up for that, and the native question
 * asked before an install that needs an administrator's password (deb, rpm): the app's own
 * confirmation dialog, which a compromised renderer cannot answer.
 */
import { app } from 'electron';
import { translator } from '../../src-shared/i18n/catalogue';
import type { UiLanguage } from '../../src-shared/i18n/languages';
import type { Dialogs } from '../dialogs';
import type { Logger } from '../log/logger';
import { updatePolicy } from '../updates/availability';
import { loadElectronUpdater } from './electron-updater';

export function appUpdates(logger: Logger, confirm: Dialogs['confirm'], language: () => UiLanguage) {
  const policy = updatePolicy({
    packaged: app.isPackaged,
    platform: process.platform,
    resourcesDir: process.resourcesPath,
    appDir: app.getAppPath(),
    env: process.env,
  });
  return {
    ...policy,
    loadUpdater: () => loadElectronUpdater(logger, policy.install),
    confirmPrivilegedInstall: (version: string) => {
      const t = translator(language());
      return confirm({
        title: t('updates.title'),
        message: t('updates.confirmPrivileged', { version }),
        detail: t('updates.confirmPrivilegedDetail'),
        cancelLabel: t('common.cancel'),
        confirmLabel: t('updates.installNow'),
      });
    },
  };
}
