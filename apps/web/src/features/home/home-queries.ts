import { queryOptions } from '@tanstack/react-query';
import type { HomeRows, Song } from '@lyra/contracts/catalogue';
import type { CatalogueClient } from '../../shared/lib/catalogue-client.js';
import { catalogueKey, fetchSongsByIds, homeRowsQuery, suggestionsQuery } from '../../shared/lib/catalogue-queries.js';
import { LOCAL_KEYS, local, readCached, writeCached } from '../../shared/lib/storage.js';
import { loadCachedHomeRows, storedQuickPickIds, storeHomeRows } from './home-rows-cache.js';
import { fetchInBatches, SPEED_LIST } from './speed-list.js';
import { SUGGESTED } from './suggestion-seed.js';

const HOUR_MS = 3_600_000;

/** Home's curated rows: the stored copies while valid, else GET /api/home/rows (then stored). */
export const cachedHomeRowsQuery = (c: CatalogueClient) =>
  queryOptions({
    queryKey: [...homeRowsQuery(c).queryKey, 'stored'] as const,
    queryFn: async ({ signal }): Promise<HomeRows> =>
      loadCachedHomeRows(local()) ?? storeHomeRows(local(), await c.get<HomeRows>('/home/rows', { signal })),
    initialData: () => loadCachedHomeRows(local()) ?? undefined,
  });

interface SpeedListCache {
  ids: string[];
  songs: Song[];
}
const isSpeedListCache = (v: unknown): v is SpeedListCache =>
  !!v && typeof v === 'object' && Array.isArray((v as SpeedListCache).ids) && Array.isArray((v as SpeedListCache).songs);
const speedCache = () => readCached<SpeedListCache>(local(), LOCAL_KEYS.speedListCache, { version: SPEED_LIST.CACHE_VERSION, isData: isSpeedListCache });
const sameIds = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((id, i) => id === b[i]);

/**
 * The Speed List's songs for `ids` (most played first). SPEC#states-speed-list, SPEC#limits-speed-list: the cached list
 * is used while valid (stale after 5 h, kept 6 h), else rebuilt in batches of 3
 * and saved; songs already cached are not fetched again.
 */
export const speedListQuery = (c: CatalogueClient, ids: readonly string[]) =>
  queryOptions({
    queryKey: catalogueKey(c, 'home', 'speed-list', ids.join(',')),
    queryFn: async ({ signal }) => {
      const songs = await fetchInBatches(ids, (batch) => fetchSongsByIds(c, batch, signal), { known: speedCache()?.data.songs, signal });
      writeCached<SpeedListCache>(local(), LOCAL_KEYS.speedListCache, { ids: [...ids], songs }, { version: SPEED_LIST.CACHE_VERSION, ttlMs: SPEED_LIST.KEEP_MS });
      return songs;
    },
    initialData: () => {
      const cached = speedCache();
      return cached && sameIds(cached.data.ids, ids) ? cached.data.songs : undefined;
    },
    initialDataUpdatedAt: () => speedCache()?.timestamp,
    staleTime: SPEED_LIST.STALE_MS,
    enabled: ids.length > 0,
  });

/** SPEC#limits-curated-rows: Quick Picks show 15 songs in groups of 5, 2 retries, stale after 5 h. */
export const QUICK_PICKS = { COUNT: 15, GROUP: 5, RETRIES: 2, STALE_MS: 5 * HOUR_MS, CACHE_VERSION: '1' } as const;
/** SPEC#errors-quick-picks: the two reasons Quick Picks hide. */
export const QUICK_PICKS_ERRORS = { noIds: 'No song IDs found in localStorage', failed: 'Failed to fetch quick play songs' } as const;

const quickCache = () =>
  readCached<Song[]>(local(), LOCAL_KEYS.quickPlaysCache, { version: QUICK_PICKS.CACHE_VERSION, isData: (v): v is Song[] => Array.isArray(v) && v.length > 0 });

/**
 * Quick Picks: the song ids of the curated carousel row, as stored in
 * localStorage with the Home rows, fetched fresh and cached 5 h (SPEC#entities-local-storage-keys
 * "quick plays cache").
 */
export const quickPicksQuery = (c: CatalogueClient, enabled: boolean) =>
  queryOptions({
    queryKey: catalogueKey(c, 'home', 'quick-picks'),
    queryFn: async ({ signal }) => {
      const ids = storedQuickPickIds(local()).slice(0, QUICK_PICKS.COUNT);
      if (ids.length === 0) throw new Error(QUICK_PICKS_ERRORS.noIds);
      let songs: Song[];
      try {
        songs = await fetchSongsByIds(c, ids, signal);
      } catch {
        throw new Error(QUICK_PICKS_ERRORS.failed);
      }
      if (songs.length === 0) throw new Error(QUICK_PICKS_ERRORS.failed);
      writeCached(local(), LOCAL_KEYS.quickPlaysCache, songs, { version: QUICK_PICKS.CACHE_VERSION, ttlMs: QUICK_PICKS.STALE_MS });
      return songs;
    },
    initialData: () => quickCache()?.data,
    initialDataUpdatedAt: () => quickCache()?.timestamp,
    staleTime: QUICK_PICKS.STALE_MS,
    // No ids is not worth retrying: nothing will put them there meanwhile.
    retry: (failures, error) => error.message !== QUICK_PICKS_ERRORS.noIds && failures < QUICK_PICKS.RETRIES,
    enabled,
  });

/** SPEC#catalogue-api-songs-id-suggestions, SPEC#limits-suggestions: Suggested for You asks 8 suggestions of the stored song, fresh for 30 min. */
export const suggestedForYouQuery = (c: CatalogueClient, seedId: string) =>
  queryOptions({ ...suggestionsQuery(c, seedId, SUGGESTED.COUNT), staleTime: SUGGESTED.STALE_MS });

/** Home's album rows from the Library lists, by sort. */
export const homeAlbumsKey = (c: CatalogueClient, sort: string) => catalogueKey(c, 'home-albums', sort);

/** Whether the server holds songs and scans (the empty library's note). */
export const libraryStatusKey = (c: CatalogueClient) => catalogueKey(c, 'library-status');
