import { isRendererPage } from './app-scheme';

/**
 * The window's security rules that need no Electron to check (src-main/index.ts applies them):
 * which page is ours, and that the page gets no permission at all.
 */

/**
 * Whether `url` is our renderer: in development a page of the dev server (same origin: scheme, host
 * and port, so `http://localhost:5173.evil.example` is not it), else exactly our page on PlanDesk's
 * own scheme (`app://plandesk/index.html`; app-scheme.ts). No `file:` URL is ever ours.
 */
export function rendererUrlCheck(devUrl: string | undefined): (url: string) => boolean {
  const devOrigin = devUrl ? originOf(devUrl) : null;
  return (url) => (devUrl ? devOrigin !== null && originOf(url) === devOrigin : isRendererPage(url));
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
