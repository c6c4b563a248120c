// Builds PlanDesk's native modules (keytar: the OS keychain; better-sqlite3: the offline cache) for
// the runtime about to load them:
//   node scripts/prepare-native.mjs node       before tests and the CLI (plain Node)
//   node scripts/prepare-native.mjs electron   before starting the app (Electron's own ABI)
// A marker per module remembers which build is in place, so this is instant when nothing changed.
// The Electron build downloads Electron's headers once (https://electronjs.org/headers), as
// Electron's documentation on native modules describes.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

const MODULES = ['keytar', 'better-sqlite3'];
const require = createRequire(import.meta.url);
const runtime = process.argv[2];
if (runtime !== 'node' && runtime !== 'electron') {
  console.error('usage: node scripts/prepare-native.mjs node|electron');
  process.exit(2);
}
const electronVersion = JSON.parse(readFileSync(require.resolve('electron/package.json'), 'utf8')).version;
const wanted = runtime === 'electron' ? `electron-${electronVersion}` : `node-${process.versions.modules}`;

function loadsInNode(mod) {
  const probe =
    mod === 'better-sqlite3' ? `new (require('${mod}'))(':memory:').close()` : `require('${mod}')`;
  return spawnSync(process.execPath, ['-e', probe], { stdio: 'ignore' }).status === 0;
}

function rebuild(mod) {
  console.log(`Building ${mod} for ${wanted} …`);
  const env = { ...process.env };
  if (runtime === 'electron') {
    Object.assign(env, {
      npm_config_runtime: 'electron',
      npm_config_target: electronVersion,
      npm_config_disturl: 'https://electronjs.org/headers',
      npm_config_build_from_source: 'true',
    });
    delete env.npm_config_nodedir;
  } else {
    for (const k of ['npm_config_runtime', 'npm_config_target', 'npm_config_disturl']) delete env[k];
  }
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  execFileSync(npm, ['rebuild', mod, '--foreground-scripts'], {
    stdio: 'inherit',
    env,
    shell: process.platform === 'win32',
  });
}

for (const mod of MODULES) {
  const dir = path.join('node_modules', mod);
  if (!existsSync(dir)) {
    console.error(`${mod} is not installed: run npm install first.`);
    process.exit(1);
  }
  mkdirSync(path.join(dir, 'build'), { recursive: true });
  const marker = path.join(dir, 'build', 'plandesk-runtime.txt');
  const current = existsSync(marker) ? readFileSync(marker, 'utf8').trim() : '';
  if (runtime === 'node') {
    if (loadsInNode(mod)) {
      if (current !== wanted) writeFileSync(marker, wanted);
      continue;
    }
    rebuild(mod);
    if (!loadsInNode(mod)) {
      console.error(
        `${mod} still does not load in Node after rebuilding (on Linux: is libsecret-1-dev installed?).`,
      );
      process.exit(1);
    }
  } else {
    if (current === wanted) continue;
    rebuild(mod);
  }
  writeFileSync(marker, wanted);
}
