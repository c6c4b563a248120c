#!/usr/bin/env node
// Stands in for fpm, the tool electron-builder builds deb and rpm packages with, on machines where
// electron-builder cannot download it (tests/packaging/linux/build-packages.mts says when). It
// builds nothing: it records what electron-builder asked fpm to put into the package — the
// command line (name, version, dependencies, the files and where they go) and a copy of every
// small file it names that electron-builder made for this package only (the desktop entry, the
// install scripts) and of the package-type marker it wrote into the app just before — into
// $PLANDESK_FPM_RECORD/<target>/, so the packaging check reads the package's control data and
// desktop entry from exactly what fpm would have been given.
import { copyFileSync, existsSync, mkdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const args = process.argv.slice(2);
const target = args[args.indexOf('-t') + 1];
const root = process.env.PLANDESK_FPM_RECORD;
if (!root || !target) {
  console.error('fpm-recorder: PLANDESK_FPM_RECORD and -t <target> are required');
  process.exit(2);
}
const dir = path.join(root, target);
mkdirSync(path.join(dir, 'files'), { recursive: true });

const copies = {};
const keep = (src, name) => {
  if (!existsSync(src) || !statSync(src).isFile()) return;
  copyFileSync(src, path.join(dir, 'files', name));
  copies[src] = name;
};
for (const arg of args) {
  const eq = arg.indexOf('=/');
  if (eq < 0) continue;
  const [src, dest] = [arg.slice(0, eq), arg.slice(eq + 1)];
  if (dest.endsWith('.desktop')) keep(src, 'desktop-entry');
  else if (statSync(src, { throwIfNoEntry: false })?.isDirectory()) {
    // The app folder: the markers electron-builder writes into it for this target only.
    keep(path.join(src, 'resources', 'package-type'), 'package-type');
    keep(path.join(src, 'resources', 'app-update.yml'), 'app-update.yml');
  }
}
for (const flag of ['--after-install', '--after-remove']) {
  const i = args.indexOf(flag);
  if (i >= 0) keep(args[i + 1], flag.slice(2));
}
writeFileSync(path.join(dir, 'fpm-args.json'), JSON.stringify({ args, copies }, null, 2) + '\n');
// electron-builder hashes the package it expects; an empty file says plainly that none was built.
const pkg = args[args.indexOf('--package') + 1];
if (pkg) writeFileSync(pkg, '');
