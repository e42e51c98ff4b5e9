import { useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { useWindowVirtualizer } from '@tanstack/react-virtual';
import { useCallback, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { BROWSE_PAGE_SIZE } from './browse-lists.js';
import type { ListPage, PageQuery } from './browse-queries.js';

/**
 * Drawn beyond the screen each way, so a quick flick does not show blanks: at 4,000 px/s a frame
 * moves 70 px, and a row comes in a frame or two after its place does. Tall rows (album tiles)
 * need fewer of them, which keeps a list's first drawing small.
 */
const OVERSCAN_PX = 480;
const MIN_OVERSCAN_ROWS = 2;
/**
 * The next page is asked for this many items before its first row comes near the screen, so a
 * steady scroll finds it read instead of drawing placeholders and then the rows over them. At the
 * list's top (which the listener may never leave) half a page; once it has moved, a whole page:
 * a fast scroll covers a page of albums in under a second, and a busy server answers in about as long.
 */
const READ_AHEAD_AT_TOP = BROWSE_PAGE_SIZE / 2;
const READ_AHEAD_SCROLLING = BROWSE_PAGE_SIZE;

/**
 * A list's first page as far as it is read: its first screenful (`pages.head`) is asked for alone
 * when the whole first page is not in the cache, and the whole first page once that has come (both
 * at once would share the server's time, and the screenful would come later). `data` is the whole
 * page once read, else the screenful; `head` the screenful when it is the newer of the two.
 * `read: false` only watches the cache (a header showing the list's count beside the list).
 */
export function useFirstPage<T>(pages: PageQuery<T>, { read = true }: { read?: boolean } = {}) {
  const queryClient = useQueryClient();
  const withHead = useMemo(() => pages.head != null && queryClient.getQueryData(pages(1).queryKey) === undefined, [pages, queryClient]);
  const head = useQuery({ ...(pages.head ?? pages(1)), enabled: read && withHead });
  const whole = useQuery({ ...pages(1), enabled: read && (!withHead || !head.isPending) });
  const data: ListPage<T> | undefined = whole.data ?? (pages.head ? head.data : undefined);
  const isError = data === undefined && whole.isError;
  const newerHead = pages.head && head.data && (!whole.data || head.dataUpdatedAt >= whole.dataUpdatedAt) ? head.data.results : undefined;
  return { data, head: newerHead, isPending: data === undefined && !isError, isError };
}

/**
 * A list of `total` items read a page at a time, shown in rows of `perRow`
 * items against the window's scroll: only the rows on screen are in the page,
 * and only the pages those rows fall in (and the next, once they come near it)
 * are asked for. The first page tells the total. `itemAt(i)` is undefined while
 * its page loads.
 */
export function usePagedList<T>(pages: PageQuery<T>, { rowHeight, perRow = 1, initialOffset = 0 }: { rowHeight: number; perRow?: number; initialOffset?: number }) {
  const first = useFirstPage(pages);
  const total = first.data?.total ?? 0;
  const listRef = useRef<HTMLDivElement>(null);
  const [margin, setMargin] = useState(0);
  useLayoutEffect(() => {
    const el = listRef.current;
    if (el) setMargin(el.getBoundingClientRect().top + window.scrollY);
  }, [first.isPending]);
  const estimateSize = useCallback(() => rowHeight, [rowHeight]);
  const virtualizer = useWindowVirtualizer({
    count: Math.ceil(total / perRow),
    estimateSize,
    overscan: Math.max(MIN_OVERSCAN_ROWS, Math.ceil(OVERSCAN_PX / rowHeight)),
    scrollMargin: margin,
    initialOffset,
    // Rows come and go in React's own time, not inside each scroll event: the overscan covers the gap.
    useFlushSync: false,
    // Draw again only when a row comes or goes, not on every scroll event: rows have fixed heights,
    // so where each one sits (its `start`, set in the JSX) never changes while the list scrolls.
    // No element is handed to the virtualiser (no measureElement, no containerRef), so it writes no styles.
    directDomUpdates: true,
  });
  const rows = virtualizer.getVirtualItems();
  const firstItem = (rows[0]?.index ?? 0) * perRow;
  const lastItem = ((rows[rows.length - 1]?.index ?? 0) + 1) * perRow - 1;
  const wanted: number[] = [];
  const readAhead = firstItem > 0 ? READ_AHEAD_SCROLLING : READ_AHEAD_AT_TOP;
  for (let p = pageOf(firstItem); p <= pageOf(Math.min(lastItem + readAhead, Math.max(total - 1, 0))); p++) if (p > 1) wanted.push(p);
  const loaded = useQueries({ queries: wanted.map((p) => pages(p)) });
  const byPage = new Map<number, T[]>();
  if (first.data) byPage.set(1, first.data.results);
  wanted.forEach((p, i) => {
    const data = loaded[i]?.data;
    if (data) byPage.set(p, data.results);
  });
  // The first screenful's items stay the ones drawn when the whole first page comes (the same
  // objects, so their rows are not drawn again).
  const head = first.head;
  const itemAt = (i: number): T | undefined => (head && i < head.length ? head[i] : byPage.get(pageOf(i))?.[i % BROWSE_PAGE_SIZE]);

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
