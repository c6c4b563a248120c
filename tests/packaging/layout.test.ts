/**
 * The packaged layout that electron-builder made (tests/packaging/pack.mts, run first by
 * `npm run package:check`): what app.asar holds and what it must not, the native modules outside
 * it, the demo data set beside it, the fuses, and the sizes.
 */
import { getCurrentFuseWire } from '@electron/fuses';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { builtinModules, createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WORKER_SCRIPTS } from '../../src-main/workers/tasks';
import { asarEntries, copyResourcesForNode, type AsarEntry } from './asar-contents';
import { PACKAGE_CHECK_DIR, readPackagedApp } from './packaged-app';

/** The limits this check holds the package to (measured sizes are written to sizes.json). */
export const MAX_ASAR_BYTES = 25 * 1024 * 1024;
export const MAX_UNPACKED_BYTES = 5 * 1024 * 1024;

const packaged = readPackagedApp();
const asarFile = path.join(packaged.resourcesDir, 'app.asar');
const unpackedDir = path.join(packaged.resourcesDir, 'app.asar.unpacked');
const repoPackage = JSON.parse(readFileSync('package.json', 'utf8')) as {
  version: string;
  main: string;
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
};

let entries: AsarEntry[];
let files: Set<string>;
let work: string;
let appDir: string;

beforeAll(() => {
  entries = asarEntries(asarFile);
  files = new Set(entries.map((e) => e.path));
  work = mkdtempSync(path.join(os.tmpdir(), 'plandesk-layout-'));
  copyResourcesForNode(packaged.resourcesDir, path.join(work, 'resources'));
  appDir = path.join(work, 'resources', 'app.asar');
});

afterAll(() => rmSync(work, { recursive: true, force: true }));

function folderSize(dir: string): number {
  let total = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    total += entry.isDirectory() ? folderSize(p) : statSync(p).size;
  }
  return total;
}

const BUILTINS = new Set(builtinModules);
const isBuiltin = (spec: string) => spec.startsWith('node:') || BUILTINS.has(spec.split('/')[0]!);

