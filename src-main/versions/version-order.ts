/** Which version of an estimate is which: the current one, the one at a time, the one before. */
import type { StoredVersion } from '../cache/version-table';
import type { VersionRef, VersionRow } from '../../src-shared/versions/types';

/** The version the service sent most recently: fetched last (then the newest). */
export function currentOf(versions: readonly StoredVersion[]): StoredVersion | null {
  let best: StoredVersion | null = null;
  for (const v of versions) {
    if (
      !best ||
      v.lastFetchedAt.getTime() > best.lastFetchedAt.getTime() ||
      (v.lastFetchedAt.getTime() === best.lastFetchedAt.getTime() && v.seq > best.seq)
    )
      best = v;
  }
  return best;
}

/**
 * The version the estimate was in at `at` (when PlanDesk fetched it): among the versions fetched
 * first before it and last after it, the one fetched first latest (a version fetched again after
 * another came back is current again in between); else the one fetched first latest before `at`.
 */
export function versionAt(versions: readonly StoredVersion[], at: Date): StoredVersion | null {
  const t = at.getTime();
  const latestFirst = (list: readonly StoredVersion[]) =>
    list.reduce<StoredVersion | null>((best, v) => (!best || v.fetchedAt > best.fetchedAt ? v : best), null);
  const before = versions.filter((v) => v.fetchedAt.getTime() <= t);
  return latestFirst(before.filter((v) => v.lastFetchedAt.getTime() >= t)) ?? latestFirst(before);
}

/** The version that was current before the current one: fetched last among the others. */
export function previousOf(versions: readonly StoredVersion[]): StoredVersion | null {
  const current = currentOf(versions);
  return currentOf(versions.filter((v) => v.id !== current?.id));
}

export function versionRef(v: StoredVersion): VersionRef {
  return {
    estimateId: v.estimateId,
    estimateName: v.summary.name,
    uniqueIdentifier: v.summary.uniqueIdentifier,
    versionId: v.id,
    seq: v.seq,
    name: v.name,
    fetchedAt: v.fetchedAt.toISOString(),
    modified: v.modified,
  };
}

/** The company's logo and watermark for a PDF, from their addresses; each left out when it cannot be fetched. */
export async function companyImages(
  urls: { logo: string | null; watermark: string | null },
  fetchImage: (url: string) => Promise<Uint8Array | null>,
): Promise<{ logo: Uint8Array | null; watermark: Uint8Array | null }> {
  const fetch = async (url: string | null): Promise<Uint8Array | null> =>
    url ? fetchImage(url).catch(() => null) : null;
  const [logo, watermark] = await Promise.all([fetch(urls.logo), fetch(urls.watermark)]);
  return { logo, watermark };
}

/** The timeline's rows, newest first. */
export function timelineRows(
  versions: readonly StoredVersion[],
  current: StoredVersion | null,
  openedId: number | null,
): VersionRow[] {
  return versions
    .map((v) => ({
      id: v.id,
      seq: v.seq,
      fetchedAt: v.fetchedAt.toISOString(),
      lastFetchedAt: v.lastFetchedAt.toISOString(),
      modified: v.modified,
      name: v.name,
      pinned: v.pinned,
      items: v.summary.items,
      currency: v.summary.currency,
      net: v.summary.net,
      tax: v.summary.tax,
      gross: v.summary.gross,
      storage: v.baseId === null ? ('full' as const) : ('delta' as const),
      bytes: v.bytes,
      current: v.id === current?.id,
      lastOpened: v.id === openedId,
      ...(v.damaged ? { damaged: true } : {}),
    }))
    .reverse();
}
