import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { toast } from '../../shared/lib/toast.js';
import type { BackendApi } from '../../shared/lib/backend.js';
import { useBackend } from '../../shared/lib/backend-hooks.js';
import { TOAST_MS } from '../../shared/lib/toasts.js';
import { currentUser, useSessionUser } from '../auth/index.js';
import { createFavoriteToggler, type FavoriteToggler, type ToggleNotice } from './favorite-toggle.js';
import { addFavorite, removeFavorite } from './favorites-api.js';
import { clearFailed, FAVORITES, markFailed } from './favorites-cache.js';
import { favoritesKey, favoritesQuery, setIntent, showFavorite } from './favorites-query.js';

/** The signed-in user's favourite ids, oldest first; [] when signed out or not loaded yet. */
export function useFavoriteIds(): { ids: string[]; isPending: boolean } {
  const user = useSessionUser();
  const backend = useBackend();
  const query = useQuery({ ...favoritesQuery(backend, user?.$id ?? ''), enabled: Boolean(user) });
  return { ids: user ? (query.data ?? []) : [], isPending: Boolean(user) && query.isPending };
}

export function useIsFavorite(songId: string | undefined): boolean {
  const { ids } = useFavoriteIds();
  return songId != null && ids.includes(songId);
}

const NOTICES: Record<ToggleNotice, () => void> = {
  added: () => toast.success('Added to favorites'),
  removed: () => toast('Removed from favorites'),
  already: () => toast('Song is already liked'),
  failed: () => toast.error("Couldn't add to favorite. re-open the app", { duration: TOAST_MS.signIn }),
  error: () => toast.error("Couldn't add to favorite. re-open the app", { duration: TOAST_MS.signIn }),
};

const togglers = new WeakMap<QueryClient, FavoriteToggler>();

/** One toggler per query client, so every favourite button shares its debounce and guard. */
function togglerFor(queryClient: QueryClient, backend: () => Promise<BackendApi>): FavoriteToggler {
  let t = togglers.get(queryClient);
  if (t) return t;
  const userId = () => {
    const u = currentUser();
    if (!u) throw new Error('signed out');
    return u.$id;
  };
  t = createFavoriteToggler({
    isFavorite: (songId) => (queryClient.getQueryData<string[]>(favoritesKey(currentUser()?.$id ?? '')) ?? []).includes(songId),
    show: (songId, on) => {
      const u = currentUser();
      setIntent(songId, on);
      if (u) showFavorite(queryClient, u.$id, songId, on);
    },
    settled: (songId) => setIntent(songId, null),
    add: async (songId) => addFavorite(await backend(), userId(), songId),
    remove: async (songId) => removeFavorite(await backend(), userId(), songId),
    markFailed,
    clearFailed,
    notify: (n) => NOTICES[n](),
    schedule: (fn, ms) => {
      const id = setTimeout(fn, ms);
      return () => clearTimeout(id);
    },
    debounceMs: FAVORITES.DEBOUNCE_MS,
  });
  togglers.set(queryClient, t);
  return t;
}

/** The favourite toggle for the signed-in user; null when signed out (the button then prompts to sign in). */
export function useFavoriteToggle(): ((songId: string) => void) | null {
  const user = useSessionUser();
  const queryClient = useQueryClient();
  const backend = useBackend();
  const toggle = useCallback((songId: string) => void togglerFor(queryClient, backend).toggle(songId), [queryClient, backend]);
  return user ? toggle : null;
}
