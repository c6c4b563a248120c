import type { ProjectFile } from '../api/schemas';
import type { CacheDb } from './cache-db';
import { cacheKeys } from './keys';

/**
 * Changes the kept files list of a project (a file uploaded or deleted), keeping the time it was
 * fetched: offline, the files screen then shows what the user did. Nothing when none is kept.
 */
export function updateCachedFilesList(
  cache: CacheDb,
  projectId: string,
  change: (files: ProjectFile[]) => ProjectFile[],
): void {
  const key = cacheKeys.filesList(projectId);
  const hit = cache.get<ProjectFile[]>('files-list', key);
  if (hit) cache.put('files-list', key, change(hit.data), hit.fetchedAt);
}
