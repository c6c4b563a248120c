import path from 'node:path';
import { ServiceError } from '../errors/service-error';
import { displayFileName } from '../../src-shared/files/safe-file-name';
import { translator } from '../../src-shared/i18n/catalogue';
import type { UiLanguage } from '../../src-shared/i18n/languages';
import { isAllowedUploadName } from './file-types';

/** Where a granted file may go: the workspace and project of the call that granted it. */
export interface UploadScope {
  workspaceId: string;
  projectId: string;
}

/** Far more than one drop holds; the oldest are forgotten first. */
const MAX_WAITING = 200;

/** A use of grants, taken for one upload: `restore` gives them back when that upload failed. */
export interface GrantUse {
  restore(): void;
}

/**
 * The files the user dropped on a project's files screen, each good for one upload into that
 * project of that workspace. The preload reports a real drop's paths as the drop happens (Electron
 * knows them; a page cannot invent one), naming the project whose view it landed on; main uploads a
 * path the renderer names only against such a grant. Files picked in main's own open dialog need
 * none: they are uploaded in the very call that asked for them, and never again.
 *
 * So a compromised renderer cannot name `/home/user/.ssh/id_rsa.pdf` and have it sent, cannot send
 * a file the user dropped a second time, into another project, or into another workspace (one it
 * added at a server of its own, say): every grant is used up by the upload that succeeds with it
 * (a failed one gives it back, for Retry) and dropped when the active workspace changes or one is
 * removed. See docs/security.md.
 */
export class UploadGrants {
  private readonly waiting = new Map<string, UploadScope>();
  /** Counts `clear()`s: a failed upload gives its grants back only if none happened meanwhile. */
  private generation = 0;

  /**
   * The files of one real drop on `scope`'s project view. Returns the paths granted: those that are
   * absolute and of a type PlanDesk uploads (a refused type is never granted).
   */
  grantDrop(filePaths: readonly string[], scope: UploadScope): string[] {
    const granted = filePaths.filter((p) => path.isAbsolute(p) && isAllowedUploadName(path.basename(p)));
    for (const p of granted) this.grant(path.resolve(p), scope);
    return granted;
  }

  /**
   * Takes the grants of `paths` for one upload into `scope`: all of them, or (when one is missing,
   * for another project or workspace, or named twice) none, with a validation error naming it in
   * `language`. While the upload runs they are out of reach; when it fails, `restore()` gives them
   * back for Retry (unless the grants were cleared meanwhile); otherwise they are used up.
   */
  use(paths: readonly string[], scope: UploadScope, language: UiLanguage): GrantUse {
    const keys = paths.map((p) => path.resolve(p));
    const seen = new Set<string>();
    keys.forEach((key, i) => {
      const grant = this.waiting.get(key);
      const granted =
        grant?.workspaceId === scope.workspaceId && grant.projectId === scope.projectId && !seen.has(key);
      if (!granted) {
        const name = displayFileName(path.basename(paths[i]!));
        throw new ServiceError('validation', translator(language)('files.errNotGranted', { name }));
      }
      seen.add(key);
    });
    for (const key of keys) this.waiting.delete(key);
    const generation = this.generation;
    return {
      restore: () => {
        if (this.generation !== generation) return;
        for (const key of keys) if (!this.waiting.has(key)) this.grant(key, scope);
      },
    };
  }

  /** Forgets every grant: the active workspace changed, or a workspace was removed. */
  clear(): void {
    this.waiting.clear();
    this.generation++;
  }

  private grant(key: string, scope: UploadScope): void {
    this.waiting.delete(key);
    this.waiting.set(key, { workspaceId: scope.workspaceId, projectId: scope.projectId });
    while (this.waiting.size > MAX_WAITING) this.waiting.delete(this.waiting.keys().next().value as string);
  }
}
