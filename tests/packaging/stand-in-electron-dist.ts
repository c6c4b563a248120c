/**
 * A stand-in for Electron's distribution, for packaging on machines that cannot download Electron.
 * electron-builder's `electronDist` accepts a folder; for the Linux `dir` target it needs an
 * executable named `electron` and a `resources/` folder, and nothing else (no default_app.asar: the
 * asar integrity step would then try to read it as an archive).
 *
 * The executable carries a fuse wire like Electron's own, set to Electron's defaults, so the
 * packaging's `electronFuses` are really flipped in it and the check can read them back with
 * @electron/fuses. It cannot run the app: the boot test runs the packaged main under Node instead.
 */
import { chmodSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/** @electron/fuses finds the wire after this marker (the same one Electron's binary carries). */
export const FUSE_SENTINEL = 'dL7pKGdnNz796PbbjQWNKmHXBZaB9tsX';
const FUSE_WIRE_VERSION = 1;
/**
 * Electron's defaults for the eight fuses @electron/fuses knows, in wire order: RunAsNode on, cookie
 * encryption off, NODE_OPTIONS on, --inspect on, asar integrity off, only-app-from-asar off,
 * browser-process V8 snapshot off, file:// extra privileges on.
 */
export const ELECTRON_DEFAULT_FUSES = '10110001';

export function makeStandInElectronDist(dir: string): string {
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(path.join(dir, 'resources'), { recursive: true });
  const wire = Buffer.concat([
    Buffer.from(FUSE_SENTINEL, 'latin1'),
    Buffer.from([FUSE_WIRE_VERSION, ELECTRON_DEFAULT_FUSES.length]),
    Buffer.from(ELECTRON_DEFAULT_FUSES, 'latin1'),
  ]);
  const executable = path.join(dir, 'electron');
  writeFileSync(
    executable,
    Buffer.concat([
      Buffer.from(
        "#!/bin/sh\n# PlanDesk's stand-in for the Electron executable (tests/packaging).\n# fuses: ",
      ),
      wire,
      Buffer.from('\necho "This is a stand-in for Electron, made for packaging checks only." >&2\nexit 1\n'),
    ]),
  );
  chmodSync(executable, 0o755);
  return dir;
}
