import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { SIGNED_BUILD_KEY, updatePolicy, type InstallFacts } from '../../src-main/updates/availability';

const dirs: string[] = [];
function folder(files: Record<string, string> = {}): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'plandesk-install-'));
  dirs.push(dir);
  for (const [name, text] of Object.entries(files)) writeFileSync(path.join(dir, name), text);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const app = (pkg: Record<string, unknown> = {}) =>
  folder({ 'package.json': JSON.stringify({ name: 'plandesk', version: '1.0.0', ...pkg }) });
const signedApp = () => app({ [SIGNED_BUILD_KEY]: true });
const facts = (over: Partial<InstallFacts>): InstallFacts => ({
  packaged: true,
  platform: 'linux',
  resourcesDir: folder(),
  appDir: app(),
  env: {},
  ...over,
});

describe('whether and how this copy updates itself', () => {
  it('not when running from the sources', () => {
    for (const platform of ['linux', 'win32', 'darwin'] as const) {
      expect(updatePolicy(facts({ packaged: false, platform, appDir: signedApp() })).unavailable).toBe(
        'development',
      );
    }
  });

  it('on Windows only when signed, with the publisher the updater checks in app-update.yml', () => {
    const feed = 'provider: github\nowner: plandesk\nrepo: plandesk\n';
    const withPublisher = folder({ 'app-update.yml': `${feed}publisherName:\n  - PlanDesk GmbH\n` });
    expect(
      updatePolicy(facts({ platform: 'win32', appDir: signedApp(), resourcesDir: withPublisher })),
    ).toEqual({
      unavailable: null,
      install: 'restart',
    });
    // Marked as signed, but nothing for the updater to check the publisher against.
    const noPublisher = folder({ 'app-update.yml': feed });
    expect(
      updatePolicy(facts({ platform: 'win32', appDir: signedApp(), resourcesDir: noPublisher })).unavailable,
    ).toBe('unsigned');
    expect(updatePolicy(facts({ platform: 'win32', resourcesDir: withPublisher })).unavailable).toBe(
      'unsigned',
    );
  });

  it('on macOS only when signed (Squirrel.Mac checks an update against the app’s own signature)', () => {
    expect(updatePolicy(facts({ platform: 'darwin', appDir: signedApp() }))).toEqual({
      unavailable: null,
      install: 'restart',
    });
    expect(
      updatePolicy(facts({ platform: 'darwin', appDir: app({ [SIGNED_BUILD_KEY]: 'true' }) })).unavailable,
    ).toBeNull();
    expect(updatePolicy(facts({ platform: 'darwin' })).unavailable).toBe('unsigned');
    expect(
      updatePolicy(facts({ platform: 'darwin', appDir: folder({ 'package.json': '{broken' }) })).unavailable,
    ).toBe('unsigned');
  });

  it('on Linux as a deb, rpm or AppImage, installed only when the user confirms (deb and rpm with a password)', () => {
    for (const type of ['deb', 'rpm', 'pacman']) {
      expect(updatePolicy(facts({ resourcesDir: folder({ 'package-type': `${type}\n` }) }))).toEqual({
        unavailable: null,
        install: 'confirm-privileged',
      });
    }
    expect(
      updatePolicy(facts({ env: { APPIMAGE: '/home/a/PlanDesk-1.0.0-linux-x86_64.AppImage' } })),
    ).toEqual({
      unavailable: null,
      install: 'confirm',
    });
    // An unpacked folder (the `dir` target, a tarball) has nothing to replace itself with.
    expect(updatePolicy(facts({})).unavailable).toBe('unsupported');
    expect(
      updatePolicy(facts({ resourcesDir: path.join(os.tmpdir(), 'no-such-folder-plandesk') })).unavailable,
    ).toBe('unsupported');
  });
});
