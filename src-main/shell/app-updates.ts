/**
 * What the Electron entry gives main's update state machine: whether and how this copy updates
 * itself (updates/availability.ts), electron-updater set up for that, and the native question
 * asked before an install that needs an administrator's password (deb, rpm).
 */
import { app, dialog, type BrowserWindow } from 'electron';
import { translator } from '../../src-shared/i18n/catalogue';
import type { UiLanguage } from '../../src-shared/i18n/languages';
import type { Logger } from '../log/logger';
import { updatePolicy } from '../updates/availability';
import { loadElectronUpdater } from './electron-updater';

export function appUpdates(logger: Logger, window: () => BrowserWindow | null, language: () => UiLanguage) {
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
    confirmPrivilegedInstall: async (version: string) => {
      const t = translator(language());
      const options = {
        type: 'question' as const,
        title: t('updates.title'),
        message: t('updates.confirmPrivileged', { version }),
        detail: t('updates.confirmPrivilegedDetail'),
        buttons: [t('common.cancel'), t('updates.installNow')],
        defaultId: 1,
        cancelId: 0,
        noLink: true,
      };
      const w = window();
      const r = w ? await dialog.showMessageBox(w, options) : await dialog.showMessageBox(options);
      return r.response === 1;
    },
  };
}
