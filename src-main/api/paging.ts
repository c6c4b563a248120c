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
  /** Hard stop, so a misbehaving service can never keep us paging forever. */
  maxPages?: number;
  signal?: AbortSignal;
  onProgress?: (done: number, total: number | null) => void;
}

/**
 * Fetches every page. Page 1 tells how many there are (by totalPages, or totalCount over the page
 * size the service actually used); the rest are fetched concurrently. Without usable page info, or
 * when the pages add up to fewer items than the service said, it walks on page by page until an
 * empty page, a page of items already seen (a service ignoring `page`), or maxPages.
 */
export async function listAllPages<T extends { id: string }>(
  fetchPage: (page: number, pageSize: number) => Promise<Page<T>>,
  options: ListAllOptions = {},
): Promise<T[]> {
  const pageSize = Math.min(options.pageSize ?? MAX_PAGE_SIZE, MAX_PAGE_SIZE);
  const concurrency = Math.max(1, options.concurrency ?? 4);
  const maxPages = options.maxPages ?? 10_000;

  const first = await fetchPage(1, pageSize);
  const pages: T[][] = [first.items];
  const info = first.pageInfo;
  const perPage = info.pageSize && info.pageSize > 0 ? info.pageSize : first.items.length;
  let total: number | null = null;
  if (info.totalPages !== null) total = info.totalPages;
  else if (info.totalCount !== null && perPage > 0) total = Math.ceil(info.totalCount / perPage);
  options.onProgress?.(1, total);

  if (first.items.length === 0) return [];

  let lastFetched = 1;
  if (total !== null) {
    total = Math.min(total, maxPages);
    let next = 2;
    let done = 1;
    const worker = async () => {
      while (next <= total!) {
        const page = next++;
        const result = await fetchPage(page, pageSize);
        pages[page - 1] = result.items;
        options.onProgress?.(++done, total);
      }
    };
    await Promise.all(Array.from({ length: Math.min(concurrency, Math.max(0, total - 1)) }, worker));
    lastFetched = total;
  }

  const seen = new Set<string>();
  const out: T[] = [];
  const addPage = (items: T[]): number => {
    let added = 0;
    for (const item of items) {
      if (seen.has(item.id)) continue;
      seen.add(item.id);
      out.push(item);
      added++;
    }
    return added;
  };
  for (const p of pages) if (p) addPage(p);

  const lastPage = pages[lastFetched - 1] ?? [];
  const shortOfCount = info.totalCount !== null && out.length < info.totalCount;
  const mustWalk =
    total === null ? first.items.length > 0 && info.hasNext !== false : shortOfCount && lastPage.length > 0;
  if (!mustWalk) return out;

  // Walk on one page at a time.
  for (let page = lastFetched + 1; page <= maxPages; page++) {
    const result = await fetchPage(page, pageSize);
    options.onProgress?.(page, null);
    if (result.items.length === 0) break;
    if (addPage(result.items) === 0) break;
    // Without page info, a page shorter than the first is the last one.
    if (total === null && result.items.length < first.items.length) break;
    if (info.totalCount !== null && out.length >= info.totalCount) break;
    if (result.pageInfo.hasNext === false) break;
  }
  return out;
}
