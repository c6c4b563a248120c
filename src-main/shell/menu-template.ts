/**
 * The application menu as data, in the user's language: every label comes from the label catalogue
 * (roles keep the OS behaviour, the label overrides Electron's English one). Rebuilt whenever the UI
 * language changes.
 */
import type { MenuItemConstructorOptions } from 'electron';
import type { Translate } from '../../src-shared/i18n/catalogue';
import type { MenuCommand } from '../../src-shared/ipc/contract';

export interface MenuActions {
  /** A command the window carries out (reload the data, jump to the search). */
  command(command: MenuCommand): void;
  about(): void;
  checkForUpdates(): void;
  openLogs(): void;
}

export interface MenuOptions {
  platform: NodeJS.Platform;
  /** Development builds get the developer tools. */
  packaged: boolean;
}

export function menuTemplate(
  t: Translate,
  options: MenuOptions,
  actions: MenuActions,
): MenuItemConstructorOptions[] {
  const mac = options.platform === 'darwin';
  const separator = { type: 'separator' } as const;
  const about: MenuItemConstructorOptions = { label: t('menu.about'), click: () => actions.about() };
  const updates: MenuItemConstructorOptions = {
    label: t('menu.checkForUpdates'),
    click: () => actions.checkForUpdates(),
  };
  const logs: MenuItemConstructorOptions = { label: t('menu.openLogs'), click: () => actions.openLogs() };

  const appMenu: MenuItemConstructorOptions = {
    label: t('app.name'),
    submenu: [
      about,
      updates,
      separator,
      { role: 'services', label: t('menu.services') },
      separator,
      { role: 'hide', label: t('menu.hide') },
      { role: 'hideOthers', label: t('menu.hideOthers') },
      { role: 'unhide', label: t('menu.showAll') },
      separator,
      { role: 'quit', label: t('menu.quit') },
    ],
  };
  const file: MenuItemConstructorOptions = {
    label: t('menu.file'),
    submenu: mac ? [{ role: 'close', label: t('menu.close') }] : [{ role: 'quit', label: t('menu.quit') }],
  };
  const edit: MenuItemConstructorOptions = {
    label: t('menu.edit'),
    submenu: [
      { role: 'undo', label: t('menu.undo') },
      { role: 'redo', label: t('menu.redo') },
      separator,
      { role: 'cut', label: t('menu.cut') },
      { role: 'copy', label: t('menu.copy') },
      { role: 'paste', label: t('menu.paste') },
      { role: 'selectAll', label: t('menu.selectAll') },
      separator,
      { label: t('menu.find'), accelerator: 'CmdOrCtrl+F', click: () => actions.command('find') },
    ],
  };
  const view: MenuItemConstructorOptions = {
    label: t('menu.view'),
    submenu: [
      { label: t('menu.reloadData'), accelerator: 'CmdOrCtrl+R', click: () => actions.command('reload') },
      separator,
      { role: 'resetZoom', label: t('menu.actualSize') },
      { role: 'zoomIn', label: t('menu.zoomIn') },
      { role: 'zoomOut', label: t('menu.zoomOut') },
      separator,
      { role: 'togglefullscreen', label: t('menu.fullScreen') },
      ...(options.packaged ? [] : [{ role: 'toggleDevTools' as const, label: t('menu.devTools') }]),
    ],
  };
  const windowMenu: MenuItemConstructorOptions = {
    label: t('menu.window'),
    submenu: mac
      ? [
          { role: 'minimize', label: t('menu.minimize') },
          { role: 'zoom', label: t('menu.zoom') },
          separator,
          { role: 'front', label: t('menu.front') },
        ]
      : [
          { role: 'minimize', label: t('menu.minimize') },
          { role: 'close', label: t('menu.close') },
        ],
  };
  const help: MenuItemConstructorOptions = {
    role: 'help',
    label: t('menu.help'),
    // On macOS, About and Check for Updates live in the application menu, as users expect there.
    submenu: mac ? [logs] : [updates, logs, separator, about],
  };
  return [...(mac ? [appMenu] : []), file, edit, view, windowMenu, help];
}
