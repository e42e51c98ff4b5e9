import { queryOptions } from '@tanstack/react-query';
import type { Song } from '@lyra/contracts/catalogue';
import type { CatalogueClient } from '../../shared/lib/catalogue-client.js';
import { fetchSongsByIds } from '../../shared/lib/catalogue-queries.js';
import type { ClientConfig } from '../../shared/lib/client-config.js';
import { whenIdle } from '../../shared/lib/idle.js';
import { LOCAL_KEYS, local, readCached, removeKey, writeCached } from '../../shared/lib/storage.js';
import { isPreviewSong, pickPreviewIds, PREVIEWS, toPreviewEntries, type VideoPreviewEntry } from './preview-rules.js';
import { catalogueKey } from '../../shared/lib/catalogue-queries.js';

export type ListPreviewDocuments = (config: Pick<ClientConfig, 'backendEndpoint' | 'projectId'>) => Promise<unknown[]>;

/** The SDK module is fetched on first use, at an idle moment (never ahead of the first screen). */
const listWithSdk: ListPreviewDocuments = async (config) => {
  await whenIdle();
  return (await import('./appwrite-previews.js')).listVideoPreviewDocuments(config);
};

const isEntries = (v: unknown): v is VideoPreviewEntry[] => Array.isArray(v) && v.length > 0;

/** The preview list, from the 6 h cache (version 4.0) or the backend; an empty list is not kept. */
async function loadPreviews(config: ClientConfig, list: ListPreviewDocuments): Promise<VideoPreviewEntry[]> {
  const cached = readCached(local(), LOCAL_KEYS.videoPreviewCache, { version: PREVIEWS.CACHE_VERSION, isData: isEntries });
  if (cached) return cached.data;
  const entries = toPreviewEntries(await list(config));
  if (entries.length > 0) writeCached(local(), LOCAL_KEYS.videoPreviewCache, entries, { version: PREVIEWS.CACHE_VERSION, ttlMs: PREVIEWS.CACHE_MS });
  return entries;
}

/** Forgets the cached list, so 'Retry to load' asks the backend again. */
export const forgetPreviewList = (): void => removeKey(local(), LOCAL_KEYS.videoPreviewCache);

/**
 * Home's Video Previews: up to 20 random previewed songs, the featured song
 * first, each with an id, a name and a large cover (SPEC#validation-video-preview-songs, SPEC#data-calls-video-previews-list, SPEC#limits-video-previews-list).
 */
export const videoPreviewsQuery = (
  c: CatalogueClient,
  config: ClientConfig,
  featuredSongId: string | null,
  options: { list?: ListPreviewDocuments; random?: () => number; enabled?: boolean } = {},
) =>
  queryOptions({
    queryKey: catalogueKey(c, 'video-previews', config.backendEndpoint, featuredSongId),
    queryFn: async ({ signal }): Promise<Song[]> => {
      try {
        const previews = await loadPreviews(config, options.list ?? listWithSdk);
        // No previews at all: the row offers 'Retry to load', even with a featured song.
        if (previews.length === 0) return [];
        const ids = pickPreviewIds(previews, featuredSongId, options.random);
        return (await fetchSongsByIds(c, ids, signal)).filter(isPreviewSong);
      } catch (e) {
        console.error('Failed to fetch video previews', e);
        throw e;
      }
    },
    staleTime: PREVIEWS.STALE_MS,
    retry: PREVIEWS.RETRIES,
    enabled: options.enabled ?? true,
  });
