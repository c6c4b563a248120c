/**
 * The reader of real deb and rpm packages (read-package.ts), which the packaging check uses where
 * fpm can be had (the CI runners): here on a small deb made with dpkg-deb and a small rpm made with
 * rpmbuild, holding what electron-builder's packages hold — the app folder with its package-type
 * marker, a desktop entry, dependencies with alternatives.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { cpio, describeWithTools, dpkgDeb, rpm2cpio, rpmbuild } from '../../helpers/external-tools';
import { readBuiltPackage } from './read-package';

const work = mkdtempSync(path.join(os.tmpdir(), 'plandesk-read-package-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const DESKTOP = '[Desktop Entry]\nName=PlanDesk\nIcon=plandesk\nCategories=Office;Finance;\n';

/** The files of the package under `root`, as electron-builder lays them out. */
function stage(root: string, type: 'deb' | 'rpm'): void {
  const put = (p: string, text: string) => {
    mkdirSync(path.dirname(path.join(root, p)), { recursive: true });
    writeFileSync(path.join(root, p), text);
  };
  put('opt/PlanDesk/plandesk', '#!/bin/sh\n');
  put('opt/PlanDesk/resources/package-type', type);
  put('usr/share/applications/plandesk.desktop', DESKTOP);
  put('usr/share/icons/hicolor/16x16/apps/plandesk.png', 'png');
}

// Linux packages are read on Linux (the packaging check builds them there only).
describe.runIf(process.platform === 'linux')('the Linux package reader', () => {
  describeWithTools('reading a real deb and rpm', [dpkgDeb, rpmbuild, rpm2cpio, cpio], () => {
    it('deb: control fields, alternatives kept, the desktop entry and the app’s files', () => {
      const root = path.join(work, 'deb-root');
      stage(root, 'deb');
      mkdirSync(path.join(root, 'DEBIAN'));
      writeFileSync(
        path.join(root, 'DEBIAN', 'control'),
        [
          'Package: plandesk',
          'Version: 1.2.3',
          'Architecture: amd64',
          'Maintainer: PlanDesk <support@plandesk.example>',
          'Depends: libgtk-3-0, xdg-utils, libsecret-1-0, libasound2 | libasound2t64',
          'Recommends: libappindicator3-1',
          'Description: test package',
          '',
        ].join('\n'),
      );
      const file = path.join(work, 'PlanDesk-1.2.3-linux-amd64.deb');
      execFileSync(dpkgDeb.path!, ['--root-owner-group', '--build', root, file], { stdio: 'ignore' });
      const p = readBuiltPackage('deb', file, path.join(work, 'deb-out'));
      expect(p).toMatchObject({
        file: 'PlanDesk-1.2.3-linux-amd64.deb',
        name: 'plandesk',
        version: '1.2.3',
        architecture: 'amd64',
        depends: ['libgtk-3-0', 'xdg-utils', 'libsecret-1-0', 'libasound2 | libasound2t64'],
        recommends: ['libappindicator3-1'],
        desktopEntryPath: '/usr/share/applications/plandesk.desktop',
        desktopEntry: DESKTOP,
        packageType: 'deb',
      });
      expect(p.files).toEqual(
        expect.arrayContaining([
          '/opt/PlanDesk/plandesk',
          '/usr/share/icons/hicolor/16x16/apps/plandesk.png',
        ]),
      );
    });

    it('rpm: name, version, requirements with rich alternatives, the desktop entry and the app’s files', () => {
      const top = path.join(work, 'rpmbuild');
      const root = path.join(work, 'rpm-root');
      stage(root, 'rpm');
      mkdirSync(path.join(top, 'SPECS'), { recursive: true });
      const spec = path.join(top, 'SPECS', 'plandesk.spec');
      writeFileSync(
        spec,
        [
          'Name: plandesk',
          'Version: 1.2.3',
          'Release: 1',
          'Summary: test package',
          'License: UNLICENSED',
          'BuildArch: x86_64',
          'AutoReqProv: no',
          'Requires: gtk3',
          'Requires: libsecret-1.so.0()(64bit)',
          'Requires: (libXtst or libXtst6)',
          '%description',
          'test package',
          '%install',
          `cp -a ${root}/. %{buildroot}/`,
          '%files',
          '/opt/PlanDesk',
          '/usr/share/applications/plandesk.desktop',
          '/usr/share/icons/hicolor/16x16/apps/plandesk.png',
          '',
        ].join('\n'),
      );
      execFileSync(rpmbuild.path!, ['-bb', '--define', `_topdir ${top}`, spec], { stdio: 'ignore' });
      const built = path.join(top, 'RPMS', 'x86_64', 'plandesk-1.2.3-1.x86_64.rpm');
      const p = readBuiltPackage('rpm', built, path.join(work, 'rpm-out'));
      expect(p).toMatchObject({
        name: 'plandesk',
        version: '1.2.3',
        architecture: 'x86_64',
        depends: ['(libXtst or libXtst6)', 'gtk3', 'libsecret-1.so.0()(64bit)'],
        desktopEntryPath: '/usr/share/applications/plandesk.desktop',
        desktopEntry: DESKTOP,
        packageType: 'rpm',
      });
      expect(p.files).toContain('/opt/PlanDesk/plandesk');
    });
  });
});
