import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { updatesUnavailable } from '../../src-main/updates/availability';

const dirs: string[] = [];
function resources(packageType?: string): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'plandesk-resources-'));
  dirs.push(dir);
  if (packageType !== undefined) writeFileSync(path.join(dir, 'package-type'), `${packageType}\n`);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('whether this copy updates itself', () => {
  it('not when running from the sources', () => {
    for (const platform of ['linux', 'win32', 'darwin'] as const) {
      expect(updatesUnavailable({ packaged: false, platform, resourcesDir: resources(), env: {} })).toBe(
        'development',
      );
    }
  });

  it('on Windows (NSIS) and macOS (dmg/zip)', () => {
    for (const platform of ['win32', 'darwin'] as const) {
      expect(updatesUnavailable({ packaged: true, platform, resourcesDir: resources(), env: {} })).toBeNull();
    }
  });

  it('on Linux only as an AppImage: deb and rpm are updated by the package manager', () => {
    const linux = (resourcesDir: string, env: NodeJS.ProcessEnv = {}) =>
      updatesUnavailable({ packaged: true, platform: 'linux', resourcesDir, env });
    expect(linux(resources('deb'))).toBe('package-manager');
    expect(linux(resources('rpm'))).toBe('package-manager');
    expect(linux(resources('pacman'))).toBe('package-manager');
    expect(linux(resources(), { APPIMAGE: '/home/a/PlanDesk-1.0.0-linux-x86_64.AppImage' })).toBeNull();
    // An unpacked folder (the `dir` target, a tarball) has nothing to replace itself with.
    expect(linux(resources())).toBe('unsupported');
    expect(linux(path.join(os.tmpdir(), 'no-such-folder-plandesk'))).toBe('unsupported');
  });
});
