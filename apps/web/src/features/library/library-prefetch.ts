import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useLayoutEffect } from 'react';
import { useCatalogue } from '../../shared/lib/catalogue-context.js';
import { resolveSort } from './browse-lists.js';
import { albumsPages, randomSeed, songsPages, type PageQuery } from './browse-queries.js';

/** A list's first screenful, unless its whole first page is in the cache already. */
const readHead = <T>(queryClient: QueryClient, pages: PageQuery<T>): Promise<void> =>
  pages.head && queryClient.getQueryData(pages(1).queryKey) === undefined ? queryClient.prefetchQuery(pages.head) : Promise.resolve();

/**
 * Library's chips lead to the whole collection's lists; the longest two, Albums and Songs, have
 * their code and their first screenful (in the sort each would open with) read while Library is on
 * screen, then their whole first page, so a tap on either draws its first rows from the cache
 * instead of waiting for the server. A page still fresh in the cache is not asked for again. They
 * are asked for as Library is drawn, before the reads of its own sections (those start once it is
 * on screen), so the server answers them first: a tap that comes at once waits for two short
 * answers, not for Library's history too.
 */
export function usePrefetchLibraryLists(): void {
  const catalogue = useCatalogue();
  const queryClient = useQueryClient();
  useLayoutEffect(() => {
    // The lists' code, which the route loads on the tap, comes with it.
    void import('./albums-screen.js');
    void import('./songs-screen.js');
    const albums = albumsPages(catalogue, resolveSort('albums', null), randomSeed());
    const songs = songsPages(catalogue, resolveSort('songs', null));
    void Promise.all([readHead(queryClient, albums), readHead(queryClient, songs)]).then(() =>
      Promise.all([queryClient.prefetchQuery(albums(1)), queryClient.prefetchQuery(songs(1))]),
    );
  }, [catalogue, queryClient]);
}
