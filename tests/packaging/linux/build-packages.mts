/**
 * The packaging check's Linux packages: electron-builder's deb and rpm targets, made from a copy of
 * the packed `dir` app (each target writes its own markers into the app folder, and the boot test
 * needs the folder as the `dir` target left it). What each package holds is then read back and
 * written to linux-packages.json for linux-packages.test.ts.
 *
 * electron-builder builds deb and rpm with fpm, which it downloads (from GitHub) on first use;
 * rpm also needs rpmbuild. Where both are to be had (the hosted CI runners), the packages are
 * really built and read with dpkg-deb and rpm. Where fpm cannot be downloaded (the development
 * machines have no network but the npm registry), fpm-recorder.mjs takes its place and the control
 * data and desktop entry are read from what electron-builder handed to fpm; the check says which.
 */
import { execFileSync } from 'node:child_process';
import { lookup } from 'node:dns/promises';
import { cpSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { Arch, build, Platform } from 'electron-builder';
import { PACKAGE_CHECK_DIR, readPackagedApp } from '../packaged-app';
import { LINUX_PACKAGES_FILE, type LinuxPackage, type LinuxPackages } from './linux-packages';
import { readBuiltPackage, readRecordedPackage } from './read-package';

const require = createRequire(import.meta.url);
const TARGETS = ['deb', 'rpm'] as const;
const packaged = readPackagedApp();
const work = path.join(PACKAGE_CHECK_DIR, 'linux-packages');
const record = path.join(work, 'fpm-record');
rmSync(work, { recursive: true, force: true });
mkdirSync(record, { recursive: true });

const onPath = (tool: string) => {
  try {
    execFileSync('sh', ['-c', `command -v ${tool}`], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
};

/**
 * Why fpm cannot be had here (null: it can), found by asking electron-builder for it — after a
 * look-up of its download host, as electron-builder's downloader retries for most of a minute.
 */
async function fpmMissing(): Promise<string | null> {
  try {
    await lookup('github.com');
  } catch (err) {
    return `electron-builder downloads fpm from GitHub, which cannot be reached from here (${(err as NodeJS.ErrnoException).code ?? String(err)})`;
  }
  const { getFpmPath } = require('app-builder-lib/out/toolsets/linux') as {
    getFpmPath(): Promise<string>;
  };
  try {
    await getFpmPath();
    return onPath('rpmbuild') ? null : 'rpmbuild is not installed (sudo apt-get install rpm)';
  } catch (err) {
    return `electron-builder could not download fpm (${(err as Error).message.split('\n')[0]})`;
  }
}

const missing = await fpmMissing();
const mode: LinuxPackages['mode'] = missing ? 'recorded' : 'built';
if (missing) {
  process.env.CUSTOM_FPM_PATH = path.resolve('tests/packaging/linux/fpm-recorder.mjs');
  process.env.PLANDESK_FPM_RECORD = record;
}

const prepackaged = path.join(work, 'linux-unpacked');
cpSync(packaged.appOutDir, prepackaged, { recursive: true, verbatimSymlinks: true });
const output = path.join(work, 'dist');
const started = Date.now();
await build({
  targets: Platform.LINUX.createTarget([...TARGETS], Arch.x64),
  prepackaged,
  publish: 'never',
  config: {
    directories: { output },
    // Checkouts without a GitHub remote (these machines) still need the package's homepage and a
    // feed for app-update.yml: the release build takes both from the repository it runs in.
    ...(hasGitHubRemote()
      ? {}
      : {
          extraMetadata: { homepage: 'https://plandesk.example' },
          publish: { provider: 'github', owner: 'plandesk', repo: 'plandesk' },
        }),
  },
});

const packages = {} as Record<(typeof TARGETS)[number], LinuxPackage>;
for (const target of TARGETS) {
  const file = readdirSync(output).find((f) => f.endsWith(`.${target}`));
  if (!file) throw new Error(`electron-builder made no .${target} in ${output}`);
  packages[target] =
    mode === 'built'
      ? readBuiltPackage(target, path.join(output, file), path.join(work, `${target}-contents`))
      : readRecordedPackage(target, path.join(record, target), file);
}
const result: LinuxPackages = { mode, why: missing, ...packages };
writeFileSync(LINUX_PACKAGES_FILE, JSON.stringify(result, null, 2) + '\n');
console.log(
  `Linux packages (deb, rpm) ${mode === 'built' ? 'built' : `not built: ${missing}; read from electron-builder's call to fpm instead`} in ${Date.now() - started} ms`,
);

function hasGitHubRemote(): boolean {
  try {
    return /github\.com/.test(execFileSync('git', ['remote', '-v'], { encoding: 'utf8' }));
  } catch {
    return false;
  }
}
