/**
 * Whether and how this copy of PlanDesk updates itself. Plain Node: the Electron entry passes what
 * it knows (packaged or not, the app's and the resources' folders) and the environment.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { UpdateInstall, UpdatesUnavailableReason } from '../../src-shared/updates/types';

export interface InstallFacts {
  /** Electron's app.isPackaged: false when running from the sources (`npm start`, `npm run dev`). */
  packaged: boolean;
  platform: NodeJS.Platform;
  /** process.resourcesPath of the packaged app. */
  resourcesDir: string;
  /** app.getAppPath(): the packaged app (app.asar), whose package.json the release build marks. */
  appDir: string;
  env: NodeJS.ProcessEnv;
}

export interface UpdatePolicy {
  /** Null when this copy may update itself; otherwise why not. */
  unavailable: UpdatesUnavailableReason | null;
  install: UpdateInstall;
}

/**
 * The key release.yml sets in the packaged package.json (electron-builder's extraMetadata) when it
 * signed the build; a build without it (any local `npm run package`) counts as unsigned.
 */
export const SIGNED_BUILD_KEY = 'plandeskSigned';

/** Linux packages whose package manager electron-updater drives (electron-builder writes the type). */
const PACKAGE_MANAGED = new Set(['deb', 'rpm', 'pacman']);

/**
 * Windows and macOS: updates install themselves on restart, and only in a signed build — there the
 * updater checks that an update comes from the same publisher (Windows: the Authenticode signature
 * against app-update.yml's `publisherName`; macOS: Squirrel.Mac against the app's own signature).
 * Linux: no package format is code-signed, so nothing checks an update's publisher; updates there
 * are never automatic and install only when the user confirms (deb and rpm through the package
 * manager, with an administrator's password). electron-builder writes `resources/package-type`
 * into deb and rpm packages (electron-updater reads the same file to pick its updater); an
 * AppImage is told by the APPIMAGE variable its runtime sets; any other layout (an unpacked
 * folder) has nothing to replace itself with.
 */
export function updatePolicy(facts: InstallFacts): UpdatePolicy {
  if (!facts.packaged) return { unavailable: 'development', install: 'restart' };
  if (facts.platform === 'win32' || facts.platform === 'darwin') {
    return { unavailable: signedBuild(facts) ? null : 'unsigned', install: 'restart' };
  }
  if (PACKAGE_MANAGED.has(readText(path.join(facts.resourcesDir, 'package-type')))) {
    return { unavailable: null, install: 'confirm-privileged' };
  }
  return { unavailable: facts.env.APPIMAGE ? null : 'unsupported', install: 'confirm' };
}

/**
 * Marked as signed by the release build; on Windows also given the publisher the updater checks
 * (electron-builder writes `publisherName` into app-update.yml only when it signs).
 */
function signedBuild(facts: InstallFacts): boolean {
  let marked = false;
  try {
    const pkg = JSON.parse(readText(path.join(facts.appDir, 'package.json')) || '{}') as Record<
      string,
      unknown
    >;
    marked = pkg[SIGNED_BUILD_KEY] === true || pkg[SIGNED_BUILD_KEY] === 'true';
  } catch {
    return false;
  }
  if (!marked || facts.platform !== 'win32') return marked;
  return /^publisherName:/m.test(readText(path.join(facts.resourcesDir, 'app-update.yml')));
}

function readText(file: string): string {
  try {
    return readFileSync(file, 'utf8').trim();
  } catch {
    return '';
  }
}
