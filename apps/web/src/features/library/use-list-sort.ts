import { useSearchParams } from 'react-router';
import { keepSort, resolveSort, SORTS, type SortedList } from './browse-lists.js';

/**
 * The sort of a list: the address's `?sort=`, else the one this device kept,
 * else the list's first. Choosing one puts it in the address (so the list can
 * be shared and reloaded) and keeps it for next time.
 */
export function useListSort<L extends SortedList>(list: L): [(typeof SORTS)[L][number], (sort: (typeof SORTS)[L][number]) => void] {
  const [params, setParams] = useSearchParams();
  const sort = resolveSort(list, params.get('sort'));
  const choose = (next: (typeof SORTS)[L][number]) => {
    keepSort(list, next);
    setParams(
      (p) => {
        const out = new URLSearchParams(p);
        out.set('sort', next);
        return out;
      },
      { replace: true },
    );
  };
  return [sort, choose];
}
