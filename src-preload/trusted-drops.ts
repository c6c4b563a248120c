import { DROP_PROJECT_ATTRIBUTE } from '../src-shared/files/drop-target';

/** What the preload reads of a DOM drop event (the preload is typed without the DOM library). */
export interface DropEventLike {
  readonly isTrusted: boolean;
  readonly target: unknown;
  readonly dataTransfer: { readonly files: ArrayLike<File> } | null;
}

export interface TrustedDropsDeps {
  /** Electron's webUtils.getPathForFile: '' for a file that did not come from the system. */
  pathOf(file: File): string;
  /** Registers the paths with main for one upload into the project; resolves to those it granted. */
  register(paths: string[], projectId: string): Promise<string[]>;
}

interface Drop {
  projectId: string;
  /** The dropped paths not yet handed to the page. */
  unclaimed: Set<string>;
  granted: Promise<Set<string>>;
}

/**
 * Upload grants come from real drops only. The preload listens for `drop` on the window in its own
 * (isolated) world, in the capture phase, so it sees each drop before any of the page's handlers.
 * A drop the user really made (`isTrusted`: a page cannot dispatch one) onto a project's files view
 * is registered with main at that moment, for the project the view names and the workspace active
 * then. The page then asks for each dropped file's path once; a path is handed out only for a file of
 * the latest real drop, and only once, so a page that keeps a dropped File cannot register it again,
 * later, for another project or after switching workspace. Retry needs no new registration: main
 * keeps a grant until the upload that used it succeeded.
 */
export function trustedDrops(deps: TrustedDropsDeps) {
  let latest: Drop | null = null;
  return {
    onDrop(event: DropEventLike): void {
      if (!event.isTrusted) return;
      latest = null;
      const projectId = dropProjectOf(event.target);
      if (!projectId) return;
      const paths = [...new Set(Array.from(event.dataTransfer?.files ?? [], (f) => deps.pathOf(f)))].filter(
        (p) => p !== '',
      );
      if (paths.length === 0) return;
      latest = {
        projectId,
        unclaimed: new Set(paths),
        granted: deps.register(paths, projectId).then(
          (granted) => new Set(granted),
          () => new Set<string>(),
        ),
      };
    },

    /** The path of `file` if it came with the latest real drop onto `projectId`'s view; else ''. */
    async pathForFile(file: File, projectId: string): Promise<string> {
      const drop = latest;
      const path = deps.pathOf(file);
      if (!drop || !path || drop.projectId !== projectId || !drop.unclaimed.delete(path)) return '';
      return (await drop.granted).has(path) ? path : '';
    },
  };
}

/** The project named by the drop target's nearest files view, if it landed in one. */
function dropProjectOf(target: unknown): string | null {
  const closest = (target as { closest?: unknown } | null)?.closest;
  if (typeof closest !== 'function') return null;
  const view = closest.call(target, `[${DROP_PROJECT_ATTRIBUTE}]`) as {
    getAttribute(name: string): string | null;
  } | null;
  return view?.getAttribute(DROP_PROJECT_ATTRIBUTE) || null;
}
