/**
 * Whether this copy of PlanDesk may update itself. Plain Node: the Electron entry passes what it
 * knows (packaged or not, the resources folder) and the environment.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { UpdatesUnavailableReason } from '../../src-shared/updates/types';

export interface InstallFacts {
  /** Electron's app.isPackaged: false when running from the sources (`npm start`, `npm run dev`). */
  packaged: boolean;
  platform: NodeJS.Platform;
  /** process.resourcesPath of the packaged app. */
  resourcesDir: string;
  env: NodeJS.ProcessEnv;
}

/** Linux packages whose package manager updates the app (electron-builder writes the type). */
const PACKAGE_MANAGED = new Set(['deb', 'rpm', 'pacman']);

/**
 * Null when the app updates itself; otherwise why it does not. On Linux, electron-builder writes
 * `resources/package-type` into deb and rpm packages (electron-updater reads the same file to pick
 * its updater); an AppImage is told by the APPIMAGE variable its runtime sets; any other layout
 * (an unpacked folder) has nothing to replace itself with.
 */
export function updatesUnavailable(facts: InstallFacts): UpdatesUnavailableReason | null {
  if (!facts.packaged) return 'development';
  if (facts.platform === 'win32' || facts.platform === 'darwin') return null;
  if (PACKAGE_MANAGED.has(packageType(facts.resourcesDir))) return 'package-manager';
  return facts.env.APPIMAGE ? null : 'unsupported';
}

function packageType(resourcesDir: string): string {
  const file = path.join(resourcesDir, 'package-type');
  try {
    return existsSync(file) ? readFileSync(file, 'utf8').trim() : '';
  } catch {
    return '';
  }
}