describe('the packaged app', () => {
  it('holds the built main, preload and renderer, and a package.json whose main resolves', () => {
    for (const built of ['out/main/index.js', 'out/preload/index.cjs', 'out/renderer/index.html']) {
      expect(files.has(built), built).toBe(true);
      // The very files `npm run build` made.
      expect(readFileSync(path.join(appDir, built)).equals(readFileSync(built)), built).toBe(true);
    }
    const html = readFileSync(path.join(appDir, 'out/renderer/index.html'), 'utf8');
    const assets = [...html.matchAll(/(?:src|href)="\.\/([^"]+)"/g)].map((m) => `out/renderer/${m[1]}`);
    expect(assets.length).toBeGreaterThan(0);
    for (const asset of assets) expect(files.has(asset), asset).toBe(true);

    const pkg = JSON.parse(readFileSync(path.join(appDir, 'package.json'), 'utf8')) as typeof repoPackage;
    expect(pkg.version).toBe(repoPackage.version);
    expect(files.has(pkg.main)).toBe(true);
    expect(pkg.main).toBe(repoPackage.main);
  });

  it('resolves every module main requires inside app.asar (or app.asar.unpacked)', () => {
    const mainFiles = entries.filter((e) => /^out\/main\/.*\.js$/.test(e.path)).map((e) => e.path);
    expect(mainFiles).toContain('out/main/index.js');
    const checked: string[] = [];
    for (const rel of mainFiles) {
      const file = path.join(appDir, rel);
      const text = readFileSync(file, 'utf8');
      const specs = [...text.matchAll(/\b(?:require|import)\(\s*["']([^"']+)["']\s*\)/g)].map((m) => m[1]!);
      for (const spec of new Set(specs)) {
        if (isBuiltin(spec) || spec === 'electron') continue;
        const resolved = createRequire(file).resolve(spec);
        // Not from the repository's node_modules or anywhere else above the archive.
        expect(path.relative(appDir, resolved).startsWith('..'), `${spec} from ${rel} → ${resolved}`).toBe(
          false,
        );
        checked.push(spec);
      }
    }
    // main's runtime dependencies (the rest are bundled into it).
    for (const dep of [
      'better-sqlite3',
      'exceljs',
      'pdfmake',
      'zod',
      'keytar',
      'electron-updater',
      'piscina',
    ]) {
      expect(checked).toContain(dep);
    }
    // The worker threads' scripts (src-main/workers/worker-scripts.json), and piscina's own, which starts them.
    for (const script of Object.keys(WORKER_SCRIPTS)) expect(mainFiles).toContain(`out/main/${script}.js`);
    expect(files.has('node_modules/piscina/dist/worker.js')).toBe(true);
  });

  it("keeps keytar's and better-sqlite3's native modules outside the archive", () => {
    const natives = entries.filter((e) => e.path.endsWith('.node'));
    expect(natives.map((e) => e.path).sort()).toEqual([
      'node_modules/better-sqlite3/build/Release/better_sqlite3.node',
      'node_modules/keytar/build/Release/keytar.node',
    ]);
    for (const native of natives) {
      expect(native.unpacked, native.path).toBe(true);
      expect(statSync(path.join(unpackedDir, native.path)).size).toBe(native.size);
    }
  });

  it('ships the demo data set as a resource beside app.asar', () => {
    const dataset = path.join(packaged.resourcesDir, 'demo', 'dataset.json');
    expect(readFileSync(dataset).equals(readFileSync('resources/demo/dataset.json'))).toBe(true);
    expect(files.has('resources/demo/dataset.json')).toBe(false);
  });

  it('packs no devDependencies, sources, tests, source maps or secrets', () => {
    const modules = new Set(
      entries
        .filter((e) => e.path.startsWith('node_modules/'))
        .map((e) =>
          e.path
            .split('/')
            .slice(0, e.path.split('/')[1]!.startsWith('@') ? 3 : 2)
            .join('/'),
        ),
    );
    for (const dev of Object.keys(repoPackage.devDependencies)) {
      expect(modules.has(`node_modules/${dev}`), dev).toBe(false);
    }
    for (const dep of Object.keys(repoPackage.dependencies)) {
      expect(modules.has(`node_modules/${dep}`), dep).toBe(true);
    }
    const top = new Set(entries.map((e) => e.path.split('/')[0]));
    expect([...top].sort()).toEqual(['node_modules', 'out', 'package.json']);
    const app = entries.filter((e) => e.path.startsWith('out/'));
    expect(app.filter((e) => /\.(map|ts|tsx)$/.test(e.path))).toEqual([]);
    expect(app.filter((e) => e.path.startsWith('out/cli/'))).toEqual([]);
    const tests = entries.filter((e) => /(^|\/)(tests?|__tests__|examples?)\//.test(e.path));
    expect(tests.map((e) => e.path)).toEqual([]);
    const secretLike =
      /(^|\/)(\.env(\..*)?|\.npmrc|id_rsa[^/]*|[^/]+\.(pem|p12|pfx|key|keychain|provisionprofile))$/;
    expect(entries.filter((e) => secretLike.test(e.path)).map((e) => e.path)).toEqual([]);
  });

  it('stays within its size', () => {
    const asarBytes = statSync(asarFile).size;
    const unpackedBytes = folderSize(unpackedDir);
    writeFileSync(
      path.join(PACKAGE_CHECK_DIR, 'sizes.json'),
      JSON.stringify({ asarBytes, unpackedBytes, files: entries.length }, null, 2) + '\n',
    );
    console.log(
      `app.asar: ${(asarBytes / 1e6).toFixed(1)} MB packed, ${(unpackedBytes / 1e6).toFixed(1)} MB unpacked beside it (${entries.length} files)`,
    );
    expect(asarBytes).toBeLessThan(MAX_ASAR_BYTES);
    expect(unpackedBytes).toBeLessThan(MAX_UNPACKED_BYTES);
  });

  it('names only files that exist for the other installers: icons of every platform, macOS entitlements', () => {
    // js-yaml comes with electron-updater; electron-builder validated this file's schema when it packed.
    const yaml = createRequire(import.meta.url)('js-yaml') as { load(text: string): unknown };
    const config = yaml.load(readFileSync('electron-builder.yml', 'utf8')) as {
      win: { icon: string };
      mac: { icon: string; entitlements: string; entitlementsInherit: string; hardenedRuntime: boolean };
      linux: { icon: string };
    };
    expect(config.mac.hardenedRuntime).toBe(true);
    const plist = readFileSync(config.mac.entitlements, 'utf8');
    expect(plist).toContain('com.apple.security.cs.allow-jit');
    expect(existsSync(config.mac.entitlementsInherit)).toBe(true);
    // Made by scripts/make-icons.mjs from its one source image.
    expect(readFileSync(config.win.icon).subarray(0, 4)).toEqual(Buffer.from([0, 0, 1, 0]));
    expect(readFileSync(config.mac.icon).subarray(0, 4).toString('latin1')).toBe('icns');
    for (const size of [16, 32, 48, 64, 128, 256, 512, 1024]) {
      const png = readFileSync(path.join(config.linux.icon, `${size}x${size}.png`));
      expect(png.readUInt32BE(16), `${size}px width`).toBe(size);
      expect(png.readUInt32BE(20), `${size}px height`).toBe(size);
    }
  });

  it('has its fuses set: no RunAsNode, no NODE_OPTIONS, encrypted cookies, asar integrity, app from asar only', async () => {
    expect(existsSync(packaged.executable)).toBe(true);
    const wire = (await getCurrentFuseWire(packaged.executable)) as unknown as Record<string, number>;
    const ENABLE = '1'.charCodeAt(0);
    const DISABLE = '0'.charCodeAt(0);
    // Wire positions (FuseV1Options): 0 RunAsNode, 1 cookie encryption, 2 NODE_OPTIONS,
    // 3 --inspect arguments, 4 embedded asar integrity validation, 5 only load app from asar.
    expect([wire[0], wire[1], wire[2], wire[3], wire[4], wire[5]]).toEqual([
      DISABLE,
      ENABLE,
      DISABLE,
      DISABLE,
      ENABLE,
      ENABLE,
    ]);
  });
});
