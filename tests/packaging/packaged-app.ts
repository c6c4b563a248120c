/** Where the packaging check puts the packaged app, and what it tells the tests about it. */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export const PACKAGE_CHECK_DIR = path.resolve('.tmp/package-check');
const INFO_FILE = path.join(PACKAGE_CHECK_DIR, 'packaged.json');

export interface PackagedApp {
  /** 'stand-in': Electron's executable replaced (tests/packaging/stand-in-electron-dist.ts); 'real': Electron's own. */
  electron: 'stand-in' | 'real';
  platform: NodeJS.Platform;
  /** The folder electron-builder's `dir` target made. */
  appOutDir: string;
  /** Where app.asar, app.asar.unpacked and the extra resources are (process.resourcesPath). */
  resourcesDir: string;
  /** What @electron/fuses reads the fuse wire from. */
  executable: string;
  /** Packed for the smoke test: the Node-inspector fuse on so Playwright can attach (pack.mts). */
  forPlaywright?: boolean;
}

export function writePackagedApp(app: PackagedApp): void {
  mkdirSync(PACKAGE_CHECK_DIR, { recursive: true });
  writeFileSync(INFO_FILE, JSON.stringify(app, null, 2) + '\n');
}

export function readPackagedApp(): PackagedApp {
  if (!existsSync(INFO_FILE)) {
    throw new Error(`${INFO_FILE} is missing: run \`npm run package:check\` (it packs the app first).`);
  }
  return JSON.parse(readFileSync(INFO_FILE, 'utf8')) as PackagedApp;
}
