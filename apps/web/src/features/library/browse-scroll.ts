import { useLocation } from 'react-router';
import { useScrollMemory } from '../../shared/lib/scroll-memory.js';

/** Back to a list (a history pop) returns to where the listener was, per address (sort and filter included). */
export function useListScroll(): number {
  const { pathname, search } = useLocation();
  return useScrollMemory(true, pathname + search);
}
