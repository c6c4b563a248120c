import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The window's security rules that need no Electron to check (src-main/index.ts applies them):
 * which page is ours, and that the page gets no permission at all.
 */

/**
 * Whether `url` is our renderer: in development a page of the dev server (same origin: scheme, host
 * and port, so `http://localhost:5173.evil.example` is not it), else exactly our index.html file.
 */
export function rendererUrlCheck(devUrl: string | undefined, rendererFile: string): (url: string) => boolean {
  const devOrigin = devUrl ? originOf(devUrl) : null;
  return (url) => {
    if (devUrl) return devOrigin !== null && originOf(url) === devOrigin;
    try {
      const u = new URL(url);
      return (
        u.protocol === 'file:' &&
        // fileURLToPath, not the URL's pathname: on Windows that is `/C:/…`, never equal to a path.
        path.normalize(fileURLToPath(u)) === path.normalize(rendererFile)
      );
    } catch {
      return false;
    }
  };
}

function originOf(url: string): string | null {
  try {
    const origin = new URL(url).origin;
    return origin === 'null' ? null : origin;
  } catch {
    return null;
  }
}

/** The two permission hooks of Electron's session, as far as PlanDesk uses them. */
export interface PermissionHooks {
  setPermissionRequestHandler(
    handler: (webContents: unknown, permission: string, callback: (granted: boolean) => void) => void,
  ): void;
  setPermissionCheckHandler(handler: (webContents: unknown, permission: string) => boolean): void;
}

/**
 * PlanDesk's page needs no permission (camera, notifications, clipboard reads, HID, serial, …): every
 * request is refused, and every check (which Chromium makes without asking) answers no.
 */
export function denyAllPermissions(session: PermissionHooks): void {
  session.setPermissionRequestHandler((_wc, _permission, callback) => callback(false));
  session.setPermissionCheckHandler(() => false);
}
