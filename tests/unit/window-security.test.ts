import { promises as fs } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rendererResponse, whenRead } from '../../src-main/app-scheme';
import { denyAllPermissions, rendererUrlCheck } from '../../src-main/window-security';

// Issue 10 (low): Electron hardening that can be checked without Electron.

describe('which page is ours', () => {
  it('in development: the dev server’s origin, not every address that starts with it', () => {
    const trusted = rendererUrlCheck('http://localhost:5173');
    expect(trusted('http://localhost:5173/')).toBe(true);
    expect(trusted('http://localhost:5173/src/main.tsx?x=1')).toBe(true);
    expect(trusted('http://localhost:5173.evil.example/')).toBe(false);
    expect(trusted('http://localhost:51730/')).toBe(false);
    expect(trusted('http://localhost:5173@evil.example/')).toBe(false);
    expect(trusted('https://localhost:5173/')).toBe(false);
    expect(trusted('not a url')).toBe(false);
  });

  it('built: exactly our page on PlanDesk’s own scheme, never a file (issue 23, item 5)', () => {
    const trusted = rendererUrlCheck(undefined);
    expect(trusted('app://plandesk/index.html')).toBe(true);
    expect(trusted('app://plandesk/index.html#/x')).toBe(true);
    expect(trusted('app://plandesk/other.html')).toBe(false);
    expect(trusted('app://plandesk/index.html?x=1')).toBe(false);
    expect(trusted('app://evil/index.html')).toBe(false);
    expect(trusted('app://plandesk.evil/index.html')).toBe(false);
    expect(trusted('file:///app/out/renderer/index.html')).toBe(false);
    expect(trusted('http://localhost:5173/')).toBe(false);
  });
});

describe('the app:// scheme serves the built renderer and nothing else', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await fs.mkdtemp(path.join(os.tmpdir(), 'plandesk-app-scheme-'));
    await fs.mkdir(path.join(dir, 'renderer', 'assets'), { recursive: true });
    await fs.writeFile(path.join(dir, 'renderer', 'index.html'), '<!doctype html><title>PlanDesk</title>');
    await fs.writeFile(path.join(dir, 'renderer', 'assets', 'main-1.js'), 'export {};');
    // Beside the renderer's folder, with a type the scheme serves: only the containment check keeps
    // it from the page (a .txt would be refused by the type list alone).
    await fs.writeFile(path.join(dir, 'secret.js'), 'not for the page');
    await fs.symlink(path.join(dir, 'secret.js'), path.join(dir, 'renderer', 'assets', 'link.js'));
  });
  afterAll(() => fs.rm(dir, { recursive: true, force: true }));
  const get = (url: string, method?: string) => rendererResponse(path.join(dir, 'renderer'), url, method);

  it('its files, with the content type of their extension', async () => {
    const page = await get('app://plandesk/index.html');
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(page.headers.get('x-content-type-options')).toBe('nosniff');
    expect(await page.text()).toContain('<title>PlanDesk</title>');
    const script = await get('app://plandesk/assets/main-1.js');
    expect(script.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect((await get('app://plandesk/', 'HEAD')).status).toBe(200);
  });

  it('says when a file has been read whole (the entry loads its services only then)', async () => {
    let read = 0;
    const script = await whenRead(await get('app://plandesk/assets/main-1.js'), () => read++);
    expect(script.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    const reader = script.body!.getReader();
    // Nothing is read ahead of the reader.
    await new Promise((r) => setTimeout(r, 10));
    expect(read).toBe(0);
    const first = await reader.read();
    expect(Buffer.from(first.value!).toString()).toBe('export {};');
    expect(read).toBe(0);
    expect((await reader.read()).done).toBe(true);
    expect(read).toBe(1);
    // A reader that gives up counts as done; an answer with no body at once.
    const dropped = await whenRead(await get('app://plandesk/assets/main-1.js'), () => read++);
    await dropped.body!.cancel();
    expect(read).toBe(2);
    await whenRead(new Response(null, { status: 404 }), () => read++);
    expect(read).toBe(3);
  });

  it('nothing outside its folder, no link, no other host, no other method', async () => {
    for (const url of [
      // The URL parser resolves these two itself (to /secret.js, which the folder has not).
      'app://plandesk/../secret.js',
      'app://plandesk/%2e%2e/secret.js',
      // These reach the path check as "..": only it refuses them.
      'app://plandesk/assets/..%2f..%2fsecret.js',
      'app://plandesk/%2e%2e%2fsecret.js',
      // Backslashes: separators on Windows.
      'app://plandesk/assets/..%5c..%5csecret.js',
      'app://plandesk/assets/link.js',
      'app://plandesk/missing.js',
      'app://other/index.html',
      'file:///etc/passwd',
      'app://plandesk/index.html%00.js',
    ]) {
      expect((await get(url)).status, url).toBe(404);
    }
    expect((await get('app://plandesk/index.html', 'POST')).status).toBe(405);
  });
});

describe('permissions', () => {
  it('every request is refused and every check answers no', () => {
    const set: {
      request?: (wc: unknown, p: string, cb: (granted: boolean) => void) => void;
      check?: (wc: unknown, p: string) => boolean;
    } = {};
    denyAllPermissions({
      setPermissionRequestHandler: (handler) => {
        set.request = handler;
      },
      setPermissionCheckHandler: (handler) => {
        set.check = handler;
      },
    });
    const answers: boolean[] = [];
    for (const permission of ['media', 'notifications', 'clipboard-read', 'geolocation', 'hid', 'serial']) {
      set.request!({}, permission, (granted) => answers.push(granted));
      answers.push(set.check!({}, permission));
    }
    expect(answers).toHaveLength(12);
    expect(answers.every((a) => a === false)).toBe(true);
  });
});
