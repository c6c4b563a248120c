/**
 * "Also keep files": the project's files downloaded next to its offline copy (the workspace's
 * `<id>.files/` folder beside the cache file), so drawings and photos open on site without a
 * connection. A file already kept at the size the service lists is not fetched again; a kept file
 * the project no longer has is removed.
 */
import { randomUUID } from 'node:crypto';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import type { ApiClient } from '../api/client';
import type { ProjectFile } from '../api/schemas';
import type { CacheDb, KeptFile } from '../cache/cache-db';
import { PRIVATE_FOLDER_MODE } from '../local-files/data-folder';
import { localFileError } from '../local-files/write-atomically';
import { safeFileName } from '../../src-shared/files/safe-file-name';
import { downloadFile } from './files-service';

export function keptFilePath(dir: string, kept: Pick<KeptFile, 'storedAs'>): string {
  return path.join(dir, kept.storedAs);
}

export interface KeepFilesOptions {
  signal?: AbortSignal;
  /** Bytes kept so far of the total to fetch. */
  onProgress?: (done: number, total: number) => void;
  now?: () => Date;
}

/** Sum of the listed sizes, and how many files list none: what "also keep files" will take. */
export function filesSize(files: readonly ProjectFile[]): {
  files: number;
  bytes: number;
  unknownSizes: number;
} {
  let bytes = 0;
  let unknownSizes = 0;
  for (const f of files) {
    if (typeof f.size === 'number' && Number.isFinite(f.size) && f.size >= 0) bytes += f.size;
    else unknownSizes++;
  }
  return { files: files.length, bytes, unknownSizes };
}

/** Downloads the files not kept yet (or changed), drops the kept ones no longer listed. */
export async function keepProjectFiles(
  client: ApiClient,
  cache: CacheDb,
  projectId: string,
  files: readonly ProjectFile[],
  options: KeepFilesOptions = {},
): Promise<{ kept: number; bytes: number }> {
  const dir = cache.keptFilesDir;
  if (!dir) return { kept: 0, bytes: 0 };
  const now = options.now ?? (() => new Date());
  const before = new Map(cache.keptFiles.list(projectId).map((k) => [k.fileId, k]));
  const listed = new Set(files.map((f) => f.id));
  for (const [fileId, k] of before) {
    if (listed.has(fileId)) continue;
    cache.keptFiles.remove(projectId, fileId);
    await rm(keptFilePath(dir, k), { force: true });
  }
  const missing = files.filter((f) => {
    const k = before.get(f.id);
    return !k || (typeof f.size === 'number' && k.size !== f.size);
  });
  const total = filesSize(missing).bytes;
  let done = 0;
  options.onProgress?.(0, total);
  try {
    await mkdir(dir, { recursive: true, mode: PRIVATE_FOLDER_MODE });
  } catch (err) {
    throw localFileError(err, dir, 'write');
  }
  for (const f of missing) {
    const storedAs = `${randomUUID().slice(0, 8)}-${safeFileName(f.name, 'file')}`;
    const target = path.join(dir, storedAs);
    const result = await downloadFile(client, projectId, f, target, {
      ...(options.signal ? { signal: options.signal } : {}),
      onProgress: (bytes) => options.onProgress?.(done + bytes, total),
    });
    const old = before.get(f.id);
    if (
      !cache.keptFiles.put({
        projectId,
        fileId: f.id,
        name: f.name,
        size: result.bytes,
        storedAs,
        fetchedAt: now(),
      })
    ) {
      await rm(target, { force: true });
      throw localFileError(new Error('database write failed'), target, 'write');
    }
    if (old) await rm(keptFilePath(dir, old), { force: true });
    done += f.size ?? result.bytes;
    options.onProgress?.(done, total);
  }
  const all = cache.keptFiles.list(projectId);
  return { kept: all.length, bytes: all.reduce((sum, k) => sum + k.size, 0) };
}

/** The project no longer keeps its files: records and bytes go. */
export async function dropKeptFiles(cache: CacheDb, projectId: string): Promise<void> {
  const dir = cache.keptFilesDir;
  const kept = cache.keptFiles.list(projectId);
  cache.keptFiles.remove(projectId);
  if (dir) await Promise.all(kept.map((k) => rm(keptFilePath(dir, k), { force: true })));
}
