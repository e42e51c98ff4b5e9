import { useQueryClient } from '@tanstack/react-query';
import { useLayoutEffect } from 'react';
import { useCatalogue } from '../../shared/lib/catalogue-context.js';
import { resolveSort } from './browse-lists.js';
import { albumsPages, randomSeed, songsPages } from './browse-queries.js';

/**
 * Library's chips lead to the whole collection's lists; the longest two, Albums and Songs, have
 * their code and their first page (in the sort each would open with) read while Library is on
 * screen, so a tap on either draws its first rows from the cache instead of waiting for the
 * server. A page still fresh in the cache is not asked for again. They are asked for as Library is
 * drawn, before the reads of its own sections (those start once it is on screen), so the server
 * answers them first: a tap that comes at once waits for them, not for Library's history too.
 */
export function usePrefetchLibraryLists(): void {
  const catalogue = useCatalogue();
  const queryClient = useQueryClient();
  useLayoutEffect(() => {
    // The lists' code, which the route loads on the tap, comes with it.
    void import('./albums-screen.js');
    void import('./songs-screen.js');
    void queryClient.prefetchQuery(albumsPages(catalogue, resolveSort('albums', null), randomSeed())(1));
    void queryClient.prefetchQuery(songsPages(catalogue, resolveSort('songs', null))(1));
  }, [catalogue, queryClient]);
}
