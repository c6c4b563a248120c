/**
 * The one contract between the wiring and the features: what a feature works on. The features see
 * the active workspace through `ActiveSource` and never how it is chosen or cached (that is
 * `app/active-workspaces.ts`, the wiring's side).
 */
import type { WorkspaceMeta } from '../../src-shared/workspaces/types';
import type { ApiClient } from '../api/client';
import type { CachedClient } from '../cache/cached-client';

/** What a feature works on: the active workspace, its API client and its read-through cache. */
export interface ActiveWorkspace {
  meta: WorkspaceMeta;
  client: ApiClient;
  cached: CachedClient;
}

/** The features' one way to the active workspace (they never see how it is chosen or cached). */
export type ActiveSource = () => Promise<ActiveWorkspace>;
