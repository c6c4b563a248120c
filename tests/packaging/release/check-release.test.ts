/**
 * scripts/check-release.mjs, the release workflow's last check before it publishes the one draft:
 * run as the workflow runs it on a fixture of a complete draft and of an incomplete one (the files
 * split between two drafts, as electron-builder's parallel publishing did), then on copies of the
 * complete one with one thing wrong at a time, and on one OS's build output as electron-builder
 * leaves it (its unpacked folder and builder-*.yml beside the files).
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { appendFileSync, cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { checkRelease, expectedRelease, loadConfig } from '../../../scripts/check-release.mjs';

const FIXTURES = path.resolve('tests/packaging/release/fixtures');
const VERSION = '1.2.3';
const SCRIPT = path.resolve('scripts/check-release.mjs');
const work = mkdtempSync(path.join(os.tmpdir(), 'plandesk-release-'));
afterAll(() => rmSync(work, { recursive: true, force: true }));

const cli = (...args: string[]) => spawnSync(process.execPath, [SCRIPT, ...args], { encoding: 'utf8' });
let copies = 0;
/** A fresh copy of the complete fixture, changed by `change`. */
function completeWith(change: (dir: string) => void): string {
  const dir = path.join(work, `draft-${copies++}`);
  cpSync(path.join(FIXTURES, 'complete'), dir, { recursive: true });
  change(dir);
  return dir;
}
const problems = (dir: string) => checkRelease(dir, { version: VERSION }).problems;

