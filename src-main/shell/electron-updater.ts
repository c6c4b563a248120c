/**
 * electron-updater behind the small Updater interface of src-main/updates. Loaded on the first
 * check only (never in development or in a copy that cannot update itself). It reads the feed from
 * app-update.yml, which electron-builder writes into the installed app from electron-builder.yml's
 * `publish` (GitHub releases unless configured otherwise).
 */
import type { Logger } from '../log/logger';
import type { UpdateInstall } from '../../src-shared/updates/types';
import type { Updater } from '../updates/update-controller';

export async function loadElectronUpdater(logger: Logger, install: UpdateInstall): Promise<Updater> {
  const mod = await import('electron-updater');
  // On Linux electron-updater picks its AppImageUpdater, DebUpdater or RpmUpdater from the install.
  const autoUpdater = (mod.default ?? mod).autoUpdater;
  autoUpdater.autoDownload = true;
  // Only a signed Windows or macOS copy installs an update by itself when it quits; elsewhere an
  // update installs only when the user says so (a deb or rpm through pkexec or sudo).
  autoUpdater.autoInstallOnAppQuit = install === 'restart';
  autoUpdater.logger = {
    info: (m?: unknown) => logger.log('info', `updater: ${String(m)}`),
    warn: (m?: unknown) => logger.log('warn', `updater: ${String(m)}`),
    error: (m?: unknown) => logger.log('error', `updater: ${String(m)}`),
    debug: (m: string) => logger.log('debug', `updater: ${m}`),
  };
  return {
    checkForUpdates: async () => {
      const result = await autoUpdater.checkForUpdates();
      // A failed background download is reported through the 'error' event.
      result?.downloadPromise?.catch(() => undefined);
      return result;
    },
    quitAndInstall: () => autoUpdater.quitAndInstall(),
    on: (event, listener) => autoUpdater.on(event, listener as never),
  };
}
