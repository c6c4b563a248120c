// Builds keytar (the OS keychain module, native code) for the runtime about to load it:
//   node scripts/prepare-native.mjs node       before tests and the CLI (plain Node)
//   node scripts/prepare-native.mjs electron   before starting the app (Electron's own ABI)
// A marker remembers which build is in place, so this is instant when nothing changed. The
// Electron build downloads Electron's headers once (https://electronjs.org/headers), as Electron's
// documentation for native modules describes.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
const runtime = process.argv[2];
if (runtime !== 'node' && runtime !== 'electron') {
  console.error('usage: node scripts/prepare-native.mjs node|electron');
  process.exit(2);
}
const keytarDir = 'node_modules/keytar';
if (!existsSync(keytarDir)) {
  console.error('keytar is not installed: run npm install first.');
  process.exit(1);
}
const marker = `${keytarDir}/build/plandesk-runtime.txt`;
const electronVersion = JSON.parse(readFileSync(require.resolve('electron/package.json'), 'utf8')).version;
const wanted = runtime === 'electron' ? `electron-${electronVersion}` : `node-${process.versions.modules}`;
const current = existsSync(marker) ? readFileSync(marker, 'utf8').trim() : '';

function loadsInNode() {
  return spawnSync(process.execPath, ['-e', "require('keytar')"], { stdio: 'ignore' }).status === 0;
}

if (current === wanted && (runtime === 'electron' || loadsInNode())) process.exit(0);
if (runtime === 'node' && current === '' && loadsInNode()) {
  writeFileSync(marker, wanted);
  process.exit(0);
}

console.log(`Building keytar for ${wanted} …`);
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
execFileSync(npm, ['rebuild', 'keytar', '--foreground-scripts'], { stdio: 'inherit', env, shell: process.platform === 'win32' });
if (runtime === 'node' && !loadsInNode()) {
  console.error('keytar still does not load in Node after rebuilding. Is libsecret-1-dev installed (Linux)?');
  process.exit(1);
}
writeFileSync(marker, wanted);
