import { useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { useCallback, useLayoutEffect, useRef, useState } from 'react';
import { BROWSE_PAGE_SIZE } from './browse-lists.js';
import type { PageQuery } from './browse-queries.js';

/** Rows drawn beyond the screen each way, so a quick flick does not show blanks. */
const OVERSCAN_ROWS = 4;

/**
 * A list of `total` items read a page at a time, shown in rows of `perRow`
 * items against the window's scroll: only the rows on screen are in the page,
 * and only the pages those rows fall in are asked for. The first page tells
 * the total. `itemAt(i)` is undefined while its page loads.
 */
export function usePagedList<T>(pages: PageQuery<T>, { rowHeight, perRow = 1, initialOffset = 0 }: { rowHeight: number; perRow?: number; initialOffset?: number }) {
  const first = useQuery(pages(1));
  const total = first.data?.total ?? 0;
  const listRef = useRef<HTMLDivElement>(null);
  const [margin, setMargin] = useState(0);
  useLayoutEffect(() => {
    const el = listRef.current;
    if (el) setMargin(el.getBoundingClientRect().top + window.scrollY);
  }, [first.isPending]);
  const virtualizer = useWindowVirtualizer({
    count: Math.ceil(total / perRow),
    estimateSize: () => rowHeight,
    overscan: OVERSCAN_ROWS,
    scrollMargin: margin,
    initialOffset,
  });
  const rows = virtualizer.getVirtualItems();
  const firstItem = (rows[0]?.index ?? 0) * perRow;
  const lastItem = ((rows[rows.length - 1]?.index ?? 0) + 1) * perRow - 1;
  const wanted: number[] = [];
  for (let p = pageOf(firstItem); p <= pageOf(Math.min(lastItem, Math.max(total - 1, 0))); p++) if (p > 1) wanted.push(p);
  const loaded = useQueries({ queries: wanted.map((p) => pages(p)) });
  const byPage = new Map<number, T[]>();
  if (first.data) byPage.set(1, first.data.results);
  wanted.forEach((p, i) => {
    const data = loaded[i]?.data;
    if (data) byPage.set(p, data.results);
  });
  const itemAt = (i: number): T | undefined => byPage.get(pageOf(i))?.[i % BROWSE_PAGE_SIZE];

  // Items beyond the screen (a queue's next songs): from the cache, else asked for.
  const queryClient = useQueryClient();
  const itemsFrom = useCallback(
    async (start: number, count: number): Promise<T[]> => {
      const end = Math.min(start + count, total);
      const out: T[] = [];
      for (let p = pageOf(start); start < end && p <= pageOf(end - 1); p++) {
        const page = await queryClient.fetchQuery(pages(p));
        const from = (p - 1) * BROWSE_PAGE_SIZE;
        page.results.forEach((item, k) => {
          if (from + k >= start && from + k < end) out.push(item);
        });
      }
      return out;
    },
    [queryClient, pages, total],
  );

  return { first, total, listRef, virtualizer, rows, itemAt, itemsFrom };
}

const pageOf = (i: number) => Math.floor(i / BROWSE_PAGE_SIZE) + 1;
