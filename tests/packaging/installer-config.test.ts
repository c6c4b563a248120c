/**
 * What electron-builder.yml promises for the installers that cannot be built here (electron-builder
 * validated the file's schema when the packaging check packed): the Windows installer is per user
 * and asks nothing it could not do, an update is checked against the publisher when signed, and
 * every build publishes to a draft that only the release workflow's last job publishes, the jobs
 * that can write to it run no package's install scripts, and each OS is given only its own signing
 * secrets.
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
    // The release jobs that touch the one draft (create, upload, fetch it for the check, publish)
    // write; CI writes nothing.
    expect(writers).toEqual([
      'release.yml:draft',
      'release.yml:upload',
      'release.yml:collect',
      'release.yml:publish',
    ]);
  });

  it('release.yml: what runs npm packages only reads; what writes runs no package’s code', () => {
    const { jobs } = yaml.load(readFileSync('.github/workflows/release.yml', 'utf8')) as ReleaseWorkflow;
    // npm ci with install scripts, electron-builder's rebuild: a job that can only read.
    expect(jobs.build!.permissions).toEqual({ contents: 'read' });
    const runs = (job: string) => jobs[job]!.steps.map((s) => s.run ?? '').join('\n');
    expect(runs('build')).toMatch(/npm ci --no-audit/);
    expect(runs('build')).not.toContain('gh release');
    // The build checks its files before it sets them aside as the artifact `upload` takes.
    const buildSteps = jobs.build!.steps.map((s) => s.run ?? s.uses ?? '');
    const checked = buildSteps.findIndex((r) => r.includes('check-release.mjs dist --os'));
    const setAside = buildSteps.findIndex((r) => r.startsWith('actions/upload-artifact@'));
    expect(checked).toBeGreaterThan(-1);
    expect(setAside).toBeGreaterThan(checked);
    // `upload`: no checkout, no npm, only GitHub's own tools.
    expect(jobs.upload!.needs).toEqual(['draft', 'build']);
    expect(jobs.upload!.steps.map((s) => s.uses).filter(Boolean)).toEqual(['actions/download-artifact@v4']);
    expect(runs('upload')).not.toMatch(/\bnpm\b|\bnpx\b|\bnode\b/);
    expect(runs('upload')).toContain('gh release upload');
    // `collect` and `publish`, which hold a token that can write, run only GitHub's own tools and
    // coreutils; the check of the whole draft, which loads npm packages, can only read.
    for (const job of ['collect', 'publish']) {
      expect(runs(job), job).not.toMatch(/\bnpm\b|\bnpx\b|\bnode\b/);
      expect(
        jobs[job]!.steps.map((s) => s.uses ?? '').filter(
          (u) =>
            u && !u.startsWith('actions/download-artifact@') && !u.startsWith('actions/upload-artifact@'),
        ),
        job,
      ).toEqual([]);
    }
    expect(runs('draft')).not.toMatch(/\bnpm\b|\bnpx\b/);
    expect(jobs.check!.permissions).toEqual({ contents: 'read' });
    expect(runs('check')).toContain('node scripts/check-release.mjs release-draft');
    expect(runs('check')).toMatch(/npm ci .*--ignore-scripts/);
    expect(jobs.collect!.needs).toEqual(['draft', 'upload']);
    expect(jobs.check!.needs).toEqual(['draft', 'collect']);
    expect(jobs.publish!.needs).toEqual(['draft', 'check']);
    // What is published is what was checked: the draft's files against the checked SHA-256 list.
    expect(runs('publish')).toContain('cmp -s checked/SHA256SUMS now.sha256');
  });

  it('release.yml: each OS’s build is given only its own signing secrets, Windows never the Apple certificate', () => {
    const { jobs } = yaml.load(readFileSync('.github/workflows/release.yml', 'utf8')) as ReleaseWorkflow;
    const step = jobs.build!.steps.find((s) => s.run?.includes('npx electron-builder'))!;
    const mac = ['CSC_LINK', 'CSC_KEY_PASSWORD', 'APPLE_ID', 'APPLE_APP_SPECIFIC_PASSWORD', 'APPLE_TEAM_ID'];
    const win = [
      ...[
        'WIN_CSC_LINK',
        'WIN_CSC_KEY_PASSWORD',
        'AZURE_TENANT_ID',
        'AZURE_CLIENT_ID',
        'AZURE_CLIENT_SECRET',
      ],
      ...[
        'AZURE_SIGNING_ENDPOINT',
        'AZURE_SIGNING_ACCOUNT',
        'AZURE_CERTIFICATE_PROFILE',
        'WIN_PUBLISHER_NAME',
      ],
    ];
    expect(Object.keys(step.env!).sort()).toEqual([...mac, ...win].sort());
    for (const [names, os] of [
      [mac, 'mac'],
      [win, 'win'],
    ] as const) {
      for (const name of names) {
        expect(step.env![name], name).toMatch(
          new RegExp(`^\\$\\{\\{ matrix\\.target == '${os}' && (secrets|vars)\\.${name} \\|\\| '' \\}\\}$`),
        );
      }
    }
    // electron-builder falls back from WIN_CSC_LINK to CSC_LINK: emptied on Windows before it runs.
    const windows = step.run!.slice(step.run!.indexOf('Windows)'), step.run!.indexOf('macOS)'));
    expect(windows).toContain("export CSC_LINK='' CSC_KEY_PASSWORD=''");
  });
});

interface ReleaseWorkflow {
  jobs: Record<
    string,
    {
      needs?: string | string[];
      permissions?: Record<string, string>;
      steps: { uses?: string; run?: string; env?: Record<string, string> }[];
    }
  >;
}
