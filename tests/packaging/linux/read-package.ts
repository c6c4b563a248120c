/**
 * Reads a Linux package's control data, desktop entry and files: from a real package with the
 * system's own tools (dpkg-deb; rpm, rpm2cpio and cpio), or from what fpm-recorder.mjs kept of
 * electron-builder's call to fpm.
 */
import { execFileSync, execSync } from 'node:child_process';
import { existsSync, lstatSync, mkdirSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import type { LinuxPackage } from './linux-packages';

const run = (file: string, args: string[]) =>
  execFileSync(file, args, { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });

/** Every file under `dir`, as paths under `prefix` (forward slashes). */
function filesUnder(dir: string, prefix: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, entry.name);
    const dest = `${prefix}/${entry.name}`;
    if (entry.isDirectory()) out.push(...filesUnder(p, dest));
    else out.push(dest);
  }
  return out;
}

function desktopEntryOf(files: string[], read: (p: string) => string) {
  const desktopEntryPath = files.find(
    (f) => f.startsWith('/usr/share/applications/') && f.endsWith('.desktop'),
  );
  if (!desktopEntryPath) throw new Error('the package installs no desktop entry');
  return { desktopEntryPath, desktopEntry: read(desktopEntryPath) };
}

const packageTypeOf = (files: string[], read: (p: string) => string) => {
  const marker = files.find((f) => f.endsWith('/resources/package-type'));
  return marker ? read(marker).trim() : null;
};

export function readBuiltPackage(target: 'deb' | 'rpm', file: string, extractTo: string): LinuxPackage {
  mkdirSync(extractTo, { recursive: true });
  const read = (p: string) => readFileSync(path.join(extractTo, p), 'utf8');
  let meta: Pick<LinuxPackage, 'name' | 'version' | 'architecture' | 'depends' | 'recommends'>;
  if (target === 'deb') {
    const field = (name: string) => run('dpkg-deb', ['-f', file, name]).trim();
    const list = (text: string) => (text ? text.split(',').map((d) => d.trim()) : []);
    meta = {
      name: field('Package'),
      version: field('Version'),
      architecture: field('Architecture'),
      depends: list(field('Depends')),
      recommends: list(field('Recommends')),
    };
    run('dpkg-deb', ['-x', file, extractTo]);
  } else {
    const [name, version, architecture] = run('rpm', [
      '-qp',
      '--queryformat',
      '%{NAME}\\n%{VERSION}\\n%{ARCH}',
      file,
    ]).split('\n');
    const depends = run('rpm', ['-qp', '--requires', file])
      .split('\n')
      .map((d) => d.trim())
      .filter((d) => d && !d.startsWith('rpmlib('));
    meta = { name: name!, version: version!, architecture: architecture!, depends, recommends: [] };
    execSync(`rpm2cpio ${JSON.stringify(file)} | cpio -idm --quiet`, { cwd: extractTo });
  }
  // Regular files only (a link inside the package may point outside the extracted tree).
  const files = filesUnder(extractTo, '').filter((f) => lstatSync(path.join(extractTo, f)).isFile());
  return {
    file: path.basename(file),
    ...meta,
    files,
    ...desktopEntryOf(files, read),
    packageType: packageTypeOf(files, read),
  };
}

interface Recorded {
  args: string[];
  copies: Record<string, string>;
}

/** The package as electron-builder described it to fpm (fpm-recorder.mjs kept the call). */
export function readRecordedPackage(target: 'deb' | 'rpm', recordDir: string, file: string): LinuxPackage {
  const { args, copies } = JSON.parse(
    readFileSync(path.join(recordDir, 'fpm-args.json'), 'utf8'),
  ) as Recorded;
  const values = (flag: string) =>
    args.flatMap((a, i) => (a === flag && i + 1 < args.length ? [args[i + 1]!] : []));
  const one = (flag: string) => values(flag)[0] ?? '';
  const kept = new Map(
    Object.entries(copies).map(([src, name]) => [src, path.join(recordDir, 'files', name)]),
  );
  // Every `source=destination` argument is a file or a folder fpm puts at that destination.
  const mapped = new Map<string, string>();
  const files: string[] = [];
  for (const arg of args) {
    const eq = arg.indexOf('=/');
    if (eq < 0 || arg.startsWith('-')) continue;
    const [src, dest] = [arg.slice(0, eq), arg.slice(eq + 1).replace(/\/$/, '')];
    if (existsSync(src) && statSync(src).isDirectory()) files.push(...filesUnder(src, dest));
    else files.push(dest);
    mapped.set(dest, src);
  }
  const read = (p: string) => {
    const src = mapped.get(p);
    const copy = src !== undefined ? kept.get(src) : undefined;
    if (copy) return readFileSync(copy, 'utf8');
    throw new Error(`fpm-recorder kept no copy of ${p}`);
  };
  const packageType = existsSync(path.join(recordDir, 'files', 'package-type'))
    ? readFileSync(path.join(recordDir, 'files', 'package-type'), 'utf8').trim()
    : null;
  return {
    file,
    name: one('--name'),
    version: one('--version'),
    architecture: one('--architecture'),
    depends: [...values('-d'), ...values('--depends')],
    recommends: target === 'deb' ? values('--deb-recommends') : [],
    files,
    ...desktopEntryOf(files, read),
    packageType,
  };
}
