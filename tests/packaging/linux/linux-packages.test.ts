/**
 * The deb and rpm packages (build-packages.mts made or described them): their dependencies are
 * electron-builder's defaults plus libsecret (keytar's keychain library), and their desktop entry
 * links PlanDesk's windows to its name and icon in the right menu section.
 */
import { extractFile } from '@electron/asar';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readPackagedApp } from '../packaged-app';
import { readLinuxPackages } from './linux-packages';

const require = createRequire(import.meta.url);
const packaged = readPackagedApp();
const linux = packaged.platform === 'linux';
const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as { version: string; desktopName: string };

/** electron-builder's own default dependencies for a target, from the installed electron-builder. */
function electronBuilderDefaults(target: 'deb' | 'rpm'): string[] {
  const FpmTarget = (
    require('app-builder-lib/out/targets/FpmTarget') as {
      default: { prototype: { getDefaultDepends(target: string): string[] } };
    }
  ).default;
  return FpmTarget.prototype.getDefaultDepends(target);
}

/** The desktop entry's keys (its [Desktop Entry] group). */
function desktopKeys(text: string): Record<string, string> {
  const lines = text.split('\n');
  expect(lines[0]).toBe('[Desktop Entry]');
  return Object.fromEntries(
    lines
      .slice(1)
      .filter((l) => l.includes('='))
      .map((l) => [l.slice(0, l.indexOf('=')), l.slice(l.indexOf('=') + 1)]),
  );
}

describe.runIf(linux)('the Linux packages', () => {
  const packages = linux ? readLinuxPackages() : null;
  const each = (name: 'deb' | 'rpm') => packages![name];

  it('says whether the packages were built or only described to fpm, and why', () => {
    console.log(
      packages!.mode === 'built'
        ? 'deb and rpm built with fpm and read back with dpkg-deb and rpm'
        : `deb and rpm not built (${packages!.why}): their control data and desktop entry are read from electron-builder's call to fpm`,
    );
    expect(packages!.mode === 'built' || packages!.why).toBeTruthy();
  });

  it.each(['deb', 'rpm'] as const)(
    '%s: keeps electron-builder’s default dependencies and adds libsecret',
    (target) => {
      const p = each(target);
      const defaults = electronBuilderDefaults(target);
      // Those the issue named as lost by a list that replaced them.
      expect(defaults).toEqual(
        expect.arrayContaining(
          target === 'deb'
            ? ['xdg-utils', 'libatspi2.0-0', 'libuuid1']
            : ['xdg-utils', 'libXScrnSaver', 'at-spi2-core', '(libXtst or libXtst6)'],
        ),
      );
      expect(p.depends).toEqual(expect.arrayContaining(defaults));
      // The rpm names the library's soname, not a package name: Fedora calls the package libsecret,
      // openSUSE libsecret-1-0, and both provide this.
      expect(p.depends).toContain(target === 'deb' ? 'libsecret-1-0' : 'libsecret-1.so.0()(64bit)');
      // Each once.
      expect(new Set(p.depends).size).toBe(p.depends.length);
    },
  );

  it.each(['deb', 'rpm'] as const)(
    '%s: is plandesk at the app’s version, installed in /opt/PlanDesk',
    (target) => {
      const p = each(target);
      expect(p.name).toBe('plandesk');
      expect(p.version).toBe(pkg.version);
      expect(p.files).toContain('/opt/PlanDesk/plandesk');
      expect(p.files).toContain('/opt/PlanDesk/resources/app.asar');
      // electron-updater picks its DebUpdater or RpmUpdater from this marker.
      expect(p.packageType).toBe(target);
      expect(p.files).toContain('/opt/PlanDesk/resources/app-update.yml');
    },
  );

  it.each(['deb', 'rpm'] as const)(
    '%s: installs a desktop entry that names PlanDesk, its icon, its menu and its windows',
    (target) => {
      const p = each(target);
      // Electron gives the window the packaged package.json's desktopName as its Wayland app_id: the
      // entry has that name.
      const packedJson = extractFile(path.join(packaged.resourcesDir, 'app.asar'), 'package.json').toString();
      expect((JSON.parse(packedJson) as { desktopName?: string }).desktopName).toBe('plandesk.desktop');
      expect(pkg.desktopName).toBe('plandesk.desktop');
      expect(p.desktopEntryPath).toBe(`/usr/share/applications/${pkg.desktopName}`);
      const entry = desktopKeys(p.desktopEntry);
      expect(entry).toMatchObject({
        Name: 'PlanDesk',
        Type: 'Application',
        Icon: 'plandesk',
        Exec: '/opt/PlanDesk/plandesk %U',
        StartupWMClass: pkg.desktopName.replace(/\.desktop$/, ''),
        Categories: 'Office;Finance;',
      });
      // The icon the entry names, in every size the theme looks for.
      for (const size of [16, 32, 48, 64, 128, 256, 512]) {
        expect(p.files).toContain(`/usr/share/icons/hicolor/${size}x${size}/apps/${entry.Icon}.png`);
      }
    },
  );

  it('names the files as the README and the release check expect', () => {
    expect(each('deb').file).toBe(`PlanDesk-${pkg.version}-linux-amd64.deb`);
    expect(each('rpm').file).toBe(`PlanDesk-${pkg.version}-linux-x86_64.rpm`);
  });
});
