/**
 * The packaging check's first step: electron-builder packs PlanDesk as its `dir` target (the
 * unpacked app every installer is made from), with the real electron-builder.yml. Native modules
 * are not rebuilt, so they stay built for Node and the boot test can load them.
 *
 * Electron itself: on Linux a stand-in distribution (stand-in-electron-dist.ts), as Electron cannot
 * be downloaded here; with PLANDESK_PACKAGE_ELECTRON=real, the Electron that `npm ci` downloaded
 * (CI does this on Windows and macOS, where the stand-in's shell script could not be the app's
 * executable). Run with `npm run package:check`, which then runs the tests that check the result.
 */
import { readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { Arch, build, Platform } from 'electron-builder';
import { PACKAGE_CHECK_DIR, writePackagedApp, type PackagedApp } from './packaged-app';
import { makeStandInElectronDist } from './stand-in-electron-dist';

const require = createRequire(import.meta.url);
const electronVersion = (require('electron/package.json') as { version: string }).version;
const real = process.env.PLANDESK_PACKAGE_ELECTRON === 'real';
/**
 * For the smoke test (tests/smoke): Playwright attaches to Electron's main process through Node's
 * inspector, which the shipped EnableNodeCliInspectArguments fuse switches off; that build turns
 * this one fuse on (the smoke test checks every other fuse as shipped, the layout test all of them).
 */
const forPlaywright = process.env.PLANDESK_PACK_FOR_PLAYWRIGHT === '1';
if (forPlaywright && !real)
  throw new Error('The smoke test needs the real Electron: set PLANDESK_PACKAGE_ELECTRON=real.');
const platform = process.platform;
if (!real && platform !== 'linux') {
  throw new Error('The stand-in Electron is for Linux; set PLANDESK_PACKAGE_ELECTRON=real on this OS.');
}

const output = path.join(PACKAGE_CHECK_DIR, 'dist');
rmSync(output, { recursive: true, force: true });
const electronDist = real
  ? path.dirname(require.resolve('electron/dist/version'))
  : makeStandInElectronDist(path.join(PACKAGE_CHECK_DIR, 'electron-dist'));

/** electron-builder.yml's fuses (js-yaml comes with electron-builder). */
function shippedFuses(): Record<string, boolean> {
  const yaml = require('js-yaml') as { load(text: string): { electronFuses: Record<string, boolean> } };
  return yaml.load(readFileSync('electron-builder.yml', 'utf8')).electronFuses;
}

const target = { linux: Platform.LINUX, win32: Platform.WINDOWS, darwin: Platform.MAC }[platform as string];
if (!target) throw new Error(`No packaging for ${platform}.`);
const arch = process.arch === 'arm64' ? Arch.arm64 : Arch.x64;

const started = Date.now();
await build({
  targets: target.createTarget('dir', arch),
  publish: 'never',
  config: {
    electronDist,
    electronVersion,
    npmRebuild: false,
    directories: { output },
    // The dir target signs nothing worth signing here (macOS: no identity on CI's check job).
    mac: { identity: null },
    ...(forPlaywright ? { electronFuses: { ...shippedFuses(), enableNodeCliInspectArguments: true } } : {}),
  },
});

const archSuffix = arch === Arch.arm64 ? '-arm64' : '';
const appOutDir = {
  linux: path.join(output, `linux${archSuffix}-unpacked`),
  win32: path.join(output, `win${archSuffix}-unpacked`),
  darwin: path.join(output, arch === Arch.arm64 ? 'mac-arm64' : 'mac'),
}[platform as 'linux' | 'win32' | 'darwin'];
const app: PackagedApp = {
  electron: real ? 'real' : 'stand-in',
  platform,
  appOutDir,
  resourcesDir:
    platform === 'darwin'
      ? path.join(appOutDir, 'PlanDesk.app', 'Contents', 'Resources')
      : path.join(appOutDir, 'resources'),
  executable:
    platform === 'darwin'
      ? path.join(appOutDir, 'PlanDesk.app')
      : path.join(appOutDir, platform === 'win32' ? 'PlanDesk.exe' : 'plandesk'),
  forPlaywright,
};
writePackagedApp(app);
console.log(
  `Packed PlanDesk (${app.electron} Electron ${electronVersion}) in ${Date.now() - started} ms: ${appOutDir}`,
);
