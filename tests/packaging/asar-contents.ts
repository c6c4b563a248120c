/** What app.asar holds, read with @electron/asar (a dependency of electron-builder). */
import { extractAll, getRawHeader } from '@electron/asar';
import { cpSync } from 'node:fs';
import path from 'node:path';

export interface AsarEntry {
  /** Forward slashes, no leading slash: `out/main/index.js`. */
  path: string;
  size: number;
  /** Kept outside the archive, in app.asar.unpacked. */
  unpacked: boolean;
}

interface HeaderNode {
  files?: Record<string, HeaderNode>;
  size?: number;
  unpacked?: boolean;
}

export function asarEntries(asarFile: string): AsarEntry[] {
  const entries: AsarEntry[] = [];
  const walk = (node: HeaderNode, prefix: string) => {
    for (const [name, child] of Object.entries(node.files ?? {})) {
      const p = prefix ? `${prefix}/${name}` : name;
      if (child.files) walk(child, p);
      else entries.push({ path: p, size: child.size ?? 0, unpacked: child.unpacked === true });
    }
  };
  walk(getRawHeader(asarFile).header as HeaderNode, '');
  return entries;
}

/**
 * A copy of the packaged resources folder that Node can load from: everything but app.asar as it
 * is, and app.asar extracted into a FOLDER of the same name, so every path inside it is the path
 * Electron would see. @electron/asar's extractAll takes the unpacked files from app.asar.unpacked,
 * so a file the header marks unpacked but that is missing there fails the extraction.
 */
export function copyResourcesForNode(resourcesDir: string, dest: string): void {
  cpSync(resourcesDir, dest, {
    recursive: true,
    filter: (src) => path.resolve(src) !== path.resolve(resourcesDir, 'app.asar'),
  });
  extractAll(path.join(resourcesDir, 'app.asar'), path.join(dest, 'app.asar'));
}
