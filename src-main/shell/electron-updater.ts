/**
 * electron-updater behind the small Updater interface of src-main/updates. Loaded on the first
 * check only (never in development or for package-managed installs). It reads the feed from
 * app-update.yml, which electron-builder writes into the installed app from electron-builder.yml's
 * `publish` (GitHub releases unless configured otherwise).
 */
import type { Logger } from '../log/logger';
import type { Updater } from '../updates/update-controller';

export async function loadElectronUpdater(logger: Logger): Promise<Updater> {
  const mod = await import('electron-updater');
  const autoUpdater = (mod.default ?? mod).autoUpdater;
  autoUpdater.autoDownload = true;
  autoUpdater.autoInstallOnAppQuit = true;
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
