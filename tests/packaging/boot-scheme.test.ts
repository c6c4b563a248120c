/**
 * The page's origin (issue 23, item 5), from the packaged main booted under Node with the stand-in
 * `electron` (booted-main.ts): the renderer served from a privileged `app://plandesk` scheme under a
 * policy of that origin only, nothing outside its folder, and the fuse that gave `file://` pages
 * extra privileges off in the packaged executable.
 */
import { rmSync } from 'node:fs';
import { FuseV1Options, getCurrentFuseWire } from '@electron/fuses';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BootedMain, prepareBootLayout, type BootLayout } from './booted-main';
import { readPackagedApp } from './packaged-app';
import type { SchemeAnswer } from './stand-in-scheme';

const packaged = readPackagedApp();
let layout: BootLayout;
let main: BootedMain;

beforeAll(async () => {
  layout = await prepareBootLayout(packaged);
  main = new BootedMain(layout);
  await main.waitForLog(/PlanDesk \S+ started \(packaged/);
});
afterAll(() => {
  main?.kill();
  rmSync(layout.root, { recursive: true, force: true });
});

describe('the packaged main’s page origin', () => {
  it('serves its page from app://plandesk, a scheme made privileged before ready, under a policy of that origin only (issue 23, item 5)', async () => {
    const { recording } = await main.record();
    expect(recording.privilegedSchemes).toEqual([
      {
        scheme: 'app',
        privileges: { standard: true, secure: true, supportFetchAPI: true, codeCache: true },
        whenReady: false,
      },
    ]);
    expect(recording.handledSchemes).toEqual(['app']);
    const page = recording.pageAnswer!;
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    // The page's own policy: everything from 'self', which on app://plandesk is that origin alone
    // (on file:// it was every local file); nothing inline, no connections.
    const policy = /http-equiv="Content-Security-Policy"\s+content="([^"]+)"/.exec(page.body)?.[1];
    expect(policy?.split(/;\s*/)).toEqual([
      "default-src 'self'",
      "script-src 'self'",
      "style-src 'self'",
      "img-src 'self' data: blob:",
      "connect-src 'none'",
      "object-src 'none'",
      "base-uri 'none'",
      "form-action 'none'",
    ]);
    // Every file the page loads is answered, with its type; nothing outside the renderer's folder.
    const assets = [...page.body.matchAll(/(?:src|href)="\.\/([^"]+)"/g)].map((m) => m[1]!);
    expect(assets.length).toBeGreaterThan(1);
    for (const asset of assets) {
      const answer = await main.request<SchemeAnswer>({
        op: 'scheme-request',
        url: `app://plandesk/${asset}`,
      });
      expect(answer.status, asset).toBe(200);
      expect(answer.headers['content-type'], asset).toMatch(/^text\/(javascript|css)/);
    }
    for (const url of [
      'app://plandesk/../main/index.js',
      'app://plandesk/%2e%2e/%2e%2e/package.json',
      'app://plandesk/..%2f..%2fpackage.json',
      'app://elsewhere/index.html',
    ]) {
      const answer = await main.request<SchemeAnswer>({ op: 'scheme-request', url });
      expect(answer, url).toMatchObject({ status: 404, body: '' });
    }
  });

  it('has the fuse that gave file:// pages extra privileges off (issue 23, item 5)', async () => {
    const wire = (await getCurrentFuseWire(packaged.executable)) as unknown as Record<number, number>;
    expect(wire[FuseV1Options.GrantFileProtocolExtraPrivileges]).toBe('0'.charCodeAt(0));
  });
});
