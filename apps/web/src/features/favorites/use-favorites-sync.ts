import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { describeFailure } from '../../shared/lib/backend.js';
import { useBackend } from '../../shared/lib/backend-hooks.js';
import { useOnlineAgain } from '../../shared/lib/use-online-again.js';
import { useSessionStore } from '../auth/index.js';
import { retryFailedFavorites } from './favorites-api.js';
import { readFailed, removeLegacyFavorites } from './favorites-cache.js';
import { refreshFavorites } from './favorites-query.js';
import { useKeptFavorites } from './kept-favorites.js';

/**
 * SPEC#states-favourite-toggle-player: when a user is present (once the session is settled), changes that
 * failed earlier are sent again, then the list is read afresh; and again each
 * time the device comes back online (changes made offline are not lost). The
 * legacy favoriteSongs key is removed (SPEC#entities-local-storage-keys). Favorites kept offline follow
 * the favourites (kept-favorites.ts).
 */
export function useFavoritesSync(): void {
  useKeptFavorites();
  const userId = useSessionStore((s) => (s.checked ? s.user?.$id : undefined));
  const backend = useBackend();
  const queryClient = useQueryClient();
  const onlineAgain = useOnlineAgain();
  useEffect(() => {
    removeLegacyFavorites();
    if (!userId || readFailed('add').length + readFailed('remove').length === 0) return;
    void (async () => {
      try {
        const api = await backend();
        const { retried } = await retryFailedFavorites(api, userId);
        if (retried > 0) await refreshFavorites(queryClient, api, userId);
      } catch (e) {
        console.error('Favourite retry failed:', describeFailure(e).message);
      }
    })();
  }, [userId, backend, queryClient, onlineAgain]);
}
