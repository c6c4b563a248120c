import path from 'node:path';

/** Enough for any number of uploads in a session; the oldest are forgotten first. */
const MAX_REMEMBERED = 1000;

/**
 * The files the user gave PlanDesk to upload: those main's own open dialog returned, and those the
 * preload reported for a real drop on the window (Electron knows a dropped file's path; a page
 * cannot invent one). Main uploads nothing else, so a compromised renderer cannot name
 * `/home/user/.ssh/id_rsa.pdf` and have it sent. See docs/security.md.
 */
export class UploadGrants {
  private readonly granted = new Set<string>();

  grant(paths: readonly string[]): void {
    for (const p of paths) {
      const key = path.resolve(p);
      this.granted.delete(key);
      this.granted.add(key);
    }
    while (this.granted.size > MAX_REMEMBERED) {
      this.granted.delete(this.granted.values().next().value as string);
    }
  }

  has(p: string): boolean {
    return this.granted.has(path.resolve(p));
  }
}
