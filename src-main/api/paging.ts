import { ServiceError } from '../errors/service-error';
import { MAX_WALK_PAGES } from './limits';

/** Page metadata in the one shape PlanDesk uses, from either spelling the service sends. */
export interface PageInfo {
  page: number;
  pageSize: number | null;
  totalCount: number | null;
  totalPages: number | null;
  /** From snake_case `next_page`: whether the service says there is a next page (null: not said). */
  hasNext: boolean | null;
}

export interface Page<T> {
  items: T[];
  pageInfo: PageInfo;
}

export const MAX_PAGE_SIZE = 50;

function int(v: unknown): number | null {
  const n = typeof v === 'string' && v.trim() !== '' ? Number(v) : v;
  return typeof n === 'number' && Number.isInteger(n) && n >= 0 ? n : null;
}

/** Reads camelCase (`totalCount, page, pageSize, totalPages`) or snake_case (`current_page, …`). */
export function readPageInfo(raw: unknown, requestedPage: number): PageInfo {
  const o = typeof raw === 'object' && raw !== null ? (raw as Record<string, unknown>) : {};
  const nextPage = o.next_page;
  const nextUrl = o.next_page_url;
  let hasNext: boolean | null = null;
  if ('next_page' in o || 'next_page_url' in o)
    hasNext = nextPage != null || (typeof nextUrl === 'string' && nextUrl !== '');
  return {
    page: int(o.page) ?? int(o.current_page) ?? requestedPage,
    pageSize: int(o.pageSize) ?? int(o.page_size) ?? int(o.per_page),
    totalCount: int(o.totalCount) ?? int(o.total_count) ?? int(o.total),
    totalPages: int(o.totalPages) ?? int(o.total_pages),
    hasNext,
  };
}

export interface ListAllOptions {
  pageSize?: number;
  /** Pages fetched at once after the first. The rate budget still applies to each. */
  concurrency?: number;
  /** The most pages read (limits.ts MAX_WALK_PAGES); a list that goes on past it is an error. */
  maxPages?: number;
  signal?: AbortSignal;
  onProgress?: (done: number, total: number | null) => void;
}

/**
 * Fetches every page. Page 1 tells how many there are (by totalPages, or totalCount over the page
 * size the service actually used); the rest are fetched concurrently. Without usable page info, or
 * when the pages add up to fewer items than the service said, it walks on page by page.
 *
 * What the service claims is never trusted to go on: the walk ends at the first page that brings
 * nothing new (empty, or only items already seen: a service ignoring `page`), and a list still
 * bringing new items at `maxPages` is an error, not an endless walk. Cancelled with `signal`
 * between pages and during each.
 */
export async function listAllPages<T extends { id: string }>(
  fetchPage: (page: number, pageSize: number) => Promise<Page<T>>,
  options: ListAllOptions = {},
): Promise<T[]> {
  const pageSize = Math.min(options.pageSize ?? MAX_PAGE_SIZE, MAX_PAGE_SIZE);
  const concurrency = Math.max(1, options.concurrency ?? 4);
  const maxPages = Math.max(1, options.maxPages ?? MAX_WALK_PAGES);
  const { signal } = options;
  const fetchOne = (page: number): Promise<Page<T>> => {
    if (signal?.aborted) throw new ServiceError('cancelled', 'The operation was cancelled.');
    return fetchPage(page, pageSize);
  };

  const first = await fetchOne(1);
  const info = first.pageInfo;
  const perPage = info.pageSize && info.pageSize > 0 ? info.pageSize : first.items.length;
  let total: number | null = null;
  if (info.totalPages !== null) total = info.totalPages;
  else if (info.totalCount !== null && perPage > 0) total = Math.ceil(info.totalCount / perPage);
  options.onProgress?.(1, total);
  if (first.items.length === 0) return [];

  /** The lowest page each id was seen on: a page adds something when one of its ids is new there. */
  const firstSeenOn = new Map<string, number>();
  const bringsNew = (page: number, items: T[]): boolean => {
    let added = false;
    for (const item of items) {
      const seen = firstSeenOn.get(item.id);
      if (seen === undefined || seen >= page) {
        added = true;
        firstSeenOn.set(item.id, page);
      }
    }
    return added;
  };
  bringsNew(1, first.items);
  const pages: T[][] = [first.items];
  /** The first page found to bring nothing new: the list ends before it. */
  let end = Number.POSITIVE_INFINITY;

  let lastFetched = 1;
  if (total !== null && total > 1) {
    const planned = Math.min(total, maxPages);
    let next = 2;
    let done = 1;
    const worker = async () => {
      while (next <= planned && next < end) {
        const page = next++;
        const result = await fetchOne(page);
        pages[page - 1] = result.items;
        if (result.items.length === 0 || !bringsNew(page, result.items)) end = Math.min(end, page);
        options.onProgress?.(++done, planned);
      }
    };
    await Promise.all(Array.from({ length: Math.min(concurrency, planned - 1) }, worker));
    lastFetched = Math.min(planned, end - 1);
    if (end > planned && total > maxPages) throw tooManyPages(maxPages);
  }

  const seen = new Set<string>();
  const out: T[] = [];
  const keep = (items: T[]) => {
    for (const item of items) {
      if (seen.has(item.id)) continue;
      seen.add(item.id);
      out.push(item);
    }
  };
  for (const items of pages.slice(0, lastFetched)) keep(items ?? []);
  const lastPage = pages[lastFetched - 1] ?? [];
  const shortOfCount = info.totalCount !== null && out.length < info.totalCount;
  const mustWalk =
    end === Number.POSITIVE_INFINITY &&
    (total === null ? info.hasNext !== false : shortOfCount && lastPage.length > 0);
  if (!mustWalk) return out;

  // Walk on one page at a time.
  for (let page = lastFetched + 1; ; page++) {
    if (page > maxPages) throw tooManyPages(maxPages);
    const result = await fetchOne(page);
    options.onProgress?.(page, null);
    if (result.items.length === 0 || !bringsNew(page, result.items)) break;
    keep(result.items);
    // Without page info, a page shorter than the first is the last one.
    if (total === null && result.items.length < first.items.length) break;
    if (info.totalCount !== null && out.length >= info.totalCount) break;
    if (result.pageInfo.hasNext === false) break;
  }
  return out;
}

function tooManyPages(maxPages: number): ServiceError {
  return new ServiceError(
    'invalid-response',
    `The list goes on for more than ${maxPages} pages; PlanDesk stopped reading it there. Narrow the search, or check the service.`,
  );
}