describe('the release check', () => {
  it('passes the complete draft: every installer, blockmap and update feed of the three OSes', () => {
    const r = cli(path.join(FIXTURES, 'complete'), '--version', VERSION);
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    expect(r.stdout).toContain(`holds PlanDesk ${VERSION} complete`);
  });

  it('refuses the incomplete draft and says what is wrong with it', () => {
    const r = cli(path.join(FIXTURES, 'incomplete'), '--version', VERSION);
    expect(r.status).toBe(1);
    const lines = r.stderr.trim().split('\n');
    expect(lines).toEqual([
      `✗ PlanDesk-${VERSION}-win-arm64.exe.blockmap is missing: updates to this release download whole files`,
      `✗ PlanDesk-${VERSION}-mac-arm64.zip is missing`,
      `✗ latest.yml does not list PlanDesk-${VERSION}-win-arm64.exe`,
      `✗ latest-mac.yml's SHA-512 for PlanDesk-${VERSION}-mac-x64.zip is not the file's: the file comes from another build`,
      `✗ latest-mac.yml lists PlanDesk-${VERSION}-mac-arm64.zip, which is not in the release`,
      '✗ latest-linux.yml is missing: installed copies would never see this release',
      expect.stringContaining('6 problem(s)'),
    ]);
  });

  it('expects what electron-builder.yml makes: the README’s installers, zips for the macOS updater, blockmaps', () => {
    const expected = expectedRelease(loadConfig(), VERSION);
    expect(expected.files.map((f) => f.name).sort()).toEqual(
      [
        'win-x64.exe',
        'win-arm64.exe',
        'mac-x64.dmg',
        'mac-arm64.dmg',
        'mac-x64.zip',
        'mac-arm64.zip',
        'linux-x86_64.AppImage',
        'linux-amd64.deb',
        'linux-x86_64.rpm',
      ]
        .map((end) => `PlanDesk-${VERSION}-${end}`)
        .sort(),
    );
    expect(expected.feeds).toEqual(['latest.yml', 'latest-mac.yml', 'latest-linux.yml']);
    // The list one OS's job uploads: its files, their blockmaps, its feed.
    expect(cli('--list', '--os', 'mac', '--version', VERSION).stdout.trim().split('\n')).toEqual([
      `PlanDesk-${VERSION}-mac-x64.dmg`,
      `PlanDesk-${VERSION}-mac-arm64.dmg`,
      `PlanDesk-${VERSION}-mac-x64.zip`,
      `PlanDesk-${VERSION}-mac-x64.zip.blockmap`,
      `PlanDesk-${VERSION}-mac-arm64.zip`,
      `PlanDesk-${VERSION}-mac-arm64.zip.blockmap`,
      'latest-mac.yml',
    ]);
  });

  it('finds each expected file missing, one at a time', () => {
    const names = cli('--list', '--version', VERSION).stdout.trim().split('\n');
    expect(names).toHaveLength(16);
    for (const name of names) {
      const dir = completeWith((d) => rmSync(path.join(d, name)));
      const found = problems(dir);
      expect(found.length, name).toBeGreaterThan(0);
      expect(
        found.some((p) => p.startsWith(`${name} is missing`) || p.includes(`${name} is missing`)),
        name,
      ).toBe(true);
    }
  });

  it('finds a feed for another version, a file changed after its feed was written, a bad blockmap and a stray file', () => {
    const other = completeWith((d) => {
      const feed = path.join(d, 'latest-linux.yml');
      writeFileSync(feed, execFileSync('sed', ['s/^version: .*/version: 1.2.2/', feed]));
    });
    expect(problems(other)).toEqual([`latest-linux.yml is for version 1.2.2, not ${VERSION}`]);

    const changed = completeWith((d) =>
      appendFileSync(path.join(d, `PlanDesk-${VERSION}-linux-amd64.deb`), 'x'),
    );
    expect(problems(changed)).toEqual([
      `latest-linux.yml gives PlanDesk-${VERSION}-linux-amd64.deb 352 bytes; the file has 353`,
      `latest-linux.yml's SHA-512 for PlanDesk-${VERSION}-linux-amd64.deb is not the file's: the file comes from another build`,
    ]);

    const blockmap = `PlanDesk-${VERSION}-win-x64.exe.blockmap`;
    const badMap = completeWith((d) =>
      writeFileSync(
        path.join(d, blockmap),
        gzipSync(JSON.stringify({ version: '2', files: [{ sizes: [1] }] })),
      ),
    );
    expect(problems(badMap)).toEqual([
      expect.stringMatching(new RegExp(`^${blockmap}: its chunks add up to 1 bytes`)),
    ]);
    const notGzip = completeWith((d) => writeFileSync(path.join(d, blockmap), '{}'));
    expect(problems(notGzip)).toEqual([expect.stringContaining(`${blockmap}: not a gzipped JSON blockmap`)]);

    const stray = completeWith((d) => writeFileSync(path.join(d, 'builder-debug.yml'), 'x: 1\n'));
    expect(problems(stray)).toEqual(['builder-debug.yml does not belong in this release']);
  });

  it('checks one OS’s build output by its listed files, whatever else electron-builder left beside them', () => {
    // electron-builder's output folder: the Linux files and feed, and what it always leaves there.
    const dist = path.join(work, 'dist-linux');
    mkdirSync(path.join(dist, 'linux-unpacked', 'resources'), { recursive: true });
    writeFileSync(path.join(dist, 'linux-unpacked', 'plandesk'), 'ELF');
    writeFileSync(path.join(dist, 'builder-debug.yml'), 'x64: {}\n');
    writeFileSync(path.join(dist, 'builder-effective-config.yaml'), 'appId: x\n');
    const linux = cli('--list', '--os', 'linux', '--version', VERSION).stdout.trim().split('\n');
    for (const name of linux) cpSync(path.join(FIXTURES, 'complete', name), path.join(dist, name));
    const r = cli(dist, '--os', 'linux', '--version', VERSION);
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    // The same folder as a whole release (the draft): nothing extra may be there.
    const draft = checkRelease(dist, { version: VERSION, oses: ['linux'] }).problems;
    expect(draft).toEqual(
      expect.arrayContaining([
        'linux-unpacked does not belong in this release',
        'builder-debug.yml does not belong in this release',
        'builder-effective-config.yaml does not belong in this release',
      ]),
    );
    // A listed file missing from the build output is still found.
    rmSync(path.join(dist, `PlanDesk-${VERSION}-linux-amd64.deb`));
    const missing = cli(dist, '--os', 'linux', '--version', VERSION);
    expect(missing.status).toBe(1);
    expect(missing.stderr).toContain(`✗ PlanDesk-${VERSION}-linux-amd64.deb is missing`);
  });

  it('checks the AppImage’s embedded blockmap against the feed’s blockMapSize, and each feed’s top-level SHA-512', () => {
    const feed = 'latest-linux.yml';
    const appImage = `PlanDesk-${VERSION}-linux-x86_64.AppImage`;
    const editFeed = (from: RegExp, to: string) =>
      completeWith((d) => {
        const file = path.join(d, feed);
        writeFileSync(file, readFileSync(file, 'utf8').replace(from, to));
      });
    expect(problems(editFeed(/blockMapSize: \d+/, 'blockMapSize: 100'))).toEqual([
      `${feed}: ${appImage} blockMapSize 100 is not the file's embedded blockmap (101 bytes)`,
    ]);
    expect(problems(editFeed(/\n {4}blockMapSize: \d+/, ''))).toEqual([
      `${feed}: ${appImage} has no blockMapSize: updates to this release download the whole file`,
    ]);
    // The embedded map itself damaged (feed rewritten to match the file, so only the map is wrong).
    const damaged = completeWith((d) => {
      const file = path.join(d, appImage);
      const bytes = readFileSync(file);
      bytes[bytes.length - 10] = bytes[bytes.length - 10]! ^ 0xff;
      writeFileSync(file, bytes);
      const sum = createHash('sha512').update(bytes).digest('base64');
      const f = path.join(d, feed);
      const old = /^sha512: (.*)$/m.exec(readFileSync(f, 'utf8'))![1]!;
      writeFileSync(f, readFileSync(f, 'utf8').split(old).join(sum));
    });
    expect(problems(damaged)).toEqual([
      expect.stringMatching(new RegExp(`^${feed}: ${appImage} its embedded blockmap`)),
    ]);

    const deb = `PlanDesk-${VERSION}-linux-amd64.deb`;
    const otherSum = /url: [^\n]*deb\n {4}sha512: (\S+)/.exec(
      readFileSync(path.join(FIXTURES, 'complete', feed), 'utf8'),
    )![1]!;
    expect(problems(editFeed(/^sha512: .*$/m, `sha512: ${otherSum}`))).toEqual([
      `${feed}'s top-level SHA-512 is not that of its path ${appImage}`,
    ]);
    expect(problems(editFeed(/^path: .*$/m, `path: ${deb}`))).toEqual([
      `${feed}'s top-level SHA-512 is not that of its path ${deb}`,
    ]);
    expect(problems(editFeed(/^sha512: .*\n/m, ''))).toEqual([
      `${feed} has a top-level path without the other`,
    ]);
  });

  it('answers a wrong call with its usage, exit status 2', () => {
    expect(cli().status).toBe(2);
    expect(cli('x', '--os', 'beos').stderr).toContain('unknown OS beos');
  });
});
