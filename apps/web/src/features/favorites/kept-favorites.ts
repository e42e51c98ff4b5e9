import { hashKey, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useCatalogue } from '../../shared/lib/catalogue-context.js';
import { catalogueSongs } from '../../shared/lib/catalogue-queries.js';
import { useSessionStore } from '../auth/index.js';
import { collectionKey, followCollection, useOfflineStore } from '../offline/index.js';
import { cachedDetail } from './favorite-songs.js';
import { favoritesKey } from './favorites-query.js';

/** The listener's Favorites as the offline index keeps them (Make available offline on the Favorites screen). */
export const KEPT_FAVORITES = { kind: 'favorites', id: 'mine', title: 'Favorites' } as const;
export const KEPT_FAVORITES_KEY = collectionKey(KEPT_FAVORITES.kind, KEPT_FAVORITES.id);

/**
 * Mounted once for the signed-in listener: Favorites kept offline hold every
 * favourite, newest first as the Favorites screen lists them. A song
 * favourited (on this device, offline, on another device over realtime, in a
 * list read from the server) is fetched at the download quality; one
 * unfavourited leaves the device unless another kept collection holds it.
 * The screen keeps the songs it has loaded (a page of them); the rest follow
 * at once.
 */
export function useKeptFavorites(): void {
  const queryClient = useQueryClient();
  const catalogue = useCatalogue();
  const userId = useSessionStore((s) => s.user?.$id);
  useEffect(() => {
    if (!userId) return;
    const key = favoritesKey(userId);
    const hash = hashKey(key);
    const follow = () => {
      const ids = queryClient.getQueryData<string[]>(key);
      if (!ids || !(KEPT_FAVORITES_KEY in useOfflineStore.getState().index.collections)) return;
      const newestFirst = [...ids].reverse();
      void followCollection(KEPT_FAVORITES_KEY, newestFirst, (missing) => catalogueSongs(queryClient, catalogue, missing, (id) => cachedDetail(id))).catch((e: unknown) =>
        console.warn('Keeping Favorites offline failed:', e instanceof Error ? e.message : String(e)),
      );
    };
    const stopList = queryClient.getQueryCache().subscribe((event) => {
      if (event.type === 'updated' && event.action.type === 'success' && event.query.queryHash === hash) follow();
    });
    // Favorites just kept (or resumed) from the screen: once its download has started, the kept list takes every favourite.
    const stopKept = useOfflineStore.subscribe((s, before) => {
      if (s.index.collections[KEPT_FAVORITES_KEY] !== before.index.collections[KEPT_FAVORITES_KEY]) queueMicrotask(follow);
    });
    follow();
    return () => {
      stopList();
      stopKept();
    };
  }, [queryClient, catalogue, userId]);
}
