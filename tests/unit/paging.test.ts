import { describe, expect, it } from 'vitest';
import { listAllPages, readPageInfo, type Page } from '../../src-main/api/paging';

const items = (from: number, n: number) => Array.from({ length: n }, (_, i) => ({ id: `p${from + i}` }));

describe('readPageInfo', () => {
  it('reads both spellings', () => {
    expect(readPageInfo({ totalCount: 120, page: 2, pageSize: 50, totalPages: 3 }, 2)).toMatchObject({
      page: 2,
      pageSize: 50,
      totalCount: 120,
      totalPages: 3,
    });
    expect(
      readPageInfo({ current_page: 1, page_size: 10, total_pages: 4, total_count: 33, next_page: 2 }, 1),
    ).toEqual({ page: 1, pageSize: 10, totalCount: 33, totalPages: 4, hasNext: true });
    expect(readPageInfo(undefined, 3)).toMatchObject({ page: 3, totalPages: null });
  });
});

describe('listAllPages', () => {
  it('fetches exactly the pages the first page announces', async () => {
    const asked: number[] = [];
    const all = await listAllPages(async (page): Promise<Page<{ id: string }>> => {
      asked.push(page);
      const n = page < 5 ? 50 : 20;
      return {
        items: items((page - 1) * 50, n),
        pageInfo: readPageInfo({ totalCount: 220, page, pageSize: 50, totalPages: 5 }, page),
      };
    });
    expect(all).toHaveLength(220);
    expect(asked.sort()).toEqual([1, 2, 3, 4, 5]);
    expect(all[0]!.id).toBe('p0');
    expect(all[219]!.id).toBe('p219');
  });

  it('ends when the service ignores page_size (10 per page, snake_case info)', async () => {
    let calls = 0;
    const all = await listAllPages(async (page) => {
      calls++;
      const start = (page - 1) * 10;
      return {
        items: items(start, Math.max(0, Math.min(10, 23 - start))),
        pageInfo: readPageInfo({ current_page: page, page_size: 10, total_pages: 3, total_count: 23 }, page),
      };
    });
    expect(all).toHaveLength(23);
    expect(calls).toBe(3);
  });

  it('walks page by page without page info, and stops on a repeated page', async () => {
    let calls = 0;
    // A broken service that ignores `page` and always sends the same 10 items.
    const all = await listAllPages(async () => {
      calls++;
      return { items: items(0, 10), pageInfo: readPageInfo(undefined, 1) };
    });
    expect(all).toHaveLength(10);
    expect(calls).toBe(2);
  });

  it('walks on when pages add up to fewer items than totalCount, and stops at an empty page', async () => {
    const all = await listAllPages(async (page) => ({
      // Claims one page of 50 but actually sends 10 per page, 25 items in all.
      items: items((page - 1) * 10, Math.max(0, Math.min(10, 25 - (page - 1) * 10))),
      pageInfo: readPageInfo({ totalCount: 25, page, pageSize: 50, totalPages: 1 }, page),
    }));
    expect(all.map((x) => x.id)).toEqual(items(0, 25).map((x) => x.id));
  });

  it('never pages forever: a list still going at the page cap is an error that says so', async () => {
    let calls = 0;
    const walk = listAllPages(
      async (page) => {
        calls++;
        return { items: items(page * 10, 10), pageInfo: readPageInfo(undefined, page) };
      },
      { maxPages: 7 },
    );
    await expect(walk).rejects.toMatchObject({
      kind: 'invalid-response',
      message: expect.stringContaining('more than 7 pages'),
    });
    expect(calls).toBe(7);
  });
});
