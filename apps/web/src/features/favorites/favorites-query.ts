import { queryOptions, type QueryClient } from '@tanstack/react-query';
import type { BackendApi } from '../../shared/lib/backend.js';
import { fetchFavoriteIds } from './favorites-api.js';
import {
  failedChanges,
  FAVORITES,
  readFavoritesCache,
  removeLegacyFavorites,
  updateFavoritesCache,
  withChanges,
  writeFavoritesCache,
} from './favorites-cache.js';

/** style.md §7.5 rule 7: one key per read, starting with the source. */
export const favoritesKey = (userId: string) => ['backend', 'favorites', userId] as const;

/**
 * The user's favourite song ids, oldest first (screens reverse them, SPEC#states-favourites).
 * The localStorage copy answers while younger than 5 hours; otherwise the
 * server is asked and the copy renewed. Changes the server does not have yet
 * are laid over either, as playlists' are.
 */
export const favoritesQuery = (api: () => Promise<BackendApi>, userId: string) =>
  queryOptions({
    queryKey: favoritesKey(userId),
    queryFn: async () => {
      removeLegacyFavorites();
      const cached = readFavoritesCache(Date.now());
      if (cached.fresh) return withWaiting(cached.ids);
      return fetchAndCache(await api(), userId);
    },
    staleTime: FAVORITES.CACHE_MS,
    gcTime: FAVORITES.CACHE_MS,
  });

/**
 * Taps not yet confirmed by the server, by song id. A list read from the
 * server while one is pending would otherwise undo what the listener sees.
 */
const intents = new Map<string, boolean>();

export function setIntent(songId: string, on: boolean | null): void {
  if (on == null) intents.delete(songId);
  else intents.set(songId, on);
}

/**
 * What the listener sees: the changes waiting to be sent again (SPEC#states-favourite-toggle-player's
 * failed lists, until the retry takes them), then the taps still being sent,
 * which are newer.
 */
const withWaiting = (ids: readonly string[]): string[] => withChanges(ids, [...failedChanges(), ...intents]);

/** Changes shown since the page loaded (a tap here, or another device's heard over realtime): a read that saw one while under way is stale. */
let changesHeard = 0;
/** Reads of the list at most, when changes keep arriving; the last one stands, the next change edits it. */
const MOST_READS = 3;

/**
 * The server's list. A change heard while the read was under way may have
 * been made after the server answered: that list is dropped and read again,
 * so it cannot put the old list back over the change (a refresh once the
 * subscription is live, or the query's own read).
 */
async function fetchAndCache(api: BackendApi, userId: string): Promise<string[]> {
  for (let read = 1; ; read++) {
    const heard = changesHeard;
    const ids = withWaiting(await fetchFavoriteIds(api, userId));
    if (heard !== changesHeard && read < MOST_READS) continue;
    writeFavoritesCache(ids, Date.now());
    return ids;
  }
}

/** Asks the server now (another device changed something, or failed changes were just sent). */
export async function refreshFavorites(queryClient: QueryClient, api: BackendApi, userId: string): Promise<string[]> {
  // A read under way may have left before what this refresh is for: dropped, so it cannot land after this one.
  await queryClient.cancelQueries({ queryKey: favoritesKey(userId), exact: true });
  const ids = await fetchAndCache(api, userId);
  queryClient.setQueryData(favoritesKey(userId), ids);
  return ids;
}

/** Puts a song in or out of the shown list (and its cached copy), without asking the server. */
export function showFavorite(queryClient: QueryClient, userId: string, songId: string, on: boolean): void {
  changesHeard++;
  const shown = queryClient.getQueryData<string[]>(favoritesKey(userId));
  const cached = readFavoritesCache(Date.now());
  // Not loaded here yet: a fresh cached copy is edited for the query to read;
  // otherwise the server's list, read next, already holds the change.
  const before = shown ?? (cached.fresh ? cached.ids : null);
  if (!before || on === before.includes(songId)) return;
  const after = on ? [...before, songId] : before.filter((id) => id !== songId);
  if (shown) queryClient.setQueryData(favoritesKey(userId), after);
  updateFavoritesCache(after);
}
