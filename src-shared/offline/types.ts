/** Where shown data came from, and what a project has kept for offline use. */

/**
 * Where shown data came from. `cache`: the service could not be reached, so this is the offline copy
 * fetched at `fetchedAt` (ISO 8601) — the UI says "offline — data from <time>".
 */
export interface Provenance {
  source: 'network' | 'cache';
  fetchedAt: string;
}

export interface OfflineStatus {
  available: boolean;
  /** ISO 8601: when the offline copy was made. */
  fetchedAt: string | null;
  estimates: number;
}
