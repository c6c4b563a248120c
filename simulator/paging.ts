/**
 * Page parameters and the list envelope (camelCase `page_info`, or the live snake_case variant).
 */
import { badRequest } from './http-util';
import type { ApiContext } from './state';

export const DEFAULT_PAGE_SIZE = 10;
export const MAX_PAGE_SIZE = 50;

export interface Paging {
  page: number;
  pageSize: number;
}

function positiveInt(query: URLSearchParams, name: string, fallback: number): number {
  const raw = query.get(name);
  if (raw === null) return fallback;
  const value = /^\s*\d+\s*$/.test(raw) ? Number(raw) : NaN;
  if (!Number.isSafeInteger(value) || value < 1) {
    throw badRequest(`${name} must be a positive integer`, { [name]: ['must be a positive integer'] });
  }
  return value;
}

export function parsePaging(query: URLSearchParams): Paging {
  const page = positiveInt(query, 'page', 1);
  const pageSize = positiveInt(query, 'page_size', DEFAULT_PAGE_SIZE);
  if (pageSize > MAX_PAGE_SIZE) {
    throw badRequest(`page_size must be at most ${MAX_PAGE_SIZE}`, {
      page_size: [`must be at most ${MAX_PAGE_SIZE}`],
    });
  }
  return { page, pageSize };
}

export function pageInfo(ctx: ApiContext, totalCount: number, paging: Paging): Record<string, unknown> {
  const { page, pageSize } = paging;
  const totalPages = Math.ceil(totalCount / pageSize);
  if (!ctx.sim.variants.snakeCasePageInfo) return { totalCount, page, pageSize, totalPages };
  const urlFor = (n: number) => {
    const q = new URLSearchParams(ctx.query);
    q.set('page', String(n));
    return `${ctx.sim.baseUrl}${ctx.path}?${q.toString()}`;
  };
  const next = page < totalPages ? page + 1 : null;
  const prev = page > 1 ? Math.min(page - 1, Math.max(totalPages, 1)) : null;
  return {
    current_page: page,
    page_size: pageSize,
    total_pages: totalPages,
    total_count: totalCount,
    next_page: next,
    next_page_url: next === null ? null : urlFor(next),
    prev_page: prev,
    prev_page_url: prev === null ? null : urlFor(prev),
  };
}

/** `{data, page_info}` for one page of `items`; only that page is mapped. */
export function paged<T>(
  ctx: ApiContext,
  items: readonly T[],
  paging: Paging,
  map: (item: T) => unknown,
): unknown {
  const start = (paging.page - 1) * paging.pageSize;
  const data = start >= items.length ? [] : items.slice(start, start + paging.pageSize).map(map);
  return { data, page_info: pageInfo(ctx, items.length, paging) };
}
