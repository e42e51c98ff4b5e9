import { useLocation } from 'react-router';
import { useScrollMemory } from '../../shared/lib/scroll-memory.js';
import type { PageQuery } from './browse-queries.js';
import { useFirstPage } from './use-paged-list.js';

/**
 * Back to a list (a history pop, a reload) returns to where the listener was, per address (sort and
 * filter included): once the list's first page has come, which tells its length, so the page is tall
 * enough to scroll there.
 */
export function useListScroll<T>(pages: PageQuery<T>): number {
  const { pathname, search } = useLocation();
  const ready = useFirstPage(pages, { read: false }).data !== undefined;
  return useScrollMemory(ready, pathname + search);
}
