/**
 * The application menu and its dialogs (About, Check for Updates…, Open Logs Folder), in the UI
 * language; `install()` again after the language changed rebuilds it.
 */
import { app, BrowserWindow, dialog, Menu, shell, type MessageBoxOptions } from 'electron';
import { translator, type Translate } from '../../src-shared/i18n/catalogue';
import type { UiLanguage } from '../../src-shared/i18n/languages';
import type { MenuCommand } from '../../src-shared/ipc/contract';
import type { Logger } from '../log/logger';
import type { UpdateController } from '../updates/update-controller';
import { menuTemplate } from './menu-template';
import { updateMessage } from './update-messages';

export interface AppMenuDeps {
  language: () => Promise<UiLanguage>;
  window: () => BrowserWindow | null;
  command: (command: MenuCommand) => void;
  updates: UpdateController;
  logsDir: string;
  logger: Logger;
}

export function appMenu(deps: AppMenuDeps): { install(): Promise<void> } {
  let t: Translate = translator('en-US');

  const show = async (options: MessageBoxOptions) => {
    const win = deps.window();
    return win ? dialog.showMessageBox(win, options) : dialog.showMessageBox(options);
  };

  const about = () =>
    void show({
      type: 'info',
      title: t('menu.about'),
      message: t('app.name'),
      detail: [
        t('about.version', { version: app.getVersion() }),
        // Product names: the same in every language.
        `Electron ${process.versions.electron ?? ''} · Chromium ${process.versions.chrome ?? ''} · Node.js ${process.versions.node}`,
      ].join('\n'),
      buttons: [t('common.ok')],
    });

  const openLogs = async () => {
    const problem = await shell.openPath(deps.logsDir);
    if (problem) {
      deps.logger.log('warn', `could not open the logs folder: ${problem}`);
      await show({
        type: 'warning',
        title: t('app.name'),
        message: t('shell.openLogsFailed', { message: problem }),
      });
    }
  };

  const checkForUpdates = async () => {
    const outcome = await deps.updates.checkNow();
    const m = updateMessage(outcome, t, app.getVersion(), deps.updates.status().install);
    const buttons = m.installLabel ? [m.installLabel, t('updates.later')] : [t('common.ok')];
    const { response } = await show({
      type: m.type,
      title: t('updates.title'),
      message: m.message,
      buttons,
      defaultId: 0,
      cancelId: buttons.length - 1,
    });
    if (m.installLabel && response === 0) await deps.updates.install();
  };

  const failSafe = (name: string, run: () => Promise<void>) => () =>
    void run().catch((err: unknown) => deps.logger.log('error', `menu ${name} failed: ${String(err)}`));

  return {
    async install() {
      t = translator(await deps.language());
      const template = menuTemplate(
        t,
        { platform: process.platform, packaged: app.isPackaged },
        {
          command: deps.command,
          about,
          checkForUpdates: failSafe('check for updates', checkForUpdates),
          openLogs: failSafe('open logs', openLogs),
        },
      );
      Menu.setApplicationMenu(Menu.buildFromTemplate(template));
    },
  };
}
