/** Notices the wiring gives the user about where PlanDesk keeps its data. */
import path from 'node:path';
import type { WriteFailure } from '../cache/cache-db';

/** The time between two notices that the disk is full where the cache is. */
const DISK_FULL_NOTICE_EVERY_MS = 60_000;

/** A cache write failed because the disk is full: said at once, then at most once a minute per place. */
export function diskFullNotices(tell: (path: string) => void) {
  const told = new Map<string, number>();
  return (_workspaceId: string, failure: WriteFailure) => {
    if (!failure.diskFull) return;
    const where = path.dirname(failure.path);
    const last = told.get(where);
    if (last !== undefined && Date.now() - last < DISK_FULL_NOTICE_EVERY_MS) return;
    told.set(where, Date.now());
    tell(where);
  };
}
