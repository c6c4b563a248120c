/**
 * What electron-builder.yml promises for the installers that cannot be built here (electron-builder
 * validated the file's schema when the packaging check packed): the Windows installer is per user
 * and asks nothing it could not do, an update is checked against the publisher when signed, and
 * every build publishes to a draft that only the release workflow's last job publishes.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';

const yaml = createRequire(import.meta.url)('js-yaml') as { load(text: string): unknown };
const config = yaml.load(readFileSync('electron-builder.yml', 'utf8')) as {
  win: { verifyUpdateCodeSignature?: boolean; signtoolOptions?: { publisherName?: unknown } };
  nsis: Record<string, unknown>;
  publish: { provider: string; releaseType: string };
};

describe('the installers’ configuration', () => {
  it('Windows: a per-user installer with no "all users" page and no folder choice', () => {
    // oneClick: no install-mode page (electron-builder shows it for an assisted installer that is
    // not per-machine), no directory page; perMachine false: %LOCALAPPDATA%\Programs, no elevation.
    expect(config.nsis).toMatchObject({ oneClick: true, perMachine: false, allowElevation: false });
    expect(config.nsis.allowToChangeInstallationDirectory).toBeUndefined();
    expect(config.nsis.buildUniversalInstaller).toBe(false);
  });

  it('Windows: updates are checked against the signing publisher (never switched off, never a fixed name here)', () => {
    expect(config.win.verifyUpdateCodeSignature).not.toBe(false);
    // The publisher comes from the certificate or release.yml's WIN_PUBLISHER_NAME, not from this file.
    expect(config.win.signtoolOptions?.publisherName).toBeUndefined();
  });

  it('publishes to a draft: release.yml uploads each OS’s files and publishes once they are all there', () => {
    expect(config.publish).toMatchObject({ provider: 'github', releaseType: 'draft' });
    const workflow = readFileSync('.github/workflows/release.yml', 'utf8');
    expect(workflow.match(/electron-builder "\$\{args\[@\]\}"/g)).toHaveLength(1);
    expect(workflow).toContain('args=(--publish never)');
    expect(workflow.match(/gh release create/g)).toHaveLength(1);
    expect(workflow.match(/--draft=false/g)).toHaveLength(1);
    expect(workflow).toContain('node scripts/check-release.mjs release-draft');
  });

  it('no checkout leaves its token behind for install scripts; write access only where a job needs it', () => {
    interface Workflow {
      permissions?: Record<string, string>;
      jobs: Record<
        string,
        { permissions?: Record<string, string>; steps: { uses?: string; with?: Record<string, unknown> }[] }
      >;
    }
    const writers: string[] = [];
    for (const file of ['ci.yml', 'release.yml']) {
      const workflow = yaml.load(readFileSync(`.github/workflows/${file}`, 'utf8')) as Workflow;
      // Nothing but reading by default.
      expect(
        Object.values(workflow.permissions ?? {}).filter((p) => p !== 'read'),
        file,
      ).toEqual([]);
      for (const [name, job] of Object.entries(workflow.jobs)) {
        for (const step of job.steps.filter((s) => s.uses?.startsWith('actions/checkout@'))) {
          expect(step.with?.['persist-credentials'], `${file} ${name}`).toBe(false);
        }
        if (Object.values(job.permissions ?? {}).includes('write')) writers.push(`${file}:${name}`);
      }
    }
    // The three release jobs write to the one draft (create, upload, publish); CI writes nothing.
    expect(writers).toEqual(['release.yml:draft', 'release.yml:build', 'release.yml:publish']);
  });
});
