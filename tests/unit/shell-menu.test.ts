import type { MenuItemConstructorOptions } from 'electron';
import { describe, expect, it } from 'vitest';
import { translate, translator } from '../../src-shared/i18n/catalogue';
import { LANGUAGES } from '../../src-shared/i18n/languages';
import { menuTemplate, type MenuActions } from '../../src-main/shell/menu-template';
import { updateMessage } from '../../src-main/shell/update-messages';

function actions(): MenuActions & { calls: string[] } {
  const calls: string[] = [];
  return {
    calls,
    command: (c) => calls.push(`command:${c}`),
    about: () => calls.push('about'),
    checkForUpdates: () => calls.push('updates'),
    openLogs: () => calls.push('logs'),
  };
}

function items(menu: MenuItemConstructorOptions[]): MenuItemConstructorOptions[] {
  return menu.flatMap((i) => [i, ...items((i.submenu as MenuItemConstructorOptions[] | undefined) ?? [])]);
}

function find(menu: MenuItemConstructorOptions[], label: string): MenuItemConstructorOptions {
  const item = items(menu).find((i) => i.label === label);
  if (!item) throw new Error(`no item ${label}`);
  return item;
}

describe('the application menu', () => {
  it('labels every item in the UI language, on every platform', () => {
    for (const lang of LANGUAGES) {
      for (const platform of ['linux', 'win32', 'darwin'] as const) {
        const menu = menuTemplate(translator(lang), { platform, packaged: true }, actions());
        const labelled = items(menu).filter((i) => i.type !== 'separator');
        for (const item of labelled) expect(item.label, `${lang} ${platform} ${item.role}`).toBeTruthy();
        const labels = labelled.map((i) => i.label);
        for (const key of [
          'menu.about',
          'menu.checkForUpdates',
          'menu.openLogs',
          'menu.file',
          'menu.help',
        ] as const) {
          expect(labels).toContain(translate(lang, key));
        }
        // No English left in another language's menu (names that are the same word aside).
        if (lang !== 'en-US') expect(labels).not.toContain('Reload Data');
      }
    }
  });

  it('runs About, Check for Updates, Open Logs and the window commands', () => {
    const a = actions();
    const menu = menuTemplate(translator('de-DE'), { platform: 'linux', packaged: true }, a);
    for (const label of [
      'Über PlanDesk',
      'Nach Updates suchen…',
      'Protokollordner öffnen',
      'Daten neu laden',
      'Suchen',
    ]) {
      (find(menu, label).click as () => void)();
    }
    expect(a.calls).toEqual(['about', 'updates', 'logs', 'command:reload', 'command:find']);
  });

  it('puts About and Check for Updates in the application menu on macOS', () => {
    const menu = menuTemplate(translator('en-US'), { platform: 'darwin', packaged: true }, actions());
    expect(menu[0]!.label).toBe('PlanDesk');
    const appItems = (menu[0]!.submenu as MenuItemConstructorOptions[]).map((i) => i.label);
    expect(appItems.slice(0, 2)).toEqual(['About PlanDesk', 'Check for Updates…']);
    expect(items(menu).filter((i) => i.label === 'About PlanDesk')).toHaveLength(1);
  });

  it('offers the developer tools only when running from the sources', () => {
    const roles = (packaged: boolean) =>
      items(menuTemplate(translator('en-US'), { platform: 'linux', packaged }, actions())).map((i) => i.role);
    expect(roles(false)).toContain('toggleDevTools');
    expect(roles(true)).not.toContain('toggleDevTools');
  });
});

describe('what Check for Updates says', () => {
  const t = translator('fr-FR');
  it('for each outcome, in the UI language', () => {
    expect(updateMessage({ kind: 'up-to-date' }, t, '1.0.0')).toEqual({
      type: 'info',
      message: 'PlanDesk 1.0.0 est la version la plus récente.',
      installLabel: null,
    });
    expect(updateMessage({ kind: 'ready', version: '1.1.0' }, t, '1.0.0')).toMatchObject({
      message: 'PlanDesk 1.1.0 est prêt à être installé.',
      installLabel: 'Redémarrer pour mettre à jour',
    });
    // A deb or rpm: installing asks for an administrator's password, and the dialog says so.
    const privileged = updateMessage({ kind: 'ready', version: '1.1.0' }, t, '1.0.0', 'confirm-privileged');
    expect(privileged.message).toContain('administrateur');
    expect(privileged.installLabel).toBe('Installer maintenant…');
    expect(updateMessage({ kind: 'downloading', version: '1.1.0' }, t, '1.0.0').message).toContain('1.1.0');
    expect(updateMessage({ kind: 'failed', message: 'HttpError: 404' }, t, '1.0.0')).toMatchObject({
      type: 'warning',
      message: 'PlanDesk n’a pas pu rechercher de mises à jour : HttpError: 404',
    });
    expect(updateMessage({ kind: 'unavailable', reason: 'unsigned' }, t, '1.0.0').message).toContain(
      'sans certificat de signature de code',
    );
  });
});
