/** What the packaging check found inside the Linux packages (build-packages.mts writes it). */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { PACKAGE_CHECK_DIR } from '../packaged-app';

export const LINUX_PACKAGES_FILE = path.join(PACKAGE_CHECK_DIR, 'linux-packages.json');

export interface LinuxPackage {
  /** The package file's name, as electron-builder named it. */
  file: string;
  name: string;
  version: string;
  architecture: string;
  /** Depends (deb) or Requires (rpm), one entry per dependency, alternatives as written. */
  depends: string[];
  recommends: string[];
  /** Every file the package installs, as an absolute path. */
  files: string[];
  /** The installed desktop entry's path and text. */
  desktopEntryPath: string;
  desktopEntry: string;
  /** resources/package-type inside the package: what tells electron-updater how it was installed. */
  packageType: string | null;
}

export interface LinuxPackages {
  /** built: real packages, read back with dpkg-deb and rpm; recorded: fpm could not be had (`why`). */
  mode: 'built' | 'recorded';
  why: string | null;
  deb: LinuxPackage;
  rpm: LinuxPackage;
}

export function readLinuxPackages(): LinuxPackages {
  if (!existsSync(LINUX_PACKAGES_FILE)) {
    throw new Error(`${LINUX_PACKAGES_FILE} is missing: run \`npm run package:check\` on Linux.`);
  }
  return JSON.parse(readFileSync(LINUX_PACKAGES_FILE, 'utf8')) as LinuxPackages;
}
