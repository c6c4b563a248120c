import { describe, expect, it } from 'vitest';
import { denyAllPermissions, rendererUrlCheck } from '../../src-main/window-security';

// Issue 10 (low): Electron hardening that can be checked without Electron.

describe('which page is ours', () => {
  it('in development: the dev server’s origin, not every address that starts with it', () => {
    const trusted = rendererUrlCheck('http://localhost:5173', '/app/out/renderer/index.html');
    expect(trusted('http://localhost:5173/')).toBe(true);
    expect(trusted('http://localhost:5173/src/main.tsx?x=1')).toBe(true);
    expect(trusted('http://localhost:5173.evil.example/')).toBe(false);
    expect(trusted('http://localhost:51730/')).toBe(false);
    expect(trusted('http://localhost:5173@evil.example/')).toBe(false);
    expect(trusted('https://localhost:5173/')).toBe(false);
    expect(trusted('not a url')).toBe(false);
  });

  it('built: exactly our index.html file', () => {
    const trusted = rendererUrlCheck(undefined, '/app/out/renderer/index.html');
    expect(trusted('file:///app/out/renderer/index.html')).toBe(true);
    expect(trusted('file:///app/out/renderer/index.html#/x')).toBe(true);
    expect(trusted('file:///app/out/renderer/other.html')).toBe(false);
    expect(trusted('file:///app/out/renderer/../renderer/index.html.evil')).toBe(false);
    expect(trusted('http://localhost:5173/')).toBe(false);
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
